"""The stored online files (the names file, the kept seats) go through the bounded reader
like every other file the app reads: a FIFO, a device or a huge file is refused at once, never
waited on or read whole; and no product code reads a file any other way (an AST scan)."""

from __future__ import annotations

import ast
import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.client.files import tickets
from game.client.files.paths import Paths
from game.net.identities import FILE_NAME, Identities, IdentityError

ROOT = Path(__file__).resolve().parents[2]
READERS_ALLOWED = {
    ("game/core/atomic.py", "open"): "the kernel's /proc/self/status, never a user's file",
    ("game/client/app/memory.py", "read_text"): "the kernel's /proc/self/statm",
    ("game/net/storage/sqlite.py", "open"): "the server's lock file, opened to append, not read",
    ("game/smoke.py", "read_text"): "the smoke run reads back files it wrote in its own folder",
    ("game/smoke.py", "read_bytes"): "the smoke run reads back files it wrote in its own folder",
}
"""Reads that are not of files a player (or anyone) may put in the app's path."""


def unguarded_reads(root: Path = ROOT) -> Iterator[tuple[str, int, str]]:
    """Every call in product code that reads a file without ``read_bounded``: ``open()``,
    ``io.open``, ``.read_text()``, ``.read_bytes()``, ``json.load`` (and its kin)."""
    for folder in ("game", "scenes"):
        for path in sorted((root / folder).rglob("*.py")):
            where = path.relative_to(root).as_posix()
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                call = node.func
                if isinstance(call, ast.Name) and call.id == "open":
                    yield where, node.lineno, "open"
                elif isinstance(call, ast.Attribute):
                    owner = call.value.id if isinstance(call.value, ast.Name) else ""
                    if call.attr in ("read_text", "read_bytes"):
                        yield where, node.lineno, call.attr
                    elif call.attr == "load" and owner in ("json", "tomllib", "pickle"):
                        yield where, node.lineno, f"{owner}.load"
                    elif call.attr == "open" and owner == "io":
                        yield where, node.lineno, "io.open"


def test_every_file_the_app_reads_goes_through_the_bounded_reader() -> None:
    found = [f"{where}:{line} {how}" for where, line, how in unguarded_reads()
             if (where, how) not in READERS_ALLOWED]
    assert not found, ("read these through game.core.files.read_bounded (a FIFO, /dev/zero "
                       f"or a huge file must never freeze the app): {found}")


def test_the_scan_finds_an_unguarded_read(tmp_path: Path) -> None:
    for folder in ("game", "scenes"):
        (tmp_path / folder).mkdir()
    (tmp_path / "game" / "reader.py").write_text("import json\nx = json.load(open('f'))\n")
    (tmp_path / "scenes" / "names.py").write_text("names = folder.read_text('utf-8')\n")
    assert sorted(how for _, _, how in unguarded_reads(tmp_path)) == [
        "json.load", "open", "read_text"]


def returns_at_once(read: Callable[[], object]) -> None:
    """``read`` returns (or raises) within a few seconds, run on a thread of its own."""
    done = threading.Event()

    def run() -> None:
        with contextlib.suppress(Exception):
            read()
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(5), "reading the file froze"


def fifo(path: Path) -> Iterator[Path]:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(path)
    yield path
    with contextlib.suppress(OSError):  # let a reader stuck on it go
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)


def test_a_kept_seat_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.online.mkdir(parents=True, exist_ok=True)
    for _ in fifo(paths.online / "t1.json"):
        returns_at_once(lambda: tickets.find(paths, "t1"))
        assert tickets.find(paths, "t1") is None


def test_a_kept_seat_linked_to_a_device_is_refused(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.online.mkdir(parents=True, exist_ok=True)
    (paths.online / "t1.json").symlink_to("/dev/zero")
    assert tickets.find(paths, "t1") is None


def test_a_names_file_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    for _ in fifo(tmp_path / FILE_NAME):
        returns_at_once(lambda: Identities(tmp_path).get("ws://x"))
        with pytest.raises(IdentityError, match="not a regular file"):
            Identities(tmp_path).get("ws://x")


def test_a_huge_names_file_is_refused_unread(tmp_path: Path) -> None:
    with open(tmp_path / FILE_NAME, "wb") as huge:
        huge.truncate(300 * 1024 * 1024)  # sparse: costs no disk
    with pytest.raises(IdentityError, match="too large"):
        Identities(tmp_path).get("ws://x")
    (tmp_path / FILE_NAME).unlink()
    (tmp_path / FILE_NAME).symlink_to("/dev/zero")
    with pytest.raises(IdentityError, match="not a regular file"):
        Identities(tmp_path).get("ws://x")
