"""A static score of a Piously position for one colour: how many actions each side is from
winning (the Steiner-style ``need`` plus the walk its piece must make), the spells each owns
and whether they are ready, each piece's room to move, and a large weight on a side that can
win within one turn.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Final

from game.piously.ai.paths import Need, board_of, need
from game.piously.rules.hexes import DIRECTIONS, Hex, distance
from game.piously.rules.spellbook import SPELLS, is_artwork
from game.piously.rules.state import ACTIONS_PER_TURN, ARTWORK, PiouslyState

WIN: Final = 100_000.0
ACTION: Final = 4.0
"""What one action of distance from winning is worth."""
THREAT: Final = 40.0
"""Extra weight on a side whose next turn's actions could be enough to win."""
SPELL_VALUES: Final = (1.6, 1.3, 1.1, 0.8, 0.6, 1.2, 1.4, 1.0, 0.8, 0.6, 0.9, 1.0, 0.6, 0.9)
"""What owning each spell is worth (by spell id), before readiness: aura makers most."""
IN_HAND: Final = 0.6
"""An artwork spell's worth while its artwork is off the board (it needs an action)."""
OFF_AURA: Final = 0.8
"""... and while its artwork stands off the owner's aura (not castable yet)."""

MOBILITY: Final = 0.3
"""What each free hex next to a piece is worth (a boxed-in piece can neither walk nor bless)."""

NeedCache = MutableMapping[tuple[object, ...], Need]


@dataclass(frozen=True)
class Side:
    """One colour's standing: actions from winning, the worth of its spells, and its piece's
    free neighbouring hexes."""

    actions: int
    spells: float
    mobility: int


def actions_to_win(state: PiouslyState, seat: int, cache: NeedCache | None = None) -> int:
    """Actions ``seat`` would need to win without spells: blessings and flips along the
    cheapest tree, plus the steps from hex to hex (each needed hex is at least one step on)."""
    found = _need(state, seat, cache)
    if not found.todo:
        return 0
    piece = state.objects[seat]
    if piece is None:
        walk = 0
    else:
        board = board_of(state.built)
        if piece in board.index:
            walk = min(map(board.steps_from(piece).__getitem__, found.todo))
        else:
            walk = min(distance(piece, h) for h in found.todo)
    return found.cost + walk + len(found.todo) - 1


def _need(state: PiouslyState, seat: int, cache: NeedCache | None) -> Need:
    if cache is None:
        return need(state, seat)
    objects = state.objects
    taken = objects[:seat] + objects[seat + 1 :]  # every object but the seat's piece
    key = (state.temple, seat, state.auras, taken)
    found = cache.get(key)
    if found is None:
        found = cache[key] = need(state, seat)
    return found


def spell_worth(state: PiouslyState, seat: int) -> float:
    total = 0.0
    for spell, owner in enumerate(state.owners):
        if owner != seat:
            continue
        value = SPELL_VALUES[spell]
        if is_artwork(spell):
            at: Hex | None = state.objects[ARTWORK + SPELLS[spell].room]
            if at is None:
                value *= IN_HAND
            elif state.aura(at) != seat:
                value *= OFF_AURA
        total += value
    return total


def mobility(state: PiouslyState, seat: int) -> int:
    piece = state.objects[seat]
    if piece is None:
        return 0
    board, taken = state.built.room_of, state.object_at
    return sum(1 for d in DIRECTIONS if piece + d in board and piece + d not in taken)


def side(state: PiouslyState, seat: int, cache: NeedCache | None = None) -> Side:
    return Side(actions_to_win(state, seat, cache), spell_worth(state, seat), mobility(state, seat))


def evaluate(state: PiouslyState, seat: int, cache: NeedCache | None = None) -> float:
    """The position's worth to ``seat`` (higher is better; WIN for a won game)."""
    if state.verdict is not None:
        winner = state.verdict.winner
        return 0.0 if winner is None else WIN if winner == seat else -WIN
    mine, theirs = side(state, seat, cache), side(state, 1 - seat, cache)
    score = ACTION * (theirs.actions - mine.actions) + mine.spells - theirs.spells
    score += MOBILITY * (mine.mobility - theirs.mobility)
    mover = state.to_move
    for who, standing, sign in ((seat, mine, 1.0), (1 - seat, theirs, -1.0)):
        ahead = state.actions if who == mover else ACTIONS_PER_TURN
        if standing.actions <= ahead:
            score += sign * THREAT
    return score
