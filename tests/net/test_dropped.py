"""Connections that drop: an abrupt close on one's own turn, a link that stalls (through a
loopback proxy), and a move sent while disconnected. Each time the client comes back by
itself, the move is played exactly once, and the game goes on to its end."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest

from game.net.client import TableClient
from tests.net.proxy import LoopbackProxy
from tests.net.servers import GAMES, LiveServer, live_server
from tests.net.waiting import until

SEED = 11
MOVES = 30


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[LiveServer]:
    async with live_server(str(tmp_path / "tables.sqlite")) as live:
        yield live


@pytest.fixture
async def proxy(server: LiveServer) -> AsyncIterator[LoopbackProxy]:
    middle = LoopbackProxy(server.port)
    await middle.start()
    yield middle
    await middle.stop()


async def _pair(host_url: str, guest_url: str) -> tuple[TableClient, TableClient]:
    host = TableClient(host_url, "Ada", GAMES, ping_seconds=0.5)
    guest = TableClient(guest_url, "Blaise", GAMES, ping_seconds=0.5)
    await host.connect()
    invite = await host.create("conquid", seat=0)
    await guest.connect()
    await guest.join(invite.code)
    return host, guest


async def _guest_to_move(host_url: str, guest_url: str
                         ) -> tuple[TableClient, TableClient, random.Random]:
    """A seated pair after the host's first move, the guest to move, and the moves' source."""
    host, guest = await _pair(host_url, guest_url)
    rng = random.Random(SEED)
    await _one_move(host, rng)
    await guest.wait_until(lambda: guest.my_turn)
    return host, guest, rng


async def _one_move(mover: TableClient, rng: random.Random) -> None:
    match = mover.match
    assert match is not None
    await mover.move(match.game.format_move(match.game.random_move(match.state, rng)))


async def _finish(server: LiveServer, host: TableClient, guest: TableClient,
                  rng: random.Random) -> None:
    """Play on to MOVES moves, resign, and check that everyone holds the same game."""
    players = {0: host, 1: guest}
    while True:
        for player in (host, guest):
            await player.wait_until(partial(_synced, player, host))
        assert host.match is not None
        if host.match.ply >= MOVES:
            break
        await _one_move(players[host.match.to_move], rng)
    await host.resign()
    for player in (host, guest):
        await player.wait_until(partial(_over, player))
    assert host.match is not None and guest.match is not None and host.ticket is not None
    assert host.match.moves == guest.match.moves
    table = host.ticket.table
    assert server.stored_match(table).moves == host.match.moves
    played = server.entry_count(table) - 3  # opened, and one player sat at each seat
    assert played == len(host.match.moves), "a move was stored twice or not at all"
    await asyncio.gather(host.close(), guest.close())


def _over(player: TableClient) -> bool:
    return player.match is not None and player.match.is_over


def _synced(player: TableClient, host: TableClient) -> bool:
    assert host.match is not None
    return player.match is not None and player.match.ply == host.match.ply


async def test_an_abrupt_close_on_ones_turn(server: LiveServer) -> None:
    host, guest = await _pair(server.url, server.url)
    rng = random.Random(SEED)
    for _ in range(4):
        await _one_move(host, rng)
        await guest.wait_until(lambda: guest.my_turn)
        await _one_move(guest, rng)
        await host.wait_until(lambda: host.my_turn)
    host.drop()  # mid-turn: the host is to move
    await _one_move(host, rng)
    assert host.reconnects >= 1
    await _finish(server, host, guest, rng)


async def test_a_stalled_link_is_given_up_and_the_move_lands_once(
    server: LiveServer, proxy: LoopbackProxy,
) -> None:
    host, guest, rng = await _guest_to_move(proxy.url, server.url)
    await _one_move(guest, rng)
    await host.wait_until(lambda: host.my_turn)
    proxy.stall()
    sent = asyncio.create_task(_one_move(host, rng))  # goes into the stalled link
    await until(lambda: host.closed_with is not None)  # the keepalive gives the link up
    proxy.cut()
    proxy.resume()
    await asyncio.wait_for(sent, 30)
    assert host.reconnects >= 1
    await _finish(server, host, guest, rng)


async def test_a_move_sent_while_disconnected_is_delivered_once(
    server: LiveServer, proxy: LoopbackProxy,
) -> None:
    host, guest, rng = await _guest_to_move(server.url, proxy.url)
    proxy.cut()
    await asyncio.sleep(0)  # let the guest see its link go
    await _one_move(guest, rng)  # sent while disconnected: resent after the reconnection
    assert guest.reconnects >= 1
    await _finish(server, host, guest, rng)


async def test_a_resignation_sent_while_disconnected_arrives(
    server: LiveServer, proxy: LoopbackProxy,
) -> None:
    host, guest, _ = await _guest_to_move(server.url, proxy.url)
    proxy.cut()
    await until(lambda: guest.closed_with is not None)
    await guest.resign()  # kept, and sent once the guest is back at its seat
    await host.wait_until(partial(_over, host))
    assert host.match is not None and host.match.moves[-1] == "resign 1"
    await guest.wait_until(partial(_over, guest))
    await asyncio.gather(host.close(), guest.close())
