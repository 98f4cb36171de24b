"""Quick match keeps one queue per game and clock, real-time clocks included; and a whole
rated 3+2 game from the queue ends when a flag falls, the server alone ending it, the
ratings moving as for any rated result."""

from __future__ import annotations

import random
import time
from pathlib import Path

from game.core.match import Match, Seat
from tests.net.lobby_clients import lobby_server, peer, play_random
from tests.net.servers import GAMES
from tests.net.waiting import until

BLITZ = {"gone": 60, "move": None, "base": 180, "increment": 2}
RAPID = {"gone": 60, "move": None, "base": 600, "increment": 5}


async def test_a_rated_3_2_game_from_the_queue_ends_on_time(tmp_path: Path) -> None:
    offset = [0.0]

    def clock() -> float:
        return time.time() + offset[0]

    async with lobby_server(str(tmp_path / "t.sqlite"), clock) as (url, hub), \
            peer(url, "Ada") as ada, peer(url, "Bo") as bo, peer(url, "Cy") as cy:
        await cy.send("seek", game="pushfight", clock=RAPID, rated=True)
        await cy.expect("queued")
        for player in (ada, bo):
            await player.send("seek", game="pushfight", clock=BLITZ, rated=True)
            await player.expect("queued")
        for player in (ada, bo, cy):
            await player.drain(1.5)
        matched = ada if any(m["type"] == "matched" for m in ada.got) else bo
        other = bo if matched is ada else ada
        assert not any(m["type"] == "matched" for m in cy.got)  # another clock, another queue
        await matched.send("join", code=(await matched.expect("matched"))["code"], name="x")
        await matched.expect("seated")
        table = await matched.expect("table")
        await other.expect("seated")
        assert table["clock"] == BLITZ and table["clocks"] == [180_000, 180_000]
        seats = {table["seat"]: matched, 1 - table["seat"]: other}
        mirror = Match(GAMES.get("pushfight"), {}, (Seat("a"), Seat("b")))
        await play_random(seats, mirror, random.Random(5), 3)
        flagged = mirror.to_move
        live = hub._live[table["table"]]
        await until(lambda: not live.lock.locked())  # the last move's step is done
        offset[0] += 200  # the side to move thinks past its three minutes
        hub._arm(live)
        moved = await seats[1 - flagged].expect("moved", 10)
        while moved["move"] != f"time {flagged}":
            moved = await seats[1 - flagged].expect("moved", 10)
        assert moved["clocks"][flagged] == 0 and moved["clocks"][1 - flagged] > 170_000
        ended = await seats[1 - flagged].expect("ended")
        assert ended["ending"]["reason"] == "time" and ended["ending"]["winner"] == 1 - flagged
        winner = "Ada" if seats[1 - flagged] is ada else "Bo"
        await ada.drain(0.3)
        await ada.send("profile?", name=winner)
        profile = await ada.expect("profile")
        assert profile["games"][0]["won"] == 1 and profile["games"][0]["rating"] > 1500
