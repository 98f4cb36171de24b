"""The window: resizable, with a fullscreen toggle that remembers the windowed size.

A window is never larger than the screens can show (``screen_limit``): a size remembered from
another set-up, or a window manager asked for 23,000 pixels, would cost gigabytes or have SDL
refuse to make the surface. Such a size is brought within the screens, and a surface SDL could
not make is made again at a size it can.
"""

from __future__ import annotations

import warnings
from typing import Final

import pygame

MIN_SIZE = (900, 600)
"""The smallest window the layouts are made for; the window refuses to shrink further."""
SCREENLESS_LIMIT: Final = (3840, 2160)
"""The largest window where there is no screen to measure (the dummy and offscreen drivers)."""


def screen_limit() -> tuple[int, int]:
    """The largest window the screens can show: every screen side by side (a window may span
    them), as tall as the tallest."""
    sizes = []
    if pygame.display.get_driver() not in ("dummy", "offscreen"):
        sizes = [size for size in pygame.display.get_desktop_sizes() if min(size) > 0]
    if not sizes:
        return SCREENLESS_LIMIT
    return (max(MIN_SIZE[0], sum(width for width, _ in sizes)),
            max(MIN_SIZE[1], max(height for _, height in sizes)))


def fitted(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` brought within ``MIN_SIZE`` and ``screen_limit``."""
    limit = screen_limit()
    return (min(max(size[0], MIN_SIZE[0]), limit[0]), min(max(size[1], MIN_SIZE[1]), limit[1]))


class Display:
    def __init__(self, size: tuple[int, int], fullscreen: bool = False, title: str = "") -> None:
        self.windowed_size = fitted(size)
        self.fullscreen = False
        if title:
            pygame.display.set_caption(title)
        self.surface = self._open(self.windowed_size, fullscreen)

    def _open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        """The window at ``size``, or fullscreen; where SDL cannot go fullscreen (no mode
        for the screen, a driver without it) the window stays a window and ``fullscreen``
        says so."""
        self.fullscreen = False
        if fullscreen:
            try:
                surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass
            else:
                self.fullscreen = True
                return surface
        try:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error:  # SDL refused the size: the smallest one the layouts take
            self.windowed_size = MIN_SIZE
            surface = pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
        with warnings.catch_warnings():
            # pygame-ce deprecates this bridge for drawing; it is the only way to the window's
            # minimum size while the display module draws, which is all we use it for.
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
        return surface

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def set_fullscreen(self, on: bool) -> None:
        if on != self.fullscreen:
            self.surface = self._open(self.windowed_size, on)

    def resized(self) -> None:
        """The window changed size (the player dragged its edge, or the window manager):
        take the new surface; past the screens, or when SDL could not make one, open the
        window again within them."""
        surface = pygame.display.get_surface()
        try:
            size = surface.get_size() if surface is not None else None
        except pygame.error:  # "Surface is not initialized": SDL could not make it
            size = None
        limit = screen_limit()
        if surface is not None and size is not None and (
                self.fullscreen or (size[0] <= limit[0] and size[1] <= limit[1])):
            self.surface = surface
            if not self.fullscreen:
                self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
            return
        self.windowed_size = fitted(size or self.windowed_size)
        self.surface = self._open(self.windowed_size, self.fullscreen)
