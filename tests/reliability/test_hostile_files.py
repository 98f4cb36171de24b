"""Files that are not what they claim, through every reader: the record loader, settings,
high scores and the command line. A FIFO, a device, a folder, a symlink loop or a 5 GiB
sparse file is refused at once (never read, never waited on, never moved), and the player's
own broken files are kept aside without ever overwriting one kept before."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pytest

from game.client.files import autosaves, scores
from game.client.files.paths import Paths
from game.client.files.settings import Settings, load_settings
from game.client.files.userfile import load_or_set_aside
from game.core import atomic
from game.core.errors import RecordError
from game.core.files import FileRefused, read_bounded
from game.core.record import load_match, save_match
from tests.reliability.hostile import GAMES, HOSTILE_TEXTS, longest_game, special_files
from tests.reliability.test_hostile_records import assert_readable

AT_ONCE = 5.0
"""Seconds: a refusal is immediate; only a hang (a FIFO waited on) or a read of gigabytes
comes near this."""


SPECIAL_KINDS = ["a FIFO", "a link to /dev/zero", "a device", "a folder", "a symlink loop",
                 "a dangling link", "a 5 GiB sparse file"]


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_are_refused_at_once_everywhere(tmp_path: Path, kind: str) -> None:
    def fresh(reader: str) -> Path:
        files = special_files(tmp_path / reader)
        if kind not in files:
            pytest.skip(f"{kind} cannot be made here")
        return files[kind]

    started = time.perf_counter()
    with pytest.raises(RecordError) as caught:
        load_match(fresh("record"), GAMES)
    assert_readable(str(caught.value))
    path = fresh("settings")
    settings, problem = load_or_set_aside(path, Settings.from_json, Settings(), "settings")
    assert settings == Settings()
    loaded = scores.load(fresh("scores"))
    assert loaded.tables == {}
    assert time.perf_counter() - started < AT_ONCE
    if kind == "a 5 GiB sparse file":  # a regular file, only too large: kept aside, unread
        assert path.with_name(path.name + ".bad").stat().st_size == 5 * 2**30
    else:
        assert os.path.lexists(path), "a special file is never moved aside"
    if kind != "a dangling link":  # a missing file: the defaults, nothing to say
        assert problem is not None and loaded.problem is not None
        assert_readable(problem)


def test_an_unreadable_file_is_refused_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Root reads anything, so permission is denied by hand here.)"""
    path = tmp_path / "locked.json"
    save_match(path, longest_game(GAMES.get("conquid"), plies=2))
    real_open = os.open

    def denied(target: object, *args: object, **kwargs: object) -> int:
        if str(target) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(target, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(FileRefused, match="Permission denied"):
        read_bounded(path, 100)
    with pytest.raises(RecordError, match="cannot be read: Permission denied"):
        load_match(path, GAMES)


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 101)
    with pytest.raises(FileRefused, match="too large"):
        read_bounded(path, 100)
    assert read_bounded(path, 101) == b"x" * 101


def test_a_name_that_is_not_utf8_is_shown_printably(tmp_path: Path) -> None:
    name = os.fsdecode(b"bad\xff.json")
    path = tmp_path / name
    path.write_bytes(b"{")
    with pytest.raises(RecordError) as caught:
        load_match(path, GAMES)
    message = str(caught.value)
    assert_readable(message)
    message.encode("utf-8")  # what crashed the error dialog


# -- settings and high scores ---------------------------------------------------------------


def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"version": 1, "volume": 0.25}).encode())
    loaded = load_settings(path)
    assert loaded.problem is None and loaded.settings.volume == 0.25
    assert path.exists()


def test_huge_numbers_in_user_files_are_refused_quickly(tmp_path: Path) -> None:
    started = time.perf_counter()
    path = tmp_path / "scores.json"
    entry = {"name": "a", "score": [10**4000] * 200, "seed": "s", "date": "d"}
    path.write_text(json.dumps({"version": 1, "tables": {"forts": {"9x18": [entry] * 1}}}))
    loaded = scores.load(path)
    assert loaded.tables == {} and loaded.problem is not None and "too long" in loaded.problem
    settings = tmp_path / "settings.json"
    settings.write_text('{"volume": ' + "9" * 4000 + "}")
    assert load_settings(settings).problem is not None
    assert time.perf_counter() - started < AT_ONCE


def hostile_score_files() -> dict[str, dict[str, object]]:
    def entry(name: str = "Ada", seed: str = "s", date: str = "2026-11-23") -> dict[str, object]:
        return {"name": name, "score": [3, 2, 1], "seed": seed, "date": date}

    files: dict[str, dict[str, object]] = {
        f"{kind} in a name": {"forts": {"9x18": [entry(name=text)]}}
        for kind, text in HOSTILE_TEXTS.items()
    }
    files |= {f"{kind} in a table name": {"forts": {text: [entry()]}}
              for kind, text in HOSTILE_TEXTS.items()}
    files["8,000 tables"] = {"forts": {f"t{n}": [entry()] for n in range(8000)}}
    files["200,000-character table name"] = {"forts": {"t" * 200_000: [entry()]}}
    files["a seed with a NUL"] = {"forts": {"9x18": [entry(seed="s\x00")]}}
    files["a long score"] = {"forts": {"9x18": [{**entry(), "score": [1] * 100}]}}
    files["10,000 entries"] = {"forts": {"9x18": [entry()] * 10_000}}
    return files


@pytest.mark.parametrize("case", sorted(hostile_score_files()))
def test_hostile_high_score_files_are_kept_aside_quickly(tmp_path: Path, case: str) -> None:
    path = tmp_path / "scores.json"
    data = json.dumps({"version": 1, "tables": hostile_score_files()[case]}).encode()
    if len(data) > 1024 * 1024:
        pytest.skip("larger than the limit: refused as too large, tested elsewhere")
    path.write_bytes(data)
    started = time.perf_counter()
    loaded = scores.load(path)
    assert time.perf_counter() - started < AT_ONCE
    assert loaded.tables == {} and loaded.problem is not None
    assert_readable(loaded.problem)
    assert (tmp_path / "scores.json.bad").read_bytes() == data


def test_a_long_name_enters_the_table_shortened_and_the_file_stays_readable(
    tmp_path: Path,
) -> None:
    """Older versions wrote whole names (up to 200 characters): such a file still loads."""
    path = tmp_path / "scores.json"
    scores.save(path, {"forts": {"9x18": [scores.Entry("N" * 200, (1,), "s", "d")]}})
    loaded = scores.load(path)
    assert loaded.problem is None and loaded.tables["forts"]["9x18"][0].name == "N" * 40


def test_no_kept_file_is_ever_overwritten_even_past_a_hundred(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (tmp_path / "settings.json.bad").write_bytes(b"kept")
    for number in range(2, 100):
        (tmp_path / f"settings.json.bad{number}").write_bytes(f"kept {number}".encode())
    path.write_bytes(b"broken again")
    loaded = load_settings(path)
    assert loaded.problem is not None and "settings.json.bad100" in loaded.problem
    assert (tmp_path / "settings.json.bad99").read_bytes() == b"kept 99"
    assert (tmp_path / "settings.json.bad100").read_bytes() == b"broken again"


# -- writing -----------------------------------------------------------------------------------


def test_a_full_disk_keeps_the_previous_autosave_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slot = autosaves.Slot(Paths.under(tmp_path))
    match = longest_game(GAMES.get("conquid"), plies=3)
    assert slot.write(match) is None
    before = slot.path.read_bytes()
    match.play("C")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    problem = slot.write(match)
    assert problem is not None and "No space left on device" in problem
    assert_readable(problem)
    assert slot.path.read_bytes() == before
    assert [p.name for p in slot.path.parent.iterdir()] == [slot.path.name]


def test_temporary_files_left_by_a_kill_are_removed_once_stale(tmp_path: Path) -> None:
    target = tmp_path / "last.json"
    stale = tmp_path / ".last.json.abc123.tmp"
    young = tmp_path / ".last.json.def456.tmp"
    other = tmp_path / ".other.json.ghi789.tmp"
    for leftover in (stale, young, other):
        leftover.write_bytes(b"half a save")
    old = time.time() - atomic.STALE_SECONDS - 5
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    atomic.atomic_write_text(target, "{}")
    assert not stale.exists(), "a kill's leftover is removed"
    assert young.exists(), "a write that may still be going on is left alone"
    assert other.exists(), "another file's leftovers wait for that file's next write"
    assert target.read_text() == "{}"
