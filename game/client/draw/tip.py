"""A tip: a few words in a small box over the screen, the way every screen shows one (the
panel's shortened lines whole, a board cell's explanation)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.draw import fonts, palette


def draw_tip(surface: pygame.Surface, words: str, width: int,
             place: Callable[[pygame.Rect], None]) -> None:
    """``words`` wrapped in a box ``width`` pixels wide; ``place`` moves the box where the
    caller wants it (beside what it explains), and it is then kept inside the window."""
    lines = fonts.wrap(words, fonts.MIN_SIZE, width - 16)
    line_h = fonts.font(fonts.MIN_SIZE).get_linesize()
    box = pygame.Rect(0, 0, width, len(lines) * line_h + 12)
    place(box)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, palette.TIP, box, border_radius=6)
    pygame.draw.rect(surface, palette.ACCENT, box, 1, border_radius=6)
    for i, line in enumerate(lines):
        surface.blit(fonts.text(line, fonts.MIN_SIZE, palette.TEXT),
                     (box.x + 8, box.y + 6 + i * line_h))
