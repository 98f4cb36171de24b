"""The review job: a worker process the UI starts, polls without waiting, stops and resumes,
and whose finished review equals the pure function's."""

from __future__ import annotations

import time

import pytest

from game.client.match.review import ReviewStatus
from game.core.review.reviewing import review_record
from game.review_job import ReviewJob
from tests.review.fakes import (
    FakeAnalyst,
    broken_analyst,
    conquid_analyst,
    random_match,
    slow_conquid_analyst,
)

PATIENCE = 60.0
"""Seconds a test waits for a worker (spawning one imports the game: about a second)."""


def wait(job: ReviewJob, until: object) -> ReviewStatus:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        status = job.poll()
        if until(status):  # type: ignore[operator]
            return status
        time.sleep(0.02)
    raise AssertionError("the job did not get there in time")


def test_a_job_reviews_the_whole_game_like_the_pure_function() -> None:
    match = random_match("conquid", 31, limit=12, board="small")
    expected = review_record(match, FakeAnalyst(match.game))
    with ReviewJob("conquid", conquid_analyst) as job:
        job.start(match)
        status = wait(job, lambda s: s.finished or s.error)
        assert status.error is None and not status.running
        assert status.review == expected and (status.done, status.total) == (12, 12)
        assert job.poll().review == expected, "polling again changes nothing"


def test_stop_keeps_the_plies_done_and_start_resumes() -> None:
    match = random_match("conquid", 32, limit=40, board="small")
    expected = review_record(match, FakeAnalyst(match.game))
    with ReviewJob("conquid", slow_conquid_analyst) as job:
        job.start(match)
        status = wait(job, lambda s: s.done >= 3)
        job.stop()
        kept = job.poll()
        assert not kept.running and not kept.finished and kept.total == 40
        assert kept.done >= status.done and kept.review is not None
        assert kept.review.plies == expected.plies[-kept.done:]
        job.start(match, resume=kept.review)
        first = wait(job, lambda s: s.total > 0)
        assert first.done >= kept.done, "the plies done are not searched again"
        assert wait(job, lambda s: s.finished or s.error).review == expected


def test_a_failing_analyst_is_reported() -> None:
    match = random_match("conquid", 33, limit=4, board="small")
    with ReviewJob("conquid", broken_analyst) as job:
        job.start(match)
        status = wait(job, lambda s: s.error)
        assert status.error is not None and "no engine here" in status.error
        assert not status.running


def test_a_job_refuses_another_game_or_depth() -> None:
    match = random_match("pushfight", 34, limit=4)
    job = ReviewJob("conquid", conquid_analyst)
    with pytest.raises(ValueError):
        job.start(match)
    with pytest.raises(ValueError):
        job.start(random_match("conquid", 34, limit=4, board="small"), "shallow")
    assert job.poll() == ReviewStatus(0, 0, False, False, None)


def test_the_app_hands_the_replay_a_worker_review() -> None:
    from game.client.match.review import ReviewRunner
    from game.main_window import ProcessReviews

    job: ReviewRunner = ProcessReviews().job("conquid")
    assert isinstance(job, ReviewJob) and job.poll() == ReviewStatus(0, 0, False, False, None)
