"""Closing screens gives memory back once the process has grown enough, not at every close."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from game.ui import memory


def readings(monkeypatch: pytest.MonkeyPatch, values: list[float | None]) -> list[str]:
    """Feed ``resident_mb`` these values in turn; the list returned logs each collection."""
    feed: Iterator[float | None] = iter(values)
    collected: list[str] = []
    monkeypatch.setattr(memory, "resident_mb", lambda: next(feed))
    monkeypatch.setattr(gc, "collect", lambda *args: collected.append("collect") or 0)
    return collected


def test_a_closing_screen_reclaims_once_memory_grew_by_the_threshold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    grown = 100.0 + memory.GROWTH_MB
    collected = readings(monkeypatch, [100.0, 104.0, grown - 0.5, grown, 101.0, 105.0])
    reclaimer = memory.Reclaimer()  # reads 100
    assert not reclaimer.screen_closed()  # 104
    assert not reclaimer.screen_closed()  # just under the threshold
    assert reclaimer.screen_closed()  # grown by it: collect, then the new base (101)
    assert collected == ["collect"]
    assert not reclaimer.screen_closed(), "growth counts from after the last reclaim"


def test_without_a_memory_reading_it_reclaims_every_few_closes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    collected = readings(monkeypatch, [None] * (3 * memory.EVERY))
    reclaimer = memory.Reclaimer()
    done = [reclaimer.screen_closed() for _ in range(2 * memory.EVERY)]
    assert done.count(True) == 2 and done[memory.EVERY - 1] and done[-1]
    assert len(collected) == 2
