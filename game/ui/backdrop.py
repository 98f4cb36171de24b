"""Decoration drawn by code: the menu's slowly flipping grid and the window icon."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from game.ui import palette
from game.ui.tween import mix

CELL = 44


class Backdrop:
    """A faint board behind the menu whose cells drift between the players' colours."""

    def __init__(self, seed: int = 7) -> None:
        rng = random.Random(seed)
        self._phases = [rng.uniform(0, math.tau) for _ in range(4096)]
        self._sides = [rng.random() < 0.5 for _ in range(4096)]

    def draw(self, surface: pygame.Surface, clock: float, colours: Sequence[palette.RGB]) -> None:
        width, height = surface.get_size()
        base = palette.BACKGROUND
        index = 0
        for y in range(0, height, CELL):
            for x in range(0, width, CELL):
                phase = self._phases[index % 4096]
                glow = max(0.0, math.sin(clock * 0.45 + phase)) ** 3 * 0.16
                colour = colours[1] if self._sides[index % 4096] else colours[0]
                surface.fill(mix(mix(base, (40, 44, 58), 0.8), colour, glow),
                             (x + 2, y + 2, CELL - 4, CELL - 4))
                index += 1


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
