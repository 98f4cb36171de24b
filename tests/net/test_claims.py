"""A claim through a real server: the opponent gone on their own turn, a claim before their
time is up (two minutes, as the app sets it) is refused with ``cannot-claim`` and changes
nothing, neither the table nor what is stored; once it is up, the same claim wins."""

from __future__ import annotations

import random
from pathlib import Path

from game.net.client import TableClient
from game.net.wire import messages as m
from tests.net.servers import GAMES, live_server
from tests.net.waiting import until

GONE = 120


async def test_a_claim_before_the_wait_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    now = [1_800_000_000.0]
    async with live_server(str(tmp_path / "tables.sqlite"), clock=lambda: now[0]) as server:
        heard: list[m.ServerMessage] = []
        host = TableClient(server.url, "Ada", GAMES, ping_seconds=0.5, on_message=heard.append)
        guest = TableClient(server.url, "Blaise", GAMES, ping_seconds=0.5)
        try:
            await host.connect()
            invite = await host.create("conquid", seat=0, clock=m.Clock(gone=GONE, move=None))
            await guest.connect()
            await guest.join(invite.code)
            match = host.match
            assert match is not None and host.ticket is not None
            move = match.game.random_move(match.state, random.Random(4))
            await host.move(match.game.format_move(move))
            await guest.wait_until(lambda: guest.my_turn)
            await guest.close()  # gone, on their own turn
            await until(lambda: m.Presence(1, False) in heard)
            table_id = host.ticket.table
            table = server.hub._live[table_id].table
            moves, stored = table.match.moves, server.entry_count(table_id)
            now[0] += GONE - 1
            await host.claim()
            await until(lambda: any(isinstance(x, m.Error) for x in heard))
            refusal = next(x for x in heard if isinstance(x, m.Error))
            assert refusal.code == "cannot-claim" and "claim in" in refusal.reason
            assert table.match.moves == moves and not table.match.is_over
            assert server.entry_count(table_id) == stored
            assert host.match is not None and host.match.moves == moves
            now[0] += 2
            await host.claim()
            await host.wait_until(lambda: host.match is not None and host.match.is_over)
            assert table.match.moves == (*moves, "left 1")
            assert server.stored_match(table_id).moves == table.match.moves
        finally:
            await host.close()
            await guest.close()
