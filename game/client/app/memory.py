"""Giving back the memory closed screens leave behind.

pygame_gui's widgets keep their text images in reference cycles (a text layout and its
rows point at each other), so a killed widget's surfaces wait for Python's full cycle
collection, which comes rarely; and glibc keeps freed memory for reuse rather than
returning it. Opening Help or Settings fifty times grew the process by about 100 MB.
``Reclaimer`` collects and trims once the process has grown by ``GROWTH_MB`` since it last
did, checked when a screen closes (cheap) and done in a later frame with nothing else to do
(a collection takes milliseconds), rare enough not to cost frames.
``settle`` freezes what start-up made (it lives as long as the app): once when the window
shows and once when the modules loaded behind it are in, so later collections look only at
what came since: a few milliseconds instead of tens.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

GROWTH_MB: Final = 12.0
"""Growth of resident memory since the last reclaim that makes a closing screen reclaim."""
EVERY: Final = 8
"""Where resident memory cannot be read: reclaim after this many screens closed."""


def resident_mb() -> float | None:
    """The process's resident memory now, where the system says (Linux), else None."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError, AttributeError):
        return None


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, looked up once (finding the library can run a program)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(
            ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # musl or another C library: nothing to ask
        return None
    return trim


def _trim() -> None:
    """Ask glibc to return freed memory to the system (nothing elsewhere)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def settle() -> None:
    """Start-up is over (the window shows, or the modules loaded behind it are in): collect
    its garbage, then keep the rest out of later collections. What it freezes is never
    collected, so a widget alive now leaves its images behind when it goes: the menu's
    dozen buttons, once."""
    gc.collect()
    gc.freeze()


class Reclaimer:
    """Collects cycles and trims the heap when closing screens have let memory grow.

    A closing screen only says whether a reclaim is due; the collection (several
    milliseconds) waits for a frame with time to spare (``spare``: no input, nothing
    opened), so it never lands in the frame that already rebuilds the screen below.
    """

    def __init__(self) -> None:
        self._base = resident_mb()
        self._closed = 0
        self.due = False
        """Memory grew enough: the next frame with time to spare reclaims."""

    def screen_closed(self) -> bool:
        """A scene or dialog closed; True if a reclaim is now due."""
        self._closed += 1
        now = resident_mb()
        if now is None:
            self.due = self.due or self._closed >= EVERY
        else:
            self.due = self.due or self._base is None or now - self._base >= GROWTH_MB
        return self.due

    def spare(self) -> bool:
        """A frame with time to spare: reclaim if due. True if it did."""
        if not self.due:
            return False
        gc.collect()
        _trim()
        self.due = False
        self._closed = 0
        self._base = resident_mb()
        return True
