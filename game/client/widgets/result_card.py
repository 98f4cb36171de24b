"""The card that says how a game ended: the headline, why, then a run's figures.

It takes the move buttons' place in the side panel once the game is over; its height
follows its words, so the move list keeps the rest."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.client.draw import fonts, palette

HEADLINE = 56
LINE = 24
STEP = 26
"""A line's height."""


def height(lines: Sequence[str], width: int) -> int:
    """The card's height for ``lines`` (headline first) in a card ``width`` wide."""
    rows = sum(len(fonts.wrap(line, LINE, width - 28)) for line in lines[1:])
    return fonts.font(HEADLINE, True).get_linesize() + 26 + STEP * rows + 16


def draw(surface: pygame.Surface, card: pygame.Rect, lines: Sequence[str],
         colour: palette.RGB) -> None:
    """The headline in ``colour``, the reason in text colour, the figures muted; what does
    not fit the card is left off."""
    pygame.draw.rect(surface, palette.CARD, card, border_radius=10)
    pygame.draw.rect(surface, colour, card, 3, border_radius=10)
    if not lines:
        return
    room = card.w - 28
    headline, *rest = lines
    title = fonts.fit(headline, HEADLINE, colour, room, True)
    surface.blit(title, title.get_rect(midtop=(card.centerx, card.y + 10)))
    y = card.y + 16 + title.get_height()
    for i, line in enumerate(rest):
        for part in fonts.wrap(line, LINE, room):
            if y + LINE > card.bottom - 6:
                return
            words = fonts.fit(part, LINE, palette.TEXT if i == 0 else palette.MUTED, room)
            surface.blit(words, words.get_rect(midtop=(card.centerx, y)))
            y += STEP
