"""Seeds for Forts and Ruins runs: the daily seed and the normal form of a typed seed.

The dice of a run are a pure function of its seed (``game.core.chance``), so two players who
type the same seed face the same rolls. Typed seeds are normalised so that "Castle Rock " and
"castle-rock" are the same run, and checked so a seed always fits a record and a file name.
The client makes random new seeds itself; this module never reads a clock.
"""

from __future__ import annotations

import datetime
import re
from typing import Final

MAX_SEED_LENGTH: Final = 32
_ALLOWED: Final = re.compile(r"[a-z0-9._-]+", re.ASCII)


def daily_seed(date: datetime.date) -> str:
    """Everyone's seed for ``date`` (already in normal form)."""
    return f"daily-{date.isoformat()}"


def normalise_seed(text: str) -> str:
    """The normal form of a typed seed: trimmed, lower case, inner spaces as '-'.

    Raises ValueError with a message for the player when the seed is empty, longer than
    ``MAX_SEED_LENGTH`` or holds a character other than a-z, 0-9, '.', '_' and '-'.
    """
    seed = "-".join(text.split()).lower()
    if not seed:
        raise ValueError("a seed needs at least one letter or digit")
    if len(seed) > MAX_SEED_LENGTH:
        raise ValueError(f"a seed is at most {MAX_SEED_LENGTH} characters long")
    if not _ALLOWED.fullmatch(seed):
        bad = next(char for char in seed if not _ALLOWED.fullmatch(char))
        raise ValueError(f"a seed may hold only letters, digits, '.', '_' and '-', not {bad!r}")
    return seed
