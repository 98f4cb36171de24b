"""The review saved with the game: round trips through the record, old records unchanged,
and the checks against the re-played game (plies, ended, staleness)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.core.record import Record, load_match, read_record, save_match
from game.core.review.analysis import Proof
from game.core.review.reviewing import review_record, stored_review
from game.core.review.section import MAX_LINE, to_json
from tests.review.fakes import GAMES, FakeAnalyst, random_match


@pytest.mark.parametrize(("game_id", "limit"), [
    ("conquid", 40), ("pushfight", 400), ("piously", 80), ("forts", 30)])
def test_a_review_round_trips_through_the_record(
    tmp_path: Path, game_id: str, limit: int
) -> None:
    match = random_match(game_id, 8, limit=limit)
    analyst = FakeAnalyst(match.game)
    analyst.proofs[match.game.encode(match.state_at(0))] = Proof(False, 7)
    review = review_record(match, analyst)
    path = tmp_path / "game.json"
    save_match(path, match, review)
    record = read_record(path)
    assert record.analysis == review and record.analysis_problem is None
    replayed = record.replay(GAMES)
    stored = stored_review(record, replayed, analyst.version)
    assert stored.review == review and not stored.stale and stored.problem is None
    assert stored_review(record, replayed, "fake 2").stale
    assert stored_review(record, replayed, None).stale
    assert Record.loads(record.dumps()) == record


def test_a_partial_review_round_trips() -> None:
    match = random_match("conquid", 9, limit=20, board="small")
    calls = iter(range(100))
    review = review_record(match, FakeAnalyst(match.game), stop=lambda: next(calls) > 8)
    assert not review.complete
    record = Record.loads(Record.of(match, analysis=review).dumps())
    assert record.analysis == review


def test_long_lines_are_cut_and_a_review_adds_few_containers() -> None:
    match = random_match("conquid", 10, limit=300, board="small")
    review = review_record(match, FakeAnalyst(match.game))
    longer = replace(review, plies=tuple(replace(p, line=p.line * 40) for p in review.plies))
    text = Record.of(match, analysis=longer).dumps()
    assert text.count("[") + text.count("{") < 40, "columns, not an object a ply"
    loaded = Record.loads(text).analysis
    assert loaded is not None and all(len(p.line) <= MAX_LINE for p in loaded.plies)


def test_a_record_without_a_review_is_written_as_before() -> None:
    match = random_match("conquid", 11, limit=10, board="small")
    document = Record.of(match).to_json()
    assert "analysis" not in document
    loaded = Record.from_json(document)
    assert loaded.analysis is None and loaded.analysis_problem is None


def test_a_review_whose_plies_are_not_the_games_is_left_out_when_re_played() -> None:
    match = random_match("piously", 12, limit=60)
    review = review_record(match, FakeAnalyst(match.game))
    section = {**to_json(review), "seat": [1 - seat for seat in to_json(review)["seat"]]}
    record = Record.from_json({**Record.of(match).to_json(), "analysis": section})
    assert record.analysis is not None, "its shape is fine"
    stored = stored_review(record, record.replay(GAMES), "fake 1")
    assert stored.review is None and stored.problem is not None
    assert "do not match" in stored.problem
    fewer = {**to_json(review), "plies": review.total - 1}
    record = Record.from_json({**Record.of(match).to_json(), "analysis": fewer})
    assert record.analysis is None and record.analysis_problem is not None


def test_a_review_that_says_the_game_ended_where_it_did_not_is_left_out() -> None:
    match = random_match("conquid", 13, limit=10, board="small")
    assert not match.is_over
    review = review_record(match, FakeAnalyst(match.game))
    section = {**to_json(review), "ended": True}
    record = Record.from_json({**Record.of(match).to_json(), "analysis": section})
    stored = stored_review(record, record.replay(GAMES), "fake 1")
    assert stored.review is None and stored.problem is not None and "ended" in stored.problem


def test_a_saved_game_opens_with_its_review(tmp_path: Path) -> None:
    match = random_match("pushfight", 14)
    review = review_record(match, FakeAnalyst(match.game))
    path = tmp_path / "game.json"
    save_match(path, match, review)
    assert load_match(path, GAMES).moves == match.moves
