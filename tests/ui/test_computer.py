"""Computer seats in the play scene, with an instant test double for the worker process."""

from __future__ import annotations

import random
from typing import Any

from game.client.app.services import Services
from game.core.match import Match
from game.core.player import Decision
from scenes.play import PlayScene
from scenes.setup import SetupScene
from tests.ui.driver import Driver
from tests.ui.test_play import acquire, choose


class SlowSeat:
    """Answers after ``delay`` polls: ``move_text`` if given, else a seeded random legal move."""

    def __init__(self, delay: int, move_text: str | None = None) -> None:
        self.delay = delay
        self.move_text = move_text
        self.busy = False
        self.stalled = False
        self.started = 0
        self._polls = 0
        self._match: Match | None = None

    def start(self, match: Match) -> None:
        self.busy, self._polls, self._match = True, 0, match
        self.started += 1

    def poll(self) -> Decision[Any] | None:
        if not self.busy or self._match is None:
            return None
        self._polls += 1
        if self._polls < self.delay:
            return None
        self.busy = False
        match = self._match
        if self.move_text is not None:
            return Decision(match.game.parse_move(self.move_text))
        return Decision(match.game.random_move(match.state, random.Random(match.ply)))

    def cancel(self) -> None:
        self.busy = False

    def close(self) -> None:
        self.busy = False


class InstantComputers:
    def __init__(self) -> None:
        self.seats: list[SlowSeat] = []

    def levels(self, game_id: str) -> list[str]:
        return ["quick"]

    def seat(self, game_id: str, level: str) -> SlowSeat:
        self.seats.append(SlowSeat(delay=20))
        return self.seats[-1]


def start_against_computer(driver: Driver, services: Services) -> PlayScene:
    services.computers = InstantComputers()
    driver.frames(2)
    driver.key("return")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    choose(driver, setup.widgets["opt:board"], "small")
    choose(driver, setup.widgets["kind:1"], "computer: quick")
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.match.seats[1].is_computer and play.match.seats[1].level == "quick"
    return play


def test_the_computer_answers_without_blocking_and_take_back_skips_it(
    driver: Driver, services: Services
) -> None:
    play = start_against_computer(driver, services)
    acquire(driver, play, (0, 0), (0, 1), (0, 2))  # waits 1 s: the computer replies
    assert play.match.ply == 2
    assert play.match.to_move == 0
    driver.key("left")  # take back: the computer's move and mine
    assert play.match.ply == 0


def test_a_human_cannot_move_for_the_computer(driver: Driver, services: Services) -> None:
    play = start_against_computer(driver, services)
    driver.key("c")
    driver.key("return")
    assert play.match.ply == 1
    driver.frames(2)  # the computer is thinking now
    driver.key("a")
    assert "thinking" in driver.toasts()[-1]
    play.command_by_name("resign")
    assert play.match.outcome is None
    driver.wait(1.0)
    assert play.match.ply == 2


def test_no_draw_offers_to_the_computer(driver: Driver, services: Services) -> None:
    play = start_against_computer(driver, services)
    play.command_by_name("offer_draw")
    assert "never accepts a draw" in driver.toasts()[-1]
