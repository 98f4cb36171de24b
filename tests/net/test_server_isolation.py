"""What one table's visitors do cannot slow another table's players down: an earlier round
asked for again and again is read on the reads' connection (never in front of a commit),
replayed off the event loop once and kept, and limited per address; a spectator that stops
reading is fed through a bounded queue, so a move is acknowledged at once all the same."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from game.core.match import Match
from game.net.server import rounds as rounds_module
from game.net.server.lobby import OLD_ROUNDS, LobbyHub
from game.net.server.session import OUTBOX, Session
from game.net.storage import open_storage
from game.net.wire.limits import PROTOCOL_VERSION
from tests.net.lobby_clients import CLOCK, RULES, Peer, peer, push_fight_between
from tests.net.servers import GAMES, QUICK

SECONDS = 3.0
"""Far above what an acknowledgement takes, far below what a stall used to cost."""


class Recorder:
    """A link that takes every message at once."""

    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.closed_with: int | None = None

    async def send(self, message: str) -> None:
        self.got.append(json.loads(message))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.got) if m["type"] == kind)


class Stalls(Recorder):
    """A spectator whose buffers fill after ``room`` messages: later sends never finish."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    async def send(self, message: str) -> None:
        if len(self.got) >= self.room:
            await asyncio.Event().wait()
        await super().send(message)


@pytest.fixture
async def lobby(tmp_path: Path) -> AsyncIterator[tuple[str, LobbyHub, Any]]:
    """A lobby server whose reads connection can be held up (``hold.set()`` holds every
    ``load`` until ``release.set()``)."""
    from game.net.server.app import TransportServer

    storage = await asyncio.to_thread(open_storage, str(tmp_path / "t.sqlite"))
    hold, release = threading.Event(), threading.Event()
    opened = storage.reader

    def reader() -> Any:
        queries = opened()
        load = queries.load

        def held_load(table_id: str) -> Any:
            if hold.is_set():
                release.wait(10)
            return load(table_id)

        queries.load = held_load  # type: ignore[method-assign]
        return queries

    storage.reader = reader  # type: ignore[method-assign]
    hub = LobbyHub(storage, GAMES, QUICK)
    transport = TransportServer(hub, QUICK)
    port = await transport.start("127.0.0.1", 0)
    await hub.start(f"ws://127.0.0.1:{port}")
    try:
        yield f"ws://127.0.0.1:{port}", hub, (hold, release)
    finally:
        release.set()
        await transport.stop()
        await hub.stop()
        storage.close()


async def _rematched(ada: Peer, bo: Peer) -> str:
    """A Push Fight table whose first game is over and the rematch under way; its id."""
    table = await push_fight_between(ada, bo, ("x", "x"))
    await ada.send("resign")
    await bo.expect("ended")
    await ada.send("offer", kind="rematch")
    await bo.expect("offered")
    await bo.send("answer", kind="rematch", accept=True)
    await ada.drain(0.2)
    return table


async def _first_move(players: dict[int, Peer]) -> dict[str, Any]:
    mirror = Match(GAMES.get("pushfight"))
    text = mirror.game.format_move(mirror.game.random_move(mirror.state, random.Random(3)))
    await players[mirror.to_move].send("move", ply=0, move=text)
    return await players[mirror.to_move].expect("moved", SECONDS)


async def test_a_commit_never_waits_behind_a_read(lobby: tuple[str, LobbyHub, Any]) -> None:
    url, _hub, (hold, release) = lobby
    async with peer(url, "Ada") as ada, peer(url, "Bo") as bo, \
            peer(url, "Cy") as cy, peer(url, "Dee") as dee, peer(url) as reader:
        table = await _rematched(ada, bo)
        await push_fight_between(cy, dee, ("Cy", "Dee"))
        hold.set()  # every read from now on takes until released
        await reader.send("watch", table=table, round=0, have=0)
        await asyncio.sleep(0.1)  # the earlier round is being read
        moved = await _first_move({0: cy, 1: dee})  # another table's move, committed
        assert moved["ply"] == 0
        release.set()
        assert (await reader.expect("watching"))["round"] == 0


async def test_an_earlier_round_is_replayed_once_off_the_event_loop(
        lobby: tuple[str, LobbyHub, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    url, hub, _ = lobby
    threads: list[str] = []
    replay = rounds_module.replay

    def watched_replay(*args: Any) -> tuple[str, ...]:
        threads.append(threading.current_thread().name)
        return replay(*args)

    monkeypatch.setattr(rounds_module, "replay", watched_replay)
    async with peer(url, "Ada") as ada, peer(url, "Bo") as bo:
        table = await _rematched(ada, bo)
        async with peer(url) as one, peer(url) as two:
            for reader in (one, two, one):
                await reader.send("watch", table=table, round=0, have=0)
                assert (await reader.expect("watching"))["names"] == ["Ada", "Bo"]
                assert (await reader.expect("moves"))["moves"] == ["resign 0"]
    assert hub.rounds.builds == 1
    assert len(threads) == 1 and threads[0] != threading.main_thread().name


async def test_earlier_rounds_count_against_the_address(
        lobby: tuple[str, LobbyHub, Any]) -> None:
    url, _hub, _ = lobby
    budget = OLD_ROUNDS[0]
    async with peer(url, "Ada") as ada, peer(url, "Bo") as bo:
        table = await _rematched(ada, bo)
        async with peer(url) as one, peer(url) as two:
            for i in range(budget):  # two connections, each well under its own limit
                reader = (one, two)[i % 2]
                await reader.send("watch", table=table, round=0, have=0)
                await reader.expect("watching")
            await one.send("watch", table=table, round=0, have=0)
            assert (await one.expect("error"))["code"] == "rate-limited"


async def _greet(hub: LobbyHub, session: Session) -> None:
    await hub.receive(session, json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION,
                                           "rules": RULES, "client": "test"}))


async def test_spectators_that_stop_reading_never_hold_up_a_move(tmp_path: Path) -> None:
    storage = await asyncio.to_thread(open_storage, str(tmp_path / "t.sqlite"))
    hub = LobbyHub(storage, GAMES, QUICK)
    await hub.start("ws://127.0.0.1:1")
    try:
        links = {name: Recorder() for name in ("Ada", "Bo")}
        players = {name: Session(link, "127.0.0.1") for name, link in links.items()}
        for session in players.values():
            await _greet(hub, session)
        await hub.receive(players["Ada"], json.dumps({
            "type": "create", "game": "conquid", "options": {}, "seat": 0, "name": "Ada",
            "clock": CLOCK}))
        code = links["Ada"].last("invite")["code"]
        table = links["Ada"].last("seated")["table"]
        await hub.receive(players["Bo"], json.dumps({"type": "join", "code": code,
                                                     "name": "Bo"}))
        stuck = [Session(Stalls(room=2), f"127.0.0.{i + 10}") for i in range(8)]
        for spectator in stuck:
            await _greet(hub, spectator)  # the welcome is taken, then a little more
            await hub.receive(spectator, json.dumps({"type": "watch", "table": table,
                                                     "round": 0, "have": 0}))
        mirror = Match(GAMES.get("conquid"))
        rng = random.Random(5)
        seats = {0: "Ada", 1: "Bo"}
        for _ in range(OUTBOX + 2):  # past every spectator's queue
            text = mirror.game.format_move(mirror.game.random_move(mirror.state, rng))
            mover = seats[mirror.to_move]
            await asyncio.wait_for(hub.receive(players[mover], json.dumps(
                {"type": "move", "ply": mirror.ply, "move": text})), SECONDS)
            assert links[mover].last("moved")["ply"] == mirror.ply
            mirror.play_text(text)
        assert all(s.closed for s in stuck), "a spectator that never reads is let go"
    finally:
        await hub.stop()
        storage.close()
