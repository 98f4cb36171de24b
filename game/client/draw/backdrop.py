"""Decoration drawn by code: the menu's slowly flipping grid and the window icon."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from game.client.draw import palette
from game.client.draw.tween import mix

CELL = 44
GLOW = 0.16
"""How far a cell at its brightest moves from the background towards its colour."""
LEVELS = 48


class Backdrop:
    """A faint board behind the menu whose cells drift between the players' colours.

    Drawn cheaply, since the menu may sit open for hours: one pixel per cell on a small
    surface (each colour looked up from a ramp of ``LEVELS`` steps), scaled up, then the
    gutters between cells filled in as lines (a see-through overlay would be re-encoded by
    SDL for every new window surface: 12-16 ms in each frame of a dragged edge).
    """

    def __init__(self, seed: int = 7) -> None:
        rng = random.Random(seed)
        self._phases = [rng.uniform(0, math.tau) for _ in range(4096)]
        self._sides = [rng.random() < 0.5 for _ in range(4096)]
        self._ramps: tuple[tuple[palette.RGB, ...], ...] = ()
        self._ramp_for: tuple[palette.RGB, ...] = ()
        self._for_size = (0, 0)
        self._cells = pygame.Surface((1, 1))
        self._scaled = pygame.Surface((1, 1))

    def draw(self, surface: pygame.Surface, clock: float, colours: Sequence[palette.RGB]) -> None:
        self._prepare(surface.get_size(), colours)
        cols, rows = self._cells.get_size()
        ramps, cells = self._ramps, self._cells
        top = LEVELS - 1
        for index in range(cols * rows):
            glow = max(0.0, math.sin(clock * 0.45 + self._phases[index % 4096])) ** 3
            ramp = ramps[1] if self._sides[index % 4096] else ramps[0]
            cells.set_at((index % cols, index // cols), ramp[round(glow * top)])
        pygame.transform.scale(cells, self._scaled.get_size(), self._scaled)
        surface.blit(self._scaled, (0, 0))
        width, height = surface.get_size()
        for x in range(0, width + 1, CELL):  # each line: two cells' 2-pixel margins
            surface.fill(palette.BACKGROUND, (x - 2, 0, 4, height))
        for y in range(0, height + 1, CELL):
            surface.fill(palette.BACKGROUND, (0, y - 2, width, 4))

    def _prepare(self, size: tuple[int, int], colours: Sequence[palette.RGB]) -> None:
        """Colour ramps for these colours, and surfaces for this window size."""
        if tuple(colours) != self._ramp_for:
            self._ramp_for = tuple(colours)
            base = mix(palette.BACKGROUND, palette.BACKDROP, 0.8)
            self._ramps = tuple(
                tuple(mix(base, colour, GLOW * level / (LEVELS - 1)) for level in range(LEVELS))
                for colour in colours[:2]
            )
        if size == self._for_size:
            return
        self._for_size = size
        cols, rows = -(-size[0] // CELL), -(-size[1] // CELL)
        self._cells = pygame.Surface((cols, rows))
        self._scaled = pygame.Surface((cols * CELL, rows * CELL))


def icon() -> pygame.Surface:
    """A 32x32 window icon: a tiny Conquid board, red meeting blue."""
    surface = pygame.Surface((32, 32), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    pygame.draw.rect(surface, palette.PANEL, surface.get_rect(), border_radius=6)
    red, blue = palette.parse_hex(palette.PALETTES["Classic"][0]), \
        palette.parse_hex(palette.PALETTES["Classic"][1])
    for row in range(4):
        for col in range(4):
            colour = red if col + (row % 2) < 2 else blue
            surface.fill(colour, (3 + col * 7, 3 + row * 7, 5, 5))
    return surface
