"""Saves, autosave, loading (bad files included), and the replay scene: stepping, playing,
scrubbing and branching."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.catalog import all_games
from game.client.app.services import Services
from game.client.files import storage
from game.client.files.paths import Paths
from game.core.match import Match
from game.core.record import Record, save_match
from game.main_window import first_scene
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from tests.ui.driver import Driver

MOVES = ("A 3,5 3,6 3,7", "A 0,0 0,1 0,2", "A 3,8 6,0 6,1", "C", "Q")


def finished_match() -> Match:
    match = Match(all_games().get("conquid"), {"board": "small"})
    for text in MOVES:
        match.play(text)
    return match


def test_save_then_load_gives_an_equal_game(tmp_path: Path) -> None:
    match = finished_match()
    path = tmp_path / "game.json"
    assert storage.save(path, match) is None
    loaded = storage.load(path, all_games())
    assert loaded.moves == match.moves
    assert loaded.outcome == match.outcome
    assert Record.of(loaded) == Record.of(match)


def test_ctrl_s_saves_through_the_file_dialog(driver: Driver, paths: Paths) -> None:
    driver.frames(2)
    driver.key("return")
    driver.press(driver.top.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    play.match.play("A 0,0 0,1 0,2")
    driver.key("s", mod=0x40)
    dialog = next(iter(play._dialogs))
    driver.press(dialog.ok_button)
    saved = list(paths.saves.glob("*.json"))
    assert len(saved) == 1
    assert storage.load(saved[0], all_games()).moves == ("A 0,0 0,1 0,2",)
    assert any(text.startswith("Saved") for text in driver.toasts())


def test_every_move_is_autosaved(driver: Driver, paths: Paths) -> None:
    driver.frames(2)
    driver.key("return")
    driver.press(driver.top.start_button)
    play = driver.top
    driver.key("c")
    driver.key("return")
    assert play.autosave_path is not None
    assert storage.load(play.autosave_path, all_games()).moves == ("C",)
    assert play.match.ply == 1


def test_a_bad_file_gets_a_readable_dialog(driver: Driver, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "conquid-arcade-record", "format_version": 99}', "utf-8")
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    menu._opened(bad)
    driver.frames(2)
    windows = [w for w in driver.app.services.ui.get_root_container().elements
               if type(w).__name__ == "UIMessageWindow"]
    assert windows and "newer version" in windows[0].text_block.html_text
    assert isinstance(driver.top, MenuScene)


def test_replay_steps_back_and_forward_with_the_animations(driver: Driver) -> None:
    replay = driver.open_replay(finished_match())
    assert replay.cursor == 5
    driver.key("home")
    assert replay.cursor == 0
    driver.key("right")
    assert replay.cursor == 1
    assert replay.view.busy(driver.app.clock)  # the acquire pops in
    driver.key("end")
    assert replay.cursor == 5
    driver.key("left")
    driver.key("left")
    assert replay.cursor == 3


def test_replay_plays_by_itself_and_pauses(driver: Driver) -> None:
    replay: Any = driver.open_replay(finished_match())  # Any: its state changes under mypy
    driver.key("home")
    driver.key("space")
    assert replay.playing
    driver.wait(2.5)
    assert 1 <= replay.cursor < 5
    driver.key("up")
    assert not replay.playing
    stopped = replay.cursor
    driver.wait(2.0)
    assert replay.cursor == stopped


def test_the_slider_scrubs(driver: Driver) -> None:
    replay = driver.open_replay(finished_match())
    moved = pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=replay.slider,
                               value=2)
    driver.frames(2, [moved])  # what the slider sends when dragged to 2
    assert replay.cursor == 2
    assert replay.view.busy(driver.app.clock) is False


def test_continue_from_here_branches_a_new_game(driver: Driver) -> None:
    original = finished_match()
    replay = driver.open_replay(original)
    driver.key("left")
    driver.key("left")
    continue_button = next(w for w, name in replay.buttons.items() if name == "continue")
    driver.press(continue_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.match.moves == MOVES[:3]
    assert not play.match.is_over
    assert original.ply == 5  # the original is untouched


def test_the_menu_opens_a_record_in_the_replay_scene(driver: Driver, tmp_path: Path) -> None:
    path = tmp_path / "finished.json"
    save_match(path, finished_match())
    driver.frames(2)
    transition = driver.top._opened(path)
    driver.app.stack.apply(transition)
    assert isinstance(driver.top, ReplayScene)
    assert driver.top.match.moves == MOVES


def test_the_command_line_opens_a_record_or_explains_why_not(
    services: Services, tmp_path: Path
) -> None:
    good = tmp_path / "good.json"
    save_match(good, finished_match())
    assert isinstance(first_scene(services, good), ReplayScene)
    bad = tmp_path / "bad.json"
    bad.write_text("[]", "utf-8")
    scene = first_scene(services, bad)
    assert isinstance(scene, MenuScene)
    assert scene.notice is not None and "bad.json" in scene.notice[1]
