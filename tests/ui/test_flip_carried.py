"""The board's way round follows the player through the screens of one game: turned in play,
it stays turned in the game's review, in play continued from the replay, and in learning from
the mistakes the review found; a new game starts unturned."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.client.app import input as inp
from game.client.app.services import Services
from game.client.view import turned
from game.core.match import Match
from scenes.learning.mistakes import MistakesScene
from scenes.play import PlayScene
from scenes.play_parts.controls import REMATCH
from scenes.replay import ReplayScene
from tests.ui.driver import Driver
from tests.ui.test_flip_board import POSITIONS
from tests.ui.test_learn import open_lesson
from tests.ui.test_review_replay import FakeReviews, finished, kept, open_replay

SMALL_GAME = ("A 3,5 3,6 3,7", "A 0,0 0,1 0,2", "A 3,8 6,0 6,1", "C")
"""A small Conquid board's game that Q (conquest) then ends."""


def ended_in_play(driver: Driver, services: Services) -> PlayScene:
    """``SMALL_GAME`` in the play scene, ended there by the conquest (the result card up)."""
    match = Match(services.games.get("conquid"), {"board": "small"})
    for text in SMALL_GAME:
        match.play(text)
    play = driver.open_play(match)
    driver.key("q")
    driver.key("return")
    driver.frames(3)
    assert play.match.is_over
    return play


def press(driver: Driver, scene: Any, name: str) -> Any:
    """Press ``scene``'s panel button that sends ``name``; the screen on top after it."""
    driver.press(next(w for w, sent in scene.buttons.items() if sent == name))
    return driver.top


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_the_review_opened_from_play_shows_the_board_as_play_had_it(driver: Driver,
                                                                     game_id: str) -> None:
    play = driver.hot_seat(game_id, *POSITIONS[game_id])
    driver.key("f")
    assert play.view.flipped
    replay = press(driver, play, inp.REVIEW)
    assert isinstance(replay, ReplayScene) and replay.view.flipped
    driver.key("escape")
    assert driver.top is play
    driver.key("f")  # turned back in play: the next review is unturned
    assert not press(driver, play, inp.REVIEW).view.flipped


def test_the_result_cards_review_shows_the_board_as_play_had_it(driver: Driver,
                                                                services: Services) -> None:
    services.reviews = FakeReviews(services)
    play = ended_in_play(driver, services)
    driver.key("f")
    replay = press(driver, play, inp.REVIEW)
    assert isinstance(replay, ReplayScene) and replay.review.session is not None
    assert replay.view.flipped


def test_play_continued_from_the_replay_keeps_the_board_turned(driver: Driver) -> None:
    play = driver.hot_seat("conquid", *SMALL_GAME[:3])
    driver.key("f")
    replay = press(driver, play, inp.REVIEW)
    driver.key("left")
    continued = press(driver, replay, "continue")
    assert isinstance(continued, PlayScene) and continued is not play
    assert continued.match.ply == 2 and continued.view.flipped
    driver.key("f")  # and it turns back as ever
    assert not continued.view.flipped


def test_the_board_turned_in_the_replay_is_turned_in_the_play_continued(
        driver: Driver) -> None:
    replay = driver.open_replay(driver.hot_seat("piously", *POSITIONS["piously"]).match)
    assert not replay.view.flipped
    driver.key("f")
    driver.key("left")
    continued = press(driver, replay, "continue")
    assert isinstance(continued, PlayScene) and continued.view.flipped


def test_a_new_game_starts_unturned(driver: Driver, services: Services) -> None:
    play = ended_in_play(driver, services)
    driver.key("f")
    rematch = press(driver, play, REMATCH)
    assert isinstance(rematch, PlayScene) and rematch is not play
    assert not rematch.view.flipped


def test_learning_from_the_mistakes_shows_the_board_as_the_replay_had_it(
        driver: Driver, services: Services, tmp_path: Path) -> None:
    services.reviews = FakeReviews(services)
    match = finished("conquid")
    replay = open_replay(driver, match, kept(tmp_path, match), review=True)
    driver.frames(3)
    driver.key("f")
    learn = next(w for w, name in replay.buttons.items() if name.startswith("learn:"))
    driver.press(learn)
    mistakes = driver.top
    assert isinstance(mistakes, MistakesScene) and mistakes.view.flipped
    driver.key("f")  # F turns it back there too
    assert not mistakes.view.flipped



@pytest.mark.parametrize("game_id", ["conquid", "forts"])
def test_f_turns_a_lessons_board_or_says_why_not(driver: Driver, game_id: str) -> None:
    lesson = open_lesson(driver, game_id, 0)
    assert not turned(lesson.view)
    driver.key("f")
    assert driver.top is lesson
    if game_id == "forts":  # one player: nothing to turn round for
        assert lesson.message is not None and "two-player" in lesson.message[0]
    else:
        assert lesson.view.flipped
