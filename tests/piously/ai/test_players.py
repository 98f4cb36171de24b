"""The Piously players' contract: legal moves everywhere, reproducible per seed and node
budget, plans continued only in the position they expected, and the set-up moves."""

from __future__ import annotations

import random

import pytest

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS
from game.piously.ai.players import PlanningPlayer
from game.piously.rules.game import GAME, move_problem
from game.piously.rules.hexes import parse_hex
from game.piously.rules.moves import BuildTemple, EndTurn, PlacePiece
from game.piously.rules.state import Phase, PiouslyState
from game.piously.rules.temple import DEFAULT_LAYOUT, layout_problem
from tests.piously.ai import positions as pos

TINY = Limit(nodes=300)


def random_positions(seed: int, count: int) -> list[PiouslyState]:
    """Positions met in a game of random moves (set-up included)."""
    rng = random.Random(seed)
    state = GAME.new_state({})
    found = [state]
    while len(found) < count and state.verdict is None:
        move = GAME.random_move(state, rng)
        assert move is not None
        state = GAME.apply(state, move).state
        if state.verdict is None:
            found.append(state)
    return found


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_legal_moves_in_random_positions(level: str) -> None:
    for index, state in enumerate(random_positions(7, 40)[::3]):
        decision = LEVELS[level]().choose(state, Budget(TINY), random.Random(index))
        assert move_problem(state, decision.move) is None, (GAME.encode(state), decision.move)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_player_plays_its_whole_plan_legally(level: str) -> None:
    player = LEVELS[level]()
    state = random_positions(11, 30)[-1]
    seat = state.to_move
    for ply in range(20):
        if state.to_move != seat or state.verdict is not None:
            return
        move = player.choose(state, Budget(TINY), random.Random(ply)).move
        assert move_problem(state, move) is None
        state = GAME.apply(state, move).state
    raise AssertionError("the turn never ended")


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_seed_and_nodes_same_moves(level: str) -> None:
    states = random_positions(5, 30)[4::5]

    def moves() -> list[str]:
        return [
            str(LEVELS[level]().choose(state, Budget(TINY), random.Random(f"s/{i}")).move)
            for i, state in enumerate(states)
        ]

    assert moves() == moves()


def test_hard_is_reproducible_at_its_own_node_limit() -> None:
    """Hard's three-level search under its default node limit (no clock) repeats exactly."""
    limit = Limit(nodes=DEFAULT_LIMITS["hard"].nodes)
    state = next(s for s in random_positions(5, 30)[10:] if s.phase is Phase.PLAY)

    def decide() -> tuple[object, ...]:
        decision = LEVELS["hard"]().choose(state, Budget(limit), random.Random("same"))
        return decision.line, decision.score, decision.nodes

    assert decide() == decide()


def test_a_plan_is_continued_only_in_the_position_it_expected() -> None:
    player = LEVELS["normal"]()
    assert isinstance(player, PlanningPlayer)
    first = player.choose(pos.BLOCK, Budget(TINY), random.Random(1))
    assert len(first.line) > 1 and first.nodes > 0
    after = GAME.apply(pos.BLOCK, first.move).state
    follow = player.choose(after, Budget(TINY), random.Random(2))
    assert follow.move == first.line[1] and follow.nodes == 0
    fresh = player.choose(pos.WIN_BY_BLESS, Budget(TINY), random.Random(3))
    assert fresh.nodes > 0 and str(fresh.move) == "bless"


def test_the_computer_builds_valid_varied_temples_and_places_centrally() -> None:
    start = GAME.new_state({})
    layouts = set()
    for seed in range(4):
        move = LEVELS["hard"]().choose(start, Budget(TINY), random.Random(seed)).move
        assert isinstance(move, BuildTemple) and layout_problem(move.layout) is None
        layouts.add(move.layout)
    assert len(layouts) > 1
    built = GAME.apply(start, BuildTemple(DEFAULT_LAYOUT)).state
    assert built.phase is Phase.PLACE
    place = LEVELS["normal"]().choose(built, Budget(TINY), random.Random(0)).move
    assert isinstance(place, PlacePiece)
    # the default temple's outermost hexes are never chosen
    assert place.hex not in {parse_hex("6,-3"), parse_hex("-1,4"), parse_hex("2,-4")}


def test_every_level_has_a_default_limit() -> None:
    assert set(DEFAULT_LIMITS) == set(LEVELS)
    assert all(limit.nodes for limit in DEFAULT_LIMITS.values())


def test_easy_ends_its_turn_once_out_of_actions() -> None:
    state = pos.position(("4,-3",), ("2,0",), ("3,-1", "1,0"), actions=0)
    move = LEVELS["easy"]().choose(state, Budget(TINY), random.Random(0)).move
    assert isinstance(move, EndTurn)
