"""Conquid's analyst: proofs checked against the exhaustive search over the rules' own moves
(``tools.puzzles``) on the small board's puzzles and on a hand-made position, consistent
verdicts on both sides of a move, win chances within [0, 1], the same verdict for the same
budget, and a curve for every board."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.conquid.ai import LEVELS
from game.conquid.analyst import ANALYST, QUICK_BUDGET, board_name
from game.conquid.rules.board import PRESETS, Board
from game.conquid.rules.game import GAME, ConquidState
from game.core.match import Match
from game.core.player import Budget, Limit
from game.core.review.analysis import Proof
from tools.puzzles import defences, forced_win_in_two, stops_every_win

PUZZLES = Path(__file__).resolve().parents[3] / "assets" / "learn" / "conquid-puzzles.json"


def _puzzles(kind: str) -> list[ConquidState]:
    doc = json.loads(PUZZLES.read_text("utf-8"))
    return [GAME.decode(item["position"]) for item in doc["puzzles"]
            if item["id"].startswith(kind)]


def _after(state: ConquidState, notation: str) -> ConquidState:
    return GAME.apply(state, GAME.parse_move(notation)).state


def test_a_declared_conquest_is_a_win_in_one() -> None:
    state = _puzzles("cq-two")[0]
    after = _after(state, ANALYST.evaluate(state, QUICK_BUDGET).line[0])
    reply = _after(after, ANALYST.evaluate(after, QUICK_BUDGET).line[0])
    found = ANALYST.evaluate(reply, QUICK_BUDGET)
    assert found.proof == Proof(True, 1) and found.line == ("Q",) and found.value == 1.0
    assert GAME.apply(reply, GAME.parse_move("Q")).outcome is not None


@pytest.mark.parametrize("state", _puzzles("cq-two"))
def test_a_conquest_in_two_is_proven_and_forced(state: ConquidState) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    assert found.proof == Proof(True, 2) and found.value == 1.0
    assert forced_win_in_two(GAME, state, GAME.parse_move(found.line[0]))


@pytest.mark.parametrize("state", _puzzles("cq-two")[:2])
def test_after_the_winning_move_the_opponent_is_proven_lost(state: ConquidState) -> None:
    after = _after(state, ANALYST.evaluate(state, QUICK_BUDGET).line[0])
    found = ANALYST.evaluate(after, QUICK_BUDGET)
    assert found.proof == Proof(False, 1) and found.value == 0.0
    assert defences(GAME, after) == []  # exhaustively: no move stops the conquest


@pytest.mark.parametrize("state", _puzzles("cq-break"))
def test_a_chain_that_can_be_broken_is_not_a_proven_loss(state: ConquidState) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    assert found.proof is None or found.proof.wins
    assert stops_every_win(GAME, state, GAME.parse_move(found.line[0]))


@pytest.mark.parametrize("state", _puzzles("cq-"))
def test_a_move_that_misses_the_win_is_worth_less(state: ConquidState) -> None:
    found = ANALYST.evaluate(state, QUICK_BUDGET)
    rng = random.Random(GAME.encode(state))
    for move in [GAME.random_move(state, rng) for _ in range(4)]:
        assert move is not None
        after = GAME.apply_unchecked(state, move).state
        assert 1 - ANALYST.evaluate(after, QUICK_BUDGET).value <= found.value


def test_verdicts_are_chances_and_repeat_exactly() -> None:
    match = Match(GAME, {"board": "small"})
    players = [LEVELS["normal"](), LEVELS["easy"]()]
    rng = random.Random(5)
    while not match.is_over and match.ply < 30:
        state = match.state
        if match.ply % 5 == 0:
            first = ANALYST.evaluate(state, 300)
            assert 0.0 <= first.value <= 1.0 and first.line
            assert first == ANALYST.evaluate(state, 300)
            GAME.check_move(state, GAME.parse_move(first.line[0]))
        match.play(players[match.to_move].choose(state, Budget(Limit(nodes=200)), rng).move)


def test_every_board_has_its_curve() -> None:
    assert {board_name(Board(*shape)) for shape in PRESETS.values()} == set(PRESETS)
    assert set(ANALYST.curves) == set(PRESETS)
    assert board_name(Board(15, 30, 2)) == "medium"  # a custom board: the nearest preset
