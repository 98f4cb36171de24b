"""The app's network thread (``game.net.session``): two sessions play through a server run
in its own thread, as the app does, and every event reaches the UI side through the queue,
each one waking it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.catalog import all_games
from game.net.client import Ticket
from game.net.server.runner import ServerConfig, ServerThread
from game.net.session import Event, Host, Invited, Join, Link, Network, Seated, Session, TableNow
from game.net.wire import messages as m

GAMES = all_games()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    thread = ServerThread(ServerConfig(db=str(tmp_path / "t.sqlite"), port=0))
    thread.start()
    yield thread
    thread.stop()


@pytest.fixture
def network() -> Iterator[Network]:
    net = Network()
    yield net
    net.stop()


class Inbox:
    """The UI side of a session: what arrived, and how often it was woken."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.wakes = 0
        self.woken = threading.Event()

    def wake(self) -> None:
        self.wakes += 1
        self.woken.set()

    def until(self, session: Session, found: Callable[[Event], bool],
              seconds: float = 20.0) -> Event:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for event in session.events():
                self.events.append(event)
                if found(event):
                    return event
            self.woken.wait(0.2)
            self.woken.clear()
        raise AssertionError(f"not found; had {self.events[-5:]}")


def table_with(ply: int) -> Callable[[Event], bool]:
    return lambda e: isinstance(e, TableNow) and len(e.moves) >= ply


def test_two_sessions_play_through_the_queue(server: ServerThread,
                                                    network: Network) -> None:
    a_in, b_in = Inbox(), Inbox()
    a = Session(network, server.url, "Ada", GAMES, a_in.wake)
    b = Session(network, server.url, "Blaise", GAMES, b_in.wake)
    try:
        a.start(Host("conquid", {"board": "small"}, 0, m.Clock()))
        invited = a_in.until(a, lambda e: isinstance(e, Invited))
        assert isinstance(invited, Invited)
        b.start(Join(invited.code))
        seated = b_in.until(b, lambda e: isinstance(e, Seated))
        assert isinstance(seated, Seated) and seated.ticket.seat == 1
        a_in.until(a, lambda e: isinstance(e, TableNow) and e.state.names[1] == "Blaise")
        match = GAMES.get("conquid")
        state = match.new_state({"board": "small"})
        first = match.format_move(next(iter(match.legal_moves(state))))
        a.move(0, first)
        a.move(0, first)  # sent twice at the same ply: played once
        now = b_in.until(b, table_with(1))
        assert isinstance(now, TableNow) and now.moves == (first,)
        b.resign()
        over = a_in.until(a, table_with(2))
        assert isinstance(over, TableNow) and over.moves[-1] == "resign 1"
        assert a_in.wakes >= len(a_in.events)
    finally:
        a.close(wait=2.0)
        b.close(wait=2.0)


def test_a_ticket_comes_back_to_its_seat_and_a_bad_one_is_lost_for_good(
    server: ServerThread, network: Network,
) -> None:
    inbox = Inbox()
    a = Session(network, server.url, "Ada", GAMES, inbox.wake)
    a.start(Host("pushfight", {}, 1, m.Clock()))
    seated = inbox.until(a, lambda e: isinstance(e, Seated))
    assert isinstance(seated, Seated)
    a.close(wait=2.0)
    again = Session(network, server.url, "Ada", GAMES, inbox.wake)
    again.start(seated.ticket)
    back = inbox.until(again, lambda e: isinstance(e, TableNow))
    assert isinstance(back, TableNow) and back.state.seat == 1
    again.close(wait=2.0)
    wrong = Session(network, server.url, "Ada", GAMES, inbox.wake)
    wrong.start(Ticket(seated.ticket.table, 1, "0" * 32))
    lost = inbox.until(wrong, lambda e: isinstance(e, Link) and e.state == "lost")
    assert isinstance(lost, Link) and lost.reason
    wrong.close(wait=2.0)


def test_two_windows_at_one_seat_do_not_fight_and_the_player_may_sit_again(
    server: ServerThread, network: Network, tmp_path: Path,
) -> None:
    """They threw each other off about every second, for ever."""
    from game.client.files.paths import Paths
    from game.client.match.online import OnlineGame
    from game.net.session import REPLACED

    inbox = Inbox()
    host = Session(network, server.url, "Ada", GAMES, inbox.wake)
    host.start(Host("pushfight", {}, 0, m.Clock()))
    seated = inbox.until(host, lambda e: isinstance(e, Seated))
    assert isinstance(seated, Seated)
    first = OnlineGame(host, GAMES, Paths.under(tmp_path), "Ada")
    second = Session(network, server.url, "Ada", GAMES, inbox.wake)
    try:
        second.start(seated.ticket)
        inbox.until(second, lambda e: isinstance(e, TableNow))
        deadline = time.monotonic() + 20
        while first.link != "lost" and time.monotonic() < deadline:
            first.pump()
            time.sleep(0.05)
        assert first.link == "lost" and first.link_reason == REPLACED
        assert first.can_sit_again
        time.sleep(2.5)  # longer than the first pause before a session tries again
        assert not any(isinstance(e, Link) and e.state != "connected"
                       for e in second.events()), "the first window took the seat back"
        first.sit_again()  # the player asks: now the other window is the one replaced
        lost = inbox.until(second, lambda e: isinstance(e, Link) and e.state == "lost")
        assert isinstance(lost, Link) and lost.reason == REPLACED
    finally:
        host.close(wait=2.0)
        second.close(wait=2.0)
