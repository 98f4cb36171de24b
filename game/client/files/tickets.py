"""Seat tokens of online games, kept in the user data folder so a game resumes after the app
is closed (or the laptop) and the next day.

One small JSON file per table under ``online/``, written atomically and readable by its owner
only. A token is a secret (it *is* the seat): it lives here and nowhere else, never in a
record, an export, a log or on screen; records carry only the public ``online`` details.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from game.client.files.paths import Paths
from game.core.atomic import atomic_write_text
from game.core.files import FileRefused, read_bounded

_TABLE: Final = re.compile(r"[a-z0-9_-]{1,32}")
_TOKEN: Final = re.compile(r"[0-9a-f]{32}")
MAX_BYTES: Final = 16 * 1024
"""Far more than a seat file holds (a few hundred bytes); a larger one is not ours."""


@dataclass(frozen=True)
class Kept:
    """What it takes to sit at a table again: where, which seat this round, the secret."""

    url: str
    table: str
    seat: int
    token: str
    name: str
    round: int = 0
    hosted: bool = False
    """The table is on this machine's own server (started again before resuming)."""

    def __repr__(self) -> str:  # never show the token
        return f"Kept(url={self.url!r}, table={self.table!r}, seat={self.seat})"

    def with_(self, **changes: Any) -> Kept:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url, "table": self.table, "seat": self.seat, "token": self.token,
                "name": self.name, "round": self.round, "hosted": self.hosted}

    @classmethod
    def from_json(cls, data: object) -> Kept:
        if not isinstance(data, dict):
            raise ValueError("not a seat file")
        url, table, token = data.get("url"), data.get("table"), data.get("token")
        seat, name, rnd = data.get("seat"), data.get("name"), data.get("round", 0)
        if not (isinstance(url, str) and url.startswith(("ws://", "wss://"))
                and isinstance(table, str) and _TABLE.fullmatch(table)
                and isinstance(token, str) and _TOKEN.fullmatch(token)
                and seat in (0, 1) and isinstance(name, str) and isinstance(rnd, int)):
            raise ValueError("a seat file with missing or bad fields")
        return cls(url, table, int(seat), token, name, rnd, data.get("hosted") is True)


def path_of(paths: Paths, table: str) -> Path:
    if not _TABLE.fullmatch(table):
        raise ValueError(f"{table!r} is not a table id")
    return paths.online / f"{table}.json"


def keep(paths: Paths, kept: Kept) -> None:
    """Store a seat (atomically; owner-only where the system has permissions)."""
    target = path_of(paths, kept.table)
    atomic_write_text(target, json.dumps(kept.to_json()) + "\n", private=True)


def find(paths: Paths, table: str) -> Kept | None:
    """The seat kept for ``table``, or None (missing or unreadable file: a FIFO, a device or
    a huge file is refused unread, never waited on)."""
    try:
        data = read_bounded(path_of(paths, table), MAX_BYTES, "a kept seat")
        return Kept.from_json(json.loads(data.decode("utf-8")))
    except (FileRefused, ValueError, RecursionError):
        return None


def forget(paths: Paths, table: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        path_of(paths, table).unlink(missing_ok=True)
