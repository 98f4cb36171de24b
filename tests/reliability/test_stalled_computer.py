"""A computer player that stops answering: its worker stopped with
SIGSTOP, or hung. The seat's watchdog says so past its budget; the game says what happened
and offers a fresh computer player or a person in the seat; cancelling never freezes a
frame. Piously, where the computer may move first, has nothing to take back."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import computer as worker
from game.catalog import all_games
from game.client.app.app import App
from game.client.app.services import Services
from game.client.files.paths import Paths
from game.client.match.computer import STALLED_CHOICES, STALLED_TITLE
from game.core.match import Match, Seat
from game.core.player import Limit
from game.main_window import build_services
from scenes.menu import MenuScene
from tests.ui.driver import Driver
from tests.ui.test_computer import SlowSeat

GAMES = all_games()


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")
def test_a_stopped_worker_is_noticed_cancelled_at_once_and_restarted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(worker, "PATIENCE", 0.3)
    match = Match(GAMES.get("conquid"), {"board": "small"})
    seat = worker.ComputerSeat("conquid", "easy", Limit(time=0.05, nodes=50))
    try:
        seat.start(match)
        process = seat._process
        assert process is not None and process.pid is not None
        os.kill(process.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 10
        while not seat.stalled and time.monotonic() < deadline:
            assert seat.poll() is None
            time.sleep(0.05)
        assert seat.stalled and seat.busy
        started = time.perf_counter()
        seat.cancel()
        assert time.perf_counter() - started < 0.5, "a stopped worker is ended at once"
        assert not seat.stalled and not process.is_alive()
        seat.start(match)  # restart: a fresh worker answers
        deadline = time.monotonic() + 60
        decision = None
        while decision is None and time.monotonic() < deadline:
            decision = seat.poll()
            time.sleep(0.02)
        assert decision is not None and not seat.stalled
    finally:
        seat.close()


class StuckComputers:
    """Every seat is a :class:`SlowSeat` that never answers; the test says when it stalls."""

    def __init__(self) -> None:
        self.seats: list[SlowSeat] = []

    def levels(self, game_id: str) -> list[str]:
        return ["quick"]

    def seat(self, game_id: str, level: str) -> SlowSeat:
        self.seats.append(SlowSeat(delay=10**9))
        return self.seats[-1]


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    services = build_services(Paths.under(tmp_path / "home"), (1280, 720))
    services.computers = StuckComputers()
    yield services
    pygame.quit()


def piously_against_a_stuck_computer(services: Services) -> tuple[Driver, SlowSeat]:
    game = GAMES.get("piously")
    match = Match(game, {}, (Seat("Ada"), Seat("Computer", "computer", "quick")))
    assert match.to_move == 1 and match.ply == 0, "the computer moves first"
    driver = Driver(App(services, MenuScene(services)))
    play = driver.open_play(match)
    assert isinstance(services.computers, StuckComputers)
    [seat] = services.computers.seats
    assert seat.busy and not play.dialog_open()
    seat.stalled = True
    driver.frames(2)
    return driver, seat


def stall_dialog(driver: Driver) -> object:
    [dialog] = [element for element in driver.app.services.ui.get_root_container().elements
                if type(element).__name__ == "UIConfirmationDialog" and element.alive()]
    assert dialog.window_display_title == STALLED_TITLE
    assert "Computer" in dialog.confirmation_text.html_text
    assert dialog.confirm_button.text == STALLED_CHOICES[0]
    assert dialog.cancel_button.text == STALLED_CHOICES[1]
    return dialog


def test_a_stalled_computer_is_said_and_can_be_restarted(services: Services) -> None:
    driver, seat = piously_against_a_stuck_computer(services)
    dialog = stall_dialog(driver)
    started = seat.started
    seat.stalled = False  # as a fresh worker would be
    driver.press(dialog.confirm_button)  # type: ignore[attr-defined]
    driver.frames(2)
    assert seat.started == started + 1, "the computer player started afresh"
    assert seat.busy and not driver.top.dialog_open()
    assert driver.top.computers == {1: seat}


@pytest.mark.parametrize("how", ["choice", "close"])
def test_a_stalled_computer_seat_can_be_played_by_a_person(
    services: Services, how: str
) -> None:
    driver, seat = piously_against_a_stuck_computer(services)
    dialog = stall_dialog(driver)
    if how == "choice":
        driver.press(dialog.cancel_button)  # type: ignore[attr-defined]
    else:
        driver.key("escape")
    driver.frames(2)
    play = driver.top
    assert play.computers == {} and not seat.busy
    assert play._human_to_move(), "the person plays the computer's seat from here"
    assert driver.app.running and sys.modules["scenes.play"].PlayScene is type(play)
