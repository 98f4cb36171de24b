"""A background writer: files are stored by one thread, in the order asked, off the frame.

An autosave's two fsyncs cost 1.5-2 ms typically, with a tail of 8-20 ms and over 100 ms on
a busy disk, and they came on the frame that starts each move's animation. The play scene
now hands the write here and the frame goes on; the loop settles the writer once the frame
is on screen (``App.run``), so every confirmed move is on disk before the next frame starts
and a write that failed is reported, or its crash raised, on the main thread. A crash report
drains what is left (``CrashGuard``), and so does closing the app.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

Job = Callable[[], str | None]
"""Stores something; returns a problem for the player, or None."""


@dataclass(frozen=True)
class _Done:
    report: Callable[[str], None]
    problem: str | None = None
    error: BaseException | None = None


class BackgroundWriter:
    """One writer thread, started on first use (see the module's docstring)."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Job, Callable[[str], None]]] = queue.Queue()
        self._done: list[_Done] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def submit(self, job: Job, report: Callable[[str], None]) -> None:
        """Run ``job`` on the writer thread after the jobs before it; a problem it returns
        goes to ``report`` when the writer is next settled."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="writer", daemon=True)
            self._thread.start()
        self._jobs.put((job, report))

    def settle(self) -> None:
        """Wait for every job submitted so far; report their problems here, and raise here
        the first exception one of them raised (a bug, which the crash guard reports)."""
        if self._thread is None:
            return
        self._jobs.join()
        with self._lock:
            done, self._done = self._done, []
        for item in done:
            if item.problem is not None:
                item.report(item.problem)
        for item in done:
            if item.error is not None:
                raise item.error

    def drain(self) -> None:
        """Wait for every job, as ``settle``, but raise nothing (a crash is being reported)."""
        with contextlib.suppress(Exception):  # the crash being reported comes first
            self.settle()

    def _work(self) -> None:
        while True:
            job, report = self._jobs.get()
            try:
                done = _Done(report, problem=job())
            except BaseException as error:  # kept for the main thread to raise
                done = _Done(report, error=error)
            with self._lock:
                self._done.append(done)
            self._jobs.task_done()
