"""Hints for human players and the computer-vs-computer demo from the menu."""

from __future__ import annotations

import pygame

from game.client.app.services import Services
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.play_parts.pacing import DEMO_PAUSE
from tests.ui.driver import Driver
from tests.ui.test_computer import SlowSeat
from tests.ui.test_play import start_small_game


class ScriptedComputers:
    def __init__(self, levels: list[str], move_text: str | None = None, delay: int = 3) -> None:
        self._levels = levels
        self.move_text = move_text
        self.delay = delay
        self.seats: list[SlowSeat] = []

    def levels(self, game_id: str) -> list[str]:
        return self._levels

    def seat(self, game_id: str, level: str) -> SlowSeat:
        self.seats.append(SlowSeat(self.delay, self.move_text))
        return self.seats[-1]


def test_a_hint_is_previewed_and_played_on_confirm(driver: Driver, services: Services) -> None:
    play = start_small_game(driver)
    services.computers = ScriptedComputers(["easy", "normal"], "A 0,0 0,1 0,2")
    driver.key("h")
    driver.frames(5)
    assert any(text.startswith("Hint: ") for text in driver.toasts())
    assert play.view.proposal().move == play.match.game.parse_move("A 0,0 0,1 0,2")
    driver.key("return")
    assert play.match.moves == ("A 0,0 0,1 0,2",)


def test_a_hint_is_dropped_when_the_position_changes(driver: Driver, services: Services) -> None:
    play = start_small_game(driver)
    services.computers = ScriptedComputers(["normal"], "A 0,0 0,1 0,2", delay=20)
    driver.key("h")
    driver.key("c")
    driver.key("return")  # a pass, played before the hint arrived
    driver.frames(30)
    assert not any(text.startswith("Hint: ") for text in driver.toasts())
    assert play.match.moves == ("C",)


def test_no_hint_without_a_normal_computer_player(driver: Driver, services: Services) -> None:
    play = start_small_game(driver)
    services.computers = ScriptedComputers([])
    driver.key("h")
    assert any("no hints" in text for text in driver.toasts())
    assert play.match.ply == 0


def test_the_demo_plays_itself_is_never_autosaved_and_moves_on(
    driver: Driver, services: Services
) -> None:
    services.computers = ScriptedComputers(["normal", "hard"])
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    demo_button = next(w for w, text, _ in menu.entries if text == "Watch the computers play")
    driver.press(demo_button)
    play = driver.top
    assert isinstance(play, PlayScene) and play.demo
    assert all(seat.is_computer for seat in play.match.seats)
    driver.wait(3.0)
    assert play.match.ply >= 2, "the computers play without a human"
    played = play.match.ply
    driver.key("z", pygame.KMOD_CTRL)
    assert play.match.ply >= played, "take back never unwinds a game of computers"
    assert not services.paths.autosaves.exists(), "a demo never replaces the player's autosave"
    first_game = play.match.game.info.id
    play.match.resign()
    driver.wait(DEMO_PAUSE + 1.0)
    after = driver.top
    assert isinstance(after, PlayScene) and after.demo and after is not play
    games_with_views = [g.info.id for g in services.games if g.info.id in services.views]
    two_player = [g for g in games_with_views if services.games.get(g).info.players == 2]
    expected = two_player[(two_player.index(first_game) + 1) % len(two_player)]
    assert after.match.game.info.id == expected
