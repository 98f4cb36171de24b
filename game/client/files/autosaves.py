"""Every game keeps its own autosave: unfinished ones to resume, finished ones to replay.

A play scene owns one ``Slot``: a file name made when the game opens (a time stamp and a
random token), so two games, or two copies of the app sharing one user folder, never write
the same file. After every move the slot is written atomically: unfinished games into
``autosave/``, finished ones into ``history/`` (taking the other copy away only after the
new one is safely written).

What is pruned, and when (after every autosave): only the ``KEEP_UNFINISHED`` most recent
unfinished games stay in the resume list; older ones move to the history, where they can
still be replayed and continued and are never deleted. The history keeps the
``KEEP_FINISHED`` most recent *finished* games in files this app named (``OWN_NAME``): an
older one is deleted. Any other file (a record the player put there, a sync tool's conflict
copy, a note, a broken file) is never counted, moved or deleted, and an unfinished game is
never deleted.

Listing never re-plays a game: each file is read once into a small ``Kept`` summary, kept by
name, size and time of change, so the lists (built again at every window resize) cost a
``stat`` per file, and memory holds summaries, not move lists. A game is re-played, and
checked, only when chosen; one found broken then is remembered (``remember_broken``) and
never offered again.

Resuming a game continues it in a fresh slot and removes the old file after the first write,
so a game resumed in two windows at once becomes two games instead of one overwriting the
other. ``autosave/last.json`` from older versions is listed like any other unfinished game.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import secrets
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar

from game.client.files.paths import Paths
from game.client.files.writer import BackgroundWriter
from game.client.match import result
from game.core.atomic import atomic_write_text
from game.core.errors import RecordError
from game.core.match import Match, Seat
from game.core.protocol import Outcome
from game.core.record import Online, Record, read_record
from game.core.registry import Registry
from game.core.text import counted

KEEP_UNFINISHED: Final = 10
KEEP_FINISHED: Final = 50
OWN_NAME: Final = re.compile(r"\d{8}-\d{6}-[0-9a-f]{8}\.json")
"""The names ``Slot`` gives: only such files are ever deleted by pruning."""
REMEMBERED: Final = 2048
"""Most summaries kept in memory (the app keeps about 60 files; the rest are the player's)."""

_Key = tuple[str, int, int]
_V = TypeVar("_V")


@dataclass(frozen=True)
class Kept:
    """One kept game as the lists show it: read from its file, never re-played."""

    path: Path
    key: _Key
    """The file's name, size and time of change when it was read."""
    game: str
    seats: tuple[Seat, ...]
    result: Outcome | None
    moves: int
    """Moves the record holds (dice rolls included)."""
    online: Online | None = None
    """Where an online game is played (its seat ticket, if any, is kept apart)."""

    @property
    def modified(self) -> int:
        """When the file was last written, in nanoseconds since the epoch."""
        return self.key[2]

    @property
    def when(self) -> str:
        """When it was last played, local time, for people (a clock gone wrong is said so)."""
        try:
            return dt.datetime.fromtimestamp(self.modified / 1e9).strftime("%Y-%m-%d %H:%M")
        except (OverflowError, OSError, ValueError):  # years past 9999 or before 1
            return "date unknown"


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
    """A slot written by the background writer (``game.client.files.writer``): the record is made
    here, from the match as it stands, and stored on the writer's thread, off the frame."""

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
    return [kept for kept in _listed(paths.autosaves) if kept.result is None]


def finished(paths: Paths) -> list[Kept]:
    """The finished games (and unfinished ones moved out of the resume list), newest first."""
    return _listed(paths.history)


def resumable(kept: Iterable[Kept]) -> Kept | None:
    """The first game of ``kept`` not found broken this session (what Resume offers)."""
    return next((each for each in kept if broken(each) is None), None)


def newest(folder: Path) -> Path | None:
    """The most recently written record file in ``folder``, if any."""
    files = _files(folder)
    return files[0][0] if files else None


def prune(paths: Paths, keep: Path | None = None) -> None:
    """Move unfinished games past the newest ``KEEP_UNFINISHED`` to the history; delete the
    history's finished games past the newest ``KEEP_FINISHED`` (only records in files this
    app named are counted); ``keep`` (the game being played) always stays; no file is
    overwritten."""
    for old in unfinished(paths)[KEEP_UNFINISHED:]:
        moved = paths.history / old.path.name
        if old.path != keep and not os.path.lexists(moved):
            paths.history.mkdir(parents=True, exist_ok=True)
            os.replace(old.path, moved)
    done = [kept for kept in finished(paths)
            if kept.result is not None and OWN_NAME.fullmatch(kept.path.name)]
    for old in done[KEEP_FINISHED:]:
        if old.path != keep:
            old.path.unlink(missing_ok=True)


def describe(kept: Kept, games: Registry, note: str | None = None) -> str:
    """One list line: game, players, how far it went (or how it ended), when; ``note``
    after how far it went (an online game: whose move it is)."""
    names = " vs ".join(seat.name for seat in kept.seats)
    title = games.info(kept.game).title if kept.game in games else kept.game
    if kept.result is not None:
        outcome = kept.result
        with contextlib.suppress(KeyError, ValueError):  # the game's own words for its ending
            outcome = outcome.labelled(games.info(kept.game))
        where = result.words(kept.seats, outcome, result.reader(kept.seats)).line
    elif broken(kept) is not None:
        where = "cannot be resumed"
    else:
        where = progress(kept, games)
    if note:
        where += f", {note}"
    return f"{title}  ·  {names}  ·  {where}  ·  {kept.when}"


def progress(kept: Kept, games: Registry) -> str:
    """How far an unfinished game went, read from the record alone: its move number when
    every recorded move is a player's whole turn, else how many moves (and rolls, and
    actions of turns) it holds: where turns end only the rules can tell."""
    if kept.game in games:
        info = games.info(kept.game)
        if not info.has_chance and not info.several_moves_a_turn:
            return f"move {kept.moves + 1}"
    return f"{counted(kept.moves, 'move')} recorded"


def lines(kept: Iterable[Kept], games: Registry,
          note: Callable[[Kept], str | None] = lambda kept: None) -> list[str]:
    """``describe`` of each game (with its ``note``), made distinct (a number added to a
    repeated line), so each line of a list names one file."""
    used: set[str] = set()
    out = []
    for each in kept:
        line = base = describe(each, games, note(each))
        number = 1
        while line in used:
            number += 1
            line = f"{base}  ·  ({number})"
        used.add(line)
        out.append(line)
    return out


def remember_broken(kept: Kept, reason: str) -> None:
    """A game that failed to re-play: it is not offered again while its file is unchanged."""
    _MEMORY.remember_broken(kept.key, reason)


def broken(kept: Kept) -> str | None:
    """Why ``kept`` cannot be re-played, if it was tried and failed this session."""
    return _MEMORY.broken(kept.key)


class _Memory:
    """Summaries of the files read so far, and the games found broken, by file identity
    (name, size, time of change): a changed file is read again, an unchanged one never.
    Bounded (oldest forgotten first); shared by the threads that list and autosave."""

    def __init__(self) -> None:
        self._summaries: OrderedDict[_Key, Kept | None] = OrderedDict()
        self._broken: OrderedDict[_Key, str] = OrderedDict()
        self._lock = threading.Lock()

    def summary(self, path: Path, key: _Key) -> Kept | None:
        with self._lock:
            if key in self._summaries:
                self._summaries.move_to_end(key)
                return self._summaries[key]
        kept = _read(path, key)
        with self._lock:
            _bounded_set(self._summaries, key, kept)
        return kept

    def remember_broken(self, key: _Key, reason: str) -> None:
        with self._lock:
            _bounded_set(self._broken, key, reason)

    def broken(self, key: _Key) -> str | None:
        with self._lock:
            return self._broken.get(key)


_MEMORY: Final = _Memory()
"""One memory for the process: a pure cache of what files hold (dropping it only costs time)."""


def _bounded_set(memory: OrderedDict[_Key, _V], key: _Key, value: _V) -> None:
    memory[key] = value
    memory.move_to_end(key)
    while len(memory) > REMEMBERED:
        memory.popitem(last=False)


def _read(path: Path, key: _Key) -> Kept | None:
    """The summary of a record file, or None for a file that is not a record."""
    try:
        record = read_record(path)
    except RecordError:
        return None
    return Kept(path, key, record.game, record.seats, record.result, len(record.moves),
                record.online)


def _files(folder: Path) -> list[tuple[Path, _Key]]:
    """The regular ``*.json`` files in ``folder`` (temporary files left out), newest first."""
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.endswith(".json") or entry.name.startswith("."):
                    continue
                with contextlib.suppress(OSError):
                    info = os.stat(entry.path)
                    if stat.S_ISREG(info.st_mode):
                        found.append((Path(entry.path), (entry.path, info.st_size,
                                                         info.st_mtime_ns)))
    except OSError:
        return []
    found.sort(key=lambda item: (item[1][2], item[1][0]), reverse=True)
    return found


def _listed(folder: Path) -> list[Kept]:
    return [kept for path, key in _files(folder)
            if (kept := _MEMORY.summary(path, key)) is not None]
