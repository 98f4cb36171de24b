"""Piously's analyst: a whole turn is one entry of its line (actions joined by "; "), its
proofs of a win this turn are lines the rules play to a win, it proves nothing the complete
search refutes, and its verdicts are chances that repeat for the same budget."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.player import Budget, Limit
from game.core.review.analysis import Proof
from game.piously.ai.wins import find_win
from game.piously.analyst import ANALYST, QUICK_BUDGET, TURN_JOIN, turn_text
from game.piously.rules.game import GAME
from game.piously.rules.moves import EndTurn, Move
from game.piously.rules.state import PiouslyState
from tests.piously.ai import positions as pos
from tools.piously_wins import read_positions

WINS = [state for _, state in read_positions(Path(__file__).with_name("wins.txt"))]


def _moves(entry: str) -> list[Move]:
    return [GAME.parse_move(text) for text in entry.split(TURN_JOIN)]


def _played(state: PiouslyState, moves: list[Move]) -> PiouslyState:
    for move in moves:
        state = GAME.apply(state, move).state
    return state


@pytest.mark.parametrize("state", [pos.WIN_BY_BLESS, pos.WIN_BY_WALK, pos.WIN_BY_SPELL])
def test_a_proven_win_is_a_turn_the_rules_play_to_a_win(state: PiouslyState) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    assert found.proof == Proof(True, 1) and found.value == 1.0
    after = _played(state, _moves(found.line[0]))
    assert after.verdict is not None and after.verdict.winner == state.to_move


@pytest.mark.parametrize("state", WINS[:: len(WINS) // 5])
def test_on_the_generated_wins_every_proof_is_a_win(state: PiouslyState) -> None:
    """Long wins of late games: the quick budget misses a few (``bench/review_sharpness.py``
    counts them), and then says so by no proof, never by a wrong one."""
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    after = _played(state, _moves(found.line[0]))
    won = after.verdict is not None and after.verdict.winner == state.to_move
    assert (found.proof == Proof(True, 1)) == won and (found.value == 1.0) == won


def test_in_the_middle_of_a_turn_the_line_is_the_rest_of_it() -> None:
    first, *rest = _moves(ANALYST.evaluate(pos.WIN_BY_WALK, QUICK_BUDGET).line[0])
    middle = _played(pos.WIN_BY_WALK, [first])
    found = ANALYST.evaluate(middle, QUICK_BUDGET)
    assert found.proof == Proof(True, 1) and len(_moves(found.line[0])) == len(rest)


def test_no_win_is_claimed_where_the_complete_search_proves_there_is_none() -> None:
    assert find_win(pos.TWO_TURNS, Budget(Limit(nodes=50_000))).complete
    found = ANALYST.evaluate(pos.TWO_TURNS, QUICK_BUDGET)
    assert found.proof is None and 0.0 < found.value < 1.0


def test_the_best_turn_is_a_whole_turn_and_the_next_verdict_is_the_opponents() -> None:
    state = pos.TWO_TURNS
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    moves = _moves(found.line[0])
    assert isinstance(moves[-1], EndTurn) and turn_text(moves) == found.line[0]
    after = _played(state, moves)
    assert after.verdict is None and after.to_move == 1 - state.to_move
    assert 0.0 < ANALYST.evaluate(after, QUICK_BUDGET).value < 1.0


def test_a_turn_that_misses_the_win_is_worth_less() -> None:
    state = pos.WIN_BY_WALK
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    after = _played(state, [EndTurn()])
    assert 1 - ANALYST.evaluate(after, QUICK_BUDGET).value < found.value


def test_verdicts_repeat_exactly_and_setup_is_not_judged() -> None:
    for state in (pos.TWO_TURNS, pos.BLOCK, WINS[0]):
        first = ANALYST.evaluate(state, 2_000)
        assert 0.0 <= first.value <= 1.0 and first == ANALYST.evaluate(state, 2_000)
    setup = ANALYST.evaluate(GAME.new_state({}), QUICK_BUDGET)
    assert setup.value == 0.5 and setup.line == () and setup.proof is None
