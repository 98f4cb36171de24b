"""A listed seat whose host leaves: it leaves the lobby at once and comes back with its host,
a game in play stays (on loopback); every follower hears a seat's changes in the order they
were made, a slow one and one whose ``lobby`` was being read included (the server's hub
driven directly, a link held up where the race would be)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from game.net.server.lobby import LobbyHub
from game.net.server.session import Session
from game.net.storage import open_storage
from game.net.wire import lobby as lb
from game.net.wire.limits import PROTOCOL_VERSION
from tests.net.lobby_clients import CLOCK, RULES, Peer, lobby_server, peer
from tests.net.servers import GAMES, QUICK


async def listed_by(host: Peer, rated: bool = False) -> dict[str, str]:
    """``host`` creates a Push Fight table and lists its free seat; returns its ``seated``."""
    await host.send("create", game="pushfight", options={}, seat=0, name="Ada", clock=CLOCK)
    seated = await host.expect("seated")
    await host.send("list", rated=rated)
    return seated


async def test_a_seat_leaves_the_lobby_with_its_host_and_comes_back_with_them(
        tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), peer(url) as watcher:
        await watcher.send("browse", game=None)
        await watcher.expect("lobby")
        async with peer(url, "Ada") as host:
            seated = await listed_by(host, rated=True)
            assert (await watcher.expect("listed"))["seat"]["table"] == seated["table"]
        assert (await watcher.expect("unlisted", 1.0))["table"] == seated["table"]
        async with peer(url) as newcomer:
            await newcomer.send("browse", game=None)
            assert (await newcomer.expect("lobby"))["seats"] == []
        async with peer(url, "Ada") as back:
            await back.send("attach", table=seated["table"], token=seated["token"], round=0,
                            have=0)
            await back.expect("table")
            seat = (await watcher.expect("listed"))["seat"]
            assert seat["table"] == seated["table"] and seat["rated"]
        assert (await watcher.expect("unlisted", 1.0))["table"] == seated["table"]


async def test_a_game_in_play_stays_listed_when_a_player_leaves(tmp_path: Path) -> None:
    async with lobby_server(str(tmp_path / "t.sqlite")) as (url, _), \
            peer(url) as watcher, peer(url, "Bo") as guest:
        await watcher.send("browse", game=None)
        await watcher.expect("lobby")
        async with peer(url, "Ada") as host:
            table = (await listed_by(host))["table"]
            await watcher.expect("listed")
            await guest.send("take", table=table, name="Bo")
            await guest.expect("seated")
            assert (await watcher.expect("playing"))["table"] == table
        await guest.expect("presence")
        await watcher.drain()
        assert not [m for m in watcher.got if m["type"] == "unlisted"]
        async with peer(url) as newcomer:
            await newcomer.send("browse", game=None)
            assert [s["table"] for s in (await newcomer.expect("lobby"))["playing"]] == [table]


class Follower:
    """A browsing connection's link: takes every message at once, but the one ``held`` (a
    type) waits until ``release`` is set, as behind a slow network."""

    def __init__(self, held: str | None = None) -> None:
        self.got: list[dict[str, Any]] = []
        self.held = held
        self.release = asyncio.Event()

    async def send(self, message: str) -> None:
        got = json.loads(message)
        if got["type"] == self.held:
            self.held = None
            await self.release.wait()
        self.got.append(got)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass

    def changes(self, table: str) -> list[str]:
        """What this follower heard of ``table``, in order."""
        heard = []
        for message in self.got:
            if message["type"] == "lobby":
                heard += ["listed" for seat in message["seats"] if seat["table"] == table]
            elif message["type"] == "listed" and message["seat"]["table"] == table:
                heard.append("listed")
            elif message["type"] == "unlisted" and message["table"] == table:
                heard.append("unlisted")
        return heard


@contextlib.asynccontextmanager
async def bare_hub(tmp_path: Path) -> AsyncIterator[LobbyHub]:
    """A lobby server without its transport: the test hands it connections."""
    storage = await asyncio.to_thread(open_storage, str(tmp_path / "t.sqlite"))
    hub = LobbyHub(storage, GAMES, QUICK)
    await hub.start("ws://127.0.0.1:1")
    try:
        yield hub
    finally:
        await hub.stop()
        storage.close()


async def say(hub: LobbyHub, session: Session, message_type: str, **fields: Any) -> None:
    await hub.receive(session, json.dumps({"type": message_type, **fields}))


async def greeted(hub: LobbyHub, link: Any) -> Session:
    session = Session(link, "127.0.0.1")
    await say(hub, session, "hello", protocol=PROTOCOL_VERSION, rules=RULES, client="test")
    return session


async def listed_table(hub: LobbyHub) -> tuple[Session, str]:
    """A host's connection with a listed Push Fight seat, and the table's id."""
    link = Follower()
    host = await greeted(hub, link)
    await say(hub, host, "create", game="pushfight", options={}, seat=0, name="Ada",
              clock=CLOCK)
    await say(hub, host, "list", rated=False)
    return host, next(m["table"] for m in link.got if m["type"] == "seated")


async def settled() -> None:
    """Let the notes in flight reach the followers (bounded)."""
    for _ in range(50):
        await asyncio.sleep(0.01)


async def test_a_slow_follower_hears_a_seat_withdrawn_after_it_was_listed(
        tmp_path: Path) -> None:
    async with bare_hub(tmp_path) as hub:
        slow, quick = Follower(held="listed"), Follower()
        for link in (slow, quick):  # the slow one first: the lobby's changes reach it first
            await say(hub, await greeted(hub, link), "browse", game=None)
        host, table = await listed_table(hub)
        await settled()
        await hub.gone(host)  # its host gave it up while the news was still on its way
        await settled()
        slow.release.set()
        await settled()
        for follower in (slow, quick):
            assert follower.changes(table) == ["listed", "unlisted"]


async def test_a_lobby_read_as_a_seat_is_withdrawn_does_not_bring_it_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with bare_hub(tmp_path) as hub:
        host, table = await listed_table(hub)
        read, gate = hub._listings, asyncio.Event()

        async def slow_read(game: str | None, now: float, *, playing: bool
                            ) -> tuple[lb.Listing, ...]:
            found = await read(game, now, playing=playing)
            if playing:  # the open seats are read: the rest takes a while
                await gate.wait()
            return found

        monkeypatch.setattr(hub, "_listings", slow_read)
        late = Follower()
        browsing = asyncio.create_task(say(hub, await greeted(hub, late), "browse", game=None))
        await settled()
        await hub.gone(host)
        await settled()
        gate.set()
        await browsing
        await settled()
        assert late.changes(table)[-1:] == ["unlisted"]
