"""When the next move no one here makes may be played: after the board's animation, a
beat after a moving seat's move (so each action of a computer's or remote player's turn
can be followed), never while a person looks back; and when a finished demo gives way."""

from __future__ import annotations

BEAT = 0.45
"""Seconds (at animation speed 1) between two moves of a turn no one here plays."""
DEMO_PAUSE = 5.0
"""Seconds a finished demo game stays on screen before the next one starts."""


class Pacing:
    def __init__(self) -> None:
        self.beat_due = False
        """The last move was a moving seat's: the next waits a ``BEAT`` after its animation."""
        self._quiet_from: float | None = None
        self._over_since: float | None = None

    def moved(self, by_moving_seat: bool) -> None:
        """A move has started its animation."""
        self._quiet_from = None
        self.beat_due = by_moving_seat

    def holding(self, clock: float, busy: bool, speed: float, looking_back: bool) -> bool:
        """Whether the next move must wait (``busy``: the board is animating)."""
        if busy:
            self._quiet_from = None
            return True
        if self._quiet_from is None:
            self._quiet_from = clock
        beat = BEAT / speed if self.beat_due and speed > 0 else 0.0
        return clock - self._quiet_from < beat or looking_back

    def demo_done(self, clock: float, ended: bool) -> bool:
        """A demo's game has ``ended`` (and its board is still) for ``DEMO_PAUSE``."""
        if not ended:
            self._over_since = None
            return False
        if self._over_since is None:
            self._over_since = clock
        return clock - self._over_since >= DEMO_PAUSE
