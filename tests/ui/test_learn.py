"""Learn to play through the GUI: the first-time offer, every lesson played with the real
input, a wrong move explained with the rules' reason, and progress kept per game."""

from __future__ import annotations

import json

import pytest

from game.core.learn import Verdict
from game.ui.commands import Command
from game.ui.services import Services
from scenes.learn import LearnScene, OfferScene
from scenes.lesson import SHOW, LessonScene
from scenes.menu import MenuScene
from scenes.setup import SetupScene
from tests.ui.driver import Driver


def open_learn(driver: Driver) -> LearnScene:
    driver.frames(2)
    assert isinstance(driver.top, MenuScene)
    entry = next(widget for widget, text, _ in driver.top.entries if text == "Learn to play")
    driver.press(entry)
    learn = driver.top
    assert isinstance(learn, LearnScene)
    return learn


def settle(driver: Driver, lesson: LessonScene) -> None:
    """Frames until the animations and the other side's replies are over."""
    for _ in range(600):
        driver.key("space")
        if not lesson.view.busy(lesson._clock) and not lesson.attempt.reply_due():
            return
    raise AssertionError("the lesson never settled")


def play_answer(driver: Driver, lesson: LessonScene) -> None:
    """Play the step's own answer as a player would: Show me, then Return, each move."""
    while lesson.attempt.verdict is Verdict.PLAYING:
        assert lesson.attempt.learners_turn
        lesson.command(Command(SHOW))
        driver.key("return")
        settle(driver, lesson)


@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts"])
def test_every_lesson_plays_through_the_gui_and_is_remembered(
    driver: Driver, services: Services, game_id: str
) -> None:
    learn = open_learn(driver)
    tab = next(w for w, action in learn.actions.items() if action == ("tab", game_id))
    driver.press(tab)
    learn = driver.top
    first = next(w for w, action in learn.actions.items() if action == ("lesson", 0))
    driver.press(first)
    lesson = driver.top
    assert isinstance(lesson, LessonScene)
    course = services.learning.course(game_id)
    for _ in course.lessons:
        for _ in lesson.unit.steps:
            play_answer(driver, lesson)
            assert lesson.attempt.verdict is Verdict.PASSED, lesson.message
            driver.key("return")  # next step, next lesson, or back to the list
    assert isinstance(driver.top, LearnScene)
    saved = json.loads((services.paths.data / "learn.json").read_text())
    assert sorted(saved["done"][game_id]) == sorted(lesson.id for lesson in course.lessons)
