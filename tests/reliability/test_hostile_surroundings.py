"""The generated hostile suite, carried past the record loader to what surrounds it:
the kept-game lists, settings, lesson progress, lesson files, window sizes and the arena's
arguments. Every hostile text in every field, JSON oddities, special files and numbers past
every bound, with the record suite's assertions: no traceback, a short readable message,
files unchanged (or kept aside whole), bounded time and memory."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catalog import all_games
from game.cli import main
from game.client.app.app import App
from game.client.app.assets import assets_dir
from game.client.app.display import MIN_SIZE, Display, screen_limit
from game.client.files import autosaves
from game.client.files.learning import Learning, Progress
from game.client.files.paths import Paths
from game.client.files.settings import Settings, load_settings
from game.core.learn import load_courses
from game.core.text import printable
from game.main_window import build_services
from scenes.games import GamesScene
from scenes.menu import MenuScene
from tests.reliability.hostile import (
    HOSTILE_TEXTS,
    record_document,
    special_files,
    text_fields,
    with_field,
)
from tests.reliability.test_hostile_files import AT_ONCE
from tests.reliability.test_hostile_records import assert_readable
from tests.ui.driver import Driver

GAMES = all_games()
NUMBERS: dict[str, Any] = {
    "zero": 0, "negative": -1, "huge": 10**18, "fraction": 0.5, "infinite-like": 1e308,
    "true": True, "null": None, "text": "1280", "list": [1280], "object": {"w": 1},
}
"""Values past or beside every number a user file holds."""


def files_of(folder: Path) -> dict[str, bytes]:
    """Every regular file under ``folder`` by relative name, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink() and p.stat().st_size < 2**20}


def assert_line(line: str) -> None:
    assert printable(line, 2000) == line, "a list line is printable"
    assert len(line) < 1200


# -- the kept-game lists ---------------------------------------------------------------------


def hostile_kept_files(data: Path) -> None:
    """Every hostile text in every text field of a record, records that disagree with
    themselves, JSON oddities and special files, in both kept folders."""
    for game_id in ("conquid", "piously"):
        document = record_document(GAMES.get(game_id), plies=4)
        for number, field in enumerate(text_fields(document)):
            for kind, text in HOSTILE_TEXTS.items():
                folder = data / ("autosave" if number % 2 else "history")
                folder.mkdir(parents=True, exist_ok=True)
                name = f"{game_id}-{number}-{kind.replace(' ', '-')}.json"
                (folder / name).write_bytes(with_field(document, field, text))
        oddities: dict[str, object] = {
            "winner-one-point-zero": {**document, "result": {"winner": 1.0, "reason": "resign"}},
            "winner-five": {**document, "result": {"winner": 5, "reason": "resign"}},
            "no-players-and-a-winner": {**document, "players": [],
                                        "result": {"winner": 0, "reason": "resign"}},
            "a-list": [document], "a-number": 7, "null": None,
            "objects-bomb": {**document, "later": [{}] * 100_000},
            "moves-object": {**document, "moves": {"a": 1}},
        }
        oddities["fine"] = document  # listed among them all
        for name, oddity in oddities.items():
            for folder in ("autosave", "history"):
                (data / folder / f"{game_id}-{name}.json").write_text(json.dumps(oddity))
    special_files(data / "history" / "special")
    for kind, path in special_files(data / "autosave" / "special").items():
        if kind not in ("a 5 GiB sparse file",):
            os.symlink(path, data / "autosave" / f"link-{path.name}")
    (data / "history" / "bad\udcff.json").write_bytes(b"{")


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "home"
    pygame.quit()


def test_hostile_kept_games_never_break_the_lists(home: Path) -> None:
    paths = Paths.under(home)
    hostile_kept_files(paths.data)
    before = files_of(paths.data)
    started = time.perf_counter()
    unfinished, finished = autosaves.unfinished(paths), autosaves.finished(paths)
    for line in autosaves.lines(unfinished, GAMES) + autosaves.lines(finished, GAMES):
        assert_line(line)
    services = build_services(paths, (1280, 720))
    driver = Driver(App(services, MenuScene(services)))
    driver.frames(3)
    games = GamesScene(services)
    games.build((1280, 720))
    autosaves.prune(paths)
    assert time.perf_counter() - started < 4 * AT_ONCE
    assert driver.app.running
    assert files_of(paths.data) == before, "listing and pruning changed no file"
    assert len(unfinished) == 2 and len(finished) == 2, "only the records that are fine"


# -- settings ----------------------------------------------------------------------------------


def hostile_settings() -> dict[str, object]:
    base = Settings().to_json()
    cases: dict[str, object] = {}
    for kind, text in HOSTILE_TEXTS.items():
        cases[f"{kind} as a colour"] = {**base, "colours": [text, "#ffffff"]}
        cases[f"{kind} as a key"] = {**base, "keys": {"play": {"confirm": [text]}}}
        cases[f"{kind} as a command"] = {**base, "keys": {"play": {text: ["a"]}}}
        cases[f"{kind} as a context"] = {**base, "keys": {text: {"confirm": ["a"]}}}
    for name, value in NUMBERS.items():
        for field in ("volume", "anim_speed", "muted"):
            cases[f"{name} as {field}"] = {**base, field: value}
        cases[f"{name} as a window side"] = {**base, "window": [value, 720]}
        cases[f"{name} as the window"] = {**base, "window": value}
    cases["ten thousand key names"] = {**base, "keys": {"play": {"c": ["a"] * 10_000}}}
    cases["a list"] = [base]
    return cases


@pytest.mark.parametrize("case", sorted(hostile_settings()))
def test_hostile_settings_load_or_are_kept_aside_whole(tmp_path: Path, case: str) -> None:
    path = tmp_path / "settings.json"
    data = json.dumps(hostile_settings()[case]).encode()
    path.write_bytes(data)
    started = time.perf_counter()
    loaded = load_settings(path)
    assert time.perf_counter() - started < AT_ONCE
    low, high = 200, 16_384
    assert all(low <= side <= high for side in loaded.settings.window)
    if loaded.problem is None:
        assert path.read_bytes() == data, "a file that loads is left as it is"
    else:
        assert_readable(loaded.problem)
        assert loaded.settings == Settings()
        assert (tmp_path / "settings.json.bad").read_bytes() == data


# -- lesson progress ---------------------------------------------------------------------------


def hostile_progress() -> dict[str, object]:
    cases: dict[str, object] = {}
    for kind, text in HOSTILE_TEXTS.items():
        cases[f"{kind} as an id"] = {"version": 1, "done": {"conquid": [text]}, "offered": []}
        cases[f"{kind} as a game"] = {"version": 1, "done": {text: ["a"]}, "offered": [text]}
    for name, value in NUMBERS.items():
        cases[f"{name} as the version"] = {"version": value, "done": {}, "offered": []}
        cases[f"{name} as done"] = {"version": 1, "done": value, "offered": []}
        cases[f"{name} as an id"] = {"version": 1, "done": {"conquid": [value]}}
    cases["100,000 ids"] = {"version": 1, "done": {"conquid": [str(n) for n in range(100_000)]}}
    return cases


@pytest.mark.parametrize("case", sorted(hostile_progress()))
def test_hostile_lesson_progress_loads_or_is_kept_aside_whole(tmp_path: Path,
                                                              case: str) -> None:
    path = tmp_path / "learn.json"
    data = json.dumps(hostile_progress()[case]).encode()
    path.write_bytes(data)
    started = time.perf_counter()
    learning = Learning(path=path)
    assert time.perf_counter() - started < AT_ONCE
    if learning.problem is None:
        assert path.read_bytes() == data
        assert learning.mark_done("conquid", "basics") is None  # and progress goes on
        assert learning.is_done("conquid", "basics")
    else:
        assert_readable(learning.problem)
        assert learning.progress == Progress()
        assert (tmp_path / "learn.json.bad").read_bytes() == data


# -- lesson files ------------------------------------------------------------------------------


def hostile_courses(folder: Path) -> None:
    document = json.loads((assets_dir() / "learn" / "conquid.json").read_text())
    lesson = document["lessons"][0]
    step = lesson["steps"][0]
    fields: list[tuple[dict[str, Any], str]] = [
        (document, "game"), (lesson, "id"), (lesson, "title"), (step, "say"),
        (step, "position"), (step, "wrong"), (step, "done")]
    folder.mkdir(parents=True, exist_ok=True)
    for number, (target, key) in enumerate(fields):
        for kind, text in HOSTILE_TEXTS.items():
            before = target[key]
            target[key] = text
            name = f"{number}-{kind.replace(' ', '-')}.json"
            (folder / name).write_text(json.dumps(document, ensure_ascii=True))
            target[key] = before
    for name, value in NUMBERS.items():
        (folder / f"version-{name}.json").write_text(json.dumps(
            {**document, "format_version": value}))
    special_files(folder / "special")
    for path in (folder / "special").iterdir():
        if path.name != "sparse.json":
            os.symlink(path, folder / f"special-{path.name}")


def test_hostile_lesson_files_are_left_out_with_a_short_message(tmp_path: Path) -> None:
    folder = tmp_path / "learn"
    hostile_courses(folder)
    before = files_of(folder)
    started = time.perf_counter()
    _courses, problems = load_courses(folder, GAMES)
    assert time.perf_counter() - started < 12 * AT_ONCE
    assert problems
    for problem in problems:
        assert_readable(problem)
    assert files_of(folder) == before


# -- window sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(0, 0), (-5, -5), (1, 100_000), (100_000, 1),
                                  (23_000, 23_000), (2**31 - 1, 2**31 - 1)])
def test_hostile_window_sizes_open_within_the_screens(size: tuple[int, int]) -> None:
    pygame.display.init()
    try:
        shown = Display(size)
        limit = screen_limit()
        assert MIN_SIZE[0] <= shown.size[0] <= limit[0]
        assert MIN_SIZE[1] <= shown.size[1] <= limit[1]
    finally:
        pygame.quit()


# -- the arena's arguments ---------------------------------------------------------------------


def hostile_arena_args() -> dict[str, list[str]]:
    cases: dict[str, list[str]] = {}
    for kind, text in HOSTILE_TEXTS.items():
        if "\x00" in text:
            continue  # no command line can hold a NUL
        cases[f"{kind} as the game"] = [text]
        for flag in ("--seed", "--first", "--second", "--board", "--option"):
            cases[f"{kind} as {flag}"] = ["conquid", flag, text]
        cases[f"{kind} as an option's value"] = ["conquid", "--option", f"board={text}"]
    for flag in ("--time", "--nodes", "--games", "--turn-limit"):
        for value in ("1e300", str(10**18), "-1", "nan", "x", "9" * 5000):
            cases[f"{value[:8]} as {flag}"] = ["conquid", flag, value]
    return cases


@pytest.mark.parametrize("case", sorted(hostile_arena_args()))
def test_hostile_arena_arguments_are_a_short_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    args = ["arena", *hostile_arena_args()[case], "--games", "1",
            "--save-dir", str(tmp_path / "runs")]
    if "--games" in hostile_arena_args()[case]:
        args = args[:-4] + args[-2:]
    started = time.perf_counter()
    try:
        code = main(args)
    except SystemExit as exit:  # argparse refuses what is not a number
        code = exit.code if isinstance(exit.code, int) else 2
    assert time.perf_counter() - started < AT_ONCE
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert len(last) < 400 and printable(last, 400) == last
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())
