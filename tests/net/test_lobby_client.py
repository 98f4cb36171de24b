"""The protocol client on the public side: a spectator rides out a dropped link and catches
up by itself, holding no seat; identifying comes back with every reconnection."""

from __future__ import annotations

import random
from pathlib import Path

from game.core.match import Match
from game.net.client import TableClient
from tests.net.lobby_clients import _secret, lobby_server, peer, play_random, push_fight_between
from tests.net.servers import GAMES

CLOCK = {"gone": 60, "move": None}


async def test_a_spectator_catches_up_after_a_dropped_link(tmp_path: Path) -> None:
    mirror = Match(GAMES.get("pushfight"), {})
    rng = random.Random(2)
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url) as host, peer(url) as guest:
        table = await push_fight_between(host, guest)
        await play_random({0: host, 1: guest}, mirror, rng, 2)
        fan = TableClient(url, "Fan", GAMES)
        await fan.connect()
        await fan.identify("Fan", _secret("Fan"))
        watching = await fan.watch(table)
        assert watching.names == ("Ada", "Bo") and fan.ticket is None
        await fan.wait_until(lambda: fan.match is not None and fan.match.ply == 2, 5)
        fan.drop()
        await play_random({0: host, 1: guest}, mirror, rng, 2)
        await fan.wait_until(lambda: fan.reconnects == 1 and fan.match is not None
                             and fan.match.moves == mirror.moves, 10)
        assert fan.ticket is None and fan.identity is not None
        await fan.close()
