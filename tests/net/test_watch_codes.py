"""Watching on loopback: a table's watch code is its id, apart from its invite code and kept
across a restart; a code that names no table, or an invite code given by mistake, is refused
at once with its reason (a spectator never waits for an answer that will not come); and a
spectator of a real-time table gets both clocks, as the players do."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.net.client import ClientError, TableClient
from game.net.session import Link, Network, Session, Watch
from tests.net.lobby_clients import lobby_server, peer, play_random, push_fight_between
from tests.net.servers import GAMES

ANSWER_SECONDS = 2.0
"""What a spectator may wait for a refusal, at most."""
UNKNOWN = "zzzzzzzzzzzz"


async def test_an_unknown_watch_code_is_refused_at_once(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), peer(url) as fan:
        await fan.send("watch", table=UNKNOWN, round=0, have=0)
        error = await fan.expect("error", ANSWER_SECONDS)
        assert (error["code"], error["of"]) == ("no-table", "watch")
        assert error["reason"] == "no table has this watch code"


async def test_an_invite_code_given_to_watch_says_to_join_with_it(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url) as host, peer(url) as fan:
        await host.send("create", game="pushfight", options={}, seat=0, name="Ada",
                        clock={"gone": 60, "move": None})
        table = (await host.expect("seated"))["table"]
        code = (await host.expect("invite"))["code"]
        assert code.lower() != table  # two codes: one to join, one to watch
        await fan.send("watch", table=code.lower(), round=0, have=0)
        error = await fan.expect("error", ANSWER_SECONDS)
        assert (error["code"], error["of"]) == ("invite-code", "watch")
        assert error["reason"] == "that is an invite code: use Join"
        await fan.send("watch", table="abc234", round=0, have=0)  # one nobody holds
        assert (await fan.expect("error", ANSWER_SECONDS))["code"] == "invite-code"
        await fan.send("watch", table=table, round=0, have=0)
        assert (await fan.expect("watching", ANSWER_SECONDS))["table"] == table


async def test_the_client_hears_the_refusal_within_two_seconds(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _):
        for code, expected in ((UNKNOWN, "no-table"), ("k7m2pq", "invite-code")):
            client = TableClient(url, "Fan", GAMES)
            await client.connect()
            started = time.monotonic()
            try:
                with pytest.raises(ClientError) as refused:
                    async with asyncio.timeout(ANSWER_SECONDS):
                        await client.watch(code)
            finally:
                await client.close()
            assert refused.value.code == expected
            assert time.monotonic() - started < ANSWER_SECONDS


async def test_a_spectators_session_stops_with_the_reason(tmp_path: Path) -> None:
    """The app's session: lost for good with the server's words, not reconnecting."""
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _):
        network = Network()
        session = Session(network, url, "Spectator", GAMES)
        try:
            session.start(Watch(UNKNOWN))
            deadline = time.monotonic() + ANSWER_SECONDS
            links: list[Link] = []
            while time.monotonic() < deadline and not any(k.state == "lost" for k in links):
                await asyncio.sleep(0.02)
                links += [e for e in session.events() if isinstance(e, Link)]
            assert links and links[-1] == Link("lost", "no table has this watch code")
        finally:
            session.close(wait=1.0)
            network.stop()


async def test_a_watch_code_still_works_after_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    async with lobby_server(db) as (url, _), peer(url) as host, peer(url) as guest:
        table = await push_fight_between(host, guest)
    async with lobby_server(db) as (url, _), peer(url) as fan:
        await fan.send("watch", table=table, round=0, have=0)
        watching = await fan.expect("watching", ANSWER_SECONDS)
        assert watching["table"] == table and watching["names"] == ["Ada", "Bo"]


async def test_a_spectator_of_a_live_table_gets_both_clocks(tmp_path: Path) -> None:
    live = {"gone": 60, "move": None, "base": 180, "increment": 2}
    mirror = Match(GAMES.get("pushfight"), {}, (Seat("Ada"), Seat("Bo")))
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url) as host, peer(url) as guest, peer(url) as fan:
        await host.send("create", game="pushfight", options={}, seat=0, name="Ada",
                        clock=live)
        table = (await host.expect("seated"))["table"]
        await guest.send("join", code=(await host.expect("invite"))["code"], name="Bo")
        await guest.expect("seated")
        await play_random({0: host, 1: guest}, mirror, random.Random(3), 2)
        await host.drain(0.3)
        last = [got for got in host.got if got["type"] == "moved"][-1]
        await fan.send("watch", table=table, round=0, have=0)
        watching = await fan.expect("watching", ANSWER_SECONDS)
        running = mirror.to_move
        assert last["ply"] == 1 and watching["clocks"][1 - running] == last["clocks"][1 - running]
        assert 0 < watching["clocks"][running] <= last["clocks"][running]  # it runs
        await play_random({0: host, 1: guest}, mirror, random.Random(4), 1)
        moved = await fan.expect("moved", ANSWER_SECONDS)
        assert len(moved["clocks"]) == 2


async def test_a_rematched_table_is_watched_live_by_its_code(tmp_path: Path) -> None:
    """A first watch asks for the round in play (``round`` null); an earlier round is still
    asked by number (a profile's recent game), sent whole."""
    mirror = Match(GAMES.get("pushfight"), {}, (Seat("Ada"), Seat("Bo")))
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url) as host, peer(url) as guest, peer(url) as fan:
        table = await push_fight_between(host, guest)
        await play_random({0: host, 1: guest}, mirror, random.Random(5), 2)
        await host.send("resign")
        await guest.expect("ended")
        await host.send("offer", kind="rematch")
        await guest.expect("offered")
        await guest.send("answer", kind="rematch", accept=True)
        await host.expect("table")
        await fan.send("watch", table=table, round=None, have=0)
        watching = await fan.expect("watching", ANSWER_SECONDS)
        assert watching["round"] == 1 and watching["ending"] is None
        await fan.send("watch", table=table, round=0, have=0)
        earlier = await fan.expect("watching", ANSWER_SECONDS)
        assert earlier["round"] == 0 and earlier["ending"]["reason"] == "resign"
        client = TableClient(url, "Fan", GAMES)
        await client.connect()
        try:
            assert (await client.watch(table)).round == 1
        finally:
            await client.close()
