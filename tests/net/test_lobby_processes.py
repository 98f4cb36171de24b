"""Two ``serve`` processes on one PostgreSQL database: the lobby and the quick-match queue
are shared, and each process's players hear of the other's listings through NOTIFY."""

from __future__ import annotations

import asyncio

import pytest

from game.net.client import TableClient
from tests.net.lobby_clients import peer
from tests.net.processes import start_server
from tests.net.servers import GAMES

CLOCK = {"gone": 60, "move": None}


@pytest.mark.slow
async def test_listings_and_the_queue_are_shared_by_two_processes(postgres_url: str) -> None:
    first = await asyncio.to_thread(start_server, postgres_url)
    second = await asyncio.to_thread(start_server, postgres_url)
    try:
        async with peer(first.url) as browser, peer(second.url, "Host") as host:
            await browser.send("browse", game="pushfight")
            await browser.expect("lobby")
            await host.send("create", game="pushfight", options={}, seat=0, name="x",
                            clock=CLOCK)
            await host.expect("seated")
            await host.send("list", rated=False)
            seat = (await browser.expect("listed", 10))["seat"]
            assert seat["host"] == "Host"
            async with peer(first.url) as late:  # a newcomer on the other process sees it
                await late.send("browse", game=None)
                assert [s["table"] for s in (await late.expect("lobby"))["seats"]] == [
                    seat["table"]]
            # a spectator and a taker who reach the other process are sent on to this one
            fan = TableClient(first.url, "Fan", GAMES)
            taker = TableClient(first.url, "Cy", GAMES)
            for client in (fan, taker):
                await client.connect()
            assert (await fan.watch(seat["table"])).names == ("Host", None)
            await taker.take(seat["table"])
            assert taker.ticket is not None and taker.url == fan.url == second.url
            await fan.wait_until(lambda: fan.watched is not None
                                 and fan.watched.names == ("Host", "Cy"), 10)
            for client in (fan, taker):
                await client.close()
        # names of their own: the session's one database keeps a name claimed for good, and
        # other tests play unidentified as Ada
        async with peer(first.url, "Queue Ada") as ada, peer(second.url, "Queue Bo") as bo:
            for player in (ada, bo):
                await player.send("seek", game="conquid", clock=CLOCK, rated=False)
                await player.expect("queued")
            done, pending = await asyncio.wait(
                [asyncio.create_task(p.expect("matched", 10)) for p in (ada, bo)],
                return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            matched = next(iter(done)).result()
            assert matched["opponent"] in ("Queue Ada", "Queue Bo")
    finally:
        await asyncio.to_thread(first.stop)
        await asyncio.to_thread(second.stop)
