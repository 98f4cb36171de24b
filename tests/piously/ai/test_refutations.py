"""The opponent's known wins, tried before the complete search: a line that still wins is
played for a node a move, one that no longer does falls through to the search, and a win the
search finds is remembered first."""

from __future__ import annotations

from pathlib import Path

from game.core.player import Budget, Limit
from game.piously.ai.refutations import Refutations
from game.piously.ai.wins import find_win
from game.piously.rules.game import play
from game.piously.rules.moves import EndTurn
from game.piously.rules.state import PiouslyState
from tools.piously_threats import DEFAULT_OUT
from tools.piously_wins import read_positions

THREATS = [state for _, state in read_positions(Path(__file__).with_name(DEFAULT_OUT.name))]


def threat() -> PiouslyState:
    """The opponent to move with a win this turn (the fixture's first threat, passed)."""
    return play(THREATS[0], EndTurn()).state


def test_a_win_found_is_remembered_and_then_played_without_a_search() -> None:
    state = threat()
    refutations = Refutations({})
    searched = refutations.check(state, Budget(Limit(nodes=2_000)))
    assert searched.line is not None and searched.nodes > len(searched.line)
    assert refutations.lines == [searched.line]
    again = refutations.check(state, Budget(Limit(nodes=2_000)))
    assert again.line == searched.line and again.nodes == len(searched.line)


def test_a_line_that_no_longer_wins_falls_through_to_the_search() -> None:
    state = threat()
    real = find_win(state, Budget(Limit(nodes=2_000))).line
    assert real is not None
    stale = (*real[:-1], EndTurn())  # legal up to its end, which wins nothing
    refutations = Refutations({}, [stale])
    found = refutations.check(state, Budget(Limit(nodes=2_000)))
    assert found.line is not None and found.line != stale
    assert refutations.lines[0] == found.line and stale in refutations.lines


def test_a_budget_that_ends_within_a_line_proves_nothing() -> None:
    state = threat()
    real = find_win(state, Budget(Limit(nodes=2_000))).line
    assert real is not None
    found = Refutations({}, [real]).check(state, Budget(Limit(nodes=len(real) - 1)))
    assert found.line is None and not found.complete
    assert found.nodes == len(real) - 1


def test_the_line_that_refuted_last_is_tried_first() -> None:
    state = threat()
    real = find_win(state, Budget(Limit(nodes=2_000))).line
    assert real is not None
    stale = (EndTurn(),)
    refutations = Refutations({}, [stale, real])
    found = refutations.check(state, Budget(Limit(nodes=2_000)))
    assert found.line == real and refutations.lines == [real, stale]
