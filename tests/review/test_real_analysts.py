"""Every game's own analyst through the review, at a small budget: the review and the
analysts agree on what a ply is (a Piously turn, a Forts placement before its roll), and
the result survives the record."""

from __future__ import annotations

import pytest

from game.catalog import plugins
from game.core.record import Record
from game.core.review.reviewing import review_record, stored_review
from tests.review.fakes import GAMES, random_match

BUDGET = 150


@pytest.mark.parametrize(("game_id", "limit"), [
    ("conquid", 8), ("pushfight", 8), ("piously", 24), ("forts", 8)])
def test_each_analyst_reviews_a_game(game_id: str, limit: int) -> None:
    load = plugins()[game_id].analyst
    assert load is not None
    analyst = load()
    match = random_match(game_id, 51, limit=limit)
    review = review_record(match, analyst, budget=BUDGET)
    assert review.complete and review.plies and review.engine == analyst.version
    assert any(ply.best is not None for ply in review.plies)
    record = Record.loads(Record.of(match, analysis=review).dumps())
    stored = stored_review(record, record.replay(GAMES), analyst.version)
    assert stored.review == review and not stored.stale
