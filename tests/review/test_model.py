"""The review's data model: judgements from win chances (lichess's thresholds), missed wins,
solo games judged in points, accuracy (lila's formulas) and the per-player summary."""

from __future__ import annotations

import math

import pytest

from game.core.review.accuracy import game_accuracy, move_accuracy
from game.core.review.analysis import Proof
from game.core.review.model import Judgement, PlyReview, Review


def ply(before: float, after: float, *, number: int = 1, seat: int = 0, move: str = "a",
        best: str = "b", **extra: object) -> PlyReview:
    return PlyReview(ply=number, seat=seat, first=number - 1, count=1, move=move,
                     before=before, after=after, line=(best, "c"), **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize(("lost", "judgement"), [
    (0.0, None), (0.049, None), (0.05, Judgement.INACCURACY), (0.099, Judgement.INACCURACY),
    (0.10, Judgement.MISTAKE), (0.1499, Judgement.MISTAKE), (0.15, Judgement.BLUNDER),
    (0.6, Judgement.BLUNDER),
])
def test_judgement_follows_the_win_chance_lost(lost: float, judgement: Judgement | None) -> None:
    assert ply(0.7, 0.7 - lost).judgement is judgement


def test_a_gain_is_no_loss_and_the_best_move_is_never_judged() -> None:
    assert ply(0.4, 0.6).loss == 0.0
    best = ply(0.8, 0.3, move="b")
    assert best.played_best and best.loss == 0.0 and best.judgement is None
    assert best.accuracy == 100.0


def test_a_proven_win_given_up_is_a_missed_win() -> None:
    won = Proof(True, 2)
    assert ply(1.0, 0.97, proof=won).judgement is Judgement.MISSED_WIN
    assert ply(1.0, 0.97, proof=won, after_proof=Proof(True, 3)).judgement is None
    assert ply(1.0, 1.0, proof=won, ended=True).judgement is None, "it won at once"
    assert ply(1.0, 1.0, proof=won, move="b").judgement is None, "it played the win"
    lost = ply(0.0, 0.0, proof=Proof(False, 2))
    assert lost.judgement is None and lost.proof_text == "loses in 2"


def test_solo_plies_are_judged_by_points_lost() -> None:
    def solo(lost: float) -> PlyReview:
        return ply(0.5, 0.1, points_before=20.0, points_after=20.0 - lost)

    assert [solo(x).judgement for x in (0.5, 1.0, 2.0, 4.0)] == [
        None, Judgement.INACCURACY, Judgement.MISTAKE, Judgement.BLUNDER]
    assert solo(3.0).points_lost == 3.0
    assert ply(0.5, 0.1).points_lost is None


def test_move_accuracy_is_lilas_curve() -> None:
    assert move_accuracy(0.5, 0.5) == 100.0
    assert move_accuracy(0.5, 0.6) == 100.0
    for lost in (1, 5, 10, 30, 60):
        expected = 103.1668100711649 * math.exp(-0.04354415386753951 * lost) \
            - 3.166924740191411 + 1
        assert move_accuracy(0.9, 0.9 - lost / 100) == pytest.approx(min(100.0, expected))
    assert move_accuracy(1.0, 0.0) == 0.0, "clamped at 0"


def test_game_accuracy_weights_by_volatility_and_the_harmonic_mean() -> None:
    chances = [0.5, 0.5, 0.5, 0.2, 0.2]
    moves = [(0, 100.0), (1, 100.0), (0, 40.0), (1, 100.0)]
    white, black = game_accuracy(chances, moves, 2)
    assert black == pytest.approx(100.0)
    # window 2: weights are the spread of each pair of chances, clamped to [0.5, 12]
    weights = [0.5, 0.5, 12.0, 0.5]
    weighted = (100 * weights[0] + 40 * weights[2]) / (weights[0] + weights[2])
    harmonic = 2 / (1 / 100 + 1 / 40)
    assert white == pytest.approx((weighted + harmonic) / 2)
    assert game_accuracy([0.5], [], 2) == (None, None)
    with pytest.raises(ValueError):
        game_accuracy([0.5], [(0, 100.0)], 2)


def test_the_window_grows_with_the_game() -> None:
    steady = [0.5] * 41
    assert game_accuracy(steady, [(i % 2, 100.0) for i in range(40)], 2) == (100.0, 100.0)


def test_review_summaries_count_each_judgement() -> None:
    plies = (ply(0.5, 0.5, number=1, seat=0), ply(0.5, 0.38, number=2, seat=1),
             ply(0.62, 0.4, number=3, seat=0), ply(0.6, 0.57, number=4, seat=1))
    review = Review("fake 1", "quick", 100, 2, 4, plies)
    first, second = review.summaries()
    assert first.moves == 2 and first.counts[Judgement.BLUNDER] == 1
    assert second.counts[Judgement.MISTAKE] == 1 and sum(second.counts.values()) == 1
    assert first.accuracy is not None and second.accuracy is not None
    assert first.accuracy < second.accuracy
    assert review.complete and review.first_ply == 1


def test_a_partial_review_holds_the_last_plies() -> None:
    plies = (ply(0.5, 0.5, number=3), ply(0.5, 0.5, number=4, seat=1))
    review = Review("fake 1", "quick", 100, 2, 4, plies)
    assert not review.complete and review.first_ply == 3
    assert review.at(2) is None and review.at(3) is plies[0] and review.at(5) is None
    assert review.for_move(3) is plies[1] and review.for_move(0) is None
    assert review.is_stale("fake 2") and not review.is_stale("fake 1")
    with pytest.raises(ValueError):
        Review("fake 1", "quick", 100, 2, 4, (plies[1], plies[0]))
    with pytest.raises(ValueError):
        Review("fake 1", "quick", 100, 2, 1, plies)


def test_a_solo_review_sums_the_points_lost_and_has_no_accuracy() -> None:
    plies = (ply(0.5, 0.4, points_before=10.0, points_after=8.5),
             ply(0.5, 0.4, number=2, points_before=9.0, points_after=9.0))
    (summary,) = Review("fake 1", "quick", 100, 1, 2, plies).summaries()
    assert summary.accuracy is None and summary.points_lost == 1.5
    assert summary.counts[Judgement.INACCURACY] == 1


def test_a_ply_names_its_positions_and_each_seats_chances() -> None:
    second = PlyReview(ply=2, seat=1, first=3, count=4, move="a; b", before=0.7, after=0.6,
                       line=())
    assert (second.position_before, second.position_after) == (3, 7)
    assert list(second.record_moves) == [3, 4, 5, 6]
    assert second.after_for(1) == 0.6 and second.after_for(0) == pytest.approx(0.4)
    assert second.before_for(0) == pytest.approx(0.3) and second.best is None


def test_judged_lists_the_moves_to_learn_from() -> None:
    plies = (ply(0.5, 0.44, number=1, seat=0), ply(0.5, 0.38, number=2, seat=1),
             ply(0.62, 0.4, number=3, seat=0), ply(1.0, 0.9, number=4, seat=1,
                                                   proof=Proof(True, 2)),
             ply(0.6, 0.6, number=5, seat=0))
    review = Review("fake 1", "quick", 100, 2, 5, plies)
    assert [p.ply for p in review.judged()] == [1, 2, 3, 4]
    assert [p.ply for p in review.judged(0)] == [1, 3]
    assert [p.ply for p in review.judged(least=Judgement.MISTAKE)] == [2, 3, 4]
    assert [p.ply for p in review.judged(1, Judgement.BLUNDER)] == [4]
