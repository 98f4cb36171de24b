"""The text size and colour theme settings: kept in the file, refused when out of range, and
applied at once from the Settings screen (faces, colours, widgets, the screens below)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files.settings import Settings, load_settings, save_settings
from scenes.settings import SettingsScene
from tests.ui.driver import Driver


def test_text_size_and_theme_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(text_size=175, theme="High contrast"))
    loaded = load_settings(path)
    assert loaded.problem is None
    assert (loaded.settings.text_size, loaded.settings.theme) == (175, "High contrast")


@pytest.mark.parametrize(("field", "value"), [("text_size", 300), ("text_size", True),
                                              ("text_size", "150"), ("theme", "Neon")])
def test_a_text_size_or_theme_out_of_range_is_refused(tmp_path: Path, field: str,
                                                      value: object) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({field: value}), encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert field in (loaded.problem or "")


def choose(driver: Driver, scene: SettingsScene, menu: str, choice: str) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": choice, "ui_element": scene.widgets[menu], "ui_object_id": ""}))
    driver.frames(2)


def test_the_settings_screen_applies_a_text_size_and_a_theme_at_once(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    menu = driver.top
    settings = SettingsScene(services)
    driver.app.stack.apply(Push(settings))
    driver.frames(2)
    line = fonts.font(22).get_height()
    back_h = settings.widgets["back"].rect.h
    try:
        choose(driver, settings, "text_size", "200 %")
        assert services.settings.text_size == 200
        assert fonts.font(22).get_height() > 1.7 * line, "the app's faces grew"
        assert settings.widgets["back"].rect.h > back_h, "the screen was laid out anew"
        assert services.ui.get_theme().get_font(["button"]).get_point_size() == 32
        choose(driver, settings, "theme", "High contrast")
        assert palette.BACKGROUND == (0, 0, 0) and services.settings.theme == "High contrast"
        driver.key("escape")
        assert driver.top is menu
        assert max(w.rect.h for w, _t, _a in menu.entries) >= fonts.grow(30), \
            "the menu below was laid out again for the new size"
    finally:
        services.update_settings(services.settings.with_(text_size=100, theme="Standard"))
    assert fonts.text_scale() == 1 and palette.BACKGROUND != (0, 0, 0)
