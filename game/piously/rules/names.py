"""Hexes named as a player reads them: a room letter and a number, as the board labels them.

The notation's axial ``q,r`` is exact but nowhere on the board; a player finds "P2" (the Pink
room's second hex) at a glance, because every tile carries its label. A hex's number is
fixed by its place in the room's shape, numbered in reading order (top to bottom, then left
to right) as the room lies unturned, so a label travels with its tile when the Stonemason
moves the room, and a move written down before stays true after. Rules refusals and the
view's words both use these names, so nothing a player reads names a coordinate.
"""

from __future__ import annotations

from typing import Final

from game.piously.rules.hexes import DIRECTIONS, Hex, axial
from game.piously.rules.temple import ROOM_LETTERS, ROOM_NAMES, SHAPES, SHOVEL, Temple

SHOVEL_LABEL: Final = "Sh"
"""The Shovel's singleton hex (the Sapphire room already has the letter S)."""


def _reading_key(offset: Hex) -> tuple[int, int]:
    """Top to bottom, then left to right, for flat-topped hexes (y grows with 2r + q)."""
    q, r = axial(offset)
    return 2 * r + q, q


NUMBERS: Final = tuple(
    tuple(1 + sorted(shape, key=_reading_key).index(offset) for offset in shape)
    for shape in SHAPES
)
"""``NUMBERS[room][i]``: the number of the room's ``i``-th hex in shape order."""


def hex_label(temple: Temple, h: Hex) -> str | None:
    """The label the board draws on ``h`` ("P2", "Sh"), or None when ``h`` is no hex."""
    room = temple.room_of.get(h)
    if room is None:
        return None
    if room == SHOVEL:
        return SHOVEL_LABEL
    index = temple.room_hexes[room].index(h)
    return f"{ROOM_LETTERS[room]}{NUMBERS[room][index]}"


def hex_name(temple: Temple, h: Hex) -> str:
    """``h`` in words for a sentence: "P2", "the Shovel's hex", or an empty space named by
    a hex next to it ("the space beside P2")."""
    label = hex_label(temple, h)
    if label == SHOVEL_LABEL:
        return "the Shovel's hex"
    if label is not None:
        return label
    beside = sorted(seen for d in DIRECTIONS if (seen := hex_label(temple, h + d)))
    return f"the space beside {beside[0]}" if beside else "a space off the temple"


def room_word(room: int) -> str:
    """"the Pink room", or the Shovel's hex."""
    return "the Shovel's hex" if room == SHOVEL else f"the {ROOM_NAMES[room]} room"
