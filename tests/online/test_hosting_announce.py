"""Hosting announces its table off the app's thread: mDNS probes the name for about 1.7 s,
which froze the frame that hosted. The announcer here is a stand-in (no multicast leaves a
test); the server listens on loopback."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

import pytest

import game.hosting
from game.hosting import LanHost


class SlowAnnouncer:
    """Takes as long as mDNS probing would, and notes what it was asked."""

    calls: ClassVar[list[str]] = []

    def __init__(self, port: int, addresses: list[str] | None = None) -> None:
        self.calls.append("made")

    def announce(self, code: str, game: str, options: str, host: str, rules: int) -> None:
        time.sleep(0.5)
        self.calls.append(f"announce {code}")

    def withdraw(self) -> None:
        self.calls.append("withdraw")

    def close(self) -> None:
        self.calls.append("close")


def test_announcing_returns_at_once_and_keeps_the_order_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.hosting, "Announcer", SlowAnnouncer)
    SlowAnnouncer.calls = []
    host = LanHost(tmp_path, bind="127.0.0.1", port=0)
    try:
        began = time.perf_counter()
        host.announce("ABC234", "conquid", "", "Ada", 1)
        host.withdraw()
        assert time.perf_counter() - began < 0.3
    finally:
        host.stop()
    assert SlowAnnouncer.calls == ["made", "announce ABC234", "withdraw", "close"]
