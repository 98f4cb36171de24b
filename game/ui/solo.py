"""Optional view protocols for games played against dice: seeds and one-click moves.

A game with chance is played from a seed (``Match(..., seed=...)``): the same seed gives the
same dice, so players can compare runs. The UI makes new seeds here, from the operating
system's randomness (never the rules', which take their seed from the caller); a view whose
game has its own seed format (normal form, a daily seed) says so through ``Seeded``.
"""

from __future__ import annotations

import datetime
import secrets
from typing import Protocol, runtime_checkable


@runtime_checkable
class Seeded(Protocol):
    """A view whose game names its seeds: typed seeds are normalised, and a daily one exists."""

    def normalise_seed(self, text: str) -> str:
        """The normal form of a typed seed; raises ValueError with a message for the player."""
        ...

    def daily_seed(self, date: datetime.date) -> str: ...


@runtime_checkable
class ClickPlays(Protocol):
    """A view whose moves can be whole after a click (Forts: a value, then a cell)."""

    def ready(self) -> bool:
        """True when the last click completed a move: play it without waiting for Confirm."""
        ...


def new_seed() -> str:
    """A fresh random seed: eight hex digits, short enough to read out and type."""
    return secrets.token_hex(4)


def read_seed(view: object, text: str) -> str:
    """The seed a player typed (blank: a new random one); raises ValueError with the reason."""
    if not text.strip():
        return new_seed()
    if isinstance(view, Seeded):
        return view.normalise_seed(text)
    seed = text.strip()
    if len(seed) > 64:
        raise ValueError("a seed is at most 64 characters long")
    return seed


def today_seed(view: object) -> str | None:
    """Everyone's seed for today (the local date), if the view's game has a daily seed."""
    if isinstance(view, Seeded):
        return view.daily_seed(datetime.date.today())
    return None
