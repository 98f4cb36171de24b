"""Match: history, undo/redo, branching and the endings every game shares."""

from __future__ import annotations

import random

import pytest

from game.conquid.rules.game import GAME
from game.core.errors import GameOverError, IllegalMoveError, NotationError, OptionsError
from game.core.match import CHECKPOINT_EVERY, DRAW, RESIGN, Match, Seat
from game.core.protocol import Outcome, OutcomeReason

OPENING = ["A 0,0 0,1 0,2", "A 6,13 6,12 6,11", "C"]


def small_match(moves: list[str] = OPENING) -> Match:
    match = Match(GAME, {"board": "small"})
    for text in moves:
        match.play(text)
    return match


def test_play_records_canonical_notation_and_history() -> None:
    match = Match(GAME, {"board": "small"})
    match.play("a 0,2  0,1 0,0")
    assert match.moves == ("A 0,0 0,1 0,2",)
    assert match.ply == 1 and match.to_move == 1
    assert match.state_at(0) == GAME.new_state({"board": "small"})


def test_notation_and_illegal_moves_raise_distinct_errors() -> None:
    match = small_match([])
    with pytest.raises(NotationError):
        match.play("Z 1,1")
    with pytest.raises(IllegalMoveError, match="base"):
        match.play("A 3,4 0,0 0,1")
    assert match.ply == 0, "a refused move changes nothing"


def test_undo_then_redo_restores_the_same_game() -> None:
    match = small_match()
    final = match.state
    assert match.undo() == "C"
    assert match.undo() == "A 6,11 6,12 6,13"
    assert match.ply == 1 and match.can_redo
    match.redo()
    match.redo()
    assert match.state == final and not match.can_redo


def test_a_new_move_clears_redo() -> None:
    match = small_match()
    match.undo()
    match.play("A 5,5 5,6 5,7")
    assert not match.can_redo
    with pytest.raises(IllegalMoveError):
        match.redo()


def test_resign_ends_the_game_for_the_side_to_move() -> None:
    match = small_match()  # three moves played: player 2 to move
    outcome = match.resign()
    assert outcome == Outcome(0, OutcomeReason.RESIGN)
    assert match.is_over and match.moves[-1] == f"{RESIGN} 1"
    with pytest.raises(GameOverError):
        match.play("C")
    match.undo()
    assert not match.is_over


def test_agreed_draw() -> None:
    match = small_match()
    assert match.agree_draw() == Outcome(None, OutcomeReason.DRAW_AGREED)
    assert match.moves[-1] == DRAW and len(match.results) == match.ply


def test_branch_keeps_the_first_moves_only() -> None:
    match = small_match()
    fork = match.branch(2)
    assert fork.moves == match.moves[:2] and fork.state == match.state_at(2)
    fork.play("C")
    assert match.ply == 3, "the original is untouched"
    with pytest.raises(IllegalMoveError):
        match.branch(9)


def test_options_and_seats_are_validated() -> None:
    with pytest.raises(OptionsError, match="Board"):
        Match(GAME, {"board": "huge"})
    with pytest.raises(OptionsError, match="columns"):
        Match(GAME, {"board": "custom", "rows": 7, "cols": 15, "base": 3})
    with pytest.raises(OptionsError, match="2 player"):
        Match(GAME, {}, seats=(Seat("solo"),))


def random_match(plies: int, seed: int = 3) -> tuple[Match, list[object]]:
    """A match of random moves, and every position it went through (kept here in full)."""
    rng = random.Random(seed)
    match = Match(GAME, {"board": "small"})
    states: list[object] = [match.state]
    while match.ply < plies and not match.is_over:
        match.play(GAME.random_move(match.state, rng))
        states.append(match.state)
    return match, states


def test_positions_between_checkpoints_are_replayed_exactly() -> None:
    match, states = random_match(3 * CHECKPOINT_EVERY + 5)
    assert [match.state_at(ply) for ply in range(match.ply + 1)] == states
    assert [match.state_at(ply) for ply in reversed(range(match.ply + 1))] == states[::-1]
    results = match.results
    assert len(results) == match.ply and results[-1] == results[match.ply - 1]
    assert [result.state for result in results] == states[1:]


def test_a_replayed_stretch_is_forgotten_when_its_moves_are_taken_back() -> None:
    """After undo and a different move, no position of the old line may be served again."""
    match, _ = random_match(CHECKPOINT_EVERY - 2)
    match.state_at(match.ply - 1)  # fills the stretch with the old line
    for _ in range(10):
        match.undo()
    match.play("C")
    rng = random.Random(99)
    while match.ply < CHECKPOINT_EVERY - 3:
        match.play(GAME.random_move(match.state, rng))
    fresh = match.branch(match.ply)
    for ply in range(match.ply + 1):
        assert match.state_at(ply) == fresh.state_at(ply), ply


def test_a_match_keeps_few_positions_whatever_its_length() -> None:
    match, _ = random_match(600)
    assert len(match._checkpoints) <= match.ply // CHECKPOINT_EVERY + 1
    assert len(match._stretch[1]) <= CHECKPOINT_EVERY


def test_last_turn_start_finds_where_a_side_s_last_run_of_moves_began() -> None:
    from game.catalog import all_games

    match = Match(all_games().get("piously"))
    rng = random.Random(3)
    while match.ply < 8:
        match.play(match.game.random_move(match.state, rng))
    assert [match.mover(ply) for ply in range(8)] == [1, 0, 1, 0, 1, 1, 1, 1]
    assert match.last_turn_start(1) == 4  # a turn of four actions
    assert match.last_turn_start(0) == 3
    assert Match(all_games().get("piously")).last_turn_start(0) is None
