"""The UI thread's view of an online table (``game.client.match.online.OnlineGame``), fed events as
the network thread would: presence and offers are not undone by the client's stale ``table``
message sent again with each move; a draw offer lapses with a move; chat flood control."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path
from typing import Any

from game.catalog import all_games
from game.client.files.paths import Paths
from game.client.match.online import OnlineGame
from game.net import messages as m
from game.net.session import Heard, TableNow


class FakeSession:
    url = "ws://127.0.0.1:1"
    ticket = None

    def __init__(self) -> None:
        self.queued: list[Any] = []
        self.said: list[str] = []

    def events(self) -> list[Any]:
        out, self.queued = self.queued, []
        return out

    def chat(self, text: str) -> None:
        self.said.append(text)


def table(here: tuple[bool, bool], offer: m.Pending | None = None) -> m.TableState:
    return m.TableState("t1", "pushfight", 1, {}, m.Clock(), 0, 0, ("Ada", "Blaise"), here,
                        0, None, offer, None)


def online(tmp_path: Path) -> tuple[OnlineGame, FakeSession]:
    session = FakeSession()
    now = [1000.0]
    game = OnlineGame(session, all_games(), Paths.under(tmp_path), "Ada",  # type: ignore[arg-type]
                      clock=lambda: now[0])
    return game, session


def test_presence_and_offers_survive_the_stale_table_message(tmp_path: Path) -> None:
    game, session = online(tmp_path)
    first = table((True, False))
    session.queued = [TableNow(first, ())]
    game.pump()
    assert not game.here(1) and game.gone_since is not None
    session.queued = [Heard(m.Presence(1, True)), TableNow(first, ("setup",))]
    game.pump()
    assert game.here(1) and game.gone_since is None
    session.queued = [Heard(m.Offered(m.OfferKind.DRAW, 1))]
    game.pump()
    assert game.offered_to_me() == "draw"
    session.queued = [TableNow(first, ("setup", "setup2"))]
    game.pump()
    assert game.offered_to_me() is None  # lapsed with the move


def test_chat_is_flood_controlled(tmp_path: Path) -> None:
    game, session = online(tmp_path)
    results = [game.say(f"line {n}") for n in range(6)]
    assert results[:4] == [None] * 4 and all(results[4:])
    assert session.said == [f"line {n}" for n in range(4)]
    assert game.say("   ") is not None
