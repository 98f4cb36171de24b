"""Random plays of the turn: they find the wins the complete search misses in the fresh set
(``fresh.txt``: positions where random plays found a win, generated apart from the
fixture), they end by themselves when there is no win, and normal then plays the win."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS, NEAR_WIN_NODES, SAMPLE_NODES, WIN_NODES
from game.piously.ai.sampling import sample_win
from game.piously.ai.wins import find_win, line_wins
from game.piously.rules.game import GAME, random_turn_move
from game.piously.rules.moves import EndTurn
from tests.piously.ai import positions as pos
from tests.piously.ai.test_tactics import whole_turn
from tools.piously_wins import read_positions

FRESH = [state for _, state in read_positions(Path(__file__).with_name("fresh.txt"))]
SEARCH_MISSES = (1, 5, 6, 9, 16, 47, 62)
"""The fresh positions whose win the complete search misses within the players' budget
(``python -m bench piously_wins --wins tests/piously/ai/fresh.txt``); position 36 is the
eighth, and random plays miss it too."""


def test_the_complete_search_misses_a_win_random_plays_find() -> None:
    found = find_win(
        FRESH[62], Budget(Limit(nodes=WIN_NODES)), None, Budget(Limit(nodes=NEAR_WIN_NODES))
    )
    assert found.line is None and not found.complete


@pytest.mark.parametrize("index", SEARCH_MISSES)
def test_random_plays_find_the_wins_the_search_misses(index: int) -> None:
    state = FRESH[index]
    budget = Budget(Limit(nodes=SAMPLE_NODES))
    line = sample_win(state, budget)
    assert line is not None and budget.nodes <= SAMPLE_NODES
    for move in line:
        state = GAME.apply(state, move).state  # each move checked
    assert state.verdict is not None and state.verdict.winner == FRESH[index].to_move
    for left_out in range(len(line)):  # trimmed: it needs every move it plays
        shorter = line[:left_out] + line[left_out + 1:]
        assert not line_wins(FRESH[index], shorter, Budget(Limit()))[0]


def test_random_plays_find_the_one_fixture_win_the_search_misses() -> None:
    """Position 174 of ``wins.txt`` (its win needs about 28,000 nodes of the search)."""
    _, state = read_positions(Path(__file__).with_name("wins.txt"))[174]
    assert sample_win(state, Budget(Limit(nodes=SAMPLE_NODES))) is not None


def test_random_plays_are_the_same_for_the_same_position() -> None:
    lines = {sample_win(FRESH[47], Budget(Limit(nodes=SAMPLE_NODES))) for _ in range(2)}
    assert len(lines) == 1


def test_random_plays_without_a_win_end_with_their_budget() -> None:
    budget = Budget(Limit(nodes=300))
    assert find_win(pos.TWO_TURNS, Budget(Limit(nodes=WIN_NODES))).complete  # no win
    assert sample_win(pos.TWO_TURNS, budget) is None
    assert budget.nodes == 300


def test_random_plays_never_end_the_turn() -> None:
    rng = random.Random(3)
    state = FRESH[0]
    seen_end = False
    for _ in range(200):
        seen_end |= isinstance(random_turn_move(state, rng), EndTurn)
        assert not isinstance(random_turn_move(state, rng, ending=False), EndTurn)
    assert seen_end  # the test can tell: with the end allowed, it comes up


def test_normal_plays_a_win_only_random_plays_found() -> None:
    limit = Limit(nodes=DEFAULT_LIMITS["normal"].nodes)
    _, after = whole_turn(LEVELS["normal"](), FRESH[62], limit)
    assert after.verdict is not None and after.verdict.winner == FRESH[62].to_move
