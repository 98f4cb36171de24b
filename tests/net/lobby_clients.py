"""A lobby server in the test's event loop and a bare JSON client for it (loopback only),
and the steps the lobby tests share: a Push Fight table between two peers, random moves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.core.match import Match
from game.net.server.app import TransportServer
from game.net.server.lobby import LobbyHub
from game.net.storage import open_storage
from game.net.wire.limits import PROTOCOL_VERSION
from tests.net.servers import GAMES, QUICK

CLOCK = {"gone": 60, "move": None}
RULES = {info.id: info.rules_version for info in GAMES.infos() if info.players == 2}


class Peer:
    """One connection: sends dicts, keeps every message it got, waits for a type."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.got: list[dict[str, Any]] = []
        self._seen = 0

    async def send(self, message_type: str, /, **fields: Any) -> None:
        await self.conn.send(json.dumps({"type": message_type, **fields}))

    async def expect(self, kind: str, seconds: float = 5.0) -> dict[str, Any]:
        """The next message of ``kind`` not looked at yet (others are kept, skipped)."""
        async with asyncio.timeout(seconds):
            while True:
                while self._seen < len(self.got):
                    message = self.got[self._seen]
                    self._seen += 1
                    if message["type"] == kind:
                        return message
                self.got.append(json.loads(await self.conn.recv()))

    async def drain(self, seconds: float = 0.2) -> None:
        """Read whatever arrives within ``seconds``."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                while True:
                    self.got.append(json.loads(await self.conn.recv()))


@contextlib.asynccontextmanager
async def peer(url: str, name: str | None = None, secret: str | None = None
               ) -> AsyncIterator[Peer]:
    async with connect(url, compression=None) as conn:
        client = Peer(conn)
        await client.send("hello", protocol=PROTOCOL_VERSION, rules=RULES, client="test")
        await client.expect("welcome")
        if name is not None:
            await client.send("identify", name=name, secret=secret or _secret(name))
            await client.expect("identified")
        yield client


async def push_fight_between(host: Peer, guest: Peer, names: tuple[str, str] = ("Ada", "Bo")
                             ) -> str:
    """``host`` opens a Push Fight table in seat 0 and ``guest`` joins it by its invite code,
    under ``names``; returns the table's id."""
    await host.send("create", game="pushfight", options={}, seat=0, name=names[0], clock=CLOCK)
    table: str = (await host.expect("seated"))["table"]
    code = (await host.expect("invite"))["code"]
    await guest.send("join", code=code, name=names[1])
    await guest.expect("seated")
    return table


async def play_random(players: dict[int, Peer], mirror: Match, rng: random.Random,
                      count: int) -> None:
    """``count`` random moves, each by the seat to move, ``mirror`` following the table."""
    for _ in range(count):
        text = mirror.game.format_move(mirror.game.random_move(mirror.state, rng))
        mover = players[mirror.to_move]
        await mover.send("move", ply=mirror.ply, move=text)
        moved = await mover.expect("moved")
        while moved["ply"] != mirror.ply:  # the opponent's earlier moves come first
            moved = await mover.expect("moved")
        mirror.play_text(moved["move"])


def _secret(name: str) -> str:
    return (name.encode().hex() * 32)[:32]


@contextlib.asynccontextmanager
async def lobby_server(db: str, clock: Callable[[], float] = time.time
                       ) -> AsyncIterator[tuple[str, LobbyHub]]:
    """``clock``: the tables' wall clock (a test moves it to let a real-time flag fall)."""
    storage = await asyncio.to_thread(open_storage, db)
    hub = LobbyHub(storage, GAMES, QUICK, clock=clock)
    transport = TransportServer(hub, QUICK)
    port = await transport.start("127.0.0.1", 0)
    await hub.start(f"ws://127.0.0.1:{port}")
    try:
        yield f"ws://127.0.0.1:{port}", hub
    finally:
        await transport.stop()
        await hub.stop()
        storage.close()
