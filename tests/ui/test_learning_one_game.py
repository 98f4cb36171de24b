"""A click that needs one game's lessons (the first "Play ..." offers them) loads that
game's course alone, before the background has loaded them all."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game.catalog import all_games
from game.client.app.assets import assets_dir
from game.client.files.learning import Learning
from game.core.learn import Course, load_courses

GAMES = all_games()


def test_one_game_is_loaded_alone_until_every_course_is_in() -> None:
    every: list[int] = []
    single: list[str] = []
    reported: list[str] = []

    def load() -> tuple[dict[str, Course], list[str]]:
        every.append(1)
        return {"conquid": Course("conquid"), "forts": Course("forts")}, ["bad.json: broken"]

    def load_game(game_id: str) -> tuple[Course, list[str]]:
        single.append(game_id)
        return Course(game_id), ["bad.json: broken"]

    learning = Learning(load=load, report=reported.append, load_game=load_game)
    assert learning.offer_due("conquid") is False  # an empty course offers nothing
    learning.course("conquid")
    assert single == ["conquid"] and every == [], "the one game, once"
    learning.load()  # the background's full load
    assert learning.course("forts") == Course("forts") and single == ["conquid"]
    assert every == [1] and reported == ["bad.json: broken"], "each problem told once"


def test_only_the_files_of_one_game_are_played_through(tmp_path: Path) -> None:
    folder = tmp_path / "learn"
    folder.mkdir()
    for path in (assets_dir() / "learn").glob("*.json"):
        shutil.copy(path, folder / path.name)
    (folder / "zz-broken.json").write_text("{", encoding="utf-8")
    (folder / "zz-other.json").write_text(json.dumps({"game": "forts"}), encoding="utf-8")
    courses, problems = load_courses(folder, GAMES)
    alone, alone_problems = load_courses(folder, GAMES, only="conquid")
    assert set(alone) == {"conquid"} and alone["conquid"] == courses["conquid"]
    assert len(problems) == 2 and len(alone_problems) == 1, "another game's broken file waits"
