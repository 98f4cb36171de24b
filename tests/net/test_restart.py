"""The server killed with SIGKILL mid-game and started again on the same database: no move it
acknowledged is lost, and both players (who reconnect by themselves) finish the game."""

from __future__ import annotations

import asyncio
import random
from functools import partial
from pathlib import Path

import pytest

from game.net.client import TableClient
from tests.net.processes import start_server
from tests.net.servers import GAMES

MOVES = 24
KILL_AT = (6, 15)
"""Plies at which the server is killed: once between moves, once with a move in flight."""


def _over(player: TableClient) -> bool:
    return player.match is not None and player.match.is_over


def _at(player: TableClient, ply: int) -> bool:
    return player.match is not None and player.match.ply >= ply


async def _kill_and_restart_twice(db: str) -> None:
    server = start_server(db)
    port = server.port
    host = TableClient(server.url, "Ada", GAMES)
    guest = TableClient(server.url, "Blaise", GAMES)
    acknowledged: list[str] = []
    try:
        await host.connect()
        invite = await host.create("conquid", seat=0)
        await guest.connect()
        await guest.join(invite.code)
        players = {0: host, 1: guest}
        rng = random.Random(5)
        ply = 0
        while ply < MOVES:
            for player in (host, guest):
                await player.wait_until(partial(_at, player, ply), timeout=60)
            assert host.match is not None
            if host.match.is_over:
                break
            mover = players[host.match.to_move]
            match = mover.match
            assert match is not None
            text = match.game.format_move(match.game.random_move(match.state, rng))
            if ply == KILL_AT[0]:
                server.kill()
                server = await asyncio.to_thread(start_server, db, port)
            if ply == KILL_AT[1]:
                sending = asyncio.create_task(mover.move(text))
                await asyncio.sleep(0.001)
                server.kill()
                server = await asyncio.to_thread(start_server, db, port)
                await asyncio.wait_for(sending, 60)
            else:
                await mover.move(text)
            acknowledged.append(text)
            ply += 1
        if host.match is not None and not host.match.is_over:
            await host.resign()
        for player in (host, guest):
            await player.wait_until(partial(_over, player), timeout=60)
        assert host.match is not None and guest.match is not None
        assert host.match.moves == guest.match.moves
        board_moves = [move for move in host.match.moves if not move.startswith("resign")]
        assert board_moves == acknowledged
        assert host.reconnects >= 2 and guest.reconnects >= 2
    finally:
        await asyncio.gather(host.close(), guest.close())
        assert server.stop() == 0, "SIGTERM must stop the server cleanly"


@pytest.mark.slow
async def test_sqlite_server_killed_twice(tmp_path: Path) -> None:
    await _kill_and_restart_twice(str(tmp_path / "tables.sqlite"))


@pytest.mark.slow
async def test_postgresql_server_killed_twice(postgres_url: str) -> None:
    await _kill_and_restart_twice(postgres_url)
