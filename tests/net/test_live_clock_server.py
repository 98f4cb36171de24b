"""A real-time clock through a real server: when the side to move's time runs out the server
ends the game on time by itself, with nobody connected to claim it (or aborts it when that
side never made a first move); and ``net-smoke --clock`` reads its clock as players write
it."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from game.core.protocol import OutcomeReason
from game.net.client import TableClient
from game.net.smoke import parse_clock
from game.net.wire import messages as m
from game.net.wire.codes import ProtocolError
from game.net.wire.limits import FIRST_MOVE_SECONDS
from tests.net.servers import GAMES, live_server
from tests.net.waiting import until

BASE = 60


class MovedClock:
    """The tables' clock, moved on by the test (``offset`` seconds ahead of the real one)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@asynccontextmanager
async def seated_pair(url: str) -> AsyncIterator[tuple[TableClient, TableClient]]:
    """Ada hosts a Conquid table with a real-time clock of ``BASE`` seconds and Blaise joins
    it; both leave at the end."""
    host = TableClient(url, "Ada", GAMES, ping_seconds=0.5)
    guest = TableClient(url, "Blaise", GAMES, ping_seconds=0.5)
    try:
        await host.connect()
        invite = await host.create("conquid", seat=0, clock=m.Clock(base=BASE))
        await guest.connect()
        await guest.join(invite.code)
        yield host, guest
    finally:
        await host.close()
        await guest.close()


def _table_of(host: TableClient) -> str:
    assert host.ticket is not None
    return host.ticket.table


async def test_the_flag_falls_with_nobody_connected(tmp_path: Path) -> None:
    clock = MovedClock()
    async with live_server(str(tmp_path / "tables.sqlite"), clock=clock) as server:
        async with seated_pair(server.url) as (host, guest):
            await _both_move(host, guest)
            table_id = _table_of(host)
        live = server.hub._live[table_id]
        await until(lambda: not live.table.connections)
        assert not live.table.match.is_over
        clock.offset += BASE  # Ada's minute has gone by
        server.hub._arm(live)  # the server's timer, armed against the moved clock
        await until(lambda: server.stored_match(table_id).is_over)
        assert server.stored_match(table_id).moves[-1] == "time 0"
        assert live.table.match.moves[-1] == "time 0"


async def _both_move(host: TableClient, guest: TableClient) -> None:
    """Each makes a first move (a player who never does has the game aborted instead)."""
    for player in (host, guest):
        match = player.match
        assert match is not None
        await player.wait_until(lambda p=player: p.my_turn)  # type: ignore[misc]
        move = match.game.random_move(match.state, random.Random(4))
        await player.move(match.game.format_move(move))
    await host.wait_until(lambda: host.my_turn)


def test_net_smoke_reads_a_clock_as_players_write_it() -> None:
    assert parse_clock("3+2") == m.Clock(base=180, increment=2)
    assert parse_clock("0.5+0") == m.Clock(base=30)
    for wrong in ("fast", "3+x", "0.1+0", "600+0"):
        with pytest.raises((ValueError, ProtocolError)):
            parse_clock(wrong)


async def test_a_restarted_server_resumes_the_clock_and_the_flag_falls_unattended(
        tmp_path: Path) -> None:
    clock = MovedClock()
    db = str(tmp_path / "tables.sqlite")
    async with live_server(db, clock=clock) as server, seated_pair(server.url) as (host, guest):
        await _both_move(host, guest)
        table_id = _table_of(host)
    clock.offset += 3600  # the server is down for an hour: nobody's time
    async with live_server(db, clock=clock) as server:
        await until(lambda: table_id in server.hub._live)  # served again, nobody attached
        live = server.hub._live[table_id]
        clocks = live.table.clocks(clock())
        assert clocks is not None and clocks[0] > (BASE - 2) * 1000
        clock.offset += BASE
        server.hub._arm(live)
        await until(lambda: server.stored_match(table_id).is_over)
        assert server.stored_match(table_id).moves[-1] == "time 0"


async def test_a_first_move_never_made_aborts_the_game_unattended(tmp_path: Path) -> None:
    clock = MovedClock()
    async with live_server(str(tmp_path / "tables.sqlite"), clock=clock) as server:
        async with seated_pair(server.url) as (host, _guest):
            table_id = _table_of(host)
        live = server.hub._live[table_id]
        await until(lambda: not live.table.connections)
        clock.offset += FIRST_MOVE_SECONDS  # Ada never makes her first move
        server.hub._arm(live)
        await until(lambda: server.stored_match(table_id).is_over)
        outcome = server.stored_match(table_id).outcome
        assert outcome is not None and outcome.reason is OutcomeReason.ABORTED
        assert outcome.winner is None and live.table.match.moves == ("abort",)
