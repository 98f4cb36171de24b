"""What the menu's first frame waits for: no game's rules, no board view, no
lesson checking.

The rules and views load when a game's first screen needs them, or in the background once
the window shows; the lesson courses when Learn or a game's first-time offer needs them, or
in the background too. The menu lists every game from its info, and the input table knows
every game's keys, from the start.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.catalog import all_games
from game.client.app.app import App
from game.client.app.services import Services
from game.client.files.learning import Learning
from game.client.files.paths import Paths
from game.core.learn import Course
from game.core.registry import AnyGame, Registry
from game.forts.info import INFO as FORTS_INFO
from game.main_window import PLUGINS, VIEWS, build_services, first_scene

ROOT = Path(__file__).resolve().parents[2]

FIRST_FRAME = """
import json, sys
from game.main_window import build_services, first_scene
from game.client.app.app import App
services = build_services()
app = App(services, first_scene(services))
app.step([], 0.0)
print(json.dumps({
    "views": sorted(m for m in sys.modules if m.split(".")[2:3] == ["view"]
                    and m.rsplit(".", 1)[-1] not in ("view", "actions", "colours")),
    "rules": sorted(m for m in sys.modules if ".rules." in m and not m.endswith(".board")),
    "menu": [text for _, text, _ in app.stack.top.entries][2:6],
    "courses_loaded": services.learning._courses is not None,
    "replay": "scenes.replay" in sys.modules,
}))
"""


def test_every_views_actions_are_known_without_the_view() -> None:
    assert set(PLUGINS) == set(VIEWS)
    for game_id, make in VIEWS.items():
        assert make().actions == PLUGINS[game_id].actions, game_id


def test_the_input_table_knows_every_games_keys_from_the_start(services: Services) -> None:
    contexts = services.table.contexts()
    for game_id, actions in ((p.id, p.actions) for p in PLUGINS.values()):
        assert f"game:{game_id}" in contexts
        assert services.table.commands(f"game:{game_id}") == [a.id for a in actions]


def test_the_first_menu_frame_imports_no_view_and_checks_no_lesson(tmp_path: Path) -> None:
    env = dict(os.environ, CONQUID_ARCADE_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen == {"views": [], "rules": [], "courses_loaded": False, "replay": False,
                    "menu": ["Play Conquid", "Play Push Fight", "Play Forts and Ruins",
                             "Play Piously"]}


def test_the_window_shown_loads_rules_views_and_courses_in_the_background(
    paths: Paths
) -> None:
    services = build_services(paths, (1280, 720))
    app = App(services, first_scene(services))
    app.step([], 0.0)
    services.window_shown()
    deadline = time.monotonic() + 30
    while "game.piously.view.board" not in sys.modules and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "game.piously.view.board" in sys.modules
    assert [game.info.id for game in services.games] == list(VIEWS)
    assert services.learning.course("conquid").lessons
    assert not services.toasts.current


def test_a_game_registered_by_its_info_loads_its_rules_on_first_use() -> None:
    from game.forts.rules.game import GAME as FORTS

    loads: list[str] = []

    def load() -> AnyGame:
        loads.append("forts")
        return FORTS

    games = Registry()
    games.register_later(FORTS_INFO, load)
    assert "forts" in games and len(games) == 1
    assert games.info("forts").title == "Forts and Ruins"
    assert [info.id for info in games.infos()] == ["forts"] and not loads
    assert games.get("forts") is FORTS and games.get("forts") is FORTS
    assert list(games) == [FORTS] and loads == ["forts"]
    with pytest.raises(KeyError, match="unknown game"):
        games.get("chess")
    with pytest.raises(ValueError, match="already registered"):
        games.register(FORTS)


def test_a_loader_must_give_the_game_of_its_info() -> None:
    from game.conquid.rules.game import GAME as CONQUID

    games = Registry()
    games.register_later(FORTS_INFO, lambda: CONQUID)
    with pytest.raises(ValueError, match="another info"):
        games.get("forts")


def test_every_catalogue_info_is_its_games_own() -> None:
    games = all_games()
    for info in list(games.infos()):
        assert games.get(info.id).info is info


def test_courses_load_on_first_use_and_their_problems_are_reported() -> None:
    calls: list[int] = []
    reported: list[str] = []

    def load() -> tuple[dict[str, Course], list[str]]:
        calls.append(1)
        return {"conquid": Course("conquid")}, ["broken.json: the file is too large"]

    learning = Learning(load=load, report=reported.append)
    assert not calls
    assert learning.course("conquid") == Course("conquid")
    assert learning.course("forts") == Course("forts")
    assert calls == [1] and reported == ["broken.json: the file is too large"]


def test_a_game_already_offered_does_not_load_the_courses() -> None:
    def load() -> tuple[dict[str, Course], list[str]]:
        raise AssertionError("loaded")

    learning = Learning(load=load)
    learning.mark_offered("conquid")
    assert not learning.offer_due("conquid")


def test_courses_loading_in_the_background_are_waited_for_and_loaded_once() -> None:
    calls: list[int] = []
    reported: list[str] = []
    started = threading.Event()

    def load() -> tuple[dict[str, Course], list[str]]:
        calls.append(1)
        started.set()
        time.sleep(0.05)
        return {"forts": Course("forts")}, ["bad.json: not a lesson file"]

    learning = Learning(load=load, report=reported.append)
    background = threading.Thread(target=learning.load)
    background.start()
    started.wait(10)
    assert "forts" in learning.courses
    background.join()
    learning.load()
    assert calls == [1] and reported == ["bad.json: not a lesson file"]
