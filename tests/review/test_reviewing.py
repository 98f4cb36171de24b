"""Reviewing a whole game with a stand-in analyst: plies (whole turns, no dice or meta
moves), last ply first, one search a position, equal budgets, stop and resume, dice."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.review.analysis import Evaluation, Proof
from game.core.review.model import TURN_JOIN, Judgement
from game.core.review.reviewing import budget_for, review_record, spans
from tests.review.fakes import GAMES, FakeAnalyst, random_match


def test_every_board_move_is_a_ply_reviewed_last_first() -> None:
    match = random_match("conquid", 3, limit=30, board="small")
    match.resign(match.to_move)
    analyst = FakeAnalyst(match.game)
    review = review_record(match, analyst)
    assert review.complete and review.total == 30 and review.budget == FakeAnalyst.quick_budget
    assert [p.ply for p in review.plies] == list(range(1, 31))
    assert [p.move for p in review.plies] == list(match.moves[:30]), "no resignation"
    assert [p.seat for p in review.plies] == [i % 2 for i in range(30)]
    game = match.game
    encoded = [game.encode(match.state_at(i)) for i in range(31)]
    searched = [code for code, _ in analyst.seen]
    on_record = [code for code in searched if code in encoded]
    assert on_record == encoded[::-1], "each position of the game searched once, last first"
    extra = len(searched) - len(on_record)
    assert extra == sum(not p.played_best for p in review.plies), "and each best move's"
    assert {budget for _, budget in analyst.seen} == {FakeAnalyst.quick_budget}
    assert all(p.before == p.after for p in review.plies if p.played_best)


def test_the_best_move_and_the_move_played_are_measured_alike() -> None:
    """An analyst that always favours the side to move must not make every move a blunder:
    both moves' positions have the opponent to move, so the bias cancels."""

    class Biased(FakeAnalyst):
        def evaluate(self, state: Any, budget: int) -> Evaluation:
            verdict = super().evaluate(state, budget)
            return Evaluation(0.8, verdict.line)

    match = random_match("conquid", 7, limit=20, board="small")
    review = review_record(match, Biased(match.game))
    assert all(p.judgement is None and p.loss == 0.0 for p in review.plies)
    assert all(p.before == pytest.approx(0.2) for p in review.plies)


def test_a_several_move_turn_is_one_ply() -> None:
    match = random_match("piously", 5, limit=60)
    plies = spans(match)
    assert match.game.info.several_moves_a_turn
    assert any(span.count > 1 for span in plies)
    covered = [i for span in plies for i in range(span.first, span.first + span.count)]
    assert covered == list(range(match.ply)), "every move in exactly one ply, in order"
    for span, following in itertools.pairwise(plies):
        assert span.seat != following.seat
        assert span.move == TURN_JOIN.join(match.moves[span.first:span.first + span.count])
    review = review_record(match, FakeAnalyst(match.game))
    assert review.for_move(plies[3].first + plies[3].count - 1) == review.at(4)


def test_stop_keeps_the_last_plies_and_resume_completes_them() -> None:
    match = random_match("conquid", 4, limit=20, board="small")
    analyst = FakeAnalyst(match.game)
    whole = review_record(match, analyst)
    searches = len(analyst.seen)
    seen: list[tuple[int, int]] = []
    asked = iter(range(100))
    half = review_record(match, FakeAnalyst(match.game),
                         progress=lambda done, total, _: seen.append((done, total)),
                         stop=lambda: next(asked) >= 14)
    assert not half.complete and 0 < len(half.plies) < 20
    assert seen == [(n, 20) for n in range(1, len(half.plies) + 1)]
    assert half.plies == whole.plies[-len(half.plies):]
    again = FakeAnalyst(match.game)
    rest = review_record(match, again, resume=half)
    assert rest == whole
    assert len(again.seen) < searches - len(half.plies), "the plies done are not redone"
    other = FakeAnalyst(match.game, version="fake 2")
    redone = review_record(match, other, resume=half)
    assert redone.complete and len(other.seen) == searches, "another engine starts again"


def test_a_proven_win_missed_is_judged() -> None:
    match = random_match("conquid", 6, limit=12, board="small")
    analyst = FakeAnalyst(match.game)
    analyst.proofs[match.game.encode(match.state_at(4))] = Proof(True, 3)
    review = review_record(match, analyst)
    fifth = review.at(5)
    assert fifth is not None and fifth.proof_text == "wins in 3"
    if not fifth.played_best:
        assert fifth.judgement is Judgement.MISSED_WIN
    analyst = FakeAnalyst(match.game)
    analyst.proofs[match.game.encode(match.state_at(4))] = Proof(True, 3)
    analyst.proofs[match.game.encode(match.state_at(5))] = Proof(False, 2)
    kept = review_record(match, analyst).at(5)
    assert kept is not None and kept.after_proof == Proof(True, 2) and kept.judgement is None


def test_the_last_move_that_ends_the_game_takes_its_result() -> None:
    match = random_match("pushfight", 2)
    assert match.outcome is not None
    review = review_record(match, FakeAnalyst(match.game))
    last = review.plies[-1]
    assert last.ended and last.after == (1.0 if match.outcome.winner == last.seat else 0.0)


def test_a_solo_game_is_valued_in_expected_points_over_the_dice() -> None:
    match = random_match("forts", 1, limit=9)
    analyst = FakeAnalyst(match.game)
    review = review_record(match, analyst)
    assert review.seats == 1 and all(p.seat == 0 for p in review.plies)
    assert [p.move for p in review.plies] == [m for m in match.moves if not m.startswith("roll")]
    assert all(p.points_before is not None and p.points_after is not None
               for p in review.plies)
    (summary,) = review.summaries()
    assert summary.points_lost is not None and summary.accuracy is None


def test_budgets_are_the_analysts_own() -> None:
    class Budgeted(FakeAnalyst):
        quick_budget = 7
        deep_budget = 70

    game = GAMES.get("conquid")
    assert budget_for(Budgeted(game), "deep") == 70
    assert budget_for(FakeAnalyst(game), "deep") == FakeAnalyst.deep_budget
    with pytest.raises(ValueError):
        budget_for(FakeAnalyst(game), "shallow")


def test_a_game_without_moves_has_an_empty_complete_review() -> None:
    match = Match(GAMES.get("conquid"), {"board": "small"})
    review = review_record(match, FakeAnalyst(match.game))
    assert review.complete and review.plies == () and review.summaries()[0].accuracy is None


def test_the_position_a_placement_makes_is_asked_of_the_analyst_before_its_roll() -> None:
    match = random_match("forts", 2, limit=9)
    analyst = FakeAnalyst(match.game)
    review = review_record(match, analyst)
    searched = {code for code, _ in analyst.seen}
    rolling = {match.game.encode(match.state_at(p.position_after)) for p in review.plies}
    assert rolling <= searched
    assert all(match.game.to_move(match.state_at(p.position_after)) == CHANCE
               for p in review.plies)
    assert len(analyst.seen) <= 3 * len(review.plies)
