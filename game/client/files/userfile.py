"""Reading the player's own JSON files (settings, high scores) without ever losing one.

A missing file gives the defaults; an unreadable one gives the defaults and a message; a
broken one (too large, not UTF-8, not JSON, nested too deeply, or refused by the caller's
parser) is moved aside as ``*.bad`` (``*.bad2``... if that is taken), never overwritten, so
the player can still recover it. Writing goes through ``game.core.atomic``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final, TypeVar

from game.core.files import FileRefused, read_bounded
from game.core.text import printable

T = TypeVar("T")

MAX_BYTES: Final = 1024 * 1024
"""Larger than any real settings or score file; a bigger one is treated as broken."""
MAX_DIGITS: Final = 20
"""Longest number read: converting thousands of digits is slow, and no real figure needs it."""


class _LongNumber(ValueError):
    pass


def load_or_set_aside(
    path: Path, parse: Callable[[object], T], default: T, what: str
) -> tuple[T, str | None]:
    """``parse`` of the JSON at ``path``, or ``default`` and why (``what`` names the file).

    ``parse`` raises ValueError for a document it refuses. A path that is not a regular file
    (a folder, a FIFO, a device) is left where it is: it is not a broken document.
    """
    try:
        data = read_bounded(path, MAX_BYTES, f"the {what}")
    except FileRefused as err:
        if err.missing:
            return default, None
        if "too large" not in str(err):
            return default, f"{what} could not be read ({err}); using defaults"
        reason = "the file is too large"
    else:
        try:
            text = data.decode("utf-8-sig")  # a byte-order mark is not a fault
            return parse(json.loads(text, parse_int=_small_int)), None
        except _LongNumber:
            reason = "a number is far too long"
        except (ValueError, RecursionError) as err:  # bad UTF-8 and bad JSON are ValueErrors
            reason = "nested too deeply" if isinstance(err, RecursionError) else str(err)
    bad = set_aside(path)
    kept = f"kept as {bad.name}" if bad is not None else "it could not be moved aside"
    return default, f"{what} were unreadable ({printable(reason, 120)}); {kept}"


def _small_int(digits: str) -> int:
    if len(digits) > MAX_DIGITS:
        raise _LongNumber(digits[:MAX_DIGITS])
    return int(digits)


def set_aside(path: Path) -> Path | None:
    """Move a broken file to ``*.bad``, else ``*.badN`` past every N already taken; the
    name it now has, or None if it could not be moved.

    Never onto an existing file (a hard link is made, which refuses to replace one, then the
    old name removed): every broken file the player had is kept.
    """
    for bad in _names_aside(path):
        try:
            os.link(path, bad, follow_symlinks=False)
        except FileExistsError:
            continue  # taken since it was looked at (another copy of the app)
        except (OSError, NotImplementedError):  # no hard links here: the rename, checked
            if os.path.lexists(bad):
                continue
            with contextlib.suppress(OSError):
                os.replace(path, bad)
                return bad
            return None
        with contextlib.suppress(OSError):
            os.unlink(path)
        return bad
    return None


def _names_aside(path: Path) -> Iterator[Path]:
    """``*.bad``, then ``*.badN`` from one past the highest N taken (any number of digits
    up to ``MAX_DIGITS``), then a few with a random token should all those be taken."""
    yield path.with_name(path.name + ".bad")
    pattern = re.compile(re.escape(path.name) + rf"\.bad(\d{{1,{MAX_DIGITS}}})")
    taken = [1]
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            found = pattern.fullmatch(entry.name)
            if found:
                taken.append(int(found.group(1)))
    for number in range(max(taken) + 1, max(taken) + 100):
        yield path.with_name(f"{path.name}.bad{number}")
    for _ in range(10):
        yield path.with_name(f"{path.name}.bad-{secrets.token_hex(4)}")
