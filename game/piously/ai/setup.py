"""The computer's set-up: Black's temple and each side's first piece placement."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final

from game.piously.ai.evaluate import actions_to_win
from game.piously.rules.actions import placement_hexes
from game.piously.rules.moves import BuildTemple, Move, PlacePiece
from game.piously.rules.state import Phase, PiouslyState
from game.piously.rules.temple import random_layout

PLACEMENT_CHOICES: Final = 3
"""The piece goes on one of this many best-placed hexes (drawn), so games vary."""


def setup_move(state: PiouslyState, rng: random.Random) -> Move:
    """A temple for Black to build (a fresh valid layout each game), or a piece placement."""
    if state.phase is Phase.TEMPLE:
        return BuildTemple(random_layout(rng))
    return PlacePiece(rng.choice(best_placements(state)[:PLACEMENT_CHOICES]))


def best_placements(state: PiouslyState) -> list[int]:
    """Free hexes by how few actions a piece there is from joining all seven rooms: central
    hexes first (ties by hex, so the order is reproducible)."""
    seat = state.to_move
    scored = []
    for h in placement_hexes(state):
        objects = list(state.objects)
        objects[seat] = h
        trial = replace(state, objects=tuple(objects))
        scored.append((actions_to_win(trial, seat), h))
    scored.sort()
    return [h for _, h in scored]
