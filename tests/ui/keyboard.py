"""A player's keyboard for headless tests: typed lines and the board cursor, no pointer."""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from game.client.access.cursor import STEPS, Place, step
from game.core.protocol import CHANCE
from tests.ui.driver import Driver

ARROWS = tuple(STEPS)


def press(driver: Driver, name: str, char: str = "") -> None:
    """One key down and up, with the character it types."""
    code = pygame.key.key_code(name)
    down = pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0)
    up = pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=char, scancode=0)
    driver.frames(1, [down, up])


def type_line(driver: Driver, text: str) -> None:
    """``text`` typed a character a frame (the move box reads it at every key)."""
    for char in text:
        code = pygame.key.key_code(char.lower()) if char.isalnum() else ord(char)
        event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0)
        driver.frames(1, [event])


def ready(driver: Driver, play: Any, frames: int = 600) -> None:
    """Frames until a person is to move with the board still (dice and animations done)."""
    for _ in range(frames):
        match = play.match
        if match.is_over or (match.to_move != CHANCE and play.table.human_to_move()
                             and not play.view.busy(play._clock) and not play.table.waiting()):
            return
        driver.frames(1)
    raise AssertionError("no person's turn came")


def route(places: tuple[Place, ...], start: Place, goal: str) -> list[str]:
    """The arrows that take the cursor from ``start`` to the place named ``goal``."""
    by_name = {place.name: place for place in places}
    assert goal in by_name, f"{goal} is no place now"
    seen: dict[str, list[str]] = {start.name: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here.name == goal:
            return seen[here.name]
        for way in ARROWS:
            there = step(places, here, way)
            if there.name not in seen:
                seen[there.name] = [*seen[here.name], way]
                queue.append(there)
    raise AssertionError(f"the cursor cannot reach {goal}")


def cursor_to(driver: Driver, keys: Any, goal: str) -> None:
    """Show the cursor of ``keys`` (a scene's ``BoardKeys``) if hidden (Down), then arrow keys
    to the place named ``goal``."""
    if not keys.cursor.shown:
        press(driver, "down")
    places = keys.places()
    for way in route(places, keys.cursor.at(places), goal):
        press(driver, way)
    assert keys.cursor.at(keys.places()).name == goal
