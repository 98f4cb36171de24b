"""Random seeded games keep the invariants of the rules (docs/rules.md) after every move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.match import Match
from game.core.protocol import CHANCE, Event
from game.forts.rules.board import DEAD, EMPTY, FORT, RUIN, geometry, groups, spawn_sites
from game.forts.rules.game import (
    GAME,
    DeathCause,
    FortsRuined,
    FortsSpawned,
    FortsState,
    Placed,
    TerritoriesDied,
    placeable_cells,
)


def replay_events(before: FortsState, events: tuple[Event, ...]) -> list[int]:
    """The grid a renderer would draw by applying ``events`` to ``before``, nothing else."""
    cells = list(before.cells)
    for event in events:
        if isinstance(event, Placed):
            cells[event.cell[0] * before.cols + event.cell[1]] = event.value
        elif isinstance(event, FortsSpawned):
            for row, col in event.cells:
                cells[row * before.cols + col] = FORT
        elif isinstance(event, FortsRuined):
            for row, col in event.cells:
                cells[row * before.cols + col] = RUIN
        elif isinstance(event, TerritoriesDied):
            for row, col in event.cells:
                cells[row * before.cols + col] += DEAD
    return cells


def check_at_rest(state: FortsState) -> None:
    """After a roll: no pending spawn, every group has both a fort and a territory."""
    geo = geometry(state.rows, state.cols)
    assert spawn_sites(state.cells, geo) == []
    for group in groups(state.cells, geo):
        codes = {state.cells[i] for i in group}
        assert FORT in codes and codes - {FORT}
    assert state.forts_built == state.cells.count(FORT) + state.cells.count(RUIN) - 1
    assert state.peak_forts >= state.cells.count(FORT)


@settings(max_examples=40)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["9x18", "12x24"]), st.booleans())
def test_random_games_keep_the_invariants(seed: int, board: str, anywhere: bool) -> None:
    rng = random.Random(seed)
    match = Match(GAME, {"board": board, "anywhere": anywhere}, seed=str(seed))
    while not match.is_over:
        before: FortsState = match.state
        if match.to_move == CHANCE:
            result = match.play_chance()
            check_at_rest(result.state)
            assert result.state.turns == before.turns + 1
        else:
            assert placeable_cells(before)
            result = match.play(GAME.random_move(before, rng))
            assert result.state.cells.count(EMPTY) < before.cells.count(EMPTY)
            stranded = [
                e for e in result.events
                if isinstance(e, TerritoriesDied) and e.cause is DeathCause.STRANDED
            ]
            assert anywhere or not stranded
        assert replay_events(before, result.events) == list(result.state.cells)
        assert [e.wave for e in result.events] == list(range(len(result.events)))
        for old, new in zip(before.cells, result.state.cells, strict=True):
            assert old in (new, EMPTY) or (1 <= old <= FORT and new > FORT)
