"""Hostile inputs through the command line: ``export`` and ``open`` of hostile records and
special files, ``arena`` options at and past every bound. Every refusal is an exit code and a
short line on stderr, never a traceback; the record's bytes never change."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.arena import _options, parse_option
from game.cli import build_parser, main
from game.client.draw import export as export_module
from game.core.protocol import OptionSpec
from game.core.record import Record, save_match
from tests.reliability.hostile import (
    GAMES,
    HOSTILE_TEXTS,
    longest_game,
    record_document,
    special_files,
    with_field,
)
from tests.reliability.test_hostile_records import assert_readable, bound_values

HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(args: list[str], home: Path, seconds: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**HEADLESS, "CONQUID_ARCADE_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, env=env, timeout=seconds, check=False)


def hostile_record(folder: Path, kind: str) -> Path:
    path = folder / f"{kind.replace(' ', '-')}.json"
    document = record_document(GAMES.get("conquid"))
    path.write_bytes(with_field(document, ("players", 0, "name"), HOSTILE_TEXTS[kind]))
    return path


@pytest.mark.parametrize("kind", ["NUL", "lone high surrogate", "3 MB"])
def test_export_of_a_hostile_record_is_a_short_refusal_without_traceback(
    tmp_path: Path, kind: str
) -> None:
    path = hostile_record(tmp_path, kind)
    before = path.read_bytes()
    done = run(["export", str(path), "--out", str(tmp_path / "out.png")], tmp_path / "home")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr) < 400
    assert "invalid character" in done.stderr or "too long" in done.stderr
    assert path.read_bytes() == before and not (tmp_path / "out.png").exists()


def test_export_of_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / os.fsdecode(b"bad\xff.json")
    path.write_bytes(b"{")
    done = run(["export", os.fsdecode(bytes(path)), "--out", str(tmp_path / "o.png")],
               tmp_path / "home")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize("kind", ["a FIFO", "a link to /dev/zero", "a 5 GiB sparse file",
                                  "a symlink loop", "a folder"])
def test_export_of_a_special_file_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    files = special_files(tmp_path / "special")
    if kind not in files:
        pytest.skip(f"{kind} cannot be made here")
    started = time.perf_counter()
    assert main(["export", str(files[kind]), "--out", str(tmp_path / "o.png")]) == 1
    assert time.perf_counter() - started < 5
    err = capsys.readouterr().err
    assert_readable(err.strip().removeprefix("conquid-arcade: "))


def test_open_of_a_hostile_record_keeps_the_app_running(tmp_path: Path) -> None:
    """``conquid-arcade open`` of the NUL-name record exited with code 70 before: now the
    menu shows the refusal and the app runs on (stopped here after a few seconds)."""
    path = hostile_record(tmp_path, "NUL")
    env = {**HEADLESS, "CONQUID_ARCADE_HOME": str(tmp_path / "home")}
    process = subprocess.Popen([sys.executable, "-m", "game", "open", str(path)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(6)
        assert process.poll() is None, process.communicate()
    finally:
        process.kill()
        _, err = process.communicate()
    assert "Traceback" not in err and "stopped because of an error" not in err


def test_export_never_writes_over_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_match(path, longest_game(GAMES.get("conquid"), plies=4))
    before = path.read_bytes()
    assert main(["export", str(path), "--out", str(path)]) == 1
    assert main(["export", str(path), "--gif", str(tmp_path / "." / "game.json")]) == 1
    assert main(["export", str(path), "--out", str(tmp_path / "a.png"),
                 "--gif", str(tmp_path / "a.png")]) == 1
    assert path.read_bytes() == before


def test_a_gif_of_too_many_frames_is_refused_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """(Memory no longer limits a GIF: it is written frame by frame.)"""
    pytest.importorskip("PIL", reason="GIF export needs the optional Pillow package")
    path = tmp_path / "game.json"
    save_match(path, longest_game(GAMES.get("conquid"), plies=40))
    monkeypatch.setattr(export_module, "GIF_FRAMES", 200)
    gif = tmp_path / "a.gif"
    assert main(["export", str(path), "--gif", str(gif), "--size", "320x200"]) == 1
    assert "lower --fps" in capsys.readouterr().err and not gif.exists()
    monkeypatch.setattr(export_module, "GIF_FRAMES", 20)  # not even one a move at 1 fps
    assert main(["export", str(path), "--gif", str(gif), "--size", "320x200", "--fps", "1"]) == 1
    assert "--out FILE.png" in capsys.readouterr().err and not gif.exists()


# -- arena ---------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["--time", "nan"], ["--time", "inf"], ["--time", "-1"], ["--time", "0"],
    ["--nodes", "-5"], ["--nodes", "0"], ["--games", "0"],
    ["--option", "x" * 100_000 + "=1"], ["--option", "board=" + "y" * 100_000],
    ["--option", "novalue"], ["--option", "turn_limit=" + "9" * 5000],
    ["--first", "z" * 10_000],
])
def test_arena_refuses_bad_arguments_shortly(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert main(["arena", "conquid", "--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: ") and len(err) < 300 and "Traceback" not in err, err[:300]


def test_arena_refuses_a_save_folder_it_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for folder in (a_file, a_file / "below"):
        assert main(["arena", "conquid", "--games", "1", "--save-dir", str(folder)]) == 2
        assert "Traceback" not in capsys.readouterr().err
    monkeypatch.setattr(os, "access", lambda *args: False)  # read-only (root writes anyway)
    assert main(["arena", "conquid", "--games", "1", "--save-dir", str(tmp_path)]) == 2
    assert "read-only" in capsys.readouterr().err


def arena_option_cases() -> list[tuple[str, str, str, int]]:
    cases = []
    for game in GAMES:
        if game.info.players != 2:
            continue
        for spec in game.info.options:
            at, past = bound_values(spec)
            cases += [(game.info.id, spec.name, "at", n) for n in range(len(at))]
            cases += [(game.info.id, spec.name, "past", n) for n in range(len(past))]
    return cases


def as_argument(value: object) -> str | None:
    """How a value is written after ``--option key=``, or None if it cannot be."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, str)):
        return str(value)
    return None


def _fine(spec: OptionSpec, text: str) -> bool:
    try:
        spec.coerce(parse_option(f"{spec.name}={text}")[1])
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(("game_id", "name", "where", "index"), arena_option_cases())
def test_arena_options_at_and_past_every_bound(
    game_id: str, name: str, where: str, index: int
) -> None:
    game = GAMES.get(game_id)
    spec = next(spec for spec in game.info.options if spec.name == name)
    value = bound_values(spec)[0 if where == "at" else 1][index]
    text = as_argument(value)
    if text is None:
        pytest.skip("not expressible on a command line")
    if where == "past" and _fine(spec, text):
        pytest.skip("written on a command line, this is a valid value (1 and '1' look alike)")
    args = build_parser().parse_args(["arena", game_id, "--option", f"{name}={text}"])
    if where == "at":
        try:
            assert _options(game, args)[name] == value
        except Exception as err:  # a value fine alone may not make a game with the rest
            assert_readable(str(err))
        return
    with pytest.raises(Exception) as caught:
        _options(game, args)
    assert_readable(str(caught.value))


def test_a_record_with_an_option_past_its_bound_is_refused() -> None:
    document = record_document(GAMES.get("pushfight"), plies=0)
    document["options"] = {"turn_limit": 5001}
    with pytest.raises(Exception, match="between 0 and 5000"):
        Record.from_json(document).replay(GAMES)
