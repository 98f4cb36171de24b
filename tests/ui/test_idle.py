"""The loop rests when nothing moves: scenes say when they need every frame."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from bench.idle import new_match
from game.client.app.app import MAX_DT, App
from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.app.wait import Waiter
from game.core.match import Match, Seat
from scenes.pause import PauseScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from tests.ui.driver import Driver


def skim(driver: Driver, seconds: float) -> None:
    """Let ``seconds`` pass in few, long frames (each as long as the loop allows)."""
    for _ in range(int(seconds / MAX_DT) + 1):
        driver.app.step([], MAX_DT)


def test_a_still_menu_lets_the_loop_rest_until_a_toast_shows(driver: Driver) -> None:
    driver.frames(3)
    assert not driver.app.animating()
    driver.app.services.toasts.show("hello")
    assert driver.app.animating()
    skim(driver, 4.0)  # the toast fades away
    assert not driver.app.animating()


@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts"])
def test_a_game_animates_only_while_a_move_plays(services: Services, game_id: str) -> None:
    match = new_match(services, game_id)
    scene = PlayScene(services, match)
    driver = Driver(App(services, scene))
    driver.frames(2)
    if match.to_move < 0:  # dice first: the roll is animated, then all is still
        assert driver.app.animating()
        skim(driver, 6.0)
    assert not driver.app.animating()
    before = match.state
    result = match.play(match.game.random_move(match.state, random.Random(2)))
    scene.view.animate(before, result, driver.app.clock)
    assert driver.app.animating()
    scene.view.skip()
    skim(driver, 6.0)
    assert not driver.app.animating()


def test_a_replay_animates_while_it_plays(services: Services) -> None:
    match = new_match(services, "conquid")
    match.play_text("C")
    scene = ReplayScene(services, match)
    driver = Driver(App(services, scene))
    driver.frames(2)
    assert not driver.app.animating()
    scene.go_to(0)
    scene.playing = True
    assert driver.app.animating()


def test_a_wait_ends_at_once_when_input_comes(services: Services) -> None:
    waiter = Waiter()
    pygame.event.clear()
    start = time.perf_counter()
    waiter.wait(0.05)
    assert time.perf_counter() - start >= 0.05
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    start = time.perf_counter()
    waiter.wait(5.0)
    assert time.perf_counter() - start < 1.0
    assert pygame.event.peek(pygame.MOUSEMOTION)  # the input is left for the loop


def test_a_computer_game_under_the_pause_menu_lets_the_loop_rest(services: Services) -> None:
    game = services.games.get("conquid")
    seats = (Seat("CPU", "computer", "normal"), Seat("Ada", "human"))
    scene = PlayScene(services, Match(game, {}, seats))
    driver = Driver(App(services, scene))
    driver.frames(1)
    assert driver.app.animating()  # the computer is to move
    driver.app.stack.apply(Push(PauseScene(services, scene, "conquid")))
    driver.frames(1)
    skim(driver, 4.0)  # any toast fades
    assert not driver.app.animating()
