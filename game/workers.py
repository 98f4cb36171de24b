"""Worker processes of the desktop client (computer players, reviews): started and ended
the one way that is the same on Linux, macOS and Windows.

A search in a thread would hold the interpreter lock against the frame loop, so each runs in
a process of its own, from the spawn context (safe under PyInstaller once the entry point
calls ``multiprocessing.freeze_support()``), talking over a pipe.
"""

from __future__ import annotations

import contextlib
import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

W = TypeVar("W", bound="KeptWorker")


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


class KeptWorker:
    """A worker process kept between requests, one request at a time: ``cancel`` ends a
    running search at once (with its process), ``close`` asks an idle worker to stop; either
    way the next request starts a fresh process. Subclasses say what the process runs."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._waiting = False

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        """Start the worker process (``start`` with the subclass's target)."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Abandon the running search, if any (ends the worker process at once)."""
        if self._waiting:
            self._discard()

    def close(self) -> None:
        """Stop the worker process; requests can still be made later."""
        if self._connection is not None and not self._waiting:
            with contextlib.suppress(OSError):
                self._connection.send(None)
            if self._process is not None:
                self._process.join(timeout=1.0)
        self._discard()

    def _ensure_worker(self) -> Connection:
        if self._connection is None or self._process is None or not self._process.is_alive():
            self._discard()
            self._process, self._connection = self._spawn()
        return self._connection

    def _discard(self) -> None:
        self._waiting = False
        end(self._process, self._connection)
        self._process = self._connection = None

    def __enter__(self: W) -> W:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
