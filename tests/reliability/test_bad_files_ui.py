"""Bad files through the real client: every broken record opened with Ctrl+O (from the menu
and from a game) or ``conquid-arcade open FILE`` gets the readable error dialog, its bytes stay
as they were, and the app keeps running. A broken settings file of any form falls back to the
defaults and is kept aside (never overwritten), and the app starts."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game.client.app.app import App
from game.client.app.scene import Reset
from game.client.app.services import Services
from game.client.files.paths import Paths
from game.client.files.settings import Settings, load_settings
from game.core.match import Match
from game.core.record import save_match
from game.main_window import build_services, first_scene
from scenes.menu import MenuScene
from scenes.play import PlayScene
from tests.core.test_record import BAD_DOCUMENTS, sample_document
from tests.ui.driver import Driver

CTRL = pygame.KMOD_CTRL


def bad_files(folder: Path) -> dict[str, Path]:
    """Every bad record of the core table written to ``folder``, plus a folder and a ghost."""
    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    for number, name in enumerate(sorted(BAD_DOCUMENTS)):
        make: Callable[[dict[str, Any]], bytes] = BAD_DOCUMENTS[name]
        path = folder / f"bad-{number:02d}.json"
        path.write_bytes(make(sample_document()))
        files[name] = path
    (folder / "a folder.json").mkdir()
    files["a directory"] = folder / "a folder.json"
    files["a missing file"] = folder / "gone.json"
    return files


def snapshot(files: dict[str, Path]) -> dict[str, bytes | None]:
    return {name: path.read_bytes() if path.is_file() else None for name, path in files.items()}


def message_windows(services: Services) -> list[Any]:
    elements: list[Any] = services.ui.get_root_container().elements
    return [element for element in elements
            if type(element).__name__ == "UIMessageWindow" and element.alive()]


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    services = build_services(Paths.under(tmp_path / "home"), (1280, 720))
    yield Driver(App(services, MenuScene(services)))
    pygame.quit()


def open_with_ctrl_o(driver: Driver, path: Path) -> str:
    """Press Ctrl+O and pick ``path`` in the file dialog; return the error dialog's text."""
    scene = driver.top
    before = set(scene._dialogs)
    driver.key("o", mod=CTRL)
    dialog: Any = next(d for d in scene._dialogs if d not in before)
    assert type(dialog).__name__ == "GameFileDialog"
    picked = pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=dialog,
                                text=str(path))
    dialog.kill()  # a picked path closes the dialog, as pygame_gui does
    driver.frames(3, [picked])
    windows = message_windows(driver.app.services)
    assert len(windows) == 1, f"one error dialog for {path.name}"
    text = str(windows[0].text_block.html_text)
    windows[0].kill()
    driver.frames(2)
    return text


def check_every_bad_file(driver: Driver, folder: Path, scene_type: type) -> None:
    files = bad_files(folder)
    before = snapshot(files)
    for name, path in files.items():
        text = open_with_ctrl_o(driver, path)
        assert path.name in text, name
        assert "Traceback" not in text and len(text) < 2000, name
        assert isinstance(driver.top, scene_type), f"{name}: the app moved on"
        assert driver.app.running, name
    assert snapshot(files) == before, "no bad file was modified"
    assert files["a directory"].is_dir() and not files["a missing file"].exists()


def test_ctrl_o_in_the_menu_shows_a_readable_error_for_every_bad_file(
    driver: Driver, tmp_path: Path
) -> None:
    driver.frames(2)
    check_every_bad_file(driver, tmp_path / "bad", MenuScene)


def test_ctrl_o_during_a_game_shows_the_error_and_the_game_goes_on(
    driver: Driver, tmp_path: Path
) -> None:
    driver.frames(2)
    driver.key("return")  # Play Conquid
    driver.key("escape")  # the first time, lessons are offered: just play
    driver.press(driver.top.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    play.match.play("C")
    check_every_bad_file(driver, tmp_path / "bad", PlayScene)
    assert driver.top is play and play.match.moves == ("C",)
    driver.key("c")
    driver.key("return")
    assert play.match.ply == 2, "still playable after all the bad files"


def test_the_command_line_open_shows_the_error_in_the_menu(tmp_path: Path) -> None:
    files = bad_files(tmp_path / "bad")
    before = snapshot(files)
    services = build_services(Paths.under(tmp_path / "home"), (1280, 720))
    try:
        for name, path in files.items():
            app = App(services, first_scene(services, path))
            driver = Driver(app)
            driver.frames(3)
            assert isinstance(driver.top, MenuScene), name
            windows = message_windows(services)
            assert len(windows) == 1 and path.name in windows[0].text_block.html_text, name
            app.close()
            for window in windows:
                window.kill()
    finally:
        pygame.quit()
    assert snapshot(files) == before


# -- settings ------------------------------------------------------------------------------

BROKEN_SETTINGS: dict[str, bytes] = {
    "not json": b"{ volume: 0.5",
    "empty": b"",
    "a list": b"[1, 2]",
    "invalid utf-8": b'{"volume": "\xff\xfe"}',
    "deeply nested": b'{"keys": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "volume as text": json.dumps({"volume": "loud"}).encode(),
    "volume too big": json.dumps({"volume": 10**400}).encode(),
    "speed not a number": b'{"anim_speed": NaN}',
    "speed infinite": b'{"anim_speed": Infinity}',
    "bad colour": json.dumps({"colours": ["#zzzzzz", "#000000"]}).encode(),
    "one colour": json.dumps({"colours": ["#ffffff"]}).encode(),
    "colour not text": json.dumps({"colours": [1, 2]}).encode(),
    "muted as text": json.dumps({"muted": "yes"}).encode(),
    "window of three sizes": json.dumps({"window": [1280, 720, 5]}).encode(),
    "window as floats": json.dumps({"window": [1280.5, 720]}).encode(),
    "keys not an object": json.dumps({"keys": ["a"]}).encode(),
    "keys of numbers": json.dumps({"keys": {"play": {"confirm": [13]}}}).encode(),
    "context not an object": json.dumps({"keys": {"play": "confirm"}}).encode(),
}


@pytest.mark.parametrize("name", sorted(BROKEN_SETTINGS))
def test_a_broken_settings_file_gives_defaults_and_is_kept_aside(
    tmp_path: Path, name: str
) -> None:
    paths = Paths.under(tmp_path)
    paths.config.mkdir(parents=True)
    data = BROKEN_SETTINGS[name]
    paths.settings.write_bytes(data)
    services = build_services(paths, (1280, 720))
    try:
        assert services.settings == Settings().with_(keys={}), name
        assert any("settings.json.bad" in text for text in services.toasts.history)
        assert (paths.config / "settings.json.bad").read_bytes() == data
        driver = Driver(App(services, MenuScene(services)))
        driver.frames(3)
        assert driver.app.running
    finally:
        pygame.quit()


def test_a_second_broken_file_does_not_overwrite_the_first_one_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"first")
    load_settings(path)
    path.write_bytes(b"second")
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert (tmp_path / "settings.json.bad").read_bytes() == b"first"
    assert (tmp_path / "settings.json.bad2").read_bytes() == b"second"


def test_a_settings_path_that_is_a_folder_is_left_alone(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.config.mkdir(parents=True)
    paths.settings.mkdir()
    services = build_services(paths, (1280, 720))
    try:
        assert services.settings.volume == Settings().volume
        driver = Driver(App(services, MenuScene(services)))
        driver.frames(3)
        services.update_settings(services.settings.with_(volume=0.2))  # refused with a toast
        driver.frames(2)
        assert driver.app.running
    finally:
        pygame.quit()
    assert paths.settings.is_dir()


def test_a_record_of_a_game_without_a_view_is_refused_readably(
    driver: Driver, tmp_path: Path
) -> None:
    """A future game's records (no board view in this build) never crash the client."""
    services = driver.app.services
    services.views = {"conquid": services.views["conquid"]}
    other = tmp_path / "other.json"
    save_match(other, Match(services.games.get("pushfight")))
    save_match(services.paths.autosaves / "last.json", Match(services.games.get("pushfight")))
    before = other.read_bytes()
    driver.app.stack.apply(Reset(MenuScene(services)))
    driver.frames(2)
    assert not driver.top.entries[0][1].startswith("Resume:"), "no resume of what cannot show"
    text = open_with_ctrl_o(driver, other)
    assert "cannot show Push Fight" in text and isinstance(driver.top, MenuScene)
    scene = first_scene(services, other)
    assert isinstance(scene, MenuScene) and scene.notice is not None
    assert other.read_bytes() == before
