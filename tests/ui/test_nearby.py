"""The Online screen's LAN browser starts in the background, and is never left running."""

from __future__ import annotations

import threading
from typing import Any

from game.client.app.background import Background
from game.client.match.nearby import NearbyTables


class Fake:
    def __init__(self) -> None:
        self.closed = False

    def tables(self) -> list[Any]:
        return ["a table"]

    def close(self) -> None:
        self.closed = True


def test_tables_show_once_the_browser_is_up() -> None:
    background, browser = Background(), Fake()
    nearby = NearbyTables(background, lambda: browser)
    assert background.wait(5)
    assert nearby.tables() == ["a table"]
    nearby.close()
    assert browser.closed


def test_a_browser_closed_before_it_is_up_is_closed_when_it_comes_up() -> None:
    background, browser, go = Background(), Fake(), threading.Event()

    def slow() -> Fake:
        go.wait(5)
        return browser

    nearby = NearbyTables(background, slow)
    nearby.close()
    closed_early = browser.closed
    go.set()
    assert background.wait(5)
    assert not closed_early and browser.closed and nearby.tables() == []


def test_why_tables_cannot_be_found_is_said_once() -> None:
    background = Background()

    def no_multicast() -> None:
        raise OSError("no multicast route")

    nearby = NearbyTables(background, no_multicast)
    assert background.wait(5)
    assert nearby.problem() == "no multicast route"
    assert nearby.problem() is None and nearby.tables() == []


def test_a_build_that_browses_nothing_finds_nothing() -> None:
    background = Background()
    nearby = NearbyTables(background, lambda: None)
    assert background.wait(5)
    assert nearby.tables() == [] and nearby.problem() is None
    nearby.close()
