"""Escape with a drop-down's list open folds the list, and only that: the box or screen the
drop-down is on stays (it used to close the whole Settings screen or hosting box)."""

from __future__ import annotations

from game.client.app.scene import Push
from game.client.app.services import Services
from scenes.settings import SettingsScene
from tests.ui.driver import Driver


def test_escape_folds_an_open_list_and_leaves_the_screen(driver: Driver,
                                                        services: Services) -> None:
    driver.frames(2)
    settings = SettingsScene(services)
    driver.app.stack.apply(Push(settings))
    driver.frames(2)
    menu = settings.widgets["palette"]
    driver.press(menu)
    driver.frames(1)
    assert menu.current_state is menu.menu_states["expanded"]
    driver.key("escape")
    driver.frames(2)
    assert driver.top is settings, "the screen stays"
    assert menu.current_state is menu.menu_states["closed"], "the list is folded"
    driver.key("escape")
    driver.frames(2)
    assert driver.top is not settings, "with no list open, Escape leaves as before"
