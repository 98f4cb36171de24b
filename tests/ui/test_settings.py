"""Settings: round-trip, a broken file kept aside, rebinding through the settings scene."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pygame
import pytest

from game.client.app.app import App
from game.client.app.input import pretty
from game.client.files.paths import Paths
from game.client.files.settings import Loaded, Settings, load_settings, save_settings
from game.main_window import build_services
from scenes.settings import SettingsScene
from tests.ui.driver import Driver
from tests.ui.test_presentation import button_text_fits


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(colours=("#e69f00", "#0072b2"), anim_speed=1.8, volume=0.25,
                        muted=True, fullscreen=False, window=(1024, 700),
                        keys={"game:conquid": {"acquire": ["x"]}})
    save_settings(path, settings)
    loaded = load_settings(path)
    assert loaded.problem is None
    assert loaded.settings == settings


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nope.json").settings == Settings()


def test_broken_file_is_kept_aside_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{ not json", encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert loaded.problem is not None and "settings.json.bad" in loaded.problem
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == "{ not json"
    assert not path.exists()


def test_a_field_of_the_wrong_type_costs_that_field_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": "loud", "muted": True}), encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings(muted=True)
    assert "volume" in (loaded.problem or "") and "other settings are kept" in (
        loaded.problem or "")
    assert (tmp_path / "settings.json.bad").exists(), "the file as it was is kept aside"


@pytest.mark.parametrize("server", ["ws://play.example.org\u200b/", "ws://" + "x" * 300,
                                    "wss://a\u202eb.org"])
def test_a_remembered_address_the_reader_refuses_costs_no_other_setting(
        tmp_path: Path, server: str) -> None:
    path = tmp_path / "settings.json"
    kept = Settings(colours=("#e69f00", "#0072b2"), volume=0.25, online_name="Ada",
                    window=(900, 600), keys={"menu": {"back": ["escape"]}})
    path.write_text(json.dumps({**kept.to_json(), "server": server}), encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == kept
    assert loaded.problem is not None and "server" in loaded.problem
    assert json.loads((tmp_path / "settings.json.bad").read_text("utf-8"))["server"] == server
    save_settings(path, loaded.settings.with_(volume=0.5), base=loaded.settings)
    assert load_settings(path) == Loaded(kept.with_(volume=0.5))


def test_a_broken_file_is_reported_in_the_app(paths: Paths) -> None:
    paths.config.mkdir(parents=True)
    paths.settings.write_text("[]", encoding="utf-8")
    services = build_services(paths, (1280, 720))
    assert any("settings.json.bad" in text for text in services.toasts.history)
    pygame.quit()


def test_rebinding_in_the_settings_scene_persists_and_refuses_conflicts(
    driver: Driver, paths: Paths
) -> None:
    driver.frames(2)
    settings_button = next(w for w, text, _ in driver.top.entries if text == "Settings")
    driver.press(settings_button)
    scene = driver.top
    assert isinstance(scene, SettingsScene)

    def key_button(command: str) -> object:
        return next(w for w, (ctx, cmd) in scene.key_buttons.items()
                    if (ctx, cmd) == ("game:conquid", command))

    driver.press(key_button("acquire"))
    driver.key("x")
    assert driver.app.services.table.keys("game:conquid", "acquire") == ("x",)
    driver.press(key_button("conquer"))
    driver.key("v")
    assert any("Refused" in text for text in driver.toasts())
    assert driver.app.services.table.keys("game:conquid", "conquer") == ("c",)
    stored = json.loads(paths.settings.read_text(encoding="utf-8"))
    assert stored["keys"]["game:conquid"]["acquire"] == ["x"]
    driver.key("escape")
    assert type(driver.top).__name__ == "MenuScene"


@pytest.mark.parametrize("size", [(900, 600), (1280, 720), (1920, 1080)])
def test_every_key_row_fits_its_labels(tmp_path: Path, size: tuple[int, int]) -> None:
    """At 900x600 eight command names were cut, and Piously's three keys for turning a room
    ran past their button at every size."""
    services = build_services(Paths.under(tmp_path), size)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app = App(services, SettingsScene(services))
            scene = app.stack.top
            assert isinstance(scene, SettingsScene)
            while scene._rows:
                app.step([], 1 / 60)
        assert not [str(w.message) for w in caught if "too small" in str(w.message)]
        assert len(scene.key_buttons) > 40
        shortened = 0
        for widget, (ctx, command) in scene.key_buttons.items():
            assert button_text_fits(widget), (size, widget.text)
            if re.search(r" \+\d+$", widget.text):
                shortened += 1
                keys = services.table.keys(ctx, command)
                assert widget.tool_tip_text == ", ".join(pretty(key) for key in keys)
        assert shortened  # Piously's "R, Wheel up +1"
    finally:
        pygame.quit()


def test_each_games_keys_are_headed_by_its_title(tmp_path: Path) -> None:
    """The headings read "Pushfight moves" and "Forts moves": the context's id, not the game's
    title."""
    services = build_services(Paths.under(tmp_path), (1280, 720))
    try:
        app = App(services, SettingsScene(services))
        scene = app.stack.top
        assert isinstance(scene, SettingsScene)
        while scene._rows:
            app.step([], 1 / 60)
        headings = [label.text for label in scene._keys_inner.elements
                    if label.text.startswith("— ")]
        for info in services.games.infos():
            assert f"— {info.title} —" in headings
        assert "— Replay —" in headings
    finally:
        pygame.quit()
