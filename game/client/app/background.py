"""The client's background work, run so that it never stretches a frame.

Once the window shows, one thread imports every game's rules, views and scenes, checks the
lesson courses and synthesizes the sounds (``Services.window_shown``). It shares one
interpreter lock with the app's thread, and the lock hands turns out evenly: a frame of 30 ms
of computing took 60-170 ms while the work ran, most of all when the frame let go of the lock
often (drawing, text), since each release gave the work a whole switch interval.

So the app says when it computes a frame (``frame``), and the work's thread stops at its
next Python call until the frame is done: it runs in the time between frames, which at 60
frames a second is most of the time. It stops only while the app's thread really computes:
when that thread waits (for an import or the lesson courses this very work is in the middle
of, for the disk, for the display), holding the work back would only make it wait longer,
so the work then goes on (``_hold``).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Final

POLL: Final = 0.002
"""Seconds between looks at whether the app's thread still computes, while held back."""
RUN_ON: Final = 0.005
"""Seconds the work goes on, once it found the app's thread waiting, before looking again."""
HOLD: Final = 0.2
"""The longest one frame holds the work back where the app's thread's processor time cannot
be read (the work may hold what the frame waits for)."""
SWITCH: Final = 0.001
"""The interpreter's switch interval while the work runs: a frame that starts while the work
holds the lock waits this long for it (the default is 5 ms)."""


Stage = tuple[str, Callable[[], object]]
"""A name for the benches, and the work (its result is not used)."""


@dataclass
class Background:
    """Background threads, held back while a frame is computed (see the module's text)."""

    stages: list[tuple[str, float, float]] = field(default_factory=list)
    """Each stage of the work done: its name, when it began and ended (``perf_counter``),
    so the benches can tell the frames that ran beside it from the others."""
    _idle: threading.Event = field(default_factory=threading.Event)
    _depth: int = 0
    _app_clock: int | None = None
    _run_on_until: float = 0.0
    _waiting_at: float | None = None
    """The app's thread's processor time when the work found it waiting (None: computing)."""
    _running: int = 0
    _switch: float = 0.0
    """The switch interval to restore when the last thread of work ends."""
    _changed: threading.Condition = field(default_factory=threading.Condition)
    _workers: set[int] = field(default_factory=set)
    """The work's own threads: work they start is held back by the app's frames too."""

    def __post_init__(self) -> None:
        self._idle.set()

    @contextmanager
    def frame(self) -> Iterator[None]:
        """The app's thread computes a frame (nests: ``App.run`` around ``App.step``)."""
        self._depth += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._depth -= 1
            if not self._depth:
                self._idle.set()

    def start(self, stages: list[Stage]) -> None:
        """Run ``stages`` in order in a daemon thread of their own; called from the app's
        thread (whose frames hold the work back), or from a stage of the work."""
        if threading.get_ident() not in self._workers:
            self._app_clock = _thread_clock(threading.get_ident())
        with self._changed:
            if not self._running:
                self._switch = sys.getswitchinterval()
                sys.setswitchinterval(min(self._switch, SWITCH))
            self._running += 1
        threading.Thread(target=self._run, args=(stages,), name="background",
                         daemon=True).start()

    def wait(self, timeout: float) -> bool:
        """Wait until all the work started is done; False if it is not within ``timeout``."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._running, timeout)

    def _run(self, stages: list[Stage]) -> None:
        self._workers.add(threading.get_ident())
        traced = sys.gettrace() is None  # a debugger's or coverage's tracer keeps its place
        if traced:
            sys.settrace(self._trace)
        try:
            for name, work in stages:
                began = time.perf_counter()
                work()
                self.stages.append((name, began, time.perf_counter()))
        finally:
            if traced:
                sys.settrace(None)
            self._workers.discard(threading.get_ident())
            with self._changed:
                self._running -= 1
                if not self._running:
                    sys.setswitchinterval(self._switch)
                    self._changed.notify_all()

    def _trace(self, frame: FrameType, event: str, arg: Any) -> None:
        """Called at every Python call in the work's thread: the place it may stop at."""
        if not self._idle.is_set() and time.perf_counter() >= self._run_on_until:
            self._hold()

    def _hold(self) -> None:
        """Wait until the frame is done, unless the app's thread stops computing meanwhile
        (two looks in a row: the system may also just have given its core to another), or
        still waits since the work last went on for it."""
        used = _cpu(self._app_clock)
        if used is not None and self._waiting_at is not None \
                and used - self._waiting_at < RUN_ON / 4:
            self._run_on_until = time.perf_counter() + RUN_ON
            return
        deadline, stalls = time.perf_counter() + HOLD, 0
        while not self._idle.wait(POLL):
            now_used = _cpu(self._app_clock)
            if now_used is None or used is None:
                stalled = time.perf_counter() >= deadline
            else:
                stalls = stalls + 1 if now_used - used < POLL / 4 else 0
                stalled = stalls >= 2
            if stalled:
                self._run_on_until = time.perf_counter() + RUN_ON
                self._waiting_at = now_used
                return
            used = now_used
        self._waiting_at = None


def _thread_clock(ident: int) -> int | None:
    """The processor-time clock of a thread, where the system has one (Linux, BSD)."""
    try:
        return time.pthread_getcpuclockid(ident)
    except (AttributeError, OSError):
        return None


def _cpu(clock: int | None) -> float | None:
    return None if clock is None else time.clock_gettime(clock)
