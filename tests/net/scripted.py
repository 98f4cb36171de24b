"""A scripted table server on 127.0.0.1 for the client's tests: each connection is handed to
the test's own coroutine, which says what a server (honest, newer or broken) would say.

``ScriptedServer.greet`` shakes hands as a real server does; ``seat`` answers a ``join`` or
an ``attach`` with a seat, a table and its moves, each of which a test may replace with text
of its own (a message a real server would never send)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from game.catalog import all_games
from game.net.wire import messages as m
from game.net.wire.limits import PROTOCOL_VERSION

GAMES = all_games()
TOKEN = "0123456789abcdef" * 2
Script = Callable[["Peer"], Awaitable[None]]


class Peer:
    """One client's connection, as the script sees it; ``received`` holds every message it
    sent (as JSON objects), ``number`` which connection this is (from 0)."""

    def __init__(self, ws: ServerConnection, number: int) -> None:
        self.ws = ws
        self.number = number
        self.received: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), 10)
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        return message

    async def send(self, message: m.Message | str) -> None:
        await self.ws.send(message if isinstance(message, str) else m.encode(message))

    async def greet(self) -> None:
        """Read the ``hello``, answer ``welcome``."""
        assert (await self.receive())["type"] == "hello"
        rules = {info.id: info.rules_version for info in GAMES.infos()}
        await self.send(m.Welcome(PROTOCOL_VERSION, rules, "scripted"))

    async def seat(self, game: str = "conquid", options: dict[str, m.OptionValue] | None = None,
                   moves: tuple[str, ...] = (), table: str | None = None,
                   ply: int | None = None, start: int = 0) -> dict[str, Any]:
        """Answer the next request (``join``/``attach``...) with a seat at a table of ``game``
        holding ``moves`` (``table``: this text instead of the ``table`` message; ``ply``,
        ``start``: what the table and its ``moves`` message claim); returns the request."""
        request = await self.receive()
        if request["type"] != "attach":
            await self.send(m.Seated("t1", 1, TOKEN))
        state = m.TableState("t1", game, 1, options or {}, m.Clock(), 0, 1, ("Ada", "Blaise"),
                             (True, True), len(moves) if ply is None else ply)
        await self.send(m.encode(state) if table is None else table)
        if moves:
            await self.send(m.Moves(0, start, moves))
        return request

    async def closed(self) -> None:
        """Wait until the client closes this connection (bounded)."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.wait_closed(), 10)


class ScriptedServer:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.peers: list[Peer] = []
        self.port = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def _handle(self, ws: ServerConnection) -> None:
        peer = Peer(ws, len(self.peers))
        self.peers.append(peer)
        with contextlib.suppress(Exception):
            await self.script(peer)
            await peer.closed()


@contextlib.asynccontextmanager
async def scripted(script: Script) -> AsyncIterator[ScriptedServer]:
    server = ScriptedServer(script)
    async with serve(server._handle, "127.0.0.1", 0, compression=None) as running:
        server.port = int(next(iter(running.sockets)).getsockname()[1])
        yield server
