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
from collections.abc import Callable
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
    bad = _aside(path)
    with contextlib.suppress(OSError):
        os.replace(path, bad)
    return default, f"{what} were unreadable ({printable(reason, 120)}); kept as {bad.name}"


def _small_int(digits: str) -> int:
    if len(digits) > MAX_DIGITS:
        raise _LongNumber(digits[:MAX_DIGITS])
    return int(digits)


def _aside(path: Path) -> Path:
    """Where to keep a broken file: ``*.bad``, else ``*.badN`` past every N already taken.

    Never the name of an existing file: every broken file the player had is kept.
    """
    bad = path.with_name(path.name + ".bad")
    if not os.path.lexists(bad):
        return bad
    pattern = re.compile(re.escape(path.name) + r"\.bad(\d{1,9})")
    taken = [1]
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            found = pattern.fullmatch(entry.name)
            if found:
                taken.append(int(found.group(1)))
    return path.with_name(f"{path.name}.bad{max(taken) + 1}")
