"""A lesson's explanations are read, not skipped: a passed step waits for its own
Continue, never for the Return meant for the board; Confirm is live only when the view holds
a move waiting for it; the learner's side is drawn in the colour the board gives it."""

from __future__ import annotations

import pytest

from game.client.app import commands as c
from game.core.learn import Verdict
from game.pushfight.view.colours import WHITE_RGB
from scenes.learning.lesson import NEXT, SHOW, LessonScene
from tests.ui.driver import Driver
from tests.ui.test_learn import centre_of, open_lesson, settle


def _live(lesson: LessonScene, name: str) -> bool:
    widget = next(w for w, n in lesson.buttons.items() if n == name)
    return bool(widget.is_enabled)


def test_return_after_a_click_played_move_never_skips_the_explanation(driver: Driver) -> None:
    """Forts plays a move on the click; a Return out of habit, during the animation or after
    it, leaves the step's explanation on screen."""
    lesson = open_lesson(driver, "forts", 0)
    driver.key("3")
    driver.click(centre_of(lesson, "4,3"))
    driver.key("return")  # while the pieces still move
    driver.key("return")
    settle(driver, lesson)
    driver.key("return")
    assert lesson.attempt.verdict is Verdict.PASSED
    assert lesson.step_index == 0 and lesson.index == 0
    assert lesson.message is not None and lesson.step.done in lesson.message[0]
    assert "Continue" in lesson.message[0]
    assert _live(lesson, NEXT)
    driver.key("right")  # Continue's key
    assert lesson.index == 1 and lesson.attempt.verdict is Verdict.PLAYING
    assert not _live(lesson, NEXT)


def test_continue_is_the_only_way_on_and_waits_for_the_explanation(driver: Driver) -> None:
    lesson = open_lesson(driver, "conquid", 0)
    lesson.command(c.Command(SHOW))
    driver.key("return")  # the move, confirmed
    lesson.command(c.Command(NEXT))  # at once, before the explanation was shown: nothing
    assert lesson.index == 0
    settle(driver, lesson)
    assert lesson.message is not None and lesson.step.done in lesson.message[0]
    lesson.command(c.Command(NEXT))
    assert lesson.index == 1


def test_confirm_is_live_only_when_a_move_waits_for_it(driver: Driver) -> None:
    forts = open_lesson(driver, "forts", 0)
    assert not _live(forts, c.CONFIRM), "a click plays a Forts move: nothing to confirm"
    forts.command(c.Command(SHOW))  # Show me loads the move: now Return plays it
    assert _live(forts, c.CONFIRM)


def test_confirm_waits_for_a_conquid_move(driver: Driver) -> None:
    conquid = open_lesson(driver, "conquid", 3)  # conquest: Q, then Confirm
    assert not _live(conquid, c.CONFIRM)
    driver.key("q")
    assert _live(conquid, c.CONFIRM)


def test_the_push_fight_learner_is_drawn_in_whites_own_colour(driver: Driver) -> None:
    lesson = open_lesson(driver, "pushfight", 0)
    driver.frames(1)
    surface = driver.app.services.display.surface
    assert surface.get_at((lesson.panel.x + 14 + 11, 16 + 13))[:3] == WHITE_RGB


def test_show_me_puts_the_move_on_the_board_and_says_how_to_play_it(driver: Driver) -> None:
    lesson = open_lesson(driver, "pushfight", 1)  # the push: d3 into e3
    lesson.command(c.Command(SHOW))
    assert lesson.view.proposal().move is not None, "the answer waits on the board"
    assert lesson.message is not None and lesson.message[0].startswith("Shown on the board")
    assert "Confirm (Return)" in lesson.message[0]
    assert _live(lesson, c.CONFIRM)



@pytest.mark.newcomer
@pytest.mark.parametrize("leave", ["back", "continue"])
def test_a_lesson_from_the_first_time_offer_ends_on_the_lesson_list(driver: Driver,
                                                                    leave: str) -> None:
    """Back inside it, and Continue after its last step ("back to the list"), go to the
    game's lessons, not to the main menu."""
    from scenes.learning.learn import LearnScene, OfferScene

    driver.frames(2)
    driver.key("return")  # Play Conquid: its lessons are offered, the first time
    offer = driver.top
    assert isinstance(offer, OfferScene)
    driver.press(offer.learn_button)
    lesson = driver.top
    assert isinstance(lesson, LessonScene)
    if leave == "back":
        driver.key("escape")
    else:
        lesson.index = len(lesson.units) - 1
        lesson.step_index = len(lesson.unit.steps) - 1
        driver.app.stack.apply(lesson._next())  # what Continue does after the last step
    driver.frames(2)
    assert isinstance(driver.top, LearnScene) and driver.top.game_id == "conquid"
