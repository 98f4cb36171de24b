"""Closing screens gives memory back once the process has grown enough, not at every close."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pygame
import pytest

from game.client.app import memory
from game.client.app.app import STEP
from tests.ui.driver import Driver


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
    assert not reclaimer.spare() and not reclaimer.screen_closed()  # just under the threshold
    assert reclaimer.screen_closed()  # grown by it: due
    assert collected == [], "the closing frame does not collect"
    assert reclaimer.spare()  # a frame to spare: collect, then the new base (101)
    assert collected == ["collect"]
    assert not reclaimer.screen_closed(), "growth counts from after the last reclaim"
    assert not reclaimer.spare() and collected == ["collect"]


def test_without_a_memory_reading_it_reclaims_every_few_closes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    collected = readings(monkeypatch, [None] * (3 * memory.EVERY))
    reclaimer = memory.Reclaimer()
    done = []
    for _ in range(2 * memory.EVERY):
        reclaimer.screen_closed()
        done.append(reclaimer.spare())
    assert done.count(True) == 2 and done[memory.EVERY - 1] and done[-1]
    assert len(collected) == 2


def test_the_app_reclaims_in_a_frame_without_input_not_in_the_one_that_closes(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    collected: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda *args: collected.append("collect") or 0)
    monkeypatch.setattr(memory, "resident_mb", lambda: None)  # due after EVERY closes
    driver.app.services.memory = memory.Reclaimer()
    driver.frames(2)
    for _ in range(memory.EVERY):
        driver.key("f1")  # Help opens
        driver.app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                            unicode="", scancode=0)], STEP)  # and closes
        if driver.app.services.memory.due:
            break
    assert driver.app.services.memory.due and collected == []
    driver.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                        buttons=(0, 0, 0))], STEP)
    assert collected == [], "a frame with input has none to spare"
    driver.frames(1)
    assert collected == ["collect"] and not driver.app.services.memory.due
