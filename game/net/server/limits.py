"""The server's limits, and the counters that enforce them (clock passed in, so tests can
drive them without waiting)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Final

MAX_MESSAGE_BYTES: Final = 16 * 1024


@dataclass(frozen=True)
class Limits:
    """Every limit in one place; ``docs/online.md`` lists the same numbers."""

    max_message_bytes: int = MAX_MESSAGE_BYTES
    messages_per_window: int = 100
    message_window_seconds: float = 20.0
    max_connections: int = 2000
    max_connections_per_address: int = 32
    tables_per_address: int = 30
    table_window_seconds: float = 3600.0
    invite_guesses_per_address: int = 10
    """Different wrong invite codes from one address in a window, before its wrong guesses
    are refused as rate-limited (the right code still seats)."""
    invite_guesses_past_limits: int = 60
    """Wrong codes in a window from all the addresses past their own limit together: past
    it, their guesses are refused without a look (the right code too), so that letting the
    right code through never makes guessing faster."""
    invite_window_seconds: float = 60.0
    handshake_seconds: float = 10.0
    """From the TCP connection to our ``hello`` answer: WebSocket upgrade and first message."""
    ping_interval_seconds: float = 20.0
    ping_timeout_seconds: float = 20.0
    close_timeout_seconds: float = 5.0


class Window:
    """At most ``limit`` events in any ``seconds``: a sliding window of timestamps."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self._times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        """Count one event at ``now`` if the window has room; False (and not counted) if not."""
        if self.is_full(now):
            return False
        self._times.append(now)
        return True

    def is_full(self, now: float) -> bool:
        """Whether one more event at ``now`` would be refused (nothing is counted)."""
        while self._times and self._times[0] <= now - self.seconds:
            self._times.popleft()
        return len(self._times) >= self.limit

    def is_idle(self, now: float) -> bool:
        return not self._times or self._times[-1] <= now - self.seconds


class InviteGuesses:
    """Wrong invite codes, counted per address and per code: the same wrong code again (a
    typo retyped, a stale link clicked twice) counts once, so one guesser behind a shared
    address (a NAT, a proxy) does not lock everyone else out; past its limit an address's
    codes are still looked up while the server-wide window of such guesses has room, so the
    right code goes through."""

    def __init__(self, per_address: int, past_limits: int, seconds: float) -> None:
        self.per_address = per_address
        self.seconds = seconds
        self._codes: dict[str, dict[str, float]] = {}
        """Per address: each wrong code and when it was first tried in the window."""
        self._past_limits = Window(past_limits, seconds)

    def may_try(self, address: str, now: float) -> bool:
        """Whether a code from ``address`` is looked up at all."""
        return not self.limited(address, now) or not self._past_limits.is_full(now)

    def limited(self, address: str, now: float) -> bool:
        """Past its own limit: its wrong codes are refused as ``rate-limited``."""
        return len(self._fresh(address, now)) >= self.per_address

    def wrong(self, address: str, code: str, now: float) -> None:
        if self.limited(address, now):
            self._past_limits.allow(now)
        codes = self._codes.get(address)
        if codes is None:
            if len(self._codes) > 10_000:
                for quiet in [a for a in self._codes if not self._fresh(a, now)]:
                    del self._codes[quiet]
            codes = self._codes[address] = {}
        codes.setdefault(code, now)

    def _fresh(self, address: str, now: float) -> dict[str, float]:
        codes = self._codes.get(address, {})
        for code in [c for c, at in codes.items() if at <= now - self.seconds]:
            del codes[code]
        return codes


class PerAddress:
    """One window per client address, forgetting addresses whose window has emptied."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self._windows: dict[str, Window] = {}

    def allow(self, address: str, now: float) -> bool:
        window = self._windows.get(address)
        if window is None:
            if len(self._windows) > 10_000:
                self._forget_idle(now)
            window = self._windows[address] = Window(self.limit, self.seconds)
        return window.allow(now)

    def is_full(self, address: str, now: float) -> bool:
        window = self._windows.get(address)
        return window is not None and window.is_full(now)

    def _forget_idle(self, now: float) -> None:
        for address in [a for a, w in self._windows.items() if w.is_idle(now)]:
            del self._windows[address]
