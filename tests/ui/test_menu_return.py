"""Back on the menu, its buttons are the ones it built, relabelled where the kept games
changed (no frame spent making the whole menu again)."""

from __future__ import annotations

from typing import Any

import pygame_gui

from game.catalog import all_games
from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.files.paths import Paths
from game.core.match import Match
from game.core.record import save_match
from scenes.help import HelpScene
from scenes.menu import MenuScene
from scenes.play import PlayScene
from tests.ui.driver import Driver


def test_the_menu_relabels_resume_and_the_count_on_return_and_keeps_its_buttons(
        driver: Driver, services: Services, paths: Paths) -> None:
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    buttons = [widget for widget, _text, _action in menu.entries]
    assert menu.entries[0][1].startswith("Resume (no") and not buttons[0].is_enabled
    driver.app.stack.apply(Push(HelpScene(services, "conquid")))
    driver.frames(1)
    match = Match(all_games().get("conquid"), {"board": "small"})
    match.play("C")
    save_match(paths.autosaves / "last.json", match)  # a game kept meanwhile
    driver.key("escape")
    assert driver.top is menu
    assert [widget for widget, _text, _action in menu.entries] == buttons, "not made anew"
    assert menu.entries[0][1] == buttons[0].text == "Resume: Conquid, move 2"
    assert buttons[0].is_enabled and buttons[0].tool_tip_text
    assert buttons[1].text.startswith("Your games (1 unfinished")
    driver.press(buttons[0])
    assert isinstance(driver.top, PlayScene) and driver.top.match.moves == ("C",)


def _quit_question(driver: Driver, services: Services) -> str:
    driver.key("escape")
    dialogs: list[Any] = [element for element in services.ui.get_root_container().elements
               if isinstance(element, pygame_gui.windows.UIConfirmationDialog)]
    assert len(dialogs) == 1
    text: str = dialogs[0].confirmation_text.html_text
    dialogs[0].kill()
    return text


def test_quitting_speaks_of_kept_games_only_when_there_are_some(
        driver: Driver, services: Services, paths: Paths) -> None:
    """The question said "Your game is saved" with no game anywhere."""
    driver.frames(2)
    assert _quit_question(driver, services) == "Leave Conquid Arcade?"
    match = Match(all_games().get("conquid"), {"board": "small"})
    match.play("C")
    save_match(paths.autosaves / "last.json", match)
    driver.app.stack.apply(Push(HelpScene(services, "conquid")))
    driver.frames(1)
    driver.key("escape")  # back on the menu, which looks at the kept games again
    assert "unfinished games are kept" in _quit_question(driver, services)
