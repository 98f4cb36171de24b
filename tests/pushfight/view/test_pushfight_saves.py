"""Push Fight through the generic scenes: autosave and resume, save and load, replay stepping
and branching, and computer seats (setup included) animated like a human's turns."""

from __future__ import annotations

import time
from pathlib import Path

from game.catalog import all_games
from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.files import storage
from game.client.files.paths import Paths
from game.core.match import Match
from game.core.protocol import Outcome
from game.core.record import Record
from game.pushfight.info import PUSH_OFF
from game.pushfight.rules.notation import Setup, Turn
from game.pushfight.view.board import PushFightView
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.setup import SetupScene
from tests.pushfight.view.test_pushfight_play import (
    BROWN_STANDARD,
    WHITE_STANDARD,
    WIN,
    play_scene,
    square,
)
from tests.ui.driver import Driver
from tests.ui.test_computer import InstantComputers
from tests.ui.test_hint_and_demo import ScriptedComputers
from tests.ui.test_play import choose

GAME = (WHITE_STANDARD, BROWN_STANDARD, *WIN)


def finished_match() -> Match:
    match = Match(all_games().get("pushfight"), {})
    for text in GAME:
        match.play(text)
    return match


def test_save_then_load_gives_an_equal_game(tmp_path: Path) -> None:
    for length in (1, 3, len(GAME)):
        match = Match(all_games().get("pushfight"), {})
        for text in GAME[:length]:
            match.play(text)
        path = tmp_path / f"game{length}.json"
        assert storage.save(path, match) is None
        loaded = storage.load(path, all_games())
        assert loaded.moves == match.moves
        assert loaded.state == match.state
        assert loaded.outcome == match.outcome
        assert Record.of(loaded) == Record.of(match)


def test_turns_played_by_clicks_are_autosaved_and_resumed(driver: Driver, paths: Paths) -> None:
    play = play_scene(driver, WHITE_STANDARD, BROWN_STANDARD)
    square(driver, play, "c2")
    square(driver, play, "d2")
    driver.key("return")
    assert play.autosave_path is not None
    saved = storage.load(play.autosave_path, all_games())
    assert saved.moves == (WHITE_STANDARD, BROWN_STANDARD, WIN[0])
    assert saved.state == play.match.state
    driver.app.stack.apply(Push(MenuScene(driver.app.services)))
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    resume = next(widget for widget, text, _action in menu.entries if text.startswith("Resume"))
    driver.press(resume)
    resumed = driver.top
    assert isinstance(resumed, PlayScene) and isinstance(resumed.view, PushFightView)
    assert resumed.match.state == play.match.state
    square(driver, resumed, "f3")
    square(driver, resumed, "f2")
    driver.key("return")
    assert resumed.match.moves[-1] == WIN[1]


def test_take_back_and_redo_a_whole_turn(driver: Driver) -> None:
    play = play_scene(driver, WHITE_STANDARD, BROWN_STANDARD, WIN[0])
    driver.key("left")
    assert play.match.ply == 2
    driver.key("right")
    assert play.match.moves[-1] == WIN[0]
    assert play.view.busy(driver.app.clock)  # the redone push is animated again


def test_replay_steps_through_setups_and_turns(driver: Driver) -> None:
    replay = driver.open_replay(finished_match())
    assert replay.cursor == len(GAME)
    assert replay.match.outcome == Outcome(0, PUSH_OFF)
    driver.key("home")
    assert replay.cursor == 0
    driver.key("right")
    assert replay.cursor == 1
    assert replay.view.busy(driver.app.clock)  # White's pieces pop in
    driver.wait(1.5)
    driver.key("right")
    driver.key("right")
    assert replay.cursor == 3
    assert replay.view.busy(driver.app.clock)  # the push shoves its line
    driver.key("end")
    assert replay.cursor == len(GAME)
    driver.key("left")
    assert replay.cursor == len(GAME) - 1
    assert replay.plugin.describe(GAME[-1]) == "Move d2-c1; push c1-d1"
    driver.key("f")  # flipping is a way of looking: replays offer it too
    assert isinstance(replay.view, PushFightView) and replay.view.flipped


def test_continue_from_here_branches_a_push_fight_game(driver: Driver) -> None:
    replay = driver.open_replay(finished_match())
    driver.key("left")
    continue_button = next(w for w, name in replay.buttons.items() if name == "continue")
    driver.press(continue_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.match.moves == GAME[:-1]
    square(driver, play, "d2")
    assert isinstance(play.view, PushFightView) and play.view.targets()


def test_a_computer_seat_sets_up_and_plays_animated(driver: Driver, services: Services) -> None:
    services.computers = InstantComputers()
    driver.frames(2)
    menu = driver.top
    entry = next(widget for widget, text, _action in menu.entries if "Push Fight" in text)
    driver.press(entry)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    choose(driver, setup.widgets["kind:1"], "computer: quick")
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    driver.key("s")
    driver.key("return")
    driver.frames(2)
    driver.key("f")  # the board turns round even while the computer thinks
    assert isinstance(play.view, PushFightView) and play.view.flipped
    driver.key("f")
    driver.wait(2.0)  # the computer answers with its own setup, popping its pieces in
    assert play.match.ply == 2 and play.match.moves[1].startswith("setup X")
    square(driver, play, "c2")
    square(driver, play, "d2")
    driver.key("return")
    animated = False
    for _ in range(120):
        driver.frames(1)
        animated = animated or (play.match.ply == 4 and play.view.busy(driver.app.clock))
    assert play.match.ply == 4 or play.match.is_over
    assert animated or play.match.is_over


def test_real_computer_levels_play_each_other_in_the_client(driver: Driver) -> None:
    """Worker processes (game.computer) set up and play turns for both seats."""
    driver.frames(2)
    menu = driver.top
    entry = next(widget for widget, text, _action in menu.entries if "Push Fight" in text)
    driver.press(entry)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    choose(driver, setup.widgets["kind:0"], "computer: easy")
    choose(driver, setup.widgets["kind:1"], "computer: easy")
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    deadline = time.monotonic() + 60
    while play.match.ply < 4 and not play.match.is_over and time.monotonic() < deadline:
        driver.frames(5)
    assert play.match.ply >= 4 or play.match.is_over
    assert play.match.moves[0].startswith("setup O") and play.match.moves[1].startswith("setup X")


def test_a_hint_is_loaded_as_the_pending_setup_then_turn(
    driver: Driver, services: Services
) -> None:
    services.computers = ScriptedComputers(["normal"], delay=2)
    play = play_scene(driver)
    driver.key("h")
    driver.frames(5)
    assert isinstance(play.view.proposal().move, Setup)
    driver.key("return")
    driver.wait(1.5)
    driver.key("s")
    driver.key("return")
    driver.wait(1.5)
    driver.key("h")
    driver.frames(5)
    turn = play.view.proposal().move
    assert isinstance(turn, Turn)
    driver.key("return")
    assert play.match.ply == 3 and play.match.moves[-1] == services.games.get(
        "pushfight").format_move(turn)
