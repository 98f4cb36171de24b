"""The computer players: legal, reproducible under a node budget, and the helper is sensible."""

from __future__ import annotations

import random
import statistics

import pytest

from game.core.match import Match
from game.core.player import Budget, Limit, Player
from game.core.protocol import CHANCE
from game.forts.ai import LEVELS, HelperPlayer, RandomPlayer, Weights, evaluate
from game.forts.rules.board import geometry
from game.forts.rules.game import GAME, FortsState, Move, Place, placement_problem, position, score


def run(player: Player[FortsState, Move], seed: int, nodes: int, **options: object) -> Match:
    """A whole game of ``player`` on the dice of ``seed``."""
    match = Match(GAME, options, seed=f"ai-{seed}")
    rng = random.Random(seed)
    while not match.is_over:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            decision = player.choose(match.state, Budget(Limit(nodes=nodes)), rng)
            match.play(decision.move)  # Match.play checks legality
    return match


def test_levels_name_their_players() -> None:
    assert list(LEVELS) == ["random", "helper"]
    for name, factory in LEVELS.items():
        assert factory().name == name


@pytest.mark.parametrize("anywhere", [False, True])
def test_helper_is_reproducible_under_a_node_budget(anywhere: bool) -> None:
    first = run(HelperPlayer(), 3, 150, anywhere=anywhere)
    assert first.moves == run(HelperPlayer(), 3, 150, anywhere=anywhere).moves


def test_helper_spends_about_its_budget_and_always_answers() -> None:
    state = GAME.new_state({})
    budget = Budget(Limit(nodes=1))
    decision = HelperPlayer().choose(state, budget, random.Random(0))
    move = decision.move
    assert isinstance(move, Place)
    assert placement_problem(state, move.value, move.row, move.col) is None
    assert decision.nodes == 36  # one cell: six rolls, the new territory killed or kept
    big = HelperPlayer().choose(state, Budget(Limit(nodes=10_000)), random.Random(0))
    assert big.nodes == 8 * 36


def test_helper_does_not_repeat_the_only_value_guarding_its_fort() -> None:
    state = position([".......", ".......", "..F3...", ".......", "......."])
    move = HelperPlayer().choose(state, Budget(Limit(nodes=10_000)), random.Random(0)).move
    assert isinstance(move, Place) and move.value != 3


def test_helper_completes_a_fort_when_it_can() -> None:
    state = position(["......", ".1....", "2.3...", "..F...", "......", "......"])
    move = HelperPlayer().choose(state, Budget(Limit(nodes=10_000)), random.Random(0)).move
    assert isinstance(move, Place) and move.cell == (3, 1)


def test_helper_stays_in_touch_in_the_anywhere_variant() -> None:
    state = GAME.new_state({"anywhere": True})
    move = HelperPlayer().choose(state, Budget(Limit(nodes=10_000)), random.Random(0)).move
    assert isinstance(move, Place) and abs(move.row - 4) <= 1 and abs(move.col - 4) <= 1


def test_evaluation_is_zero_without_a_living_fort() -> None:
    dead = position(["R1.", "...", "..."])
    geo = geometry(3, 3)
    assert evaluate(list(dead.cells), geo, Weights()) == 0
    assert evaluate(list(position(["F1.", "...", "..."]).cells), geo, Weights()) > 0


def test_helper_outlasts_the_random_placer() -> None:
    helper = [score(run(HelperPlayer(), seed, 400).state).turns_survived for seed in range(4)]
    chance = [score(run(RandomPlayer(), seed, 1).state).turns_survived for seed in range(4)]
    assert statistics.fmean(helper) > 2 * statistics.fmean(chance)
