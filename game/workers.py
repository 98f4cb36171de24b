"""Worker processes of the desktop client (computer players, reviews): started and ended
the one way that is the same on Linux, macOS and Windows.

A search in a thread would hold the interpreter lock against the frame loop, so each runs in
a process of its own, from the spawn context (safe under PyInstaller once the entry point
calls ``multiprocessing.freeze_support()``), talking over a pipe.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any


def start(target: Callable[..., None], name: str, *args: Any,
          duplex: bool = True) -> tuple[BaseProcess, Connection]:
    """A daemon process running ``target(connection, *args)``, and this side's end of the
    pipe (the process's end is closed here, so a worker that dies reads as end of file)."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe(duplex=duplex)
    process = context.Process(target=target, args=(theirs, *args), name=name, daemon=True)
    process.start()
    theirs.close()
    return process, ours


def end(process: BaseProcess | None, connection: Connection | None) -> None:
    """End a worker at once, even a stopped one (it holds no file), and close its pipe."""
    if process is not None:
        if process.is_alive():
            process.kill()
        process.join(timeout=1.0)
    if connection is not None:
        connection.close()
