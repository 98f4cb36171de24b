"""Regions of auras: linked regions (what artwork spells act on) and the winning region.

A region is a set of hexes joined edge to edge through auras of one colour, the Shovel's hex
included. A region touches a room when it holds one of the room's hexes; a colour wins when
one of its regions touches all seven rooms.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from game.core.protocol import Outcome, OutcomeReason
from game.piously import info
from game.piously.rules.hexes import DIRECTIONS, Hex, flood
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import ROOMS, SHOVEL, Temple

ALL_ROOMS: Final = frozenset(range(ROOMS))
_EVERY_ROOM: Final = (1 << ROOMS) - 1
"""Bit mask of the seven rooms (the Shovel's bit, 1 << SHOVEL, lies outside it)."""


def region_of(auras: frozenset[Hex], seed: Hex) -> frozenset[Hex]:
    """The hexes joined to ``seed`` through ``auras`` (empty when ``seed`` is not one)."""
    return frozenset(flood(auras, seed)) if seed in auras else frozenset()


def linked_region(state: PiouslyState, h: Hex, seat: int) -> frozenset[Hex]:
    """The linked region of hex ``h`` for ``seat``: empty unless ``h`` holds its aura."""
    return region_of(state.auras[seat], h)


def rooms_touched(temple: Temple, hexes: Iterable[Hex]) -> frozenset[int]:
    """The rooms holding at least one of ``hexes`` (the Shovel is no room)."""
    room_of = temple.room_of
    return frozenset(room_of[h] for h in hexes if h in room_of) - {SHOVEL}


def border(temple: Temple, region: Iterable[Hex]) -> frozenset[Hex]:
    """Hexes of the board next to ``region`` but not in it."""
    inside = set(region)
    room_of = temple.room_of
    return frozenset(
        h + d for h in inside for d in DIRECTIONS if h + d in room_of and h + d not in inside
    )


def winning_region(state: PiouslyState, seat: int) -> frozenset[Hex] | None:
    """A region of ``seat``'s auras touching all seven rooms, or None."""
    temple = state.temple
    auras = state.auras[seat]
    if temple is None or len(auras) < ROOMS:
        return None
    return _walk_for_win(temple, auras)


def has_won(state: PiouslyState, seat: int) -> bool:
    """Whether ``seat`` has a winning region: ``winning_region(...) is not None``, remembered.

    This runs for both colours after every move, and most moves (steps, artworks, the end
    of a turn) leave the auras as they were: the answer is remembered by temple and auras,
    so such a move pays a lookup instead of a walk."""
    temple = state.temple
    auras = state.auras[seat]
    if temple is None or len(auras) < ROOMS:
        return False
    key = (temple.layout, temple.shovel, auras)
    won = _WON.get(key)
    if won is None:
        if len(_WON) >= REMEMBERED:
            _WON.clear()
        won = _WON[key] = _walk_for_win(temple, auras) is not None
    return won


REMEMBERED: Final = 8192
_WON: dict[tuple[object, ...], bool] = {}
"""``has_won``'s memory, bounded and keyed by what a temple is made of rather than by the
temple itself: a temple keeps what its searches worked out (every room's placements), and
a memory holding temples would keep all of that alive from game to game."""


def _walk_for_win(temple: Temple, auras: frozenset[Hex]) -> frozenset[Hex] | None:
    """The search behind both: regions are walked once each, rooms gathered as a bit mask
    along the way; this runs after most moves that change auras, so it is kept lean."""
    room_of, adjacency = temple.room_of, temple.adjacency
    left = set(auras)
    while left:
        seed = left.pop()
        region = [seed]
        mask = 1 << room_of[seed]
        for h in region:
            for n in adjacency[h]:
                if n in left:
                    left.remove(n)
                    region.append(n)
                    mask |= 1 << room_of[n]
        if mask & _EVERY_ROOM == _EVERY_ROOM:
            return frozenset(region)
    return None


def verdict(state: PiouslyState) -> Outcome | None:
    """The rules' verdict: a colour whose region touches every room wins (both: a tie);
    otherwise the optional turn limit draws the game."""
    white, black = has_won(state, 0), has_won(state, 1)
    if white or black:
        return Outcome(None if white and black else 0 if white else 1, info.ALL_ROOMS)
    if state.turn_limit and state.turn >= state.turn_limit:
        return Outcome(None, OutcomeReason.TURN_LIMIT)
    return None
