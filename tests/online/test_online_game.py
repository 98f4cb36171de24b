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
from game.core.match import Match
from game.net.session import Heard, TableNow
from game.net.wire import messages as m


class FakeSession:
    url = "ws://127.0.0.1:1"
    ticket = None

    def __init__(self) -> None:
        self.queued: list[Any] = []
        self.said: list[str] = []

    def events(self, limit: int | None = None) -> list[Any]:
        out, self.queued = self.queued[:limit], self.queued[len(self.queued[:limit]):]
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


def test_a_flood_is_taken_in_over_several_frames(tmp_path: Path) -> None:
    from game.client.match.online import EVENTS_PER_FRAME

    game, session = online(tmp_path)
    session.queued = [TableNow(table((True, True)), ())]
    game.pump()
    flood = [Heard(m.Presence(1, n % 2 == 0)) for n in range(12_000)]
    session.queued = list(flood)
    game.pump()
    assert len(session.queued) == len(flood) - EVENTS_PER_FRAME
    frames = 1
    while game.pump():
        frames += 1
    assert frames == -(-len(flood) // EVENTS_PER_FRAME) and game.here(1) is False


def test_the_session_hands_out_a_bounded_number_and_wakes_for_the_rest() -> None:
    from game.net.session import Network, Session

    woken: list[int] = []
    session = Session(Network(), "ws://127.0.0.1:1", "Ada", all_games(),
                      lambda: woken.append(1))
    for n in range(120):
        session._put(Heard(m.Presence(1, n % 2 == 0)))
    woken.clear()
    assert len(session.events(50)) == 50 and woken == [1]
    assert len(session.events(50)) == 50 and woken == [1, 1]
    assert len(session.events(50)) == 20 and woken == [1, 1]


def test_a_seat_lost_for_good_offers_to_sit_again_and_sits_only_when_asked(
        tmp_path: Path) -> None:
    from game.net.client import Ticket
    from game.net.session import REPLACED, Link
    from scenes.online.panel import SIT_AGAIN, control_rows

    game, session = online(tmp_path)
    started: list[Any] = []
    session.ticket = Ticket("t1", 0, "ab" * 16)  # type: ignore[assignment]
    session.start = started.append  # type: ignore[attr-defined]
    session.queued = [TableNow(table((True, True)), ()), Link("lost", REPLACED)]
    game.pump()
    names = [name for row in control_rows(game, False) for _, name, _ in row]
    assert SIT_AGAIN in names and started == []
    game.sit_again()
    assert started == [session.ticket] and game.link == "connecting"
    assert SIT_AGAIN not in [name for row in control_rows(game, False) for _, name, _ in row]


def test_a_seat_tried_again_says_why(tmp_path: Path) -> None:
    """A join the server's messages broke said "Connecting..." for ever, with no reason."""
    from game.net.session import Link
    from scenes.online.games import trying_again
    from scenes.online.panel import status

    game, session = online(tmp_path)
    session.queued = [Link("connecting")]
    game.pump()
    assert trying_again(game) is None
    why = "the server sent a move the rules refuse: 'zz' (not a move)"
    session.queued = [Link("reconnecting", why)]
    game.pump()
    assert trying_again(game) == f"Trying again: T{why[1:]}"
    assert status(game, Match(game.games.get("conquid"))) == f"Connecting... ({why})"


def test_the_running_clock_counts_down_from_the_arrival_of_the_server_s_word(
        tmp_path: Path) -> None:
    ticks, session = [50.0], FakeSession()
    game = OnlineGame(session, all_games(), Paths.under(tmp_path),  # type: ignore[arg-type]
                      "Ada", ticks=lambda: ticks[0])
    assert game.clock_left(0, 0) is None  # no real-time clock yet
    session.queued = [TableNow(table((True, True)), (), (61_000, 9_500), 50.0)]
    game.pump()
    ticks[0] = 52.25
    assert game.clock_left(0, 0) == 58.75  # running: gone down since it arrived
    assert game.clock_left(1, 0) == 9.5  # waiting: as the server said
    assert game.clock_left(1, 1) == 7.25
    ticks[0] = 70.0
    assert game.clock_left(1, 1) == 0.0 and game.clock_left(1, None) == 9.5


def test_a_takeback_offer_lapses_with_a_move_and_a_takeback_shortens_the_moves(
        tmp_path: Path) -> None:
    game, session = online(tmp_path)
    first = table((True, True))
    session.queued = [TableNow(first, ("setup", "setup2", "a1-b1"))]
    game.pump()
    session.queued = [Heard(m.Offered(m.OfferKind.TAKEBACK, 0))]
    game.pump()
    assert game.takeback_asked() and game.offered_to_me() is None
    session.queued = [TableNow(first, ("setup", "setup2", "a1-b1", "b2-c2"))]
    game.pump()
    assert not game.takeback_asked()  # lapsed with the move
    session.queued = [Heard(m.Offered(m.OfferKind.TAKEBACK, 1)),
                      Heard(m.TakenBack(0, 3, 1, None))]
    game.pump()
    assert game.moves == ("setup", "setup2", "a1-b1") and game.offer is None
    assert game.taken_back == [(3, 1)]
