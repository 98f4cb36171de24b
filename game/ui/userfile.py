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
from collections.abc import Callable
from pathlib import Path
from typing import Final, TypeVar

T = TypeVar("T")

MAX_BYTES: Final = 1024 * 1024
"""Larger than any real settings or score file; a bigger one is treated as broken."""


def load_or_set_aside(
    path: Path, parse: Callable[[object], T], default: T, what: str
) -> tuple[T, str | None]:
    """``parse`` of the JSON at ``path``, or ``default`` and why (``what`` names the file).

    ``parse`` raises ValueError for a document it refuses.
    """
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ValueError("the file is too large")
        return parse(json.loads(path.read_bytes().decode("utf-8"))), None
    except FileNotFoundError:
        return default, None
    except OSError as err:
        return default, f"{what} could not be read ({err.strerror}); using defaults"
    except (ValueError, RecursionError) as err:  # bad UTF-8 and bad JSON are ValueErrors
        reason = "nested too deeply" if isinstance(err, RecursionError) else str(err)[:120]
        bad = _aside(path)
        with contextlib.suppress(OSError):
            os.replace(path, bad)
        return default, f"{what} were unreadable ({reason}); kept as {bad.name}"


def _aside(path: Path) -> Path:
    """Where to keep a broken file: ``*.bad``, or ``*.bad2``... if that is taken."""
    bad = path.with_name(path.name + ".bad")
    number = 2
    while bad.exists() and number < 100:
        bad = path.with_name(f"{path.name}.bad{number}")
        number += 1
    return bad
