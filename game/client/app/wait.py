"""Waiting for input without waking up: SDL's own blocking wait where the platform has one.

pygame's ``event.wait`` re-implements SDL's wait as a loop that sleeps a millisecond at a
time, which costs a few percent of a core while a window sits still. SDL itself, on X11,
Wayland, Windows and macOS, blocks on the window system until an event or a timeout. pygame
does not expose that call, so ``Waiter`` reaches it through ``ctypes`` in the very SDL
library pygame loaded (checked: it must report the video subsystem running). Where that
library cannot be found, or the video driver cannot block (the dummy driver), SDL or the
fallback sleeps in short naps instead.
"""

from __future__ import annotations

import ctypes
import time
from pathlib import Path
from typing import Final

import pygame

NAP: Final = 0.008
"""Seconds between looks for input when SDL cannot block: bounds the delay input sees."""
_SDL_INIT_VIDEO: Final = 0x20
_NAMES: Final = ("libSDL2-2*.so*", "libSDL2-2.0*.dylib", "SDL2.dll")


def _live_sdl() -> ctypes.CDLL | None:
    """The SDL library pygame is running on, or None."""
    package = Path(pygame.__file__).parent
    for folder in (package, package / ".dylibs", package.parent / "pygame_ce.libs"):
        for pattern in _NAMES:
            for path in sorted(folder.glob(pattern)):
                try:
                    library = ctypes.CDLL(str(path))
                    if library.SDL_WasInit(_SDL_INIT_VIDEO):
                        return library
                except (OSError, AttributeError):
                    continue
    return None


class Waiter:
    """Sleeps until input is waiting or a timeout passes, as cheaply as the platform allows."""

    def __init__(self) -> None:
        self._sdl = _live_sdl() if pygame.display.get_driver() != "dummy" else None
        if self._sdl is not None:
            self._sdl.SDL_WaitEventTimeout.argtypes = (ctypes.c_void_p, ctypes.c_int)
            self._sdl.SDL_WaitEventTimeout.restype = ctypes.c_int

    @property
    def blocking(self) -> bool:
        """True when SDL itself blocks (no naps)."""
        return self._sdl is not None

    def wait(self, seconds: float) -> None:
        """Return once input is waiting (left in the queue) or ``seconds`` have passed."""
        end = time.perf_counter() + seconds
        while not pygame.event.peek():
            left = end - time.perf_counter()
            if left <= 0:
                return
            if self._sdl is not None:
                self._sdl.SDL_WaitEventTimeout(None, max(1, round(left * 1000)))
            else:
                time.sleep(min(NAP, left))
