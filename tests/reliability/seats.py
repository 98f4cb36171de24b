"""In-process computer seats for reliability tests: seeded random legal moves, no processes.

They stand in for ``game.computer.ComputerSeat`` (a worker process) so that thousands of
frames and fork-and-kill children stay fast and reproducible; the play scene drives them
through the same ``start``/``poll``/``cancel`` calls.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.match import Match
from game.core.player import Decision
from game.core.protocol import CHANCE


def seeded_move(match: Match, seed: str) -> Any:
    """The move a seeded seat chooses in ``match``: random, from ``seed`` and the ply."""
    return match.game.random_move(match.state, random.Random(f"{seed}/{match.ply}"))


class SeededSeat:
    """Answers after ``delay`` polls with :func:`seeded_move`."""

    stalled = False

    def __init__(self, seed: str, delay: int = 0) -> None:
        self.seed = seed
        self.delay = delay
        self._match: Match | None = None
        self._polls = 0

    @property
    def busy(self) -> bool:
        return self._match is not None

    def start(self, match: Match) -> None:
        self._match, self._polls = match, 0

    def poll(self) -> Decision[Any] | None:
        match = self._match
        if match is None:
            return None
        self._polls += 1
        if self._polls <= self.delay:
            return None
        self._match = None
        return Decision(seeded_move(match, self.seed))

    def cancel(self) -> None:
        self._match = None

    def close(self) -> None:
        self._match = None


class SeededComputers:
    """Every game offers one level, "quick", played by a :class:`SeededSeat`."""

    def __init__(self, seed: str, delay: int = 0) -> None:
        self.seed = seed
        self.delay = delay

    def levels(self, game_id: str) -> list[str]:
        return ["quick"]

    def seat(self, game_id: str, level: str) -> SeededSeat:
        return SeededSeat(self.seed, self.delay)


def play_out(match: Match, seed: str, max_plies: int = 10_000) -> Match:
    """Play ``match`` to its end as two seeded seats and the dice would (for expectations)."""
    while not match.is_over and match.ply < max_plies:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(seeded_move(match, seed))
    return match
