"""Where the board, its message strip and the side panel go: the same in play and replay,
so the board never jumps to another size or place between them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from game.client.draw import fonts

MARGIN: Final = 16
TOP_BAR: Final = 52
"""The game's title and the line on the move shown, above the board."""
MESSAGE_H: Final = 44
"""The strip under the board: messages, or the keys when there is none."""


def panel(size: tuple[int, int]) -> pygame.Rect:
    """The side panel: a quarter of the window (the move list takes what the buttons
    leave), between the narrowest its buttons read in and the widest a line reads well;
    wider with larger text."""
    width = max(260, min(fonts.wide(400), round(size[0] // 4 * fonts.text_scale()),
                         size[0] // 2 - 40))  # large text: wider, the board keeps half
    return pygame.Rect(size[0] - width, 0, width, size[1])


def board_area(size: tuple[int, int]) -> pygame.Rect:
    return pygame.Rect(MARGIN, TOP_BAR, panel(size).x - 2 * MARGIN,
                       size[1] - TOP_BAR - MESSAGE_H - MARGIN)


def message_strip(size: tuple[int, int]) -> pygame.Rect:
    board = board_area(size)
    return pygame.Rect(MARGIN, board.bottom + 6, board.w, MESSAGE_H - 8)


@dataclass(frozen=True)
class Columns:
    """The two columns of a form page (online play, the lobby, a profile), side by side
    about the window's middle, and the height of a row and the gap under it."""

    compact: bool
    """A window under 700 pixels high: shorter rows, smaller gaps, the page higher."""
    row: int
    gap: int
    width: int
    left: int
    right: int
    top: int


def columns(size: tuple[int, int], widest: int, compact_row: int, top: int) -> Columns:
    """The columns of a page in a window of ``size``: each at most ``widest`` wide; rows of
    ``compact_row`` pixels in a low window (else 40), grown with the text; the first row at
    ``top`` (30 pixels higher in a low window)."""
    compact = size[1] < 700
    width = min(widest, (size[0] - 72) // 2)
    return Columns(compact, fonts.grow(compact_row if compact else 40), 6 if compact else 10,
                   width, size[0] // 2 - 12 - width, size[0] // 2 + 12,
                   top - 30 if compact else top)
