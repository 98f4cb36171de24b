"""Quick-match pairing: who plays whom among the players waiting in one queue (one game, one
clock). Pure: the server hands in the queue and the time, and gets the pairs back.

A player accepts an opponent whose rating is within a window around their own; the window
starts narrow (close games are the fair ones) and widens the longer they wait, so nobody
waits for ever on a quiet server. Two players are paired only if each is within the other's
window; the longest-waiting player is served first, with the closest rating on offer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

START_WINDOW: Final = 100.0
"""Rating points either side a player accepts at once."""
WIDEN_PER_SECOND: Final = 10.0
"""How fast the window grows while a player waits."""
MAX_WINDOW: Final = 1000.0
"""The widest window: after 90 s a player meets anyone in the queue."""


@dataclass(frozen=True)
class Seeker:
    """A player in a queue: who (``key``), their rating in the game, since when they wait."""

    key: str
    rating: float
    since: float
    rated: bool = False


def window(waited: float) -> float:
    """Rating points either side a player accepts after waiting ``waited`` seconds."""
    return min(MAX_WINDOW, START_WINDOW + WIDEN_PER_SECOND * max(0.0, waited))


def pair(seekers: Sequence[Seeker], now: float,
         may_meet: Callable[[str, str], bool] = lambda a, b: True,
         ) -> list[tuple[Seeker, Seeker]]:
    """Pairs to start now: oldest first, each with the closest acceptable rating. Rated
    seekers meet only rated ones; ``may_meet`` says no for players who blocked each other."""
    waiting = sorted(seekers, key=lambda s: (s.since, s.key))
    taken: set[str] = set()
    pairs: list[tuple[Seeker, Seeker]] = []
    for first in waiting:
        if first.key in taken:
            continue
        best: Seeker | None = None
        for other in waiting:
            if other.key in taken or other.key == first.key or other.rated != first.rated:
                continue
            gap = abs(other.rating - first.rating)
            if gap > min(window(now - first.since), window(now - other.since)):
                continue
            if not may_meet(first.key, other.key):
                continue
            if best is None or gap < abs(best.rating - first.rating):
                best = other
        if best is not None:
            taken.update((first.key, best.key))
            pairs.append((first, best))
    return pairs
