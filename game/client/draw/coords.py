"""Row and column numbers round a grid board, as the move notation counts them (from 0).

Views of grid games keep ``margin()`` pixels free above and left of the board for them. When
cells are too small for every number, every fifth is shown (0, 5, 10...).
"""

from __future__ import annotations

from typing import Final

import pygame

from game.client.draw import fonts, palette

MARGIN: Final = 24
"""The least room kept above and to the left of a board for its numbers."""
LARGEST: Final = 22
"""The numbers' largest size (``label_size``)."""
GAP: Final = 9
"""Between the numbers above a board and its top."""


def margin() -> int:
    """Pixels kept free above and to the left of a board for its numbers: a line of them at
    their largest, at the text size in use, and the gap under it."""
    return max(MARGIN, fonts.line_height(LARGEST) + GAP)


def step_for(cell: int, count: int) -> int:
    """Every how many rows or columns a number fits at this cell size."""
    widest = fonts.font(label_size(cell)).size(str(count - 1))[0]
    return 1 if widest + 4 <= cell else 5


def label_size(cell: int) -> int:
    return max(14, min(LARGEST, cell * 2 // 3))


def labels(origin: tuple[int, int], cell: int, rows: int, cols: int
           ) -> list[tuple[str, pygame.Rect]]:
    """Each number round a board at ``origin`` and where it goes: the columns' above the
    board, the rows' to its left."""
    size = label_size(cell)
    x0, y0 = origin
    every = step_for(cell, max(rows, cols))
    face = fonts.font(size)
    found = []
    for col in range(0, cols, every):
        box = pygame.Rect((0, 0), face.size(str(col)))
        box.midbottom = (x0 + col * cell + cell // 2, y0 - GAP)
        found.append((str(col), box))
    for row in range(0, rows, every):
        box = pygame.Rect((0, 0), face.size(str(row)))
        box.midright = (x0 - 11, y0 + row * cell + cell // 2)
        found.append((str(row), box))
    return found


def draw(surface: pygame.Surface, origin: tuple[int, int], cell: int, rows: int,
         cols: int) -> None:
    """Number the columns above the board at ``origin`` and the rows to its left."""
    size = label_size(cell)
    for words, box in labels(origin, cell, rows, cols):
        surface.blit(fonts.text(words, size, palette.MUTED), box)
