"""Is there a win this turn? A complete search of the side to move's turn.

Every sequence of actions and casts (every cast with all of its choices, none sampled) is
searched, best first, with transpositions merged: a position reached by two orders of the
same moves is searched once. Every position made is checked for a win as soon as it is made,
before any is searched further, so a win one move away is never behind a long detour.

What keeps the search small is a sound bound (``can_still_win``): a win needs at least
``deficit`` more hexes turned to the mover's aura (a room without one needs one; two rooms are
joined only through hexes that are not yet the mover's), and the mover can turn at most
``reach`` more this turn (one per action left, what each spell still charged can add, the
Overwork's actions, the Opportunist's second cast). A position whose deficit exceeds its reach
cannot lead to a win and is not searched. Most turns are decided at the root by this bound
alone. Work is counted in positions made, so a node budget gives the same answer every time;
``Found.complete`` says whether the search ended by itself rather than by the budget.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from game.piously.ai.evaluate import NeedCache, actions_to_win
from game.piously.ai.turns import Spender
from game.piously.rules import casting
from game.piously.rules.game import action_moves, play
from game.piously.rules.hexes import Hex
from game.piously.rules.moves import Move
from game.piously.rules.spellbook import (
    ILLUSIONIST,
    IMPRINT,
    OPPORTUNIST,
    OVERWORK,
    PRIESTESS,
    PURIFY,
    SHOVEL_SPELL,
    SPELLS,
    STONEMASON,
    UPSET,
    USURPER,
)
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import ROOMS, Temple

NEIGHBOURHOOD: Final = 7
"""A hex and its six neighbours: the most auras the Imprint or the Upset can give at once."""
OVERWORK_MOST: Final = 6
"""The most actions the Overwork can give (an object on every neighbour)."""
FIXED_GAINS: Final = {PRIESTESS: 1, PURIFY: 1, USURPER: 2, IMPRINT: NEIGHBOURHOOD,
                      UPSET: NEIGHBOURHOOD, OVERWORK: OVERWORK_MOST}
"""The most hexes each spell can turn to the caster's aura (the Overwork: in actions, each
worth a blessing); spells that only move things add none."""
RESHAPERS: Final = frozenset((STONEMASON, SHOVEL_SPELL))
"""Spells that change which hexes touch, so joining rooms may get cheaper."""


@dataclass(frozen=True)
class Found:
    """A winning sequence (None when none was found), and whether the search was complete:
    a complete search without a line proves there is no win this turn."""

    line: tuple[Move, ...] | None
    complete: bool
    nodes: int


@dataclass(order=True)
class _Entry:
    priority: tuple[int, int, int]
    state: PiouslyState = field(compare=False)
    line: tuple[Move, ...] = field(compare=False)


def find_win(state: PiouslyState, budget: Spender, cache: NeedCache | None = None) -> Found:
    """A sequence of moves that wins this turn for the side to move, best first."""
    seat = state.to_move
    if state.verdict is not None or not can_still_win(state):
        return Found(None, True, 0)
    need_cache: NeedCache = {} if cache is None else cache
    seen = {_key(state)}
    order = itertools.count()
    queue = [_Entry((0, 0, next(order)), state, ())]
    nodes = 0
    while queue:
        entry = heapq.heappop(queue)
        children: list[_Entry] = []
        for move in turn_moves(entry.state):
            if budget.exhausted:
                return Found(None, False, nodes)
            budget.spend()
            nodes += 1
            after = play(entry.state, move).state
            line = (*entry.line, move)
            if after.verdict is not None:
                if after.verdict.winner == seat:
                    return Found(line, True, nodes)
                continue  # a tie or the opponent's win ends the game: no way on
            key = _key(after)
            if key in seen:
                continue
            seen.add(key)
            if not can_still_win(after):
                continue
            distance = actions_to_win(after, seat, need_cache) - after.actions
            children.append(_Entry((distance, deficit(after), next(order)), after, line))
        for child in children:
            heapq.heappush(queue, child)
    return Found(None, True, nodes)


def turn_moves(state: PiouslyState) -> Iterator[Move]:
    """Every action and every cast with every choice (never the end of the turn)."""
    yield from action_moves(state)
    for spell in range(len(SPELLS)):
        if state.owners[spell] == state.to_move and not state.has_cast(spell):
            yield from casting.casts(state, spell)


def can_still_win(state: PiouslyState) -> bool:
    """False when no sequence of this turn's remaining moves can win (a sound bound)."""
    seat = state.to_move
    gains, reshapes = _reach(state)
    temple = state.built
    own = state.auras[seat]
    if reshapes:
        return _missing_rooms(temple, own) <= gains
    return _deficit(temple, own) <= gains


def deficit(state: PiouslyState) -> int:
    """The fewest hexes the side to move must still turn to its aura to win, on this board."""
    return _deficit(state.built, state.auras[state.to_move])


def _reach(state: PiouslyState) -> tuple[int, bool]:
    """The most hexes the mover can still turn this turn, and whether it can reshape the
    board (move a room or the Shovel's hex)."""
    seat = state.to_move
    owned = [spell for spell, owner in enumerate(state.owners) if owner == seat]
    ready = [spell for spell in owned if not state.has_cast(spell)]
    reach = state.actions
    reshapes = any(spell in RESHAPERS for spell in ready)
    for spell in ready:
        reach += _gain(state, spell)
    if OPPORTUNIST in ready:  # one spell of the mover's may be cast twice
        others = [spell for spell in owned if spell != OPPORTUNIST]
        reach += max((_gain(state, spell) for spell in others), default=0)
        reshapes = reshapes or any(spell in RESHAPERS for spell in others)
    return reach, reshapes


def _gain(state: PiouslyState, spell: int) -> int:
    if spell == ILLUSIONIST:  # flips whole rooms: at most every opponent aura (and those an
        return len(state.auras[1 - state.to_move]) + NEIGHBOURHOOD  # Imprint adds) turns

    return FIXED_GAINS.get(spell, 0)


def _key(state: PiouslyState) -> tuple[object, ...]:
    return (state.temple, state.auras, state.objects, state.actions, state.cast)


def _missing_rooms(temple: Temple, own: frozenset[Hex]) -> int:
    room_of = temple.room_of
    touched = {room_of[h] for h in own if h in room_of}
    return sum(1 for room in range(ROOMS) if room not in touched)


@lru_cache(maxsize=4096)
def _deficit(temple: Temple, own: frozenset[Hex]) -> int:
    """A lower bound on the hexes to turn: the most any two rooms need to be joined (a
    winning region holds a path between them, each hex on it not yet the mover's to be
    turned), and at least one per room without the mover's aura."""
    worst = _missing_rooms(temple, own)
    rooms = temple.room_hexes
    for first, start in enumerate(rooms[:-1]):
        distance = _costs_from(temple, own, start)
        for other in rooms[first + 1 :]:
            worst = max(worst, min(distance[h] for h in other))
    return worst


def _costs_from(temple: Temple, own: frozenset[Hex], start: tuple[Hex, ...]) -> dict[Hex, int]:
    """For each hex, the fewest hexes not yet the mover's on a path from ``start`` to it
    (both ends counted): a 0-1 breadth-first search."""
    adjacency = temple.adjacency
    distance = {h: int(h not in own) for h in start}
    frontier = sorted(start, key=distance.__getitem__)
    queue: list[tuple[int, Hex]] = [(distance[h], h) for h in frontier]
    heapq.heapify(queue)
    while queue:
        d, h = heapq.heappop(queue)
        if d > distance[h]:
            continue
        for n in adjacency[h]:
            nd = d + (n not in own)
            if nd < distance.get(n, 1 << 30):
                distance[n] = nd
                heapq.heappush(queue, (nd, n))
    return distance
