"""The Forts and Ruins analyst: its points are the expected final turns survived, the same
before the best placement and between it and its roll, never more after another placement;
its line is a legal placement; its verdicts repeat for the same budget."""

from __future__ import annotations

import random

import pytest

from game.core.match import Match
from game.forts.analyst import QUICK_BUDGET, FortsAnalyst
from game.forts.rules.game import GAME, FortsState, score

ANALYST = FortsAnalyst()


def _positions(seed: str, count: int) -> list[FortsState]:
    """Placing positions of a run by the analyst's own best placements."""
    match = Match(GAME, {}, seed=seed)
    states: list[FortsState] = []
    while not match.is_over and len(states) < count:
        if match.to_move < 0:
            match.play_chance()
            continue
        states.append(match.state)
        match.play_text(ANALYST.evaluate(match.state, QUICK_BUDGET).line[0])
    return states


@pytest.mark.parametrize("state", _positions("analyst", 24)[::4])
def test_the_best_placement_keeps_its_points_and_no_other_beats_it(state: FortsState) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    assert found.points is not None and found.points >= state.turns
    assert 0.0 <= found.value <= 1.0 and found.proof is None
    best = GAME.apply(state, GAME.parse_move(found.line[0])).state
    after = ANALYST.evaluate(best, QUICK_BUDGET)
    assert after.points == found.points and after.line == ()
    rng = random.Random(GAME.encode(state))
    for _ in range(5):
        move = GAME.random_move(state, rng)
        assert move is not None
        other = ANALYST.evaluate(GAME.apply(state, move).state, QUICK_BUDGET)
        assert other.points is not None and other.points <= found.points


def test_verdicts_repeat_exactly() -> None:
    for state in _positions("again", 6):
        assert ANALYST.evaluate(state, 200) == ANALYST.evaluate(state, 200)


def test_a_finished_run_scores_the_turns_it_survived() -> None:
    match = Match(GAME, {}, seed="end")
    while not match.is_over:
        if match.to_move < 0:
            match.play_chance()
        else:
            match.play_text(ANALYST.evaluate(match.state, 100).line[0])
    assert ANALYST.final_points(match.state) == score(match.state).turns_survived
    assert match.state.turns >= 1
