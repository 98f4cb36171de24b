"""Conquid board geometry and the bit-parallel operations the rules are built from.

A set of cells is one Python int: cell (row, col) is bit ``row * stride + col``, where the
stride is one wider than the board. The spare bit at the end of every row is always 0, so a
shift by one moves cells sideways without wrapping into the next row, and a shift by the
stride moves them a row up or down. One big-int operation then treats every cell at once,
which is what makes a 600-cell conquer cascade or a whole-board connectivity test take
microseconds instead of milliseconds.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from game.core.errors import OptionsError

Cell = tuple[int, int]

WALL_GAP: Final = 4
"""Empty columns between each base and its wall (room for a vanquish block)."""
MIN_MIDDLE_GAP: Final = 4
"""Fewest columns allowed between the two bases."""
MIN_ROWS, MAX_ROWS = 4, 60
MAX_COLS: Final = 100
MIN_BASE, MAX_BASE = 1, 5

PRESETS: Final[dict[str, tuple[int, int, int]]] = {
    "small": (7, 14, 1),
    "medium": (14, 28, 2),
    "large": (21, 42, 3),
}


@dataclass(frozen=True)
class Board:
    """The fixed geometry of one board size: dimensions, bases and precomputed masks."""

    rows: int
    cols: int
    base_size: int
    stride: int = field(init=False, compare=False, repr=False)
    valid: int = field(init=False, compare=False, repr=False)
    """Every on-board cell."""
    base_masks: tuple[int, int] = field(init=False, compare=False, repr=False)
    """Each seat's base cells (for a 3x3 base: the ring of 8)."""
    interiors: tuple[int, int] = field(init=False, compare=False, repr=False)
    """Each base's enclosed cells (the 3x3 centre): the owner's, but never playable."""
    base_borders: tuple[int, int] = field(init=False, compare=False, repr=False)
    """Cells outside each base that share an edge with it."""
    bases: tuple[frozenset[Cell], frozenset[Cell]] = field(init=False, compare=False, repr=False)
    _bit_cells: tuple[Cell, ...] = field(init=False, compare=False, repr=False)
    column: int = field(init=False, compare=False, repr=False)
    """Bit 0 of every row and of the row after the last: shifted, a column's cells."""

    def __post_init__(self) -> None:
        stride = self.cols + 1
        set_ = functools.partial(object.__setattr__, self)
        set_("stride", stride)
        set_("_bit_cells", tuple((i // stride, i % stride) for i in range(self.rows * stride)))
        row_bits = (1 << self.cols) - 1
        set_("valid", sum(row_bits << (r * stride) for r in range(self.rows)))
        set_("column", sum(1 << (r * stride) for r in range(self.rows + 1)))
        top = (self.rows - self.base_size) // 2
        lefts = (WALL_GAP, self.cols - WALL_GAP - self.base_size)
        blocks = [
            self.mask_of(
                (r, c)
                for r in range(top, top + self.base_size)
                for c in range(left, left + self.base_size)
            )
            for left in lefts
        ]
        interiors = [
            self.mask_of(
                (r, c)
                for r in range(top + 1, top + self.base_size - 1)
                for c in range(left + 1, left + self.base_size - 1)
            )
            for left in lefts
        ]
        base_masks = (blocks[0] & ~interiors[0], blocks[1] & ~interiors[1])
        set_("base_masks", base_masks)
        set_("interiors", (interiors[0], interiors[1]))
        set_("base_borders", tuple(self.grow(block) & ~block for block in blocks))
        set_("bases", tuple(frozenset(self.cells_of(mask)) for mask in base_masks))

    # -- cells and masks -----------------------------------------------------------------

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.stride + cell[1])

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def mask_of(self, cells: Iterable[Cell]) -> int:
        mask = 0
        for row, col in cells:
            mask |= 1 << (row * self.stride + col)
        return mask

    def cells_of(self, mask: int) -> list[Cell]:
        """The cells of ``mask`` in reading order."""
        bits = bin(mask)[:1:-1]  # least significant bit first
        table = self._bit_cells
        return [table[i] for i, digit in enumerate(bits) if digit == "1"]

    def cells_at(self, bits: Iterable[int]) -> tuple[Cell, ...]:
        """The cells of these bit numbers, in the same order."""
        return tuple(map(self._bit_cells.__getitem__, bits))

    def first_cell(self, mask: int) -> Cell:
        """The first cell of a non-empty mask in reading order."""
        return self._bit_cells[(mask & -mask).bit_length() - 1]

    def base_owner(self, cell: Cell) -> int | None:
        bit = self.bit(cell)
        for seat in (0, 1):
            if self.base_masks[seat] & bit:
                return seat
        return None

    @property
    def all_bases(self) -> int:
        return self.base_masks[0] | self.base_masks[1] | self.interiors[0] | self.interiors[1]

    # -- bit-parallel geometry -----------------------------------------------------------

    def grow(self, mask: int) -> int:
        """``mask`` plus every on-board cell sharing an edge with it."""
        stride = self.stride
        return (mask | mask << 1 | mask >> 1 | mask << stride | mask >> stride) & self.valid

    def fill(self, seeds: int, within: int) -> int:
        """Every cell of ``within`` edge-connected to ``seeds`` inside ``within``.

        Alternates whole-row and whole-column fills, so each round crosses a straight run of
        any length; a path needs about one round per turn it takes.
        """
        reach = seeds & within
        while True:
            grown = self._fill_columns(self._fill_rows(reach, within), within)
            if grown == reach:
                return reach
            reach = grown

    def reaches(self, seeds: int, within: int, target: int) -> bool:
        """Whether ``within`` connects ``seeds`` to ``target``, stopping as soon as it does."""
        reach = seeds & within
        while not reach & target:
            grown = self._fill_columns(self._fill_rows(reach, within), within)
            if grown == reach:
                return False
            reach = grown
        return True

    def _fill_rows(self, reach: int, within: int) -> int:
        # Eastward (towards higher bits): adding the seeds carries along each run of ``within``.
        reach |= ((within + reach) ^ within) & within
        # Westward: a doubling (Kogge-Stone) fill; the empty spare column stops it at walls.
        open_ = within
        step = 1
        while step < self.cols:
            reach |= open_ & (reach >> step)
            open_ &= open_ >> step
            step <<= 1
        return reach

    def _fill_columns(self, reach: int, within: int) -> int:
        up = down = within
        reach_up = reach_down = reach
        step = self.stride
        span = self.stride * self.rows
        while step < span:
            reach_down |= down & (reach_down << step)
            down &= down << step
            reach_up |= up & (reach_up >> step)
            up &= up >> step
            step <<= 1
        return reach_up | reach_down

    def at_least_two_neighbours(self, mask: int) -> int:
        """Cells with two or more of their four edge neighbours in ``mask`` (unmasked)."""
        east, west = mask >> 1, mask << 1
        south, north = mask >> self.stride, mask << self.stride
        return (east & west) | ((east | west) & (south | north)) | (south & north)


@functools.lru_cache(maxsize=32)
def make_board(rows: int, cols: int, base_size: int) -> Board:
    """The board of this size, or OptionsError saying why it cannot hold a fair game."""
    if not MIN_BASE <= base_size <= MAX_BASE:
        raise OptionsError(f"bases must be {MIN_BASE} to {MAX_BASE} cells wide")
    if not MIN_ROWS <= rows <= MAX_ROWS:
        raise OptionsError(f"a board has {MIN_ROWS} to {MAX_ROWS} rows")
    if rows < base_size + 2:
        raise OptionsError(f"{base_size}x{base_size} bases need at least {base_size + 2} rows")
    if cols > MAX_COLS:
        raise OptionsError(f"a board has at most {MAX_COLS} columns")
    needed = 2 * (WALL_GAP + base_size) + MIN_MIDDLE_GAP
    if cols < needed:
        raise OptionsError(
            f"{base_size}x{base_size} bases need at least {needed} columns "
            f"({WALL_GAP} between each base and its wall, {MIN_MIDDLE_GAP} between the bases)"
        )
    return Board(rows, cols, base_size)
