"""A real-time game clock with increment, as a pure value: it has no clock of its own.

The table hands in the time (``now``, Unix seconds) with every change, so the rules are the
same live, in tests with a controlled time and when a restarted server rebuilds a table. Times
left are whole milliseconds, as entries store them and the protocol sends them.

Only the running side's time goes down, from ``since``. A player is charged from the moment
the server *sent* them the other player's move (``resume``) to the moment it received theirs:
the time a move spends being stored and travelling is nobody's. The increment is added when a
player's turn passes to the other (a Piously turn of several actions earns it once).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class GameClock:
    """Both players' time left (ms, by seat) as of ``since`` for the running one."""

    left: tuple[int, int]
    running: int | None = None
    since: float = 0.0

    @classmethod
    def fresh(cls, base_seconds: int) -> GameClock:
        """Both players at ``base_seconds``, nothing running."""
        return cls((base_seconds * 1000, base_seconds * 1000))

    def remaining(self, seat: int, now: float) -> int:
        """Seat's time left at ``now``, in ms (never below 0)."""
        left = self.left[seat]
        if seat == self.running:  # (``since`` may be ahead: a round trip forgiven)
            left -= _ms(max(0.0, now - self.since))
        return max(0, left)

    def now_left(self, now: float) -> tuple[int, int]:
        return (self.remaining(0, now), self.remaining(1, now))

    @property
    def flag_at(self) -> float | None:
        """When the running side's time runs out (Unix seconds), or None if none runs."""
        if self.running is None:
            return None
        return self.since + self.left[self.running] / 1000

    def fallen(self, now: float) -> int | None:
        """The seat whose flag has fallen at ``now``, or None."""
        flag = self.flag_at
        return self.running if flag is not None and now >= flag else None

    def run(self, seat: int | None, now: float) -> GameClock:
        """Start ``seat``'s time from ``now`` (None: stop), charging nothing."""
        return replace(self, running=seat, since=now)

    def moved(self, seat: int, now: float, turn_over: bool, increment: int) -> GameClock:
        """``seat`` moved at ``now``: charge its time; if its turn passed, add ``increment``
        seconds and start the other's time. The caller checks ``fallen`` first."""
        left = list(self.now_left(now))
        if not turn_over:
            return GameClock((left[0], left[1]), self.running, now)
        left[seat] += increment * 1000
        return GameClock((left[0], left[1]), 1 - seat, now)

    def resume(self, now: float) -> GameClock:
        """Count the running side's time from ``now`` on (the move it answers was sent at
        ``now``, or the server restarted then): what went before is not charged."""
        if self.running is None or now <= self.since:
            return self
        return replace(self, since=now)


def _ms(seconds: float) -> int:
    return round(seconds * 1000)
