"""Judging a player's answer to one of their mistakes as the review judged the move: within
5 points of win chance of the best move (a point of a solo game's score), no proven win
given up, the best move and the mistake itself known without a search; a whole turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from game.core.match import Match
from game.core.review.analysis import Evaluation, Proof
from game.core.review.mistakes import accepted, answer_moves, judge_answer, known_answer, turn_over
from game.core.review.model import TURN_JOIN, Judgement, PlyReview
from game.core.review.reviewing import review_record
from tests.review.fakes import FakeAnalyst, random_match


def _mistake(game_id: str, seed: int, **options: object) -> tuple[PlyReview, Match, Any]:
    """A judged ply of a random game, the match, and another legal answer's position."""
    match = random_match(game_id, seed, limit=30, **options)
    review = review_record(match, FakeAnalyst(match.game))
    ply = review.judged()[0]
    return ply, match, match.state_at(ply.position_after)


def test_an_answer_within_five_points_of_the_best_move_is_accepted() -> None:
    ply, match, state = _mistake("conquid", 1, board="small")
    game = match.game
    assert game.to_move(state) != ply.seat, "the opponent's verdict, turned to the mover's"
    near = judge_answer(ply, "answer", game, state, Evaluation(1.0 - (ply.before - 0.049), ()))
    assert near.after == pytest.approx(ply.before - 0.049) and near.judgement is None
    assert accepted(near)
    far = judge_answer(ply, "answer", game, state, Evaluation(1.0 - (ply.before - 0.05), ()))
    assert far.judgement is Judgement.INACCURACY and not accepted(far)
    worse = judge_answer(ply, "answer", game, state, Evaluation(1.0 - (ply.before - 0.2), ()))
    assert worse.judgement is Judgement.BLUNDER and worse.move == "answer"


def test_an_answer_that_gives_up_a_proven_win_is_a_missed_win() -> None:
    ply, match, state = _mistake("conquid", 2, board="small")
    game = match.game
    won = replace(ply, before=1.0, proof=Proof(True, 2))
    unproven = judge_answer(won, "answer", game, state, Evaluation(0.03, ()))
    assert unproven.after == pytest.approx(0.97)
    assert unproven.judgement is Judgement.MISSED_WIN and not accepted(unproven)
    proven = judge_answer(won, "answer", game, state, Evaluation(0.0, (), Proof(False, 1)))
    assert proven.after_proof == Proof(True, 1) and accepted(proven)


def test_a_solo_answer_is_judged_in_expected_points() -> None:
    ply, match, state = _mistake("forts", 3)
    game = match.game
    assert ply.points_before is not None
    close = judge_answer(ply, "answer", game, state,
                         Evaluation(0.5, (), points=ply.points_before - 0.9))
    assert close.points_lost == pytest.approx(0.9) and accepted(close)
    lost = judge_answer(ply, "answer", game, state,
                        Evaluation(0.5, (), points=ply.points_before - 1.0))
    assert lost.judgement is Judgement.INACCURACY and not accepted(lost)
    with pytest.raises(ValueError, match="points"):
        judge_answer(ply, "answer", game, state, Evaluation(0.5, ()))


def test_the_best_move_and_the_mistake_again_need_no_search() -> None:
    ply, _, _ = _mistake("conquid", 4, board="small")
    assert ply.best is not None and ply.best != ply.move
    best = known_answer(ply, ply.best)
    assert best is not None and accepted(best) and best.after == ply.before
    again = known_answer(ply, ply.move)
    assert again == ply and not accepted(again)
    assert known_answer(ply, "something else") is None


def test_an_answer_that_wins_is_valued_by_the_result() -> None:
    match = random_match("conquid", 5, board="small")
    assert match.is_over and match.outcome is not None
    review = review_record(match, FakeAnalyst(match.game))
    last = review.plies[-1]
    assert last.ended
    mistaken = replace(last, after=0.0, ended=False, before=0.9)
    answer = judge_answer(mistaken, "answer", match.game, match.state, None)
    winner = match.outcome.winner
    assert answer.ended and answer.after == (0.5 if winner is None else
                                             float(winner == last.seat))
    with pytest.raises(ValueError, match="verdict"):
        judge_answer(mistaken, "answer", match.game, match.state_at(last.first), None)


def test_a_whole_turn_is_one_answer() -> None:
    match = random_match("piously", 5, limit=60)
    review = review_record(match, FakeAnalyst(match.game))
    ply = next(p for p in review.plies if p.count > 1)
    game = match.game
    moves = answer_moves(game, ply.move)
    assert len(moves) == ply.count and TURN_JOIN in ply.move
    state = match.state_at(ply.position_before)
    for move in moves[:-1]:
        state = game.apply(state, move).state
        assert not turn_over(game, state, ply.seat), "the turn goes on"
    state = game.apply(state, moves[-1]).state
    assert turn_over(game, state, ply.seat)


def test_a_placement_waiting_for_its_dice_is_a_whole_answer() -> None:
    ply, match, state = _mistake("forts", 6)
    game = match.game
    assert ply.count == 1 and turn_over(game, state, ply.seat), "the dice are to roll"
    assert not turn_over(game, match.state_at(ply.position_before), ply.seat)
    assert answer_moves(game, ply.move) == (game.parse_move(ply.move),)
