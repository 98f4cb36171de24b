"""The rules and help screen: every game's rules can be reached from the menu."""

from __future__ import annotations

from scenes.help import HelpScene
from scenes.menu import MenuScene
from tests.ui.driver import Driver


def test_help_from_the_menu_switches_between_every_game(driver: Driver) -> None:
    driver.frames(2)
    assert isinstance(driver.top, MenuScene)
    driver.key("f1")
    help_scene = driver.top
    assert isinstance(help_scene, HelpScene)
    first = help_scene.game_id
    titles = {game_id: widget for widget, game_id in help_scene.tabs.items()}
    assert len(titles) >= 2, "every game with a view has a tab"
    other = next(game_id for game_id in titles if game_id != first)
    driver.press(titles[other])
    assert help_scene.game_id == other
    current = {game_id: widget for widget, game_id in help_scene.tabs.items()}
    assert not current[other].is_enabled and current[first].is_enabled
    driver.key("escape")
    assert isinstance(driver.top, MenuScene)
