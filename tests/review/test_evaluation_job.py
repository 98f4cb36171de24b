"""The one-position evaluation job: a worker process that judges a position as the analyst
does in-process, is kept for the next one, can be cancelled, and reports a failure."""

from __future__ import annotations

import random
import time

import pytest

from game.catalog import plugins
from game.client.match.evaluation import EvaluationError
from game.core.review.analysis import Evaluation
from game.evaluation_job import EvaluationJob
from tests.review.fakes import (
    FakeAnalyst,
    broken_analyst,
    conquid_analyst,
    random_match,
    slow_conquid_analyst,
)

PATIENCE = 60.0
"""Seconds a test waits for a worker (spawning one imports the game: about a second)."""


def wait(job: EvaluationJob) -> Evaluation:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        verdict = job.poll()
        if verdict is not None:
            return verdict
        time.sleep(0.02)
    raise AssertionError("the job did not answer in time")


def test_the_verdict_is_the_analysts_and_the_worker_is_kept() -> None:
    match = random_match("conquid", 41, limit=9, board="small")
    with EvaluationJob("conquid", conquid_analyst) as job:
        job.start(match, 1234)
        assert wait(job) == FakeAnalyst(match.game).evaluate(match.state, 1234)
        assert job.poll() is None, "once only"
        worker = job._process
        match.play(match.game.random_move(match.state, random.Random(1)))
        job.start(match, 1234)
        assert wait(job) == FakeAnalyst(match.game).evaluate(match.state, 1234)
        assert job._process is worker, "the next answer waits for no new process"


def test_cancel_ends_the_search_and_a_new_one_starts_afresh() -> None:
    match = random_match("conquid", 42, limit=6, board="small")
    with EvaluationJob("conquid", slow_conquid_analyst) as job:
        job.start(match, 100)
        job.cancel()
        assert not job.busy and job.poll() is None
        job.start(match, 100)
        assert wait(job).line


def test_a_failing_analyst_is_reported_for_people() -> None:
    match = random_match("conquid", 43, limit=4, board="small")
    with EvaluationJob("conquid", broken_analyst) as job:
        job.start(match, 100)
        with pytest.raises(EvaluationError, match="no engine here"):
            wait(job)


def test_a_finished_game_or_another_game_is_refused() -> None:
    match = random_match("conquid", 44, board="small")
    assert match.is_over
    job = EvaluationJob("conquid")
    with pytest.raises(ValueError, match="over"):
        job.start(match, 100)
    with pytest.raises(ValueError, match="pushfight"):
        job.start(random_match("pushfight", 1, limit=2), 100)


def test_the_real_analyst_on_a_short_position() -> None:
    match = random_match("conquid", 45, limit=6, board="small")
    load = plugins()["conquid"].analyst
    assert load is not None
    budget = load().quick_budget
    with EvaluationJob("conquid") as job:
        job.start(match, budget)
        verdict = wait(job)
    assert 0.0 <= verdict.value <= 1.0 and verdict.best is not None
    match.game.check_move(match.state, match.game.parse_move(verdict.best))
