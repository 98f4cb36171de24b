"""Push Fight's analyst: proofs checked against the exhaustive search over the rules' own
moves (``tools.puzzles``) on the puzzle positions, consistent verdicts on both sides of a
move, win chances within [0, 1], and the same verdict for the same budget."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.core.match import Match
from game.core.player import Budget, Limit
from game.core.review.analysis import Proof
from game.pushfight.ai import LEVELS
from game.pushfight.analyst import ANALYST, QUICK_BUDGET
from game.pushfight.rules.game import GAME, State
from tools.puzzles import forced_win_in_two, winning_moves, wins_now

SMALL = 4_000
PUZZLES = Path(__file__).resolve().parents[3] / "assets" / "learn" / "pushfight-puzzles.json"


def _puzzles(kind: str) -> list[State]:
    doc = json.loads(PUZZLES.read_text("utf-8"))
    return [GAME.decode(item["position"]) for item in doc["puzzles"]
            if item["id"].startswith(kind)]


def _after(state: State, notation: str) -> State:
    return GAME.apply(state, GAME.parse_move(notation)).state


@pytest.mark.parametrize("state", _puzzles("pf-one"))
def test_a_win_in_one_is_proven_and_its_move_wins(state: State) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    assert found.proof == Proof(True, 1) and found.value == 1.0
    assert GAME.parse_move(found.line[0]) in winning_moves(GAME, state)


@pytest.mark.parametrize("state", _puzzles("pf-two"))
def test_a_win_in_two_is_proven_and_forced(state: State) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    assert found.proof == Proof(True, 2) and not winning_moves(GAME, state)
    assert forced_win_in_two(GAME, state, GAME.parse_move(found.line[0]))


@pytest.mark.parametrize("state", _puzzles("pf-two")[:2])
def test_after_the_winning_move_the_opponent_is_proven_lost(state: State) -> None:
    after = _after(state, ANALYST.evaluate(state, QUICK_BUDGET).line[0])
    found = ANALYST.evaluate(after, QUICK_BUDGET)
    assert found.proof == Proof(False, 1) and found.value == 0.0
    for reply in GAME.legal_moves(after):  # exhaustively: every reply loses at once or next
        result = GAME.apply_unchecked(after, reply)
        assert result.outcome is not None or wins_now(GAME, result.state)


@pytest.mark.parametrize("state", _puzzles("pf-"))
def test_a_move_that_misses_the_win_is_worth_less(state: State) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    rng = random.Random(GAME.encode(state))
    moves = list(GAME.legal_moves(state))
    for move in rng.sample(moves, min(4, len(moves))):
        result = GAME.apply_unchecked(state, move)
        if result.outcome is not None:
            worth = 1.0 if result.outcome.winner == state.to_move else 0.0
        else:
            worth = 1 - ANALYST.evaluate(result.state, QUICK_BUDGET).value
        assert worth <= found.value


def _game_positions() -> list[Any]:
    match = Match(GAME, {})
    players = [LEVELS["normal"](), LEVELS["easy"]()]
    rng = random.Random(3)
    states = []
    while not match.is_over and match.ply < 24:
        states.append(match.state)
        match.play(players[match.to_move].choose(match.state, Budget(Limit(nodes=500)), rng).move)
    return states


def test_verdicts_are_chances_and_repeat_exactly() -> None:
    for state in _game_positions()[::3]:
        first = ANALYST.evaluate(state, SMALL)
        assert 0.0 <= first.value <= 1.0
        assert first == ANALYST.evaluate(state, SMALL)
        if state.in_setup:
            assert first.line == () and first.value == 0.5
        else:
            assert first.nodes >= 1 and first.line
            GAME.check_move(state, GAME.parse_move(first.line[0]))
