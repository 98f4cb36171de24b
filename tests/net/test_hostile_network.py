"""Hostile clients at the network level: each gets its refusal or close code, and the table
two honest players sit at does not change (its stored entries, its moves), and they play on.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect

from game.net.client import TableClient
from game.net.wire import messages as m
from game.net.wire.codes import CloseCode
from game.net.wire.limits import PROTOCOL_VERSION
from tests.net.servers import GAMES, QUICK, LiveServer, live_server
from tests.net.waiting import close_code

LIMITS = replace(QUICK, handshake_seconds=1.0, max_connections_per_address=12,
                 invite_guesses_per_address=10)


@dataclass
class Scene:
    server: LiveServer
    host: TableClient
    guest: TableClient
    table: str

    def snapshot(self) -> tuple[int, tuple[str, ...]]:
        return (self.server.entry_count(self.table),
                self.server.hub._live[self.table].table.match.moves)


@pytest.fixture
async def scene(tmp_path: Path) -> AsyncIterator[Scene]:
    async with live_server(str(tmp_path / "tables.sqlite"), LIMITS) as server:
        host = TableClient(server.url, "Ada", GAMES)
        guest = TableClient(server.url, "Blaise", GAMES)
        await host.connect()
        invite = await host.create("conquid", seat=0)
        await guest.connect()
        await guest.join(invite.code)
        rng = random.Random(1)
        for mover in (host, guest, host):  # the guest is to move
            assert mover.match is not None
            await mover.wait_until(partial(getattr, mover, "my_turn"))
            game, state = mover.match.game, mover.match.state
            await mover.move(game.format_move(game.random_move(state, rng)))
        assert host.ticket is not None
        here = Scene(server, host, guest, host.ticket.table)
        before = here.snapshot()
        yield here
        assert here.snapshot() == before, "a hostile client changed the table"
        await guest.wait_until(lambda: guest.my_turn)  # the honest players play on
        assert guest.match is not None
        game, state = guest.match.game, guest.match.state
        await guest.move(game.format_move(game.random_move(state, rng)))
        await asyncio.gather(host.close(), guest.close())


def _hello() -> str:
    rules = {info.id: info.rules_version for info in GAMES.infos()}
    return m.encode(m.Hello(PROTOCOL_VERSION, rules, "hostile"))


async def _greeted(url: str) -> ClientConnection:
    ws = await connect(url, max_size=None, compression=None)
    await ws.send(_hello())
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def _closed_with(ws: ClientConnection) -> int | None:
    return await close_code(ws)


async def _error(ws: ClientConnection) -> str:
    answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
    assert answer["type"] == "error", answer
    return str(answer["code"])


async def test_garbage_is_refused_then_closed(scene: Scene) -> None:
    ws = await _greeted(scene.server.url)
    for garbage in ("{", "[]", '{"type": "move", "ply": 1.5, "move": "x"}', "\x00" * 10):
        await ws.send(garbage)
        assert await _error(ws) == "bad-message"
    await ws.send(b"\xff\xfe binary")
    assert await _error(ws) == "bad-message"
    assert await _closed_with(ws) == CloseCode.POLICY


async def test_an_oversized_message_closes_unread(scene: Scene) -> None:
    ws = await _greeted(scene.server.url)
    await ws.send(json.dumps({"type": "chat", "text": "x" * 17_000}))
    assert await _closed_with(ws) == CloseCode.TOO_BIG


async def test_a_flood_is_closed(scene: Scene) -> None:
    ws = await _greeted(scene.server.url)
    for _ in range(LIMITS.messages_per_window + 10):
        await ws.send(m.encode(m.Chat("spam")))
    assert await _closed_with(ws) == CloseCode.POLICY


async def test_too_many_connections_from_one_address(scene: Scene) -> None:
    held = [await connect(scene.server.url) for _ in range(LIMITS.max_connections_per_address)]
    try:
        async with connect(scene.server.url) as extra:
            assert await _closed_with(extra) == CloseCode.TOO_MANY_CONNECTIONS
    finally:
        await asyncio.gather(*(ws.close() for ws in held))


async def test_a_handshake_that_never_completes(scene: Scene) -> None:
    async with connect(scene.server.url) as silent:  # upgraded, never says hello
        assert await _closed_with(silent) == CloseCode.HANDSHAKE_TIMEOUT
    with socket.create_connection(("127.0.0.1", scene.server.port), timeout=10) as raw:
        raw.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n")  # never finished
        raw.settimeout(LIMITS.handshake_seconds + 5)
        assert await asyncio.to_thread(raw.recv, 1024) == b""  # the server hung up


async def test_invite_codes_cannot_be_guessed(scene: Scene) -> None:
    """Past ten different wrong codes an address's guesses are refused as rate-limited; the
    right code still seats (a player behind the guesser's NAT is not locked out)."""
    waiting = TableClient(scene.server.url, "Carol", GAMES)
    await waiting.connect()
    invite = await waiting.create("pushfight", seat=0)
    ws = await _greeted(scene.server.url)
    wrong = [code for code in ("222222", "333333", "444444", "555555", "666666", "777777",
                               "888888", "999999", "AAAAAA", "BBBBBB", "CCCCCC")
             if code != invite.code][:LIMITS.invite_guesses_per_address + 1]
    for _ in range(3):  # the same wrong code again counts once
        await ws.send(m.encode(m.Join(wrong[0], "Mallory")))
        assert await _error(ws) == "bad-code"
    for code in wrong[1:LIMITS.invite_guesses_per_address]:
        await ws.send(m.encode(m.Join(code, "Mallory")))
        assert await _error(ws) == "bad-code"
    await ws.send(m.encode(m.Join(wrong[-1], "Mallory")))
    assert await _error(ws) == "rate-limited"
    assert waiting.state is not None and waiting.state.names[1] is None
    await ws.close()
    async with connect(scene.server.url, compression=None) as friend:  # same address
        await friend.send(_hello())
        assert json.loads(await friend.recv())["type"] == "welcome"
        await friend.send(m.encode(m.Join(invite.code, "Dora")))
        assert json.loads(await asyncio.wait_for(friend.recv(), 10))["type"] == "seated"
    await waiting.close()


async def test_seat_and_turn_abuse_is_refused(scene: Scene) -> None:
    ws = await _greeted(scene.server.url)
    wrong_token = m.Attach(scene.table, "0" * 32, 0, 0)
    await ws.send(m.encode(wrong_token))
    assert await _error(ws) == "bad-token"
    await ws.send(m.encode(m.Resign()))
    assert await _error(ws) == "not-seated"
    await ws.close()
    assert scene.guest.match is not None
    ply = scene.guest.match.ply
    heard: list[str] = []
    for player in (scene.host, scene.guest):  # raw messages on the players' own connections
        player.on_message = lambda message: heard.append(
            message.code if isinstance(message, m.Error) else "")
    abuse = [
        (scene.host, m.encode(m.Move(ply, "A 1,1")), "not-your-turn"),
        (scene.host, m.encode(m.Attach("othertable", "0" * 32, 0, 0)), "seated"),
        (scene.host, m.encode(m.Join("222222", "Ada")), "seated"),
        (scene.guest, m.encode(m.Move(ply, "resign 0")), "notation"),
        (scene.guest, m.encode(m.Move(ply, "draw")), "notation"),
        (scene.guest, m.encode(m.Move(ply - 1, "resign 0")), "stale"),
        (scene.guest, m.encode(m.Move(ply + 3, "A 1,1")), "stale"),
        (scene.guest, m.encode(m.Move(ply, "Z 99,99")), "notation"),
        (scene.guest, json.dumps({"type": "chat", "text": "hi\x1b[31m"}), "bad-text"),
        (scene.guest, json.dumps({"type": "create", "game": "conquid", "options": {},
                                  "seat": 0, "name": "x\u202e", "clock": {"gone": 60,
                                                                           "move": None}}),
         "bad-text"),
    ]
    for player, text, code in abuse:
        heard.clear()
        assert player._ws is not None
        await player._ws.send(text)
        await player.wait_until(lambda: bool(heard), timeout=10)
        assert heard == [code], text


async def test_the_health_page_names_no_path(scene: Scene, tmp_path: Path) -> None:
    page = f"http://127.0.0.1:{scene.server.port}/health"
    body = (await asyncio.to_thread(lambda: urllib.request.urlopen(page, timeout=5).read())
            ).decode()
    assert json.loads(body)["database"] == "sqlite"
    assert str(tmp_path) not in body and "tables.sqlite" not in body
