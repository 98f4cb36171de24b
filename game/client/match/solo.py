"""Seeds for games played against dice.

A game with chance is played from a seed (``Match(..., seed=...)``): the same seed gives the
same dice, so players can compare runs. The UI makes new seeds here, from the operating
system's randomness (never the rules', which take their seed from the caller); a game with
its own seed format (normal form, a daily seed) says so through its plug-in
(``game.plugin.SeedFormat``).
"""

from __future__ import annotations

import datetime
import secrets

from game.plugin import SeedFormat


def new_seed() -> str:
    """A fresh random seed: eight hex digits, short enough to read out and type."""
    return secrets.token_hex(4)


def read_seed(seeds: SeedFormat | None, text: str) -> str:
    """The seed a player typed (blank: a new random one); raises ValueError with the reason."""
    if not text.strip():
        return new_seed()
    if seeds is not None:
        return seeds.normalise_seed(text)
    seed = text.strip()
    if len(seed) > 64:
        raise ValueError("a seed is at most 64 characters long")
    return seed


def today_seed(seeds: SeedFormat | None) -> str | None:
    """Everyone's seed for today (the local date), if the game has a daily seed."""
    if seeds is not None:
        return seeds.daily_seed(datetime.date.today())
    return None
