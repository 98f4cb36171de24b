"""A takeback in a rated game through the public side: allowed by the other player's consent
(the offer itself), and the rating is computed once, on the final record; spectators see the
moves go too."""

from __future__ import annotations

import random
from pathlib import Path

from game.core.match import Match, Seat
from tests.net.lobby_clients import lobby_server, peer, play_random
from tests.net.servers import GAMES

CLOCK = {"gone": 60, "move": None, "base": 300, "increment": 3}


async def test_a_rated_game_takes_back_by_consent_and_is_rated_on_its_final_moves(
        tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, hub), \
            peer(url, "Ada") as ada, peer(url, "Bo") as bo, peer(url) as spectator:
        for player in (ada, bo):
            await player.send("seek", game="pushfight", clock=CLOCK, rated=True)
            await player.expect("queued")
        for player in (ada, bo):
            await player.drain(1.5)
        matched = ada if any(m["type"] == "matched" for m in ada.got) else bo
        other = bo if matched is ada else ada
        await matched.send("join", code=(await matched.expect("matched"))["code"], name="x")
        await matched.expect("seated")
        table = await matched.expect("table")
        await other.expect("seated")
        seats = {table["seat"]: matched, 1 - table["seat"]: other}
        await spectator.send("watch", table=table["table"], round=0, have=0)
        await spectator.expect("watching")
        mirror = Match(GAMES.get("pushfight"), {}, (Seat("a"), Seat("b")))
        await play_random(seats, mirror, random.Random(5), 3)
        assert not mirror.is_over
        asker = 1 - mirror.to_move  # who just moved
        await seats[asker].send("offer", kind="takeback")
        assert (await seats[1 - asker].expect("offered"))["kind"] == "takeback"
        await seats[1 - asker].send("answer", kind="takeback", accept=True)
        for player in (ada, bo, spectator):
            taken = await player.expect("takenback")
            assert taken["ply"] == 2 and taken["seat"] == asker
        mirror = mirror.branch(2)
        live = hub._live[table["table"]]
        assert live.table.moves() == mirror.moves
        await seats[asker].send("resign")
        await seats[1 - asker].expect("ended")
        await ada.drain(0.3)
        winner = "Ada" if seats[1 - asker] is ada else "Bo"
        await ada.send("profile?", name=winner)
        profile = await ada.expect("profile")
        assert profile["games"][0]["played"] == 1 and profile["games"][0]["won"] == 1
        assert profile["games"][0]["rating"] > 1500
        assert [game["rated"] for game in profile["recent"]] == [True]
        assert live.table.record("example.org").moves == (*mirror.moves, f"resign {asker}")
