"""The Piously players in hand-made positions: wins taken, a win next turn stopped, a claim
that hands the opponent a winning spell refused, and a win two turns away prepared."""

from __future__ import annotations

import random

import pytest

from game.core.player import Budget, Limit, Player
from game.piously.ai import DEFAULT_LIMITS, LEVELS
from game.piously.ai.evaluate import WIN
from game.piously.ai.turns import Shape, TurnSearch
from game.piously.rules.game import GAME
from game.piously.rules.moves import EndTurn, Move
from game.piously.rules.state import PiouslyState
from tests.piously.ai import positions as pos

SMALL = Limit(nodes=1_500)
HARD = Limit(nodes=DEFAULT_LIMITS["hard"].nodes)
"""Hard's own node limit without its clock, so the tests reproduce on any machine."""
WIDE = Shape(width=40, depth=8, casts_per_spell=60)


def whole_turn(player: Player[PiouslyState, Move], state: PiouslyState, limit: Limit = SMALL
               ) -> tuple[list[Move], PiouslyState]:
    """The moves ``player`` makes until its turn ends or the game does, and the result."""
    seat = state.to_move
    played: list[Move] = []
    for ply in range(30):
        if state.verdict is not None or state.to_move != seat:
            return played, state
        move = player.choose(state, Budget(limit), random.Random(f"t/{ply}")).move
        played.append(move)
        state = GAME.apply(state, move).state
    raise AssertionError("the turn never ended")


def can_win_next(state: PiouslyState) -> bool:
    """Whether the side to move has a winning turn, by a search far wider than any level's."""
    search = TurnSearch(WIDE, Budget(Limit()), random.Random(0))
    return search.plans(state, 1)[0].score >= WIN


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_wins_by_blessing(level: str) -> None:
    _, after = whole_turn(LEVELS[level](), pos.WIN_BY_BLESS)
    assert after.verdict is not None and after.verdict.winner == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_planners_win_by_a_step_and_a_blessing(level: str) -> None:
    played, after = whole_turn(LEVELS[level](), pos.WIN_BY_WALK)
    assert after.verdict is not None and after.verdict.winner == 0
    assert [str(move) for move in played] == ["move 2,-1", "bless"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_planners_win_with_a_spell(level: str) -> None:
    played, after = whole_turn(LEVELS[level](), pos.WIN_BY_SPELL)
    assert after.verdict is not None and after.verdict.winner == 0
    assert any(str(move).startswith("cast Priestess") for move in played)


def test_the_positions_are_what_they_claim() -> None:
    """Each defensive position really is lost without the right defence."""
    assert can_win_next(GAME.apply(pos.BLOCK, EndTurn()).state)
    for claim in (0, 1):
        assert can_win_next(GAME.apply(pos.NO_POISONED_CLAIM, EndTurn(claim)).state)


def test_hard_blocks_the_only_winning_hex() -> None:
    _, after = whole_turn(LEVELS["hard"](), pos.BLOCK, HARD)
    assert after.verdict is None and after.to_move == 1
    assert not can_win_next(after)


def test_hard_refuses_a_claim_that_hands_over_a_winning_spell() -> None:
    played, after = whole_turn(LEVELS["hard"](), pos.NO_POISONED_CLAIM, HARD)
    assert after.verdict is None
    assert not can_win_next(after)
    assert played[-1] == EndTurn()


def test_hard_prepares_a_win_two_turns_away() -> None:
    """No turn wins now; hard values its turn as almost a win because its next turn wins
    after the opponent's best answer, and after its turn that win is still there."""
    assert not can_win_next(pos.TWO_TURNS)
    decision = LEVELS["hard"]().choose(pos.TWO_TURNS, Budget(HARD), random.Random(0))
    assert decision.depth == 3 and decision.score == WIN / 2
    _, after = whole_turn(LEVELS["hard"](), pos.TWO_TURNS, HARD)
    assert after.verdict is None and after.to_move == 1
    assert can_win_next(GAME.apply(after, EndTurn()).state)
