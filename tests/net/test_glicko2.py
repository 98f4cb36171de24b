"""Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system"."""

from __future__ import annotations

import pytest

from game.net.glicko2 import MIN_DEVIATION, Rating, Result, update


def test_the_papers_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    results = [Result(Rating(1400, 30), 1), Result(Rating(1550, 100), 0),
               Result(Rating(1700, 300), 0)]
    after = update(player, results)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_and_a_loss_lowers_and_games_shrink_the_deviation() -> None:
    new = Rating()
    assert new.provisional
    won = update(new, [Result(Rating(), 1)])
    lost = update(new, [Result(Rating(), 0)])
    assert won.rating > 1500 > lost.rating
    assert won.deviation < new.deviation


def test_no_games_only_widen_the_deviation_and_the_floor_holds() -> None:
    settled = Rating(1600, 40, 0.06)
    idle = update(settled, [])
    assert idle.rating == settled.rating and idle.deviation > settled.deviation
    rating = Rating(1500, 31)
    for _ in range(20):
        rating = update(rating, [Result(Rating(1500, 31), 0.5)], floor=MIN_DEVIATION)
    assert rating.deviation >= MIN_DEVIATION and not rating.provisional
