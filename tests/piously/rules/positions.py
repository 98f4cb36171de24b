"""Positions for Piously tests, written with (q, r) pairs on the default temple.

Default rooms: P (2,-4) (2,-3) (3,-4) (4,-4); I (3,-3) (4,-3) (5,-3) (6,-3);
O (2,-2) (2,-1) (3,-2) (3,-1); U (2,0) (3,0) (4,-2) (4,-1); S (0,0) (1,0) (1,1) (2,1);
L (1,2) (2,2) (3,2) (3,3); Y (-1,4) (0,2) (0,3) (1,3).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from game.piously.rules.hexes import Hex, hex_at
from game.piously.rules.regions import verdict
from game.piously.rules.spellbook import BY_NAME, SPELLS
from game.piously.rules.state import ARTWORK, NOBODY, OBJECTS, Phase, PiouslyState
from game.piously.rules.temple import DEFAULT_LAYOUT, ROOM_LETTERS, Layout, Temple

QR = tuple[int, int]

WINNING_PATH: tuple[QR, ...] = ((3, -3), (2, -3), (2, -2), (2, -1), (2, 0), (1, 1), (1, 2), (0, 2))
"""Eight hexes joined edge to edge that touch all seven default rooms (I P O O U S L Y)."""


def h(q: int, r: int) -> Hex:
    return hex_at(q, r)


def hexes(pairs: Iterable[QR]) -> frozenset[Hex]:
    return frozenset(hex_at(q, r) for q, r in pairs)


def spell(name: str) -> int:
    return BY_NAME[name.lower()].id


def position(
    *,
    white: Iterable[QR] = (),
    black: Iterable[QR] = (),
    me: QR = (0, 0),
    them: QR = (6, -3),
    to_move: int = 0,
    artworks: Mapping[str, QR] | None = None,
    owners: Mapping[str, int] | None = None,
    actions: int = 3,
    cast: Iterable[str] = (),
    shovel: QR | None = None,
    layout: Layout = DEFAULT_LAYOUT,
) -> PiouslyState:
    """A position in play. ``me`` is the side to move's piece, ``them`` the other's;
    ``artworks`` maps room letters to hexes; ``owners`` maps spell names to seats."""
    objects: list[Hex | None] = [None] * OBJECTS
    objects[to_move] = h(*me)
    objects[1 - to_move] = h(*them)
    for letter, (q, r) in (artworks or {}).items():
        objects[ARTWORK + ROOM_LETTERS.index(letter)] = h(q, r)
    owned = [NOBODY] * len(SPELLS)
    for name, seat in (owners or {}).items():
        owned[spell(name)] = seat
    mask = sum(1 << spell(name) for name in cast)
    temple = Temple(layout, None if shovel is None else h(*shovel))
    state = PiouslyState(
        phase=Phase.PLAY,
        to_move=to_move,
        temple=temple,
        auras=(hexes(white), hexes(black)),
        objects=tuple(objects),
        owners=tuple(owned),
        actions=actions,
        cast=mask,
    )
    return replace(state, verdict=verdict(state))
