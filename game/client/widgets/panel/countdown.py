"""A real-time clock's countdown as a small box: filled while it runs, red when its time is
low, quiet while it waits. The players' seat cards and the spectator's seat lines draw the
same one, so a clock reads the same wherever it is seen."""

from __future__ import annotations

import pygame

from game.client.draw import fonts, palette
from game.client.match.clocks import clock_text, low_time


def draw(surface: pygame.Surface, topright: tuple[int, int], seconds: float, base: int,
         running: bool, size: int) -> pygame.Rect:
    """``seconds`` left of a clock that started at ``base``, its box's top right at
    ``topright``; returns the box drawn."""
    low = seconds < low_time(base)
    colour = palette.BACKGROUND if running else (palette.WARN if low else palette.TEXT)
    words = fonts.text(clock_text(seconds), size, colour, bold=True)
    box = words.get_rect().inflate(14, 4)
    box.topright = topright
    fill = (palette.WARN if low else palette.TEXT) if running else palette.PANEL
    pygame.draw.rect(surface, fill, box, border_radius=6)
    surface.blit(words, words.get_rect(center=box.center))
    return box
