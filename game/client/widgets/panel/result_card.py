"""The card that says how a game ended: the headline, why, then a run's figures.

It takes the move buttons' place in the side panel once the game is over; its height
follows its words, so the move list keeps the rest. A headline too wide for one line even
shrunk ("Game aborted", "Blaise beat Ada" in a narrow panel) takes two, never cut."""

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
    heads = len(_headline(lines[0], width - 28)) if lines else 1
    return fonts.font(HEADLINE, True).get_linesize() * heads + 26 + STEP * rows + 16


def _headline(words: str, room: int) -> tuple[str, ...]:
    """The headline's lines: one where ``fonts.fit`` would shrink it whole (it judges by
    the full size's width), else wrapped."""
    if fonts.font(HEADLINE, True).size(words)[0] * fonts.MIN_SHRINK <= room:
        return (words,)
    return fonts.wrap(words, HEADLINE, room, bold=True) or (words,)


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
    y = card.y + 10
    for part in _headline(headline, room):
        title = fonts.fit(part, HEADLINE, colour, room, True)
        surface.blit(title, title.get_rect(midtop=(card.centerx, y)))
        y += title.get_height()
    y += 6
    for i, line in enumerate(rest):
        for part in fonts.wrap(line, LINE, room):
            if y + LINE > card.bottom - 6:
                return
            words = fonts.fit(part, LINE, palette.TEXT if i == 0 else palette.MUTED, room)
            surface.blit(words, words.get_rect(midtop=(card.centerx, y)))
            y += STEP
