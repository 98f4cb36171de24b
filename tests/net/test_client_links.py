"""Where a client goes and when it stops: redirects are followed only to the same scheme and
host, a few hops at most, with a growing pause; a session whose seat another window took
says so and stops; a link ended by what the server sent is opened again, fetching the whole
table."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from game.net.client import MAX_HOPS, REDIRECT, ClientError, TableClient, Ticket, redirect_problem
from game.net.session import REPLACED, Event, Link, Network, Session
from game.net.wire.codes import CloseCode
from tests.net.scripted import GAMES, TOKEN, Peer, ScriptedServer, scripted


@pytest.fixture
def network() -> Iterator[Network]:
    net = Network()
    yield net
    net.stop()


@pytest.mark.parametrize(("target", "why"), [
    ("ws://play.example.org:8765", "the same kind of link"),  # a downgrade
    ("wss://elsewhere.example.net:443", "another host"),
    ("https://play.example.org", "not a server's address"),
    ("wss://[::1", "not a server's address"),
    ("wss://play.example.org:port", "not a server's address"),
])
def test_a_redirect_is_followed_only_to_the_same_scheme_and_host(target: str, why: str) -> None:
    found = redirect_problem("wss://play.example.org", target)
    assert found is not None and why in found


def test_a_redirect_to_another_process_of_the_same_server_is_followed() -> None:
    assert redirect_problem("wss://play.example.org", "wss://PLAY.example.org:9001") is None
    assert redirect_problem("wss://play.example.org", "wss://b.example.org",
                            other_hosts=True) is None


async def test_two_servers_naming_each_other_are_left_after_a_few_hops() -> None:
    servers: list[ScriptedServer] = []

    async def elsewhere(peer: Peer) -> None:
        await peer.greet()
        await peer.receive()  # attach
        other = servers[1] if servers[0].peers and peer in servers[0].peers else servers[0]
        await peer.ws.close(CloseCode.ELSEWHERE, other.url)

    async with scripted(elsewhere) as first, scripted(elsewhere) as second:
        servers += [first, second]
        player = TableClient(first.url, "Blaise", GAMES, rate=None)
        await player.connect()
        started = time.monotonic()
        with pytest.raises(ClientError) as stopped:
            await asyncio.wait_for(player.attach(Ticket("t1", 1, TOKEN)), 10)
        assert stopped.value.code == REDIRECT and "times in a row" in stopped.value.reason
        connections = len(first.peers) + len(second.peers)
        assert connections == MAX_HOPS + 1
        await asyncio.sleep(0.5)  # and no more after it stopped
        assert len(first.peers) + len(second.peers) == connections
        assert time.monotonic() - started >= 0.25 * (0.5 + 1 + 2) / 2  # each pause grew


async def test_a_redirect_to_another_host_is_not_followed() -> None:
    async def away(peer: Peer) -> None:
        await peer.greet()
        await peer.receive()
        await peer.ws.close(CloseCode.ELSEWHERE, f"ws://localhost:{server.port}")

    async with scripted(away) as server:
        player = TableClient(server.url, "Blaise", GAMES, rate=None)
        await player.connect()
        with pytest.raises(ClientError) as stopped:
            await asyncio.wait_for(player.attach(Ticket("t1", 1, TOKEN)), 10)
        assert stopped.value.code == REDIRECT and "another host" in stopped.value.reason
        assert len(server.peers) == 1


async def events_until(session: Session, found: list[Event], wanted: object,
                       seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found += session.events()
        if wanted in found or any(wanted == getattr(e, "state", None) for e in found):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{wanted} never came; had {found[-6:]}")


async def test_a_seat_taken_in_another_window_stops_the_session_saying_so(
        network: Network) -> None:
    async def replaced(peer: Peer) -> None:
        await peer.greet()
        await peer.seat()
        await asyncio.sleep(0.1)
        await peer.ws.close(CloseCode.REPLACED, "another connection took this seat")

    async with scripted(replaced) as server:
        session = Session(network, server.url, "Blaise", GAMES)
        session.start(Ticket("t1", 1, TOKEN))
        found: list[Event] = []
        await events_until(session, found, Link("lost", REPLACED))
        await asyncio.sleep(2.5)  # longer than the first pause before sitting again
        assert len(server.peers) == 1, "the window that was replaced tried again"
        session.close()


async def test_a_link_ended_by_a_bad_move_is_opened_again_for_the_whole_table(
        network: Network) -> None:
    async def once_bad(peer: Peer) -> None:
        await peer.greet()
        if peer.number == 0:
            await peer.seat(moves=("A 0,0 0,1 0,2", "V 0,0"))
        else:
            await peer.seat(moves=("A 0,0 0,1 0,2",))

    async with scripted(once_bad) as server:
        session = Session(network, server.url, "Blaise", GAMES, rate=None)
        session.start(Ticket("t1", 1, TOKEN))
        found: list[Event] = []
        await events_until(session, found, "reconnecting")
        trouble = next(e for e in found if isinstance(e, Link) and e.state == "reconnecting")
        assert "the server sent a move the rules refuse" in trouble.reason
        found.clear()
        await events_until(session, found, Link("connected"))
        attach = server.peers[1].received[1]
        assert attach["type"] == "attach" and attach["have"] == 0
        session.close()
