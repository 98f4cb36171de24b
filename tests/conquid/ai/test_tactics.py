"""Forced moves every level must find, determinism from a seed, and node budgets kept."""

from __future__ import annotations

import random

import pytest

from game.conquid.ai import LEVELS
from game.conquid.rules.game import (
    GAME,
    Conquer,
    Conquest,
    ConquidState,
    Vanquish,
    conquest_available,
)
from game.core.match import Match
from game.core.player import Budget, Limit
from tests.conquid.ai.positions import (
    BREAK_BY_CONQUER,
    BREAK_BY_VANQUISH,
    CHAIN_IN_ONE,
    WIN_NOW,
    position,
)

SEEDS = range(4)


def choose(level: str, state: ConquidState, seed: int, nodes: int = 400) -> object:
    player = LEVELS[level]()
    return player.choose(state, Budget(Limit(nodes=nodes)), random.Random(seed)).move


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_level_declares_an_available_conquest(level: str, seed: int) -> None:
    assert choose(level, position(WIN_NOW), seed) == Conquest()


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_chain_is_broken_by_the_only_conquer_that_breaks_it(level: str, seed: int) -> None:
    assert choose(level, position(BREAK_BY_CONQUER), seed) == Conquer()


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_chain_is_broken_by_the_only_vanquish_that_breaks_it(level: str, seed: int) -> None:
    state = position(BREAK_BY_VANQUISH)
    assert GAME.move_problem(state, Vanquish((6, 10))) is None
    assert choose(level, state, seed) == Vanquish((6, 10))


def midgame(plies: int = 12) -> ConquidState:
    """A reproducible position reached by the easy level playing itself."""
    match = Match(GAME, {"board": "medium"})
    player = LEVELS["easy"]()
    while match.ply < plies:
        budget = Budget(Limit(nodes=10))
        match.play(player.choose(match.state, budget, random.Random(match.ply)).move)
    return match.state  # type: ignore[no-any-return]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_same_seed_and_node_budget_give_the_same_decision(level: str) -> None:
    state = midgame()
    decisions = [
        LEVELS[level]().choose(state, Budget(Limit(nodes=300)), random.Random(7))
        for _ in range(2)
    ]
    assert decisions[0] == decisions[1]
    assert GAME.move_problem(state, decisions[0].move) is None


@pytest.mark.parametrize(("level", "nodes"), [("normal", 5), ("hard", 30), ("hard", 200)])
def test_a_node_budget_is_kept(level: str, nodes: int) -> None:
    state = midgame()
    budget = Budget(Limit(nodes=nodes))
    decision = LEVELS[level]().choose(state, budget, random.Random(3))
    assert GAME.move_problem(state, decision.move) is None
    # A search checks the budget before each evaluation, which costs at most two nodes.
    assert budget.nodes <= nodes + 2
    assert decision.nodes == budget.nodes


def test_a_bigger_budget_lets_hard_search_deeper() -> None:
    state = midgame(4)
    shallow = LEVELS["hard"]().choose(state, Budget(Limit(nodes=3)), random.Random(1))
    deep = LEVELS["hard"]().choose(state, Budget(Limit(nodes=5_000)), random.Random(1))
    assert shallow.depth == 1
    assert deep.depth == 2 and len(deep.line) == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_random_plays_legal_moves(seed: int) -> None:
    state = midgame(6)
    move = choose("random", state, seed)
    assert GAME.move_problem(state, move) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("seed", SEEDS)
def test_an_unbreakable_chain_is_completed(level: str, seed: int) -> None:
    state = position(CHAIN_IN_ONE)
    move = choose(level, state, seed)
    after = GAME.apply(state, move).state  # type: ignore[arg-type]
    assert conquest_available(after, 0)


@pytest.mark.parametrize("board", ["small", "medium"])
@pytest.mark.parametrize("seed", range(3))
def test_levels_play_legal_moves_through_whole_games(board: str, seed: int) -> None:
    match = Match(GAME, {"board": board, "turn_limit": 40})
    players = [LEVELS[name]() for name in ("hard", "normal", "easy", "random")]
    rng = random.Random(seed)
    while not match.is_over:
        player = players[(match.ply + seed) % len(players)]
        decision = player.choose(match.state, Budget(Limit(nodes=25)), rng)
        match.play(decision.move)  # raises IllegalMoveError on an illegal move
