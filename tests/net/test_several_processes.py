"""Two ``serve`` processes on one PostgreSQL database: a table is served by one of them (the
other sends its players there, until it is killed), and lobby changes reach both through
LISTEN/NOTIFY."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from functools import partial

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.client import TableClient
from game.net.wire import messages as m
from game.net.wire.codes import CloseCode
from game.net.wire.limits import PROTOCOL_VERSION
from tests.net.processes import ServerProcess, start_server
from tests.net.servers import GAMES


def _open_tables(server: ServerProcess) -> int:
    page = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/health", timeout=5).read()
    return int(json.loads(page)["open_tables"])


def _at(player: TableClient, ply: int) -> bool:
    return player.match is not None and (player.match.ply >= ply or player.match.is_over)


async def _until(condition: object, seconds: float = 10.0) -> None:
    assert callable(condition)
    for _ in range(int(seconds / 0.05)):
        if await asyncio.to_thread(condition):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


@pytest.mark.slow
async def test_a_table_is_served_by_one_process(postgres_url: str) -> None:
    first = await asyncio.to_thread(start_server, postgres_url)
    second = await asyncio.to_thread(start_server, postgres_url)
    host = TableClient(first.url, "Ada", GAMES)
    guest = TableClient(second.url, "Blaise", GAMES)
    try:
        await host.connect()
        invite = await host.create("pushfight", seat=0)
        await _until(lambda: _open_tables(second) >= 1)  # heard through NOTIFY
        await guest.connect()
        await guest.join(invite.code)  # the second process sends the guest to the first
        assert guest.closed_with is not None
        assert guest.closed_with[0] == CloseCode.ELSEWHERE and guest.url == first.url
        await _until(lambda: _open_tables(second) == 0 and _open_tables(first) == 0)
        rng = random.Random(2)
        for ply in range(4):
            await host.wait_until(partial(_at, host, ply))
            await guest.wait_until(partial(_at, guest, ply))
            mover = host if host.my_turn else guest
            if mover.match is None or mover.match.is_over:
                break
            game, state = mover.match.game, mover.match.state
            await mover.move(game.format_move(game.random_move(state, rng)))
        assert host.match is not None and guest.match is not None
        await guest.wait_until(partial(_at, guest, host.match.ply))
        assert guest.match.moves == host.match.moves
    finally:
        await asyncio.gather(host.close(), guest.close())
        assert first.stop() == 0 and second.stop() == 0


@pytest.mark.slow
async def test_a_killed_process_s_tables_serve_again_at_once(postgres_url: str) -> None:
    """The survivor takes the table over as soon as the killed owner's lock is gone, long
    before its 30 s lease would have run out."""
    first = await asyncio.to_thread(start_server, postgres_url)
    second = await asyncio.to_thread(start_server, postgres_url)
    host = TableClient(first.url, "Ada", GAMES)
    try:
        await host.connect()
        await host.create("pushfight", seat=0)
        assert host.ticket is not None
        ticket = host.ticket
        await asyncio.to_thread(first.kill)
        killed = time.monotonic()
        while True:
            async with connect(second.url, compression=None) as ws:
                rules = {info.id: info.rules_version for info in GAMES.infos()}
                await ws.send(m.encode(m.Hello(PROTOCOL_VERSION, rules, "test")))
                assert json.loads(await ws.recv())["type"] == "welcome"
                await ws.send(m.encode(m.Attach(ticket.table, ticket.token, 0, 0)))
                try:
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None
                    assert closed.rcvd.code == CloseCode.ELSEWHERE
                    assert time.monotonic() - killed < 5, "still sent to the dead process"
                    await asyncio.sleep(0.2)
                    continue
                assert answer["type"] != "error", answer
                break
    finally:
        await host.close()
        assert second.stop() == 0
