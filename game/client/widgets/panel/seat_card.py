"""A player's card in a side panel: colour, name, what they have and who plays the seat.

Drawn in two steps so the scene can add its own mark between them (an online seat's
presence dot): ``frame`` (the card, its outline when the seat is to move, the swatch), then
``words`` (the name above, the detail below, each fitted, the whole shown on hover)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.client.draw import fonts, palette
from game.client.widgets.fitted import Fitted

CARD_H, CARD_H_COMPACT = 76, 54
"""A card's height, in a tall window and a low one."""
GAP = 8
"""Between two cards."""


@dataclass(frozen=True)
class Seat:
    """What a card says of one seat."""

    name: str
    colour: palette.RGB
    figure: str
    """The game's words for what the seat has (score, pieces...) in the position shown."""
    active: bool
    """This seat is to move (outlined, and "to move" where there is room)."""
    level: str | None = None
    """The computer level that plays the seat, or None: a person."""


def height(compact: bool) -> int:
    """The card's height: its name over its detail, grown with the text."""
    return fonts.grow(CARD_H_COMPACT if compact else CARD_H, 2)


def rect(panel: pygame.Rect, y: int, compact: bool) -> pygame.Rect:
    """The card whose top is at ``y`` in ``panel``."""
    return pygame.Rect(panel.x + 12, y, panel.w - 24, height(compact))


def frame(surface: pygame.Surface, card: pygame.Rect, seat: Seat, compact: bool,
          swatch: Callable[[pygame.Surface, pygame.Rect], None] | None = None) -> None:
    """The card's face, its outline when the seat is to move, and the colour swatch (drawn
    by ``swatch`` where the game's pieces carry a shape for the seat: ``view.Swatches``)."""
    side = 34 if compact else 44
    pygame.draw.rect(surface, palette.CARD, card, border_radius=10)
    if seat.active:
        pygame.draw.rect(surface, seat.colour, card, 3, border_radius=10)
    square = pygame.Rect(card.x + 10, card.y + (card.h - side) // 2, side, side)
    if swatch is not None:
        swatch(surface, square)
        return
    pygame.draw.rect(surface, seat.colour, square, border_radius=8)
    inner = square.inflate(-side // 2.2, -side // 2.2)
    pygame.draw.rect(surface, palette.shade(seat.colour, 0.58), inner, border_radius=4)


def words(surface: pygame.Surface, card: pygame.Rect, seat: Seat, compact: bool,
          fitted: Fitted, note: str = "") -> None:
    """The name, then the figure, ``note`` and who plays the seat."""
    pad, side = (4, 34) if compact else (14, 44)
    left = card.x + 10 + side + 12
    room = card.right - left - 10
    fitted.blit(surface, seat.name, 26 if compact else 28, palette.TEXT, room,
                (left, card.y + pad - (1 if compact else 4)), seat.active)
    detail = seat.figure + note
    if seat.level is not None:
        detail += f"  ·  computer, {seat.level}"
    elif seat.active and fonts.font(22).size(detail + "  ·  to move")[0] <= room:
        detail += "  ·  to move"  # (the card's frame says it too, where there is no room)
    tint = palette.readable(seat.colour, palette.CARD) if seat.active else palette.MUTED
    fitted.blit(surface, detail, 22, tint, room,
                (left, card.y + card.h - pad - fonts.font(22).get_height() + 2))
