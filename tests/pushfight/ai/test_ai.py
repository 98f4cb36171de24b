"""Computer players: wins in one taken, losses in one avoided, sensible setups, determinism."""

from __future__ import annotations

import random

import pytest

from game.core.player import Budget, Limit
from game.pushfight.ai import LEVELS, evaluate
from game.pushfight.info import PUSH_OFF
from game.pushfight.rules import engine
from game.pushfight.rules.board import DANGER, PACKED_BITS
from game.pushfight.rules.game import GAME, State
from game.pushfight.rules.notation import Setup, Turn
from game.pushfight.rules.setups import standard_setup
from tests.pushfight.rules.positions import state

NODES = 20_000

THREATENED = [
    "ob1 Xc1 xd1 Od3 Oc3 Xe3",
    "oa2 xb2 Xc2 Od3 Oe2 xf3 Xg3",
    "og4 Xe4 xf4 Od3 Oc2 Xe2 xe1",
    "Oc4 Ob3 od3 xd4 Xe4 Xe3 xf2 Yf3",
]
"""White to move, no win in one, and most turns let Brown push a White piece off."""


def choose(level: str, position: State, seed: int = 0) -> Turn | Setup:
    decision = LEVELS[level]().choose(position, Budget(Limit(nodes=NODES)), random.Random(seed))
    GAME.check_move(position, decision.move)
    return decision.move


def test_levels_are_listed_by_name() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard"]
    for name, factory in LEVELS.items():
        assert factory().name == name


@pytest.mark.parametrize("level", list(LEVELS))
def test_setups_are_legal_and_keep_off_danger_squares(level: str) -> None:
    start = GAME.new_state({})
    for seed in range(10):
        white = choose(level, start, seed)
        assert isinstance(white, Setup) and white.side == 0
        after = GAME.apply(start, white).state
        brown = choose(level, after, seed)
        assert isinstance(brown, Setup) and brown.side == 1
        for setup in (white, brown):
            assert not any(DANGER >> i & 1 for i in setup.pushers | setup.rounds)


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize(
    "pieces",
    [
        "Od4 ob2 xa2 Xf3 xg3 Xf2",  # slide the pusher round to c2, then push a2 off
        "Oh3 Xf3 xg3 Od2 oc2 Xe2 xf1",
        "Od3 Oc2 od2 xe2 Xf2 xg2 Xh3",
    ],
)
def test_every_level_takes_a_win_in_one(level: str, pieces: str) -> None:
    position = state(pieces)
    for seed in range(3):
        result = GAME.apply(position, choose(level, position, seed))
        assert result.outcome is not None and result.outcome.winner == 0
        assert result.outcome.reason is PUSH_OFF


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("pieces", THREATENED)
def test_normal_and_hard_never_leave_a_win_in_one(level: str, pieces: str) -> None:
    position = state(pieces)
    results = engine.successors(position.packed, position.anchor, 0)
    unsafe = [
        r
        for r in results
        if engine.can_push_off(r & engine.PACKED_MASK, r >> PACKED_BITS, 1)
    ]
    assert 0 < len(unsafe) < len(results)
    for seed in range(2):
        after = GAME.apply(position, choose(level, position, seed)).state
        assert after.ending is None
        assert not engine.can_push_off(after.packed, after.anchor, 1)


def test_easy_never_pushes_its_own_piece_off_when_it_need_not() -> None:
    position = state("Ob3 oa3 Xe3 xd3 Od2")  # b3-a3 would drop White's own piece
    for seed in range(15):
        result = GAME.apply(position, choose("easy", position, seed))
        assert result.outcome is None or result.outcome.winner == 0


def test_a_node_budget_makes_choices_reproducible() -> None:
    position = GAME.apply(
        GAME.apply(GAME.new_state({}), standard_setup(0)).state, standard_setup(1)
    ).state
    first = choose("hard", position, 7)
    assert choose("hard", position, 7) == first


def test_the_evaluation_prefers_the_opponent_near_the_edge() -> None:
    safe = state("Od3 Xe3")
    exposed = state("Od3 Xh3")
    assert evaluate(exposed.packed, exposed.anchor, 0) > evaluate(safe.packed, safe.anchor, 0)
    assert evaluate(exposed.packed, exposed.anchor, 1) < evaluate(safe.packed, safe.anchor, 1)


@pytest.mark.parametrize("pieces", THREATENED)
def test_hard_out_of_budget_answers_at_once_and_still_avoids_a_loss_in_one(pieces: str) -> None:
    position = state(pieces)
    turns = len(engine.successor_turns(position.packed, position.anchor, position.to_move))
    decision = LEVELS["hard"]().choose(position, Budget(Limit(nodes=1)), random.Random(0))
    assert decision.nodes <= turns + 1  # no opponent reply was searched
    assert isinstance(decision.move, Turn)
    after = GAME.apply(position, decision.move).state
    assert not engine.can_push_off(after.packed, after.anchor, 1 - position.to_move)


@pytest.mark.parametrize("pieces", THREATENED[:2])
def test_hard_never_starts_a_candidate_that_would_overrun_its_budget(pieces: str) -> None:
    position = state(pieces)
    hard = LEVELS["hard"]()
    turns = len(engine.successor_turns(position.packed, position.anchor, position.to_move))
    first = hard.choose(position, Budget(Limit(nodes=turns + 2)), random.Random(0)).nodes
    step = max(1, (first - turns) // 4)
    for limit in range(first, first + 3 * (first - turns), step):
        decision = hard.choose(position, Budget(Limit(nodes=limit)), random.Random(0))
        assert decision.nodes <= limit
