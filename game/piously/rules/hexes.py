"""Hex coordinates packed into single ints, so regions are sets of small ints and fast.

Axial coordinates ``(q, r)`` (cube ``(q, r, -q-r)``) are packed as ``q * STRIDE + r``; a
neighbour is then one addition. Hexes are drawn flat-topped: ``r`` grows downwards on screen,
``q`` to the right, so the six directions are named N, NE, SE, S, SW, NW. Coordinates are
bounded by the table (``TABLE_RADIUS``), far beyond anything a game reaches, so that packing is
exact and notation stays short.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Final

Hex = int
"""A packed axial coordinate (see ``hex_at``)."""

STRIDE: Final = 4096
TABLE_RADIUS: Final = 999
"""No hex may lie further than this along q or r: the edge of the table."""

DIRECTION_NAMES: Final = ("N", "NE", "SE", "S", "SW", "NW")
"""The six directions, clockwise from the top (flat-topped hexes)."""
_AXIAL_DIRECTIONS: Final = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTIONS: Final = tuple(q * STRIDE + r for q, r in _AXIAL_DIRECTIONS)
"""Packed offsets of the six neighbours, in ``DIRECTION_NAMES`` order."""


def hex_at(q: int, r: int) -> Hex:
    return q * STRIDE + r


def axial(h: Hex) -> tuple[int, int]:
    """The ``(q, r)`` of a packed hex."""
    r = (h + STRIDE // 2) % STRIDE - STRIDE // 2
    return (h - r) // STRIDE, r


def on_table(h: Hex) -> bool:
    q, r = axial(h)
    return abs(q) <= TABLE_RADIUS and abs(r) <= TABLE_RADIUS


def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple(h + d for d in DIRECTIONS)


def are_adjacent(a: Hex, b: Hex) -> bool:
    return b - a in DIRECTIONS


def rotate(h: Hex, turns: int) -> Hex:
    """``h`` (an offset from the origin) turned ``turns`` x 60 degrees clockwise."""
    q, r = axial(h)
    for _ in range(turns % 6):
        q, r = -r, q + r
    return hex_at(q, r)


def format_hex(h: Hex) -> str:
    q, r = axial(h)
    return f"{q},{r}"


HEX_PATTERN: Final = r"(-?\d{1,3}),(-?\d{1,3})"
_HEX_RE: Final = re.compile(HEX_PATTERN, re.ASCII)


def parse_hex(text: str) -> Hex | None:
    """``q,r`` as a hex, or None when the text is not one."""
    found = _HEX_RE.fullmatch(text.strip())
    if found is None:
        return None
    return hex_at(int(found.group(1)), int(found.group(2)))


def read_hex(text: str) -> Hex:
    """``parse_hex`` where the text must be a hex (a move, a position). Raises ValueError."""
    h = parse_hex(text)
    if h is None:
        raise ValueError(f"{text[:12]!r} is not a hex (write q,r like 2,-3)")
    return h


def distance(a: Hex, b: Hex) -> int:
    aq, ar = axial(a)
    bq, br = axial(b)
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


def flood(
    within: Collection[Hex], start: Hex, outside: Collection[Hex] = frozenset()
) -> set[Hex]:
    """``start`` and every hex of ``within`` joined to it through ``within``, never entering
    ``outside``: a plain set, for the searches that walk hundreds of regions a move."""
    found = {start}
    stack = [start]
    while stack:
        h = stack.pop()
        for d in DIRECTIONS:
            n = h + d
            if n in within and n not in found and n not in outside:
                found.add(n)
                stack.append(n)
    return found
