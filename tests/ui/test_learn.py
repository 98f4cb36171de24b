"""Learn to play through the GUI: the first-time offer, every lesson played with the real
input, a wrong move explained with the rules' reason, and progress kept per game."""

from __future__ import annotations

import json

import pygame
import pytest

from game.catalog import all_games
from game.client.app.commands import Command
from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.draw import palette
from game.client.files.learning import load_learning
from game.client.files.paths import Paths
from game.core.learn import Verdict
from scenes.common import button_width
from scenes.learning import lesson as lesson_module
from scenes.learning.learn import LearnScene, OfferScene, lesson_units
from scenes.learning.lesson import SHOW, LessonScene
from scenes.menu import MenuScene
from scenes.setup import SetupScene
from tests.piously.view.piously_hands import perform
from tests.ui.driver import Driver
from tests.ui.test_computer import SlowSeat


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


@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts", "piously"])
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
            driver.key("right")  # Continue: next step, next lesson, or back to the list
    assert isinstance(driver.top, LearnScene)
    saved = json.loads((services.paths.data / "learn.json").read_text())
    assert sorted(saved["done"][game_id]) == sorted(lesson.id for lesson in course.lessons)


def open_lesson(driver: Driver, game_id: str, index: int) -> LessonScene:
    learn = open_learn(driver)
    driver.press(next(w for w, action in learn.actions.items() if action == ("tab", game_id)))
    learn = driver.top
    driver.press(next(w for w, action in learn.actions.items() if action == ("lesson", index)))
    lesson = driver.top
    assert isinstance(lesson, LessonScene)
    return lesson


def centre_of(lesson: LessonScene, place: str) -> tuple[int, int]:
    rect = lesson.view.mark_rect(place)  # type: ignore[attr-defined]
    assert rect is not None
    return rect.center  # type: ignore[no-any-return]


@pytest.mark.parametrize(("game_id", "side"), [("conquid", "You play Red"),
                                               ("pushfight", "You play White")])
def test_a_lesson_names_the_learners_side_as_the_board_shows_it(
        driver: Driver, monkeypatch: pytest.MonkeyPatch, game_id: str, side: str) -> None:
    """Conquid's colours are the player's choice: "You play Player 1" said nothing."""
    open_lesson(driver, game_id, 0)
    drawn: list[str] = []
    for name in ("text", "fit"):  # a line drawn whole or fitted to the panel
        original = getattr(lesson_module.fonts, name)
        monkeypatch.setattr(lesson_module.fonts, name,
                            lambda words, *rest, draw=original: drawn.append(words) or
                            draw(words, *rest))
    driver.frames(1)
    assert side in drawn
    assert palette.colour_name((1, 2, 3)) is None
    assert all(palette.colour_name(palette.parse_hex(code)) for pair in palette.PALETTES.values()
               for code in pair)


def test_a_step_played_with_keys_and_clicks_passes(driver: Driver) -> None:
    lesson = open_lesson(driver, "conquid", 0)
    driver.key("a")
    driver.frames(3)  # the selection must survive the frames before the clicks
    for place in ("0,0", "0,1", "6,13"):
        driver.click(centre_of(lesson, place))
    driver.key("return")
    settle(driver, lesson)
    assert lesson.attempt.verdict is Verdict.PASSED
    assert lesson.attempt.match.moves == ("A 0,0 0,1 6,13",)


def test_a_wrong_move_is_explained_with_the_rules_reason_and_not_played(
    driver: Driver,
) -> None:
    lesson = open_lesson(driver, "conquid", 2)  # vanquish: only 3 of your cells border it
    driver.key("v")
    driver.click(centre_of(lesson, "0,10"))
    assert lesson.message is not None
    assert "at least 4 of your cells must border the block" in lesson.message[0]
    driver.key("return")
    driver.key("q")
    assert lesson.message is not None
    assert lesson.message[0].startswith("No conquest yet")
    assert lesson.attempt.match.ply == 0 and lesson.attempt.verdict is Verdict.PLAYING


def test_a_missed_goal_is_explained_then_the_step_starts_again(driver: Driver) -> None:
    lesson = open_lesson(driver, "forts", 3)  # isolation: link the group, not with a 4
    step = lesson.step
    driver.key("4")
    driver.click(centre_of(lesson, "3,5"))  # a 4 dies with the roll: the group is cut off
    settle(driver, lesson)
    assert lesson.attempt.verdict is Verdict.FAILED
    assert lesson.message is not None and step.wrong in lesson.message[0]
    driver.wait(4.0)
    assert lesson.attempt.verdict is Verdict.PLAYING and lesson.attempt.match.ply == 0


def test_piouslys_first_lesson_plays_with_clicks_and_keys(driver: Driver) -> None:
    """A step is a click on a dot, the end of a turn is E; a move of the wrong kind and a
    step without actions are refused with the lesson's and the rules' reasons."""
    lesson = open_lesson(driver, "piously", 0)
    assert lesson.marks_shown(driver.app.clock) == lesson.step.marks != ()
    assert "claim_artwork" not in lesson.buttons.values(), "key-only actions get no button"
    driver.key("b")  # a bless is legal, but this step asks for a step
    assert lesson.message is not None and lesson.message[0] == lesson.step.wrong
    assert lesson.attempt.match.ply == 0
    driver.click(centre_of(lesson, "1,1"))  # a dot: the step plays at once
    settle(driver, lesson)
    assert lesson.attempt.match.moves == ("move 1,1",)
    assert lesson.attempt.verdict is Verdict.PASSED, lesson.message
    assert lesson.marks_shown(driver.app.clock) == ()  # not around the hex the piece left
    driver.key("right")  # Continue
    assert lesson.step_index == 1
    driver.click(centre_of(lesson, "1,2"))
    assert lesson.message is not None and "you have no actions left" in lesson.message[0]
    driver.key("e")
    settle(driver, lesson)
    assert lesson.attempt.match.moves == ("end",)
    assert lesson.attempt.verdict is Verdict.PASSED, lesson.message


def test_every_piously_step_plays_with_a_players_clicks(
        driver: Driver, services: Services) -> None:
    """Each step's answer made as its sentence tells a player to: dots and hexes clicked,
    spells chosen in the panel and walked through their choices, B, D, E and the claim keys;
    never a move handed to the scene."""
    driver.frames(2)
    game = services.games.get("piously")
    units = lesson_units(services.learning.course("piously"))
    for index, unit in enumerate(units):
        for number in range(len(unit.steps)):
            lesson = LessonScene(services, "piously", units, index)
            lesson.step_index = number
            lesson.attempt = lesson._new_attempt()
            driver.app.stack.apply(Push(lesson))
            driver.frames(2)
            for text in lesson.step.answer:
                perform(driver, lesson, game.parse_move(text))
                settle(driver, lesson)
            assert lesson.attempt.verdict is Verdict.PASSED, (unit.id, number, lesson.message)
            assert lesson.attempt.match.moves == tuple(
                game.format_move(game.parse_move(text)) for text in lesson.step.answer)
            driver.key("escape")


@pytest.mark.parametrize("size", [(1280, 720), (900, 600)])
def test_every_lesson_button_fits_the_window(driver: Driver, size: tuple[int, int]) -> None:
    """Piously's twelve lessons take two columns; none overlaps another button or runs off."""
    driver.app.services.display.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.frames(1, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    learn = open_learn(driver)
    for game_id in learn.game_ids:
        driver.press(next(w for w, act in learn.actions.items() if act == ("tab", game_id)))
        learn = driver.top
        rects = [widget.get_abs_rect() for widget in learn.actions]
        window = pygame.Rect((0, 0), size)
        assert all(window.contains(rect) for rect in rects), game_id
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        for widget in learn.actions:  # at 900x600 "1. Conquest in 2 (medium)" was cut
            width = button_width(learn, widget.text)
            assert width <= widget.get_abs_rect().w - 8, (game_id, widget.text)


@pytest.mark.newcomer
def test_the_first_choice_of_a_game_offers_its_lessons_once(
    driver: Driver, services: Services
) -> None:
    driver.frames(2)
    driver.key("return")  # Play Conquid
    offer = driver.top
    assert isinstance(offer, OfferScene)
    driver.press(offer.play_button)
    assert isinstance(driver.top, SetupScene)
    driver.key("escape")
    driver.frames(2)
    assert isinstance(driver.top, MenuScene)
    driver.key("return")
    assert isinstance(driver.top, SetupScene), "offered once only"
    assert json.loads((services.paths.data / "learn.json").read_text())["offered"] == ["conquid"]


def test_a_broken_progress_file_is_kept_aside(paths: Paths) -> None:
    paths.data.mkdir(parents=True)
    (paths.data / "learn.json").write_text("{not json")
    learning, problems = load_learning(all_games(), paths.data)
    assert (paths.data / "learn.json.bad").read_text() == "{not json"
    assert any("kept as learn.json.bad" in problem for problem in problems)
    assert learning.mark_done("conquid", "acquire") is None
    assert learning.is_done("conquid", "acquire")


class AnswerComputers:
    """A computer that answers a puzzle with the reply in its answer line, after a few polls."""

    def __init__(self, reply: str) -> None:
        self.reply = reply

    def levels(self, game_id: str) -> list[str]:
        return ["quick"]

    def seat(self, game_id: str, level: str) -> SlowSeat:
        return SlowSeat(delay=5, move_text=self.reply)


def test_a_puzzle_is_answered_by_the_computer_and_won_through_the_gui(
    driver: Driver, services: Services
) -> None:
    game_id, puzzle = next(
        (game_id, puzzle) for game_id, course in services.learning.courses.items()
        for puzzle in course.puzzles
        if puzzle.step.replies is None and puzzle.step.goal.within == 2
    )
    services.computers = AnswerComputers(puzzle.step.answer[1])
    learn = open_learn(driver)
    driver.press(next(w for w, action in learn.actions.items() if action == ("tab", game_id)))
    learn = driver.top
    index = [p.id for p in services.learning.course(game_id).puzzles].index(puzzle.id)
    driver.press(next(w for w, action in learn.actions.items() if action == ("puzzle", index)))
    lesson = driver.top
    assert isinstance(lesson, LessonScene) and lesson.unit.kind == "Puzzle"
    play_answer(driver, lesson)
    assert lesson.attempt.verdict is Verdict.PASSED
    assert len(lesson.attempt.match.moves) == 3, "the computer answered in between"
    assert services.learning.is_done(game_id, puzzle.id)


def test_a_piously_lessons_board_keeps_its_size_from_step_to_step(
        driver: Driver, services: Services) -> None:
    """Steps whose temples differ (one with the Stonemason owned keeps room around it) show
    their hexes at one size: the board does not jump as a lesson goes on."""
    driver.frames(2)
    units = lesson_units(services.learning.course("piously"))
    for index, unit in enumerate(units):
        lesson = LessonScene(services, "piously", units, index)
        driver.app.stack.apply(Push(lesson))
        sizes = set()
        for number in range(len(unit.steps)):
            lesson.step_index = number
            lesson.attempt = lesson._new_attempt()
            driver.frames(1)
            hexagon = lesson.view.mark_rect("P1")
            assert hexagon is not None
            sizes.add(hexagon.size)
        assert len(sizes) == 1, (unit.id, sizes)
        driver.key("escape")
