"""Whole games through game.core.match.Match, and records that save and re-play them."""

from __future__ import annotations

import random

import pytest

from game.catalog import all_games
from game.core.match import Match, Seat
from game.core.player import Budget, Limit
from game.core.record import Record
from game.pushfight.ai import LEVELS
from game.pushfight.rules.board import SQUARES
from game.pushfight.rules.game import GAME, State


def check_invariants(before: State, after: State) -> None:
    white, brown = after.white.bit_count(), after.brown.bit_count()
    assert white + brown >= 9 and white <= 5 and brown <= 5
    assert (after.white & after.brown) == 0
    assert after.squares & ~(after.white | after.brown) == 0
    if not after.in_setup:
        assert after.anchor in SQUARES
        mover = before.to_move
        assert (after.white, after.brown)[mover] >> after.anchor & 1
        assert after.squares >> after.anchor & 1


@pytest.mark.parametrize("seed", range(5))
def test_random_games_keep_invariants_and_replay_from_records(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(GAME, {"turn_limit": 80, "repetition_draw": seed % 2 == 0})
    while not match.is_over:
        before = match.state
        move = GAME.random_move(before, rng)
        assert move is not None
        match.play(move)
        if match.ply > 2:
            check_invariants(before, match.state)
    text = Record.of(match).dumps()
    again = Record.loads(text).replay(all_games())
    assert again.moves == match.moves and again.state == match.state
    assert again.outcome == match.outcome
    assert Record.of(again).options == {"turn_limit": 80, "repetition_draw": seed % 2 == 0}


def test_computer_players_finish_a_recorded_game() -> None:
    seats = (Seat("A", "computer", "normal"), Seat("B", "computer", "easy"))
    match = Match(GAME, {"turn_limit": 60}, seats)
    players = (LEVELS["normal"](), LEVELS["easy"]())
    rng = random.Random(4)
    while not match.is_over:
        decision = players[match.to_move].choose(match.state, Budget(Limit(nodes=5_000)), rng)
        match.play(decision.move)
    record = Record.loads(Record.of(match).dumps())
    assert record.moves[0].startswith("setup O") and record.moves[1].startswith("setup X")
    assert record.replay(all_games()).outcome == match.outcome


def test_undo_and_redo_across_setup_and_turns() -> None:
    match = Match(GAME)
    for text in ("setup Od3 Oc2 Od2 od4 od1", "setup Xe3 Xf3 Xe2 xe4 xe1", "d2-e2"):
        match.play(text)
    assert match.undo() == "d2-e2"
    assert match.state.ply == 2 and match.state.anchor == 0
    match.redo()
    assert match.moves[-1] == "d2-e2" and match.state.position.count("P") == 1
