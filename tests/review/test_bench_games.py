"""The games the review benchmark reviews (``bench/data``) load and have the lengths it
promises: 60 Conquid moves on the medium board, a whole Push Fight game, 40 Piously turns."""

from __future__ import annotations

from pathlib import Path

from game.core.record import read_record
from game.core.review.reviewing import spans
from tests.review.fakes import GAMES

DATA = Path(__file__).resolve().parents[2] / "bench" / "data"


def test_the_benchmark_games_are_what_the_benchmark_says() -> None:
    conquid = read_record(DATA / "review-conquid.json").replay(GAMES)
    assert conquid.options["board"] == "medium" and len(spans(conquid)) == 60
    pushfight = read_record(DATA / "review-pushfight.json").replay(GAMES)
    assert pushfight.is_over
    piously = read_record(DATA / "review-piously.json").replay(GAMES)
    assert len(spans(piously)) == 40 and piously.ply > 40
