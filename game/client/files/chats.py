"""The chat of an online game, kept beside its seat's ticket so that closing the app (or a
crash) does not wipe what was said: the game resumed shows it again.

The table server relays chat lines and stores none of them (what two players say stays
between their two machines), so each app keeps its own copy: ``online/<table>.chat.json``,
the last ``KEPT_LINES`` lines, written atomically and readable by its owner only. A file that
is not one of ours (too large, not JSON, a line too long or holding control characters, a
FIFO or a device) is refused with the reason and left as it is: that game's new lines are
then not kept, rather than written over a file the player may want to look at.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.client.files import tickets
from game.client.files.paths import Paths
from game.core.atomic import atomic_write_text
from game.core.files import FileRefused, read_bounded
from game.core.text import checked_text, printable

KEPT_LINES: Final = 100
"""Lines kept per game: far more than the panel shows, enough to read back a conversation."""
LONGEST_NAME: Final = 64
LONGEST_TEXT: Final = 500
"""The longest name and line kept: the protocol's own bounds (names of 32, lines of 500
characters; the app sends 200) or more."""
MAX_BYTES: Final = 512 * 1024
"""``KEPT_LINES`` of the longest lines (four UTF-8 bytes a character) stay well under this
(about 220 KB); a larger file is not ours."""
FORMAT: Final = "conquid-arcade-chat"
VERSION: Final = 1


@dataclass(frozen=True)
class Said:
    """One chat line: who said it (named when heard: the seats swap at a rematch) and what."""

    name: str
    text: str


class ChatRefused(ValueError):
    """A kept chat that was not read; the message says why, for people."""


def path_of(paths: Paths, table: str) -> Path:
    """Beside the seat's ticket (``online/<table>.json``); ValueError for a bad table id."""
    ticket = tickets.path_of(paths, table)
    return ticket.with_name(f"{table}.chat.json")


def load(paths: Paths, table: str) -> list[Said]:
    """The lines kept for ``table``, oldest first ([] when none are). Raises ChatRefused with
    a readable reason for a file that is not a kept chat; the file is left untouched."""
    path = path_of(paths, table)
    try:
        data = read_bounded(path, MAX_BYTES, "a kept chat")
    except FileRefused as err:
        if err.missing:
            return []
        raise ChatRefused(f"the kept chat was not read: {err}") from None
    try:
        return _parse(json.loads(data.decode("utf-8")))
    except RecursionError:
        reason = "nested too deeply"
    except ValueError as err:  # bad UTF-8 and bad JSON are ValueErrors too
        reason = str(err)
    raise ChatRefused(f"the kept chat {path.name} was not read ({printable(reason, 120)}); "
                      "it is left as it is")


def _parse(document: object) -> list[Said]:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError("not a kept chat")
    if document.get("version") != VERSION:
        version = printable(str(document.get("version")), 20)
        raise ValueError(f"a kept chat of another version ({version})")
    lines = document.get("lines")
    if not isinstance(lines, list) or len(lines) > KEPT_LINES:
        raise ValueError(f"the lines are missing or more than {KEPT_LINES}")
    kept: list[Said] = []
    for line in lines:
        if not isinstance(line, dict):
            raise ValueError("a line is not a name and a text")
        kept.append(Said(checked_text(line.get("name"), "a name", LONGEST_NAME),
                         checked_text(line.get("text"), "a line", LONGEST_TEXT)))
    return kept


def store(paths: Paths, table: str, lines: list[Said]) -> None:
    """Keep the last ``KEPT_LINES`` of ``lines`` for ``table`` (atomically, owner-only), each
    as the screen shows it (``printable``: what is kept always reads back); raises OSError."""
    document = {"format": FORMAT, "version": VERSION,
                "lines": [{"name": printable(s.name, LONGEST_NAME),
                           "text": printable(s.text, LONGEST_TEXT)}
                          for s in lines[-KEPT_LINES:]]}
    atomic_write_text(path_of(paths, table), json.dumps(document, ensure_ascii=False) + "\n",
                      private=True)


def forget(paths: Paths, table: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        path_of(paths, table).unlink(missing_ok=True)
