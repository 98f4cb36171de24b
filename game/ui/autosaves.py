"""Every game keeps its own autosave: unfinished ones to resume, finished ones to replay.

A play scene owns one ``Slot``: a file name made when the game opens (a time stamp and a
random token), so two games, or two copies of the app sharing one user folder, never write
the same file. After every move the slot is written atomically: unfinished games into
``autosave/``, finished ones into ``history/`` (taking the other copy away only after the
new one is safely written). Only the ``KEEP_UNFINISHED`` most recent unfinished games stay
in the resume list; older ones move to the history, where they can still be replayed and
continued, and the history keeps the ``KEEP_FINISHED`` most recent games.

Resuming a game continues it in a fresh slot and removes the old file after the first write,
so a game resumed in two windows at once becomes two games instead of one overwriting the
other. ``autosave/last.json`` from older versions is listed like any other unfinished game.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.core.atomic import atomic_write_text
from game.core.errors import RecordError
from game.core.match import Match
from game.core.record import Online, Record, read_record
from game.ui.paths import Paths
from game.ui.writer import BackgroundWriter

KEEP_UNFINISHED: Final = 10
KEEP_FINISHED: Final = 50


@dataclass(frozen=True)
class Kept:
    """One kept game as the lists show it (read, not yet re-played)."""

    path: Path
    record: Record
    modified: float

    @property
    def when(self) -> str:
        """When it was last played, local time, for people."""
        return dt.datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")


class Slot:
    """Where one game's autosave lives while it is played."""

    def __init__(self, paths: Paths, replaces: Path | None = None) -> None:
        self.paths = paths
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.name = f"{stamp}-{secrets.token_hex(4)}.json"
        self.replaces = replaces
        """The file this game was resumed from: removed once this slot holds the game."""

    @property
    def path(self) -> Path:
        """Where the game is kept now (in the history once it is over; until its first
        write, a resumed game is still in the file it was resumed from)."""
        if self.replaces is not None:
            return self.replaces
        finished = self.paths.history / self.name
        return finished if finished.exists() else self.paths.autosaves / self.name

    def write(self, match: Match) -> str | None:
        """Keep ``match``; returns a problem to show, or None."""
        return self.keep(Record.of(match))

    def keep(self, record: Record) -> str | None:
        """Keep the game ``record`` holds (made from the match where it is played, so a
        writer thread may store it while play goes on); returns a problem, or None."""
        done = record.result is not None
        target = (self.paths.history if done else self.paths.autosaves) / self.name
        stale = (self.paths.autosaves if done else self.paths.history) / self.name
        try:
            atomic_write_text(target, record.dumps())
        except OSError as err:
            return f"Autosave failed: {err.strerror or err}"
        with contextlib.suppress(OSError):
            stale.unlink(missing_ok=True)
            if self.replaces is not None and self.replaces != target:
                self.replaces.unlink(missing_ok=True)
            self.replaces = None
            prune(self.paths, keep=target)
        return None


class Background:
    """A slot written by the background writer (``game.ui.writer``): the record is made here,
    from the match as it stands, and stored on the writer's thread, off the frame."""

    def __init__(self, slot: Slot, writer: BackgroundWriter,
                 report: Callable[[str], None],
                 online: Callable[[], Online | None] = lambda: None) -> None:
        """``online``: where the game is played, for an online game's record."""
        self.slot = slot
        self.writer = writer
        self.report = report
        self.online = online

    def keep(self, match: Match) -> None:
        record = Record.of(match, self.online())
        self.writer.submit(lambda: self.slot.keep(record), self.report)


def unfinished(paths: Paths) -> list[Kept]:
    """The unfinished games to resume, most recently played first."""
    return [kept for kept in _listed(paths.autosaves) if kept.record.result is None]


def finished(paths: Paths) -> list[Kept]:
    """The finished games (and unfinished ones moved out of the resume list), newest first."""
    return _listed(paths.history)


def newest(folder: Path) -> Path | None:
    """The most recently written record file in ``folder``, if any."""
    files = _by_age(folder)
    return files[0] if files else None


def prune(paths: Paths, keep: Path | None = None) -> None:
    """Move unfinished games past the newest ``KEEP_UNFINISHED`` to the history; drop the
    history's oldest past ``KEEP_FINISHED``. ``keep`` (the game being played) always stays."""
    for old in _by_age(paths.autosaves)[KEEP_UNFINISHED:]:
        if old != keep:
            paths.history.mkdir(parents=True, exist_ok=True)
            os.replace(old, paths.history / old.name)
    for old in _by_age(paths.history)[KEEP_FINISHED:]:
        if old != keep:
            old.unlink(missing_ok=True)


def _by_age(folder: Path) -> list[Path]:
    """The record files in ``folder``, newest first (temporary files left out)."""
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return []
    stamped = []
    for path in files:
        with contextlib.suppress(OSError):
            stamped.append((path.stat().st_mtime, path.name, path))
    return [path for _mtime, _name, path in sorted(stamped, reverse=True)]


def _listed(folder: Path) -> list[Kept]:
    kept = []
    for path in _by_age(folder):
        with contextlib.suppress(RecordError, OSError):
            kept.append(Kept(path, read_record(path), path.stat().st_mtime))
    return kept
