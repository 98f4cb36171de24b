"""Worker processes of the desktop client (computer players, reviews): started and ended
the one way that is the same on Linux, macOS and Windows.

A search in a thread would hold the interpreter lock against the frame loop, so each runs in
a process of its own, from the spawn context (safe under PyInstaller once the entry point
calls ``multiprocessing.freeze_support()``), talking over a pipe. It gets plain data: the
match as a ``MatchRecord``, which it re-plays to rebuild the position.
"""

from __future__ import annotations

import contextlib
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from game.core.match import Match
from game.core.protocol import Game

W = TypeVar("W", bound="Worker")


@dataclass(frozen=True)
class MatchRecord:
    """A match as a worker receives it: its game, options, seed, start and moves."""

    game: str
    options: dict[str, str | int | bool]
    seed: str | None
    start: str | None
    """The encoded position the match began from, when not the options' new game."""
    moves: tuple[str, ...]

    @classmethod
    def of(cls, match: Match) -> MatchRecord:
        return cls(game=match.game.info.id, options=dict(match.options), seed=match.seed,
                   start=None if match.start is None else match.game.encode(match.start),
                   moves=match.moves)

    def replay(self, game: Game[Any, Any]) -> Match:
        """The match again, with ``game``'s rules (in the worker process)."""
        start = None if self.start is None else game.decode(self.start)
        match = Match(game, self.options, seed=self.seed, start=start)
        for text in self.moves:
            match.play_text(text)
        return match


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


def serve(connection: Connection, answer: Callable[[Any], object],
          failed: Callable[[str], object]) -> None:
    """A kept worker's loop: answer requests until told to stop (None) or the pipe closes. A
    request that fails is answered with ``failed(message)``, and the worker lives on."""
    while True:
        try:
            request = connection.recv()
        except EOFError:
            return
        if request is None:
            return
        try:
            reply = answer(request)
        except Exception as err:  # reported to the UI, which shows it
            reply = failed(f"{type(err).__name__}: {err}")
        connection.send(reply)


def end(process: BaseProcess | None, connection: Connection | None) -> None:
    """End a worker at once, even a stopped one (it holds no file), and close its pipe."""
    if process is not None:
        if process.is_alive():
            process.kill()
        process.join(timeout=1.0)
    if connection is not None:
        connection.close()


class Worker:
    """A worker process and this side's end of its pipe (None before one starts and once it
    ends): ``close`` (or leaving a ``with`` block) ends it at once."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None

    def close(self) -> None:
        self._discard()

    def _discard(self) -> None:
        end(self._process, self._connection)
        self._process = self._connection = None

    def __enter__(self: W) -> W:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class KeptWorker(Worker):
    """A worker process kept between requests, one request at a time: ``cancel`` ends a
    running search at once (with its process), ``close`` asks an idle worker to stop; either
    way the next request starts a fresh process. Subclasses say what the process runs."""

    def __init__(self) -> None:
        super().__init__()
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

    def _reply(self, error: type[Exception], died: str) -> Any:
        """The reply to the running request once it has come (once only), else None; never
        blocks. A worker process that stopped is discarded and raises ``error(died)``."""
        if not self._waiting or self._connection is None:
            return None
        try:
            if not self._connection.poll():
                if self._process is not None and not self._process.is_alive():
                    raise EOFError
                return None
            reply = self._connection.recv()
        except (EOFError, OSError):
            self._discard()
            raise error(died) from None
        self._waiting = False
        return reply

    def _ensure_worker(self) -> Connection:
        if self._connection is None or self._process is None or not self._process.is_alive():
            self._discard()
            self._process, self._connection = self._spawn()
        return self._connection

    def _discard(self) -> None:
        self._waiting = False
        super()._discard()
