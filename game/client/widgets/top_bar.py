"""The line above the board: the game's title, then what the position shown is about."""

from __future__ import annotations

import pygame

from game.client.draw import fonts, palette
from game.client.widgets.fitted import Fitted

TITLE = 30
LINE = 28


def draw(surface: pygame.Surface, board: pygame.Rect, title: str, line: str,
         colour: palette.RGB, fitted: Fitted, origin: tuple[int, int]) -> None:
    """``title`` at ``origin`` (at most half the board's width), ``line`` in ``colour``
    after it, fitted to the board's width (the whole on hover)."""
    room = board.w - 8
    image = fonts.fit(title, TITLE, palette.ACCENT, room // 2, True)
    if fonts.font(TITLE, True).size(title)[0] > room // 2:
        fitted.keep(image.get_rect(topleft=(origin[0] + 4, origin[1])), title)
    surface.blit(image, (origin[0] + 4, origin[1]))
    left = origin[0] + image.get_width() + 24
    fitted.blit(surface, line, LINE, colour, max(40, room - image.get_width() - 24),
                (left, origin[1] + 2))
