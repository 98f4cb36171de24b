"""The window: resizable, with a fullscreen toggle that remembers the windowed size."""

from __future__ import annotations

import warnings

import pygame

MIN_SIZE = (900, 600)
"""The smallest window the layouts are made for; the window refuses to shrink further."""


class Display:
    def __init__(self, size: tuple[int, int], fullscreen: bool = False, title: str = "") -> None:
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.fullscreen = False
        if title:
            pygame.display.set_caption(title)
        self.surface = self._open(self.windowed_size, fullscreen)

    def _open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
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

    def resized(self, size: tuple[int, int]) -> None:
        """The player dragged the window edge (a VIDEORESIZE event)."""
        self.surface = pygame.display.get_surface() or self.surface
        if not self.fullscreen:
            self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
