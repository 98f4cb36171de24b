"""A takeback between two protocol clients on a loopback server: both mirrors lose the moves,
and a server restarted afterwards serves the shortened game to a player coming back."""

from __future__ import annotations

import random
from pathlib import Path

from game.net.client import TableClient
from game.net.wire import messages as m
from tests.net.servers import GAMES, live_server


async def _play(player: TableClient, rng: random.Random) -> None:
    await player.wait_until(lambda: player.my_turn)
    match = player.match
    assert match is not None
    await player.move(match.game.format_move(match.game.random_move(match.state, rng)))


async def test_both_mirrors_and_a_restarted_server_hold_the_shortened_game(
        tmp_path: Path) -> None:
    db = str(tmp_path / "tables.sqlite")
    rng = random.Random(2)
    async with live_server(db) as server:
        host = TableClient(server.url, "Ada", GAMES)
        heard: list[object] = []
        guest = TableClient(server.url, "Blaise", GAMES, on_message=heard.append)
        try:
            await host.connect()
            invite = await host.create("conquid", {"board": "small"}, seat=0)
            await guest.connect()
            await guest.join(invite.code)
            for player in (host, guest, host):
                await _play(player, rng)
            await guest.wait_until(lambda: guest.my_turn)
            assert host.match is not None and guest.match is not None
            kept = host.match.moves[:2]
            await host.offer(m.OfferKind.TAKEBACK)
            await guest.wait_until(lambda: m.Offered(m.OfferKind.TAKEBACK, 0) in heard)
            await guest.answer(m.OfferKind.TAKEBACK, True)
            for player in (host, guest):
                await player.wait_until(lambda p=player: p.match.moves == kept)  # type: ignore
            assert host.my_turn and host.ticket is not None
            ticket = host.ticket
            assert server.stored_match(ticket.table).moves == kept
        finally:
            await host.close()
            await guest.close()
    async with live_server(db) as server:
        back = TableClient(server.url, "Ada", GAMES)
        try:
            await back.connect()
            await back.attach(ticket)
            await back.wait_until(lambda: back.match is not None and back.match.moves == kept)
            assert back.my_turn
            await _play(back, rng)  # the game goes on from there
            assert server.stored_match(ticket.table).ply == 3
        finally:
            await back.close()
