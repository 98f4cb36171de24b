"""Whole games played with the board cursor (arrows, Space, Return), no pointer event posted."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from game.client.app.services import Services
from game.core.match import Match
from game.piously.rules.state import SEAT_NAMES
from game.piously.rules.temple import ROOM_LETTERS
from game.pushfight.rules.board import square_name
from tests.ui.driver import Driver
from tests.ui.keyboard import cursor_to, press, ready
from tests.ui.test_access_box import no_pointer

Chooser = Callable[[Driver, Any, random.Random], str]


@pytest.fixture
def instant(services: Services) -> Services:
    services.settings = services.settings.with_(anim_speed=0.0)
    return services


def pick(driver: Driver, play: Any, place: str) -> None:
    cursor_to(driver, play.access.board, place)
    press(driver, "space")


def conquid(driver: Driver, play: Any, rng: random.Random) -> str:
    """An acquisition: three empty cells picked, then Return."""
    game, state = play.match.game, play.match.state
    move = next(m for m in iter(lambda: game.random_move(state, rng), None)
                if game.format_move(m).startswith("A "))
    for cell in game.format_move(move).split()[1:]:
        pick(driver, play, cell)
    press(driver, "return")
    return game.format_move(move)


def forts(driver: Driver, play: Any, rng: random.Random) -> str:
    """A value from the palette (unless chosen already), then a cell: the click plays it."""
    game = play.match.game
    notation = game.format_move(game.random_move(play.match.state, rng))
    value, cell = notation.split()
    if play.view.selected_action() != f"value{value}":
        pick(driver, play, f"value {value}")
    pick(driver, play, cell)
    return notation


def pushfight(driver: Driver, play: Any, rng: random.Random) -> str:
    """Set-up: the squares, pushers first (the tray gives them in that order), then Return.
    A turn: each slide's piece and square, the pusher and what it pushes, then Return."""
    game = play.match.game
    move = game.random_move(play.match.state, rng)
    if hasattr(move, "pushers"):
        for square in [*sorted(move.pushers), *sorted(move.rounds)]:
            pick(driver, play, square_name(square))
    else:
        for src, dst in [*move.slides, move.push]:
            pick(driver, play, square_name(src))
            pick(driver, play, square_name(dst))
    press(driver, "return")
    return game.format_move(move)


def piously(driver: Driver, play: Any, rng: random.Random) -> str:
    """The temple by the builder's default button and Return; a piece placed, a step, a
    blessing by picking a hex (the piece's own hex blesses); the turn ended by its key and
    the claim dialog's choice picked with the cursor."""
    game, state = play.match.game, play.match.state
    text = play.plugin.text()
    moves = [m for m in game.legal_moves(state)
             if game.format_move(m).split()[0] in ("temple", "place", "move", "bless", "end")
             and not game.format_move(m).startswith("end take")]
    move = rng.choice(moves)
    notation = game.format_move(move)
    word = notation.split()[0]
    if word == "temple":
        pick(driver, play, "Default layout")
        press(driver, "return")
    elif word in ("place", "move"):
        pick(driver, play, text.typed_forms(state, notation)[0].split()[1])
    elif word == "bless":
        mine = f"{SEAT_NAMES[state.to_move]}'s piece"
        places = play.access.board.places()
        pick(driver, play, next(p.name for p in places if mine in p.what))
    else:
        press(driver, "e", "e")
        if play.view.claim_open:
            pick(driver, play, "claim neither")
    return notation


CHOOSERS: dict[str, tuple[dict[str, Any], Chooser]] = {
    "conquid": ({"board": "small", "turn_limit": 6}, conquid),
    "pushfight": ({"turn_limit": 4}, pushfight),
    "forts": ({}, forts),
    "piously": ({"turn_limit": 4}, piously),
}


@pytest.mark.parametrize("game_id", list(CHOOSERS))
def test_a_whole_game_with_the_cursor(driver: Driver, instant: Services, game_id: str) -> None:
    pointer = no_pointer(driver)
    options, choose = CHOOSERS[game_id]
    match = Match(instant.games.get(game_id), options, seed="keys")
    play = driver.open_play(match)
    rng = random.Random(11)
    while not match.is_over:
        ready(driver, play)
        if match.is_over:
            break
        ply = match.ply
        notation = choose(driver, play, rng)
        assert match.ply > ply, (notation, list(instant.toasts.history)[-3:])
        assert match.moves[ply] == notation
    assert pointer == []


def test_a_lesson_step_played_with_the_cursor(driver: Driver) -> None:
    from game.core.learn import Verdict
    from tests.ui.test_learn import open_lesson, settle

    lesson = open_lesson(driver, "conquid", 0)
    pointer = no_pointer(driver)  # (from here on: the lesson was opened with clicks)
    for place in ("0,0", "0,1", "6,13"):
        cursor_to(driver, lesson.keys, place)
        press(driver, "space")
    press(driver, "return")  # the cursor's Return: the move is whole, so it confirms
    settle(driver, lesson)
    assert lesson.attempt.verdict is Verdict.PASSED
    assert lesson.attempt.match.moves == ("A 0,0 0,1 6,13",)
    assert pointer == []


def test_a_piously_spell_and_its_target_picked_with_the_cursor(driver: Driver,
                                                               instant: Services) -> None:
    game = instant.games.get("piously")
    match, rng = Match(game, {"turn_limit": 16}), random.Random(0)
    while True:  # the random game of the move box's test, up to its Leap
        move = game.random_move(match.state, rng)
        if game.format_move(move).startswith("cast Leap"):
            break
        match.play(game.format_move(move))
    play = driver.open_play(match)
    pointer = no_pointer(driver)
    target = play.plugin.text().typed_forms(match.state, game.format_move(move))[0].split()[2]
    ply = match.ply
    pick(driver, play, "Leap")
    pick(driver, play, target)
    if match.ply == ply:
        press(driver, "return")
    assert match.moves[ply] == game.format_move(move)
    assert pointer == []


def test_the_stonemason_moves_a_room_by_cursor_and_r(driver: Driver,
                                                     instant: Services) -> None:
    """The spell, a hex of its room, R to turn it, the place where it goes: the cursor and
    keys alone (the random game that comes to a Stonemason cast)."""
    game = instant.games.get("piously")
    match, rng = Match(game, {"turn_limit": 30}), random.Random(4)
    while True:
        move = game.random_move(match.state, rng)
        if game.format_move(move).startswith("cast Stonemason"):
            break
        match.play(game.format_move(move))
    play = driver.open_play(match)
    pointer = no_pointer(driver)
    state, view = match.state, play.view
    room, placement = move.room, move.placement
    keys = play.access.board
    pick(driver, play, "Stonemason")
    pick(driver, play, next(p.name for p in keys.places()
                            if p.name.startswith(ROOM_LETTERS[room]) and p.name[1:].isdigit()))
    for _ in range((placement.rotation - state.built.layout[room].rotation) % 6):
        press(driver, "r", "r")
    x, y = view.hex_centre(placement.anchor)
    ply = match.ply
    spot = min(keys.places(), key=lambda p: abs(p.rect.centerx - x) + abs(p.rect.centery - y))
    assert spot.rect.collidepoint(x, y)
    pick(driver, play, spot.name)
    if match.ply == ply:
        press(driver, "return")
    assert match.moves[ply] == game.format_move(move)
    assert pointer == []
