"""Row and column numbers round a grid board, as the move notation counts them (from 0).

Views of grid games keep ``MARGIN`` pixels free above and left of the board for them. When
cells are too small for every number, every fifth is shown (0, 5, 10...).
"""

from __future__ import annotations

from typing import Final

import pygame

from game.client.draw import flip, fonts, palette

MARGIN: Final = 24
"""Pixels kept free above and to the left of a board for its numbers."""


def step_for(cell: int, count: int) -> int:
    """Every how many rows or columns a number fits at this cell size."""
    widest = fonts.font(label_size(cell)).size(str(count - 1))[0]
    return 1 if widest + 4 <= cell else 5


def label_size(cell: int) -> int:
    return max(14, min(22, cell * 2 // 3))


def draw(surface: pygame.Surface, origin: tuple[int, int], cell: int, rows: int,
         cols: int, flipped: bool = False) -> None:
    """Number the columns above the board at ``origin`` and the rows to its left (on a
    board turned round, ``game.client.draw.flip``, they count from the bottom right)."""
    size = label_size(cell)
    x0, y0 = origin
    every = step_for(cell, max(rows, cols))
    for col in range(0, cols, every):
        words = fonts.text(str(col), size, palette.MUTED)
        shown = flip.cell((0, col), rows, cols, flipped)[1]
        surface.blit(words, words.get_rect(midbottom=(x0 + shown * cell + cell // 2, y0 - 9)))
    for row in range(0, rows, every):
        words = fonts.text(str(row), size, palette.MUTED)
        shown = flip.cell((row, 0), rows, cols, flipped)[0]
        surface.blit(words, words.get_rect(midright=(x0 - 11, y0 + shown * cell + cell // 2)))
