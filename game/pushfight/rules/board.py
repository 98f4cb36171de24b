"""Push Fight board geometry as bit tables, and the text forms of squares and positions.

Squares live in a padded bitboard: bit ``rank * 10 + file + 1`` (file 0-7 for a-h, rank 1-4),
so a step is a shift by 1 (sideways) or 10 (up and down) and a padding bit, a hole or the
padding rows above rank 4 and below rank 1 stop every walk. That keeps flood fills and
line walks to a few integer operations, which is what makes full-turn generation fast.

A *packed* position is one integer: White's pieces in bits 0-63, Brown's in 64-127 and the
square pieces (both colours) in 128-191, so one shift moves a whole line of pieces of every
kind at once.
"""

from __future__ import annotations

from typing import Final

FILES: Final = "abcdefgh"
ROW: Final = 10
"""Bits per rank in the padded layout."""

LAYOUT: Final = {4: range(2, 7), 3: range(0, 8), 2: range(0, 8), 1: range(1, 6)}
"""The files that are squares on each rank (a4, b4, h4, a1, g1 and h1 are holes)."""


NO_ANCHOR: Final = 0
"""The anchor value when no piece is anchored (bit 0 is padding, never a square)."""


def bit_index(file: int, rank: int) -> int:
    return rank * ROW + file + 1


def coords(index: int) -> tuple[int, int]:
    """(file 0-7, rank 1-4) of a square's bit index, for drawing."""
    return index % ROW - 1, index // ROW


SQUARES: Final[tuple[int, ...]] = tuple(
    bit_index(file, rank) for rank in (4, 3, 2, 1) for file in LAYOUT[rank]
)
"""Bit indices of the 26 squares in reading order (the position string's order)."""

NAMES: Final[dict[int, str]] = {
    bit_index(file, rank): f"{FILES[file]}{rank}" for rank in LAYOUT for file in LAYOUT[rank]
}
INDEX_OF: Final[dict[str, int]] = {name: index for index, name in NAMES.items()}

VALID: Final = sum(1 << index for index in SQUARES)
RAIL_STOP: Final = sum(1 << (5 * ROW + f + 1) | 1 << (f + 1) for f in range(8))
"""The padding rows just past rank 4 and rank 1: a line walking into them meets a rail."""

WHITE_HALF: Final = sum(1 << i for i in SQUARES if (i % ROW) - 1 <= 3)
BROWN_HALF: Final = VALID & ~WHITE_HALF
HALVES: Final = (WHITE_HALF, BROWN_HALF)

STEPS: Final = (1, -1, ROW, -ROW)
"""Bit offsets of the four directions: right, left, up, down."""
DIRECTION_NAMES: Final = {1: "right", -1: "left", ROW: "up", -ROW: "down"}

M60: Final = (1 << 60) - 1
BROWN_SHIFT: Final = 64
SQUARE_SHIFT: Final = 128
REPLICATE: Final = 1 | (1 << BROWN_SHIFT) | (1 << SQUARE_SHIFT)
"""Multiplying a square mask by this copies it into all three fields of a packed position."""
PACKED_BITS: Final = 192


def shift(mask: int, step: int) -> int:
    return mask << step if step > 0 else mask >> -step


def spread(mask: int) -> int:
    """The mask together with every square orthogonally next to it (padding included)."""
    return mask | mask << 1 | mask >> 1 | mask << ROW | mask >> ROW


def flood(seed: int, region: int) -> int:
    """Every square of ``region`` connected to ``seed`` through ``region`` (seed included)."""
    reached = seed & region
    while True:
        grown = spread(reached) & region
        if grown == reached:
            return reached
        reached = grown


def _open_sides(index: int) -> int:
    """How many of a square's four sides are open edges (a piece there can fall that way)."""
    count = 0
    for step in STEPS:
        beyond = 1 << (index + step)
        if not beyond & VALID and not beyond & RAIL_STOP:
            count += 1
    return count


DANGER: Final = sum(1 << i for i in SQUARES if _open_sides(i) > 0)
"""Squares next to an open edge or a hole: a piece there can be pushed off."""
DANGER2: Final = sum(1 << i for i in SQUARES if _open_sides(i) > 1)
"""Corner squares open on two sides (a3, h3, a2, h2)."""


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def square_name(index: int) -> str:
    return NAMES[index]


def parse_square(text: str) -> int | None:
    """The bit index of a square name such as ``d3``, or None if it names no square."""
    return INDEX_OF.get(text.strip().lower())


POSITION_CHARS: Final = ".oOxXPY"


def format_position(white: int, brown: int, squares: int, anchor: int) -> str:
    """The 26-character position string (reading order; ``P``/``Y`` the anchored square)."""
    out = []
    for index in SQUARES:
        b = 1 << index
        if white & b:
            out.append(("P" if index == anchor else "O") if squares & b else "o")
        elif brown & b:
            out.append(("Y" if index == anchor else "X") if squares & b else "x")
        else:
            out.append(".")
    return "".join(out)


def parse_position(text: str) -> tuple[int, int, int, int]:
    """(white, brown, squares, anchor) from a position string; raises ValueError with a reason.

    ``anchor`` is NO_ANCHOR when the string shows no anchored piece.
    """
    if len(text) != len(SQUARES):
        raise ValueError(f"a position has {len(SQUARES)} characters, not {len(text)}")
    white = brown = squares = 0
    anchor = NO_ANCHOR
    for index, char in zip(SQUARES, text, strict=True):
        b = 1 << index
        if char not in POSITION_CHARS:
            raise ValueError(f"{char!r} is not a piece (use one of {POSITION_CHARS})")
        if char in "oOP":
            white |= b
        elif char in "xXY":
            brown |= b
        if char in "OXPY":
            squares |= b
        if char in "PY":
            if anchor != NO_ANCHOR:
                raise ValueError("a position has at most one anchored piece")
            anchor = index
    return white, brown, squares, anchor
