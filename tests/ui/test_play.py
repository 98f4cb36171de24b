"""Hot-seat Conquid through the GUI: menu -> setup -> play -> victory, with the same keys and
clicks a player uses; refusals, previews, take back and redo, resign and draw."""

from __future__ import annotations

from typing import Any

import pytest

from game.conquid.info import CONQUEST
from game.conquid.rules.game import ConquidState
from game.core.protocol import Outcome, OutcomeReason
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.setup import SetupScene
from tests.ui.driver import Driver


def choose(driver: Driver, dropdown: Any, option: str) -> None:
    """Open a drop-down with a click and click one of its options."""
    driver.press(dropdown)
    items = dropdown.current_state.options_selection_list.item_list
    driver.press(next(item["button_element"] for item in items if item["text"] == option))


def start_small_game(driver: Driver, names: tuple[str, str] = ("Ada", "Blaise")) -> PlayScene:
    driver.frames(2)
    assert isinstance(driver.top, MenuScene)
    driver.key("return")  # the first entry: Play Conquid
    setup = driver.top
    assert isinstance(setup, SetupScene)
    choose(driver, setup.widgets["opt:board"], "small")
    for seat, name in enumerate(names):
        setup.widgets[f"name:{seat}"].set_text(name)
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    return play


def outcome(play: PlayScene) -> Outcome | None:
    return play.match.outcome


def cell(play: PlayScene, row: int, col: int) -> tuple[int, int]:
    rect = play.view.board_rect
    size = rect.w // play.match.state.board.cols
    return rect.x + col * size + size // 2, rect.y + row * size + size // 2


def acquire(driver: Driver, play: PlayScene, *cells: tuple[int, int]) -> None:
    driver.key("a")
    for row, col in cells:
        driver.click(cell(play, row, col))
    driver.key("return")
    driver.wait(1.0)


def test_a_whole_game_from_the_menu_to_the_victory_banner(driver: Driver) -> None:
    play = start_small_game(driver)
    assert play.match.state.board.cols == 14
    assert [seat.name for seat in play.match.seats] == ["Ada", "Blaise"]
    acquire(driver, play, (3, 5), (3, 6), (3, 7))
    acquire(driver, play, (0, 0), (0, 1), (0, 2))
    acquire(driver, play, (3, 8), (6, 0), (6, 1))
    driver.key("c")
    assert "passes" in play.view.status()
    driver.key("return")
    driver.wait(0.5)
    driver.key("q")
    assert "links the bases" in play.view.status()
    driver.key("return")
    assert play.match.outcome is not None
    assert play.match.outcome.winner == 0
    assert play.match.outcome.reason is CONQUEST
    assert play.view.busy(driver.app.clock)  # the path is being traced
    driver.wait(3.0)
    assert not play.view.busy(driver.app.clock)  # so the banner is up
    assert "fanfare" in driver.app.services.sounds.played
    assert play.match.moves == ("A 3,5 3,6 3,7", "A 0,0 0,1 0,2", "A 3,8 6,0 6,1", "C", "Q")
    state = play.match.state
    assert isinstance(state, ConquidState) and state.winner_path


def test_refusals_are_shown_never_silent(driver: Driver) -> None:
    play = start_small_game(driver)
    driver.key("return")
    assert "choose a move first" in driver.toasts()[-1].lower()
    driver.key("q")
    assert "no conquest" in driver.toasts()[-1].lower()
    driver.key("a")
    driver.click(cell(play, 3, 4))  # a base cell
    assert "part of a base" in driver.toasts()[-1]
    driver.click(cell(play, 0, 0))
    driver.key("return")
    assert "three" in driver.toasts()[-1]
    driver.key("v")
    driver.click(cell(play, 0, 0))
    assert "Cannot vanquish" in driver.toasts()[-1]
    assert play.match.ply == 0
    assert "refuse" in driver.app.services.sounds.played


def test_selection_can_be_toggled_and_cleared(driver: Driver) -> None:
    play = start_small_game(driver)
    driver.key("a")
    driver.click(cell(play, 0, 0))
    driver.click(cell(play, 0, 1))
    driver.click(cell(play, 0, 0))  # deselect
    assert "1 of 3" in play.view.status()
    driver.key("u")
    assert "Choose a move" in play.view.status()
    driver.click(cell(play, 1, 1))  # clicking an empty cell starts an acquire
    assert "1 of 3" in play.view.status()


def test_take_back_and_redo(driver: Driver) -> None:
    play = start_small_game(driver)
    acquire(driver, play, (0, 0), (0, 1), (0, 2))
    assert play.match.ply == 1
    driver.key("z", mod=0x40)  # ctrl
    assert play.match.ply == 0
    driver.key("y", mod=0x40)
    assert play.match.moves == ("A 0,0 0,1 0,2",)
    driver.key("left")
    driver.key("right")
    assert play.match.ply == 1


def test_take_back_and_redo_with_nothing_to_do_say_why(driver: Driver) -> None:
    play = start_small_game(driver)
    driver.key("z", mod=0x40)  # ctrl
    assert play.match.ply == 0 and driver.toasts()[-1] == "There is no move to take back"
    driver.key("y", mod=0x40)
    assert play.match.ply == 0 and driver.toasts()[-1] == "There is no move to play again"


def test_vanquish_hints_the_legal_corners(driver: Driver) -> None:
    play = start_small_game(driver)
    # Player 1 surrounds the empty block at 0,0 (rows 0-3, cols 0-3) from below and the right.
    acquire(driver, play, (4, 0), (4, 1), (4, 2))
    acquire(driver, play, (6, 10), (6, 11), (6, 12))
    acquire(driver, play, (4, 3), (0, 10), (0, 11))
    acquire(driver, play, (6, 13), (5, 13), (2, 13))
    driver.key("v")
    assert "can be emptied. Click a marked top-left corner." in play.view.status()
    assert " 1 blocks" not in play.view.status()
    driver.click(cell(play, 0, 0))
    assert "Vanquish the block at 0,0" in play.view.status()
    driver.key("return")
    driver.wait(1.5)
    assert play.match.moves[-1] == "V 0,0"


def test_resign_and_draw_go_through_dialogs(driver: Driver) -> None:
    play = start_small_game(driver)
    play.command_by_name("offer_draw")
    driver.frames(2)
    dialog = next(iter(play._dialogs))
    driver.press(dialog.confirm_button)
    assert outcome(play) == Outcome(None, OutcomeReason.DRAW_AGREED)
    driver.key("left")  # take the draw back
    assert outcome(play) is None
    play.command_by_name("resign")
    driver.frames(2)
    driver.press(next(iter(play._dialogs)).confirm_button)
    assert outcome(play) == Outcome(1, OutcomeReason.RESIGN)


def test_escape_pauses_and_the_menu_offers_to_resume(driver: Driver) -> None:
    play = start_small_game(driver)
    acquire(driver, play, (0, 0), (0, 1), (0, 2))
    driver.key("escape")
    pause = driver.top
    assert type(pause).__name__ == "PauseScene"
    driver.press(next(w for w, key in pause.choices.items() if key == "menu"))
    menu = driver.top
    assert isinstance(menu, MenuScene)
    assert menu.entries[0][1].startswith("Resume")
    driver.key("return")
    resumed = driver.top
    assert isinstance(resumed, PlayScene)
    assert resumed.match.moves == ("A 0,0 0,1 0,2",)


def test_the_window_can_be_resized_and_made_fullscreen(driver: Driver) -> None:
    play = start_small_game(driver)
    before = play.view.board_rect.size
    import pygame

    driver.app.services.display.surface = pygame.display.set_mode((900, 600), pygame.RESIZABLE)
    driver.frames(1, [pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600)])
    assert play.view.board_rect.w < before[0]
    driver.key("f11")
    assert driver.app.services.display.fullscreen
    driver.key("f11")
    assert not driver.app.services.display.fullscreen


def test_a_screen_that_cannot_go_fullscreen_keeps_the_window_and_says_so(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    start_small_game(driver)
    real_set_mode = pygame.display.set_mode

    def no_fullscreen(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
        if flags & pygame.FULLSCREEN:
            raise pygame.error("No fullscreen video modes available")
        return real_set_mode(size, flags)

    monkeypatch.setattr(pygame.display, "set_mode", no_fullscreen)
    driver.key("f11")
    assert not driver.app.services.display.fullscreen
    assert not driver.app.services.settings.fullscreen
    assert "cannot go fullscreen" in driver.toasts()[-1]
    assert driver.app.services.display.size[0] >= 900


def test_setup_refuses_a_board_the_bases_do_not_fit(driver: Driver) -> None:
    driver.frames(2)
    driver.key("return")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    choose(driver, setup.widgets["opt:board"], "custom")
    setup.widgets["opt:cols"].set_text("15")
    driver.frames(2)
    assert setup._preview_problem is not None and "columns" in setup._preview_problem
    driver.press(setup.start_button)
    assert isinstance(driver.top, SetupScene)
    assert "columns" in driver.toasts()[-1]


def test_review_then_continue_from_an_earlier_move(driver: Driver) -> None:
    play = start_small_game(driver)
    acquire(driver, play, (0, 0), (0, 1), (0, 2))
    acquire(driver, play, (6, 0), (6, 1), (6, 2))
    driver.key("up")
    replay = driver.top
    assert type(replay).__name__ == "ReplayScene"
    driver.key("left")
    driver.press(next(w for w, name in replay.buttons.items() if name == "continue"))
    branched = driver.top
    assert isinstance(branched, PlayScene) and branched is not play
    assert branched.match.moves == ("A 0,0 0,1 0,2",)
    assert len(driver.app.stack.scenes) == 2  # menu, then the new game


def test_the_selected_move_kind_is_reported_for_its_button(driver: Driver) -> None:
    play = start_small_game(driver)
    driver.key("v")
    assert play.view.selected_action() == "vanquish"
    driver.key("u")
    assert play.view.selected_action() is None


def test_return_confirms_a_question_and_escape_dismisses_it(driver: Driver) -> None:
    play = start_small_game(driver)
    play.command_by_name("resign")
    driver.frames(2)
    driver.key("escape")
    assert outcome(play) is None and not play.dialog_open()
    assert play is driver.top  # Esc closed the question, it did not pause
    play.command_by_name("resign")
    driver.frames(2)
    driver.key("return")
    assert outcome(play) == Outcome(1, OutcomeReason.RESIGN)


def test_rematch_after_the_game_ends(driver: Driver) -> None:
    play = start_small_game(driver, ("Ada", "Blaise"))
    play.command_by_name("resign")
    driver.frames(2)
    driver.key("return")
    assert play.match.is_over
    rematch = next(w for w, name in play.buttons.items() if name == "rematch")
    driver.press(rematch)
    again = driver.top
    assert isinstance(again, PlayScene) and again is not play
    assert again.match.ply == 0
    assert [seat.name for seat in again.match.seats] == ["Ada", "Blaise"]
    assert again.match.options == play.match.options


def test_skip_names_the_animation_and_is_live_only_while_one_runs(driver: Driver) -> None:
    from game.client.app import commands as c

    play = start_small_game(driver)
    (skip,) = [widget for widget, name in play.buttons.items() if name == c.SKIP]
    assert "animation" in skip.text or "animation" in (skip.tool_tip_text or "")
    assert not skip.is_enabled, "nothing to skip before a move"
    driver.key("a")
    for row, col in ((3, 5), (3, 6), (3, 7)):
        driver.click(cell(play, row, col))
    driver.key("return")
    driver.frames(1)
    assert play.view.busy(driver.app.clock) and skip.is_enabled
    driver.key("space")
    driver.frames(1)
    assert not play.view.busy(driver.app.clock) and not skip.is_enabled
