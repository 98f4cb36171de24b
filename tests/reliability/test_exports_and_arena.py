"""Exports, file modes and the arena's arguments: a GIF that cannot
be made is refused before a frame is drawn, with advice that would help; every file the app
writes honours the umask and keeps an existing file's mode; hostile ``--seed``, ``--time``,
``--nodes`` and ``--games`` get a short line, never a traceback, a path outside
``--save-dir`` or a run that never ends."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli import main
from game.client.draw import export as export_module
from game.core import atomic
from game.core.atomic import atomic_write_text
from tests.reliability.hostile import longest_record
from tests.reliability.test_hostile_cli import run
from tests.reliability.test_hostile_records import assert_readable

# -- 8. exports and file modes -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["conquid", "pushfight"])
def test_a_gif_of_the_longest_game_is_refused_before_any_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str
) -> None:
    pytest.importorskip("PIL", reason="GIF export needs the optional Pillow package")
    path = tmp_path / "longest.json"
    path.write_bytes(longest_record(game_id))
    gif = tmp_path / "longest.gif"
    started = time.perf_counter()
    assert main(["export", str(path), "--gif", str(gif), "--size", "200x200"]) == 1
    assert time.perf_counter() - started < 10, "decided before drawing, not after minutes"
    err = capsys.readouterr().err.strip().removeprefix("conquid-arcade: ")
    assert_readable(err)
    assert "smaller --size" not in err, "200x200 is already the smallest"
    assert "--out FILE.png" in err or "lower --fps" in err
    assert not gif.exists() and not list(tmp_path.glob(".*.tmp"))


def test_gif_advice_names_only_what_would_fit() -> None:
    refuse = export_module.gif_refusal
    assert refuse(10, 12, 400) is None
    assert "lower --fps" in (refuse(3_500, 12, 25_000) or "")
    assert "--out FILE.png" in (refuse(30_000, 12, 200_000) or "")
    assert "lower --fps" not in (refuse(7_000, 1, 21_000) or "--fps"), "1 fps is the lowest"
    assert "smaller --size" not in (refuse(7_000, 1, 21_000) or "--size"), "memory is bounded"


@pytest.fixture
def umask() -> Iterator[None]:
    before = os.umask(0o022)
    atomic._umask.cache_clear()
    yield
    os.umask(before)
    atomic._umask.cache_clear()


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.parametrize("mask", [0o022, 0o002, 0o077])
def test_new_files_follow_the_umask(tmp_path: Path, umask: None, mask: int) -> None:
    os.umask(mask)
    atomic._umask.cache_clear()
    path = tmp_path / "picture.png"
    atomic_write_text(path, "x")
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.parametrize("mode", [0o664, 0o644, 0o600, 0o640])
def test_saving_over_a_file_keeps_its_mode(tmp_path: Path, umask: None, mode: int) -> None:
    path = tmp_path / "shared.png"
    path.write_text("old")
    path.chmod(mode)
    atomic_write_text(path, "new")
    assert path.read_text() == "new" and stat.S_IMODE(path.stat().st_mode) == mode


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.parametrize("mode", [None, 0o664, 0o644])
def test_a_secret_is_owner_only_whatever_it_replaces(tmp_path: Path, umask: None,
                                                    mode: int | None) -> None:
    path = tmp_path / "seat.json"
    if mode is not None:
        path.write_text("old")
        path.chmod(mode)
    atomic_write_text(path, "token", private=True)
    assert path.read_text() == "token" and stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_an_exported_picture_in_a_shared_folder_stays_readable(tmp_path: Path,
                                                                umask: None) -> None:
    record = tmp_path / "game.json"
    record.write_bytes(longest_record("forts"))
    png = tmp_path / "shared.png"
    png.write_bytes(b"an older picture")
    png.chmod(0o664)
    assert main(["export", str(record), "--out", str(png), "--size", "200x200"]) == 0
    assert stat.S_IMODE(png.stat().st_mode) == 0o664


# -- 9. arena arguments --------------------------------------------------------------------------


def hostile_arena(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    done = run(["arena", "conquid", "--games", "1", *args], tmp_path / "home", seconds=60)
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.mark.parametrize("args", [
    ["--time", "1e300"], ["--time", "601"], ["--nodes", str(10**18)], ["--nodes", "10000001"],
    ["--games", str(10**18)],
    ["--seed", "\x1b[2J"], ["--seed", "x" * 101], ["--seed", "a\tb"],
])
def test_arena_arguments_past_their_bounds_are_a_short_refusal(
    tmp_path: Path, args: list[str]
) -> None:
    done = hostile_arena(args, tmp_path)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr) < 300 and done.stderr.startswith("arena: ")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX arguments are bytes")
def test_a_seed_that_is_not_utf8_is_a_short_refusal(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CONQUID_ARCADE_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable.encode(), b"-m", b"game", b"arena", b"conquid",
                           b"--games", b"1", b"--seed", b"s\xff\xfe"],
                          capture_output=True, env=env, timeout=60, check=False)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and "Traceback" not in err and len(err) < 300, err


def test_a_seed_with_a_path_saves_inside_the_save_dir(tmp_path: Path) -> None:
    save_dir = tmp_path / "runs" / "here"
    done = hostile_arena(["--first", "random", "--second", "random", "--turn-limit", "10",
                          "--seed", "../../escaped/x", "--save-dir", str(save_dir)], tmp_path)
    assert done.returncode == 0, done.stderr
    [saved] = list(save_dir.iterdir())
    assert saved.name.startswith("conquid-") and "/" not in saved.name
    assert [p.name for p in tmp_path.iterdir() if p.name != "home"] == ["runs"]
    assert [p.name for p in (tmp_path / "runs").iterdir()] == ["here"], "no folder made"
