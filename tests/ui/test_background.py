"""The background work runs between frames, and never holds up a frame that waits for it."""

from __future__ import annotations

import sys
import time

import pytest

from game.client.app.background import Background

pytestmark = pytest.mark.skipif(sys.gettrace() is not None,
                                reason="a tracer (debugger, coverage) turns the holding off")


def _count_calls(seen: list[float], seconds: float) -> None:
    """Work made of many small Python calls (where it may stop), noting when each ran."""
    end = time.perf_counter() + seconds
    while _note(seen) < end:
        pass


def _note(seen: list[float]) -> float:
    seen.append(time.perf_counter())
    return seen[-1]


def test_the_work_waits_while_a_frame_is_computed() -> None:
    background, seen = Background(), []
    background.start([("count", lambda: _count_calls(seen, 0.7))])
    time.sleep(0.05)
    with background.frame():
        began = time.perf_counter()
        while time.perf_counter() - began < 0.2:  # the frame computes, holding the lock
            sum(range(200))
        ended = time.perf_counter()
    time.sleep(0.2)  # the work alone, as fast as it goes
    during = [moment for moment in seen if began + 0.01 < moment < ended]
    alone = [moment for moment in seen if ended + 0.01 < moment < ended + 0.2]
    assert background.wait(10)
    assert len(alone) > 1000
    assert len(during) < len(alone) / 10  # sharing the lock, the work would do about half


def test_a_frame_that_waits_for_the_work_lets_it_finish() -> None:
    background = Background()
    background.start([("count", lambda: _count_calls([], 0.1))])
    with background.frame():  # as a click that needs what the work is importing
        began = time.perf_counter()
        assert background.wait(10)
    assert time.perf_counter() - began < 2


def test_the_stages_run_in_order_and_the_switch_interval_comes_back() -> None:
    before = sys.getswitchinterval()
    background, order = Background(), []
    background.start([("one", lambda: order.append("one")), ("two", lambda: order.append("two"))])
    assert background.wait(10)
    assert order == ["one", "two"]
    assert [name for name, _, _ in background.stages] == ["one", "two"]
    assert all(began <= ended for _, began, ended in background.stages)
    assert sys.getswitchinterval() == before


def test_work_started_later_runs_in_a_thread_of_its_own() -> None:
    background, seen = Background(), []
    background.start([("long", lambda: _count_calls([], 0.3))])
    background.start([("later", lambda: seen.append("later"))])
    assert background.wait(10)
    assert seen == ["later"]
    assert [name for name, _, _ in background.stages] == ["later", "long"]
