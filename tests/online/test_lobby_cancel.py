"""A seat listed and given up at once, on loopback (a real server in this process, SQLite):
whichever comes first, the listing or the cancel, the seat leaves a browsing player's lobby
within ``LINGER`` seconds and never comes back, and the abort reaches the table. A host whose
link drops takes the seat out of the lobby until they are back. The host and the browser go
through the sessions and the lobby state the app uses; the host cancels as the lobby scene
does (``abort`` then ``close``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pytest

from game.catalog import all_games
from game.client.match.lobby import Lobby
from game.core.registry import Registry
from game.net.identities import Identities
from game.net.lobby_session import LobbySession
from game.net.server.limits import Limits
from game.net.server.runner import ServerConfig, ServerThread
from game.net.session import Host, Invited, Network, Seated, Session, Watch, Watched
from game.net.wire.messages import Clock

TRIES = 30
"""Seats listed and cancelled in each order."""
LINGER = 1.5
"""Seconds a cancelled seat may still show in another player's lobby."""
SETTLE = 3.0
"""Seconds watched after the last cancel, for a seat that would come back."""
CLOCK = Clock(gone=120, move=None)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    config = ServerConfig(str(tmp_path / "tables.sqlite"), port=0,
                          limits=Limits(tables_per_address=10 * TRIES))
    thread = ServerThread(config)
    thread.start()
    yield thread.url
    thread.stop()


@dataclass
class Browser:
    """A player following the lobby: when each host's seat was last seen there."""

    lobby: Lobby
    last_seen: dict[str, float] = field(default_factory=dict)

    def watch(self, until: Callable[[], bool], seconds: float) -> bool:
        """Follow the lobby until ``until()`` or ``seconds`` have passed (bounded)."""
        end = time.monotonic() + seconds
        while True:
            self.lobby.pump()
            now = time.monotonic()
            for seat in self.lobby.seats:
                self.last_seen[seat.host] = now
            if until() or now > end:
                return until()
            time.sleep(0.005)

    def shows(self, host: str) -> bool:
        return any(seat.host == host for seat in self.lobby.seats)

    def hides(self, host: str) -> bool:
        return not self.shows(host)


@pytest.fixture
def browser(server: str, tmp_path: Path) -> Iterator[tuple[Browser, Network, Registry]]:
    network, games = Network(), all_games()
    session = LobbySession(network, server, games)
    session.start()
    lobby = Lobby(session, server, Identities(tmp_path / "names"))
    follower = Browser(lobby)
    assert follower.watch(lambda: lobby.state == "connected", 10)
    yield follower, network, games
    session.close(wait=1.0)
    network.stop()


def listed_seat(network: Network, server: str, games: Registry, host: str) -> Session:
    """``host``'s new Push Fight table, its free seat listed (casual) in the lobby."""
    session = Session(network, server, host, games)
    session.start(Host("pushfight", {}, 0, CLOCK, listed=False))
    return session


def lingered(browser: Browser, cancelled: dict[str, float]) -> list[float]:
    """Seconds each cancelled seat still showed after its cancel (inf: it still does)."""
    browser.watch(lambda: False, SETTLE)
    return [float("inf") if browser.shows(host)
            else max(0.0, browser.last_seen.get(host, at) - at)
            for host, at in cancelled.items()]


def test_a_seat_cancelled_once_listed_leaves_the_lobby_at_once(
        server: str, browser: tuple[Browser, Network, Registry]) -> None:
    follower, network, games = browser
    cancelled: dict[str, float] = {}
    for n in range(TRIES):
        host = f"Listed{n}"
        session = listed_seat(network, server, games, host)
        assert follower.watch(partial(follower.shows, host), 10), "the seat was never listed"
        session.abort()
        session.close()
        cancelled[host] = time.monotonic()
        follower.watch(partial(follower.hides, host), LINGER + 0.5)
    times = lingered(follower, cancelled)
    assert max(times) < LINGER, sorted(times)


def test_a_seat_cancelled_before_it_was_listed_never_stays(
        server: str, browser: tuple[Browser, Network, Registry]) -> None:
    follower, network, games = browser
    cancelled: dict[str, float] = {}
    for n in range(TRIES):
        host = f"Early{n}"
        session = listed_seat(network, server, games, host)
        if n % 2:  # created, its `list` on its way: cancel before the server answers it
            end = time.monotonic() + 10
            while not any(isinstance(e, Invited) for e in session.events()):
                assert time.monotonic() < end, "the table was never created"
                time.sleep(0.001)
        session.abort()
        session.close()
        cancelled[host] = time.monotonic()
        follower.watch(lambda: False, 0.05)
    times = lingered(follower, cancelled)
    assert max(times) < LINGER, sorted(times)


def events_until(session: Session, found: Callable[[object], bool], seconds: float) -> object:
    """The first event of ``session`` that is ``found`` (bounded)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for event in session.events():
            if found(event):
                return event
        time.sleep(0.005)
    raise AssertionError("no such event")


def test_the_abort_sent_as_the_host_cancels_reaches_the_table(
        server: str, browser: tuple[Browser, Network, Registry]) -> None:
    follower, network, games = browser
    session = listed_seat(network, server, games, "Aborted")
    seated = events_until(session, lambda e: isinstance(e, Seated), 10)
    assert isinstance(seated, Seated)
    assert follower.watch(partial(follower.shows, "Aborted"), 10)
    session.abort()
    session.close()
    spectator = Session(network, server, "Spectator", games)
    spectator.start(Watch(seated.ticket.table))
    watched = events_until(spectator, lambda e: isinstance(e, Watched), 10)
    spectator.close()
    assert isinstance(watched, Watched) and watched.state.ending is not None
    assert watched.state.ending.reason == "aborted"


def test_a_seat_leaves_the_lobby_while_its_hosts_link_is_down(
        server: str, browser: tuple[Browser, Network, Registry]) -> None:
    follower, network, games = browser
    session = listed_seat(network, server, games, "Dropped")
    assert follower.watch(partial(follower.shows, "Dropped"), 10)
    assert follower.watch(lambda: session._client is not None, 10)
    client, loop = session._client, network._loop
    assert client is not None and loop is not None
    loop.call_soon_threadsafe(client.drop)  # on the network thread, like a lost network
    assert follower.watch(partial(follower.hides, "Dropped"), LINGER)
    assert follower.watch(partial(follower.shows, "Dropped"), 10)  # back with its host
    session.close(wait=1.0)
