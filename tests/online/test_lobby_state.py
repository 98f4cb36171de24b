"""The lobby as the UI thread keeps it, fed by hand: listings move from open to in play and
out, challenges lapse, only our own challenges' pairings are joined, refusals are said."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.client.match.lobby import Lobby
from game.net.identities import Identities
from game.net.session import Heard, Link
from game.net.wire import lobby as lb
from game.net.wire import messages as m

CLOCK = m.Clock(60, None)


class FakeLink:
    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.pending: list[Any] = []

    def send(self, message: Any) -> None:
        self.sent.append(message)

    def identify(self, name: str, secret: str) -> None:
        self.sent.append(lb.Identify(name, secret))

    def events(self, limit: int | None = None) -> list[Any]:
        out, self.pending = self.pending[:limit], self.pending[len(self.pending[:limit]):]
        return out

    def close(self, wait: float = 0.0) -> None:
        pass


def lobby(tmp_path: Path, now: list[float]) -> tuple[Lobby, FakeLink]:
    link = FakeLink()
    return Lobby(link, "ws://x", Identities(tmp_path), clock=lambda: now[0]), link


def seat(table: str, host: str = "Ada") -> lb.Listing:
    return lb.Listing(table, "conquid", {}, CLOCK, host, False)


def test_listings_follow_the_server(tmp_path: Path) -> None:
    state, link = lobby(tmp_path, [0.0])
    link.pending = [Link("connected"), Heard(lb.Lobby((seat("a"),), (seat("b"),))),
                    Heard(lb.Listed(seat("c"))), Heard(lb.Playing("a")),
                    Heard(lb.Unlisted("b"))]
    assert state.pump()
    assert [s.table for s in state.seats] == ["c"]
    assert [s.table for s in state.playing] == ["a"]
    assert state.state == "connected" and not state.pump()


def test_a_change_the_lobby_already_shows_keeps_it(tmp_path: Path) -> None:
    """A fresh ``lobby`` may already hold what a change heard just after it says."""
    state, link = lobby(tmp_path, [0.0])
    link.pending = [Heard(lb.Lobby((seat("a"),), (seat("b"),))), Heard(lb.Playing("b")),
                    Heard(lb.Listed(seat("a")))]
    state.pump()
    assert [s.table for s in state.seats] == ["a"]
    assert [s.table for s in state.playing] == ["b"]


def test_challenges_lapse_and_only_ours_are_joined(tmp_path: Path) -> None:
    now = [100.0]
    state, link = lobby(tmp_path, now)
    link.pending = [Heard(lb.Challenged("id1", "Bo", "conquid", CLOCK, False, 200))]
    state.pump()
    assert [c.by for c in state.challenges] == ["Bo"]
    state.challenge("Cy", "conquid", CLOCK, False)
    link.pending = [Heard(lb.Matched("ABCDEF", "Dee", False)),  # a quick match's: not ours
                    Heard(lb.Matched("GHJKMN", "Cy", False))]
    state.pump()
    assert [found.opponent for found in state.matched] == ["Cy"] and not state.sent
    now[0] = 250.0
    assert state.pump() and not state.challenges


def test_a_claim_keeps_the_secret_before_sending_and_refusals_are_said(
        tmp_path: Path) -> None:
    state, link = lobby(tmp_path, [0.0])
    state.claim("Ada")
    held = Identities(tmp_path).get("ws://x")
    assert held is not None and link.sent == [lb.Identify("Ada", held.secret)]
    link.pending = [Heard(lb.Identified("Ada", True)),
                    Heard(m.Error("not-identified", "identify first", "seek"))]
    state.pump()
    assert state.name == "Ada"
    text, kind = state.notices[-1]
    assert kind == "error" and text.startswith("Claim your name on this server first")
