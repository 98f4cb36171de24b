"""Whole games typed into the move box, no pointer event posted; the box's words; refusals."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.client.access.typed import TypedForms
from game.client.app.services import Services
from game.client.match import result
from game.core.match import Match
from tests.ui.driver import Driver
from tests.ui.keyboard import press, ready, type_line

GAMES = [
    ("conquid", {"board": "small", "turn_limit": 6}),
    ("pushfight", {"turn_limit": 4}),
    ("forts", {}),
    ("piously", {"turn_limit": 4}),
]


@pytest.fixture
def instant(services: Services) -> Services:
    """No animations: a whole game in a few hundred frames."""
    services.settings = services.settings.with_(anim_speed=0.0)
    return services


def no_pointer(driver: Driver) -> list[int]:
    """Every pointer event the app is handed is counted (there must be none)."""
    seen: list[int] = []
    handle = driver.app.handle

    def counted(event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            seen.append(event.type)
        handle(event)

    driver.app.handle = counted  # type: ignore[method-assign]
    return seen


def typed_form(play: Any, move: object) -> str:
    """How a player types ``move``: the board's labels where the game has them."""
    notation = play.match.game.format_move(move)
    text = play.plugin.text()
    if isinstance(text, TypedForms):
        forms = text.typed_forms(play.match.state, notation)
        return forms[0] if forms else notation
    return notation


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_whole_game_through_the_move_box(driver: Driver, instant: Services, game_id: str,
                                           options: dict[str, Any]) -> None:
    pointer = no_pointer(driver)
    match = Match(instant.games.get(game_id), options, seed="keys")
    play = driver.open_play(match)
    rng = random.Random(7)
    press(driver, "/")
    assert play.access.box.shown
    while not match.is_over:
        ready(driver, play)
        if match.is_over:
            break
        move = match.game.random_move(match.state, rng)
        ply = match.ply
        type_line(driver, typed_form(play, move).lower())  # case forgiven
        if match.ply == ply:  # not whole and alone yet: Return plays it
            press(driver, "return")
        assert match.ply > ply, play.access.box.note
        assert match.moves[ply] == match.game.format_move(move)
    assert match.outcome is not None
    assert pointer == []
    said = result.words(match.seats, match.outcome, result.reader(match.seats))
    assert instant.speech.said[-1] == said.line


def test_piously_casts_are_typed_with_the_board_labels(driver: Driver,
                                                      instant: Services) -> None:
    """Spells and their targets, every kind random play comes to, typed as the board names
    them (``cast Leap S2``, ``cast Yoke P3 S``)."""
    match = Match(instant.games.get("piously"), {"turn_limit": 16})
    play = driver.open_play(match)
    rng = random.Random(0)
    press(driver, "/")
    typed: list[str] = []
    while not match.is_over:
        ready(driver, play)
        move = match.game.random_move(match.state, rng)
        ply = match.ply
        typed.append(typed_form(play, move))
        type_line(driver, typed[-1])
        if match.ply == ply:
            press(driver, "return")
        assert match.moves[ply] == match.game.format_move(move), play.access.box.note
    casts = [line for line in typed if line.startswith("cast")]
    assert {line.split()[1] for line in casts} >= {"Yoke", "Leap", "Overwork", "Purify"}
    assert not any("," in line for line in casts if line.split()[1] in ("Leap", "Purify"))
