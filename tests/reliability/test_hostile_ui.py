"""Hostile inputs through the running client: records with hostile texts opened with Ctrl+O
and ``open FILE``, unusual names that load drawn in every scene that shows them, the longest
record replayed, a data folder that cannot be created, hostile score, settings and key-binding
files. The app never stops, every message is short, and no file is modified."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client.app.app import App
from game.client.app.scene import Push, Reset
from game.client.draw import fonts
from game.client.files.paths import Paths
from game.core.text import problem
from game.main_window import build_services, first_scene
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from scenes.scores import ScoresScene
from tests.reliability.hostile import (
    FRIENDLY_TEXTS,
    GAMES,
    HOSTILE_TEXTS,
    longest_game,
    longest_record,
    record_document,
    special_files,
    with_field,
)
from tests.reliability.test_bad_files_ui import message_windows, open_with_ctrl_o
from tests.reliability.test_hostile_records import assert_readable
from tests.ui.driver import Driver

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    services = build_services(Paths.under(tmp_path / "home"), (1280, 720))
    yield Driver(App(services, MenuScene(services)))
    pygame.quit()


def test_hostile_records_get_a_short_dialog_in_the_menu(driver: Driver, tmp_path: Path) -> None:
    driver.frames(2)
    document = record_document(GAMES.get("conquid"))
    fields = (("players", 0, "name"), ("options", "board"), ("moves", 0))
    for number, (kind, text) in enumerate(HOSTILE_TEXTS.items()):
        for field in (fields[number % 3],) if number > 2 else fields:
            path = tmp_path / f"hostile-{number}-{field[0]}.json"
            path.write_bytes(with_field(document, field, text))
            before = path.read_bytes()
            shown = open_with_ctrl_o(driver, path)
            assert len(shown) < 400 and "Traceback" not in shown, (kind, field)
            assert isinstance(driver.top, MenuScene) and driver.app.running, (kind, field)
            assert path.read_bytes() == before


def test_the_command_line_open_of_hostile_records_shows_the_menu(tmp_path: Path) -> None:
    services = build_services(Paths.under(tmp_path / "home"), (1280, 720))
    document = record_document(GAMES.get("pushfight"))
    odd_name = tmp_path / "bad\udcff.json"  # a name that is not valid UTF-8
    odd_name.write_bytes(with_field(document, ("players", 1, "name"), "\ud800"))
    paths = [odd_name]
    for kind in ("NUL", "3 MB", "bidirectional override"):
        path = tmp_path / f"{len(paths)}.json"
        path.write_bytes(with_field(document, ("players", 0, "name"), HOSTILE_TEXTS[kind]))
        paths.append(path)
    try:
        for path in paths:
            app = App(services, first_scene(services, path))
            driver = Driver(app)
            driver.frames(3)
            assert isinstance(driver.top, MenuScene)
            windows = message_windows(services)
            assert len(windows) == 1
            assert_readable(windows[0].text_block.html_text[:300])
            app.close()
            for window in windows:
                window.kill()
    finally:
        pygame.quit()


@pytest.mark.parametrize("name", sorted(FRIENDLY_TEXTS))
def test_unusual_names_that_load_are_drawn_everywhere(tmp_path: Path, name: str) -> None:
    """Replay, resume and play, export: every place a seat's name is drawn."""
    paths = Paths.under(tmp_path / "home")
    document = record_document(GAMES.get("conquid"), plies=4)
    path = tmp_path / "friendly.json"
    path.write_bytes(with_field(document, ("players", 0, "name"), FRIENDLY_TEXTS[name]))
    services = build_services(paths, (900, 600))
    try:
        driver = Driver(App(services, first_scene(services, path)))
        assert isinstance(driver.top, ReplayScene)
        driver.frames(3)
        for key in ("end", "home", "right", "up"):
            driver.key(key)
        paths.autosaves.mkdir(parents=True, exist_ok=True)
        (paths.autosaves / "kept.json").write_bytes(path.read_bytes())
        menu = MenuScene(services)
        driver.app.stack.apply(Reset(menu))
        driver.frames(3)
        assert driver.top.entries[0][1].startswith("Resume")
        driver.press(driver.top.entries[0][0])
        driver.frames(3)
        assert isinstance(driver.top, PlayScene)
        driver.frames(5)
        assert driver.app.running
    finally:
        pygame.quit()


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60).filter(lambda text: problem(text, 200) is None))
def test_any_text_the_loader_accepts_renders(text: str) -> None:
    if not pygame.font.get_init():
        pygame.font.init()
        fonts.reset()  # fonts cached before an earlier pygame.quit() are dead
    fonts.text(text, 24, (255, 255, 255))
    fonts.wrap(text, 18, 200)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60))
def test_any_text_at_all_renders_without_an_error(text: str) -> None:
    """What fonts are asked to draw may come from anywhere (a file name, an OS error)."""
    if not pygame.font.get_init():
        pygame.font.init()
        fonts.reset()  # fonts cached before an earlier pygame.quit() are dead
    fonts.text(text, 24, (255, 255, 255))
    fonts.wrap(text, 18, 200)


def test_the_longest_record_replays_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "longest.json"
    path.write_bytes(longest_record("pushfight"))
    before = path.read_bytes()
    services = build_services(Paths.under(tmp_path / "home"), (1280, 720))
    try:
        driver = Driver(App(services, first_scene(services, path)))
        assert isinstance(driver.top, ReplayScene)
        for key in ("end", "left", "left", "home", "right", "up"):
            driver.key(key)
        driver.frames(5)
        assert driver.app.running
    finally:
        pygame.quit()
    assert path.read_bytes() == before


def test_open_and_save_with_a_data_folder_that_cannot_be_created(tmp_path: Path) -> None:
    """Ctrl+O in the menu and Ctrl+S in a game crashed on ``mkdir`` before."""
    paths = Paths.under(tmp_path / "home")
    paths.data.parent.mkdir(parents=True)
    paths.data.write_text("a file where the data folder should be")
    services = build_services(paths, (1280, 720))
    try:
        driver = Driver(App(services, MenuScene(services)))
        driver.frames(2)
        driver.key("o", mod=CTRL)
        assert driver.top._dialogs, "the open dialog is shown"
        driver.key("escape")
        match = longest_game(GAMES.get("conquid"), plies=2)
        driver.app.stack.apply(Push(
            PlayScene(services, match)))
        driver.frames(3)
        driver.key("s", mod=CTRL)
        driver.frames(3)
        assert driver.app.running and isinstance(driver.top, PlayScene)
    finally:
        pygame.quit()
    assert paths.data.is_file()


def hostile_scores(folder: Path) -> dict[str, Path]:
    files = {"a FIFO": special_files(folder / "special")["a FIFO"]} \
        if hasattr(os, "mkfifo") else {}
    entry = {"name": "A\x00B", "score": [1, 2, 3], "seed": "s", "date": "d"}
    for kind, tables in {
        "a NUL in a name": {"forts": {"9x18": [entry]}},
        "a surrogate in a table name": {"forts": {"\ud800": []}},
        "8,000 tables": {"forts": {f"t{n}": [] for n in range(8000)}},
        "a 200,000-character table name": {"forts": {"t" * 200_000: []}},
    }.items():
        path = folder / f"{kind}.json"
        path.write_text(json.dumps({"version": 1, "tables": tables}))
        files[kind] = path
    return files


def test_the_high_scores_screen_survives_hostile_files(tmp_path: Path) -> None:
    for kind, source in hostile_scores(tmp_path / "sources").items():
        paths = Paths.under(tmp_path / kind.replace(" ", "-"))
        paths.data.mkdir(parents=True)
        if source.is_fifo():
            os.mkfifo(paths.scores)
        else:
            paths.scores.write_bytes(source.read_bytes())
        services = build_services(paths, (1280, 720))
        try:
            driver = Driver(App(services, MenuScene(services)))
            driver.app.stack.apply(Push(
                ScoresScene(services)))
            driver.frames(3)
            assert isinstance(driver.top, ScoresScene) and driver.app.running, kind
            assert any("high scores" in text.lower() for text in driver.toasts()), kind
        finally:
            pygame.quit()


def test_a_settings_fifo_does_not_hang_the_start(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    paths = Paths.under(tmp_path)
    paths.config.mkdir(parents=True)
    os.mkfifo(paths.settings)
    services = build_services(paths, (1280, 720))
    try:
        Driver(App(services, MenuScene(services))).frames(3)
        assert any("settings" in text for text in services.toasts.history)
    finally:
        pygame.quit()


HOSTILE_BINDINGS = {
    "every command on Escape": {"menu": {"activate": ["escape"], "back": ["escape"],
                                         "up": ["escape"], "down": ["escape"]}},
    "no keys at all": {"menu": {"activate": [], "back": [], "up": [], "down": []},
                       "global": {"quit": [], "help": [], "fullscreen": []}},
    "unknown key names": {"menu": {"activate": ["no such key", "ctrl+ctrl+x", ""]}},
    "unknown contexts and commands": {"elsewhere": {"nothing": ["a"]},
                                      "menu": {"fly": ["return"]}},
}


@pytest.mark.parametrize("kind", sorted(HOSTILE_BINDINGS))
def test_hostile_key_bindings_leave_the_app_usable(tmp_path: Path, kind: str) -> None:
    paths = Paths.under(tmp_path)
    paths.config.mkdir(parents=True)
    paths.settings.write_text(json.dumps({"version": 1, "keys": HOSTILE_BINDINGS[kind]}))
    services = build_services(paths, (1280, 720))
    try:
        driver = Driver(App(services, MenuScene(services)))
        driver.frames(2)
        menu = driver.top
        play = next(widget for widget, text, _ in menu.entries if "Conquid" in widget.text)
        driver.press(play)
        driver.frames(3)
        assert not isinstance(driver.top, MenuScene), f"{kind}: the mouse still starts a game"
        for key in ("escape", "return", "down", "up", "f1", "escape", "escape"):
            driver.key(key)
        driver.frames(2)
        assert driver.app.running, kind
    finally:
        pygame.quit()


def test_key_bindings_with_hostile_names_are_kept_aside(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.config.mkdir(parents=True)
    paths.settings.write_text(json.dumps({"keys": {"menu": {"activate": ["A\x00"]}}}))
    services = build_services(paths, (1280, 720))
    try:
        assert any("settings.json.bad" in text for text in services.toasts.history)
    finally:
        pygame.quit()


@pytest.mark.parametrize("kind", ["NUL", "lone high surrogate", "3 MB"])
def test_an_autosave_that_could_not_be_shown_is_not_offered(tmp_path: Path, kind: str) -> None:
    """The resume offer kept offering an autosave whose names crashed the play scene."""
    paths = Paths.under(tmp_path)
    kept = paths.autosaves / "kept.json"
    kept.parent.mkdir(parents=True)
    document = record_document(GAMES.get("conquid"), plies=3)
    kept.write_bytes(with_field(document, ("players", 0, "name"), HOSTILE_TEXTS[kind]))
    before = kept.read_bytes()
    services = build_services(paths, (1280, 720))
    try:
        driver = Driver(App(services, MenuScene(services)))
        driver.frames(3)
        assert driver.top.entries[0][1] == "Resume (no unfinished game)"
    finally:
        pygame.quit()
    assert kept.read_bytes() == before
