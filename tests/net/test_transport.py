"""The transport's limits, with a stand-in hub that greets on "hello" and echoes the rest:
each refusal closes with its code (or answers HTTP before the upgrade)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from websockets.asyncio.client import ClientConnection, connect

from game.net.server.app import PortInUse, TransportServer
from game.net.server.limits import InviteGuesses, Limits, PerAddress, Window
from game.net.server.session import Session
from game.net.wire.codes import CloseCode
from tests.net.waiting import close_code, until


class EchoHub:
    def __init__(self) -> None:
        self.received: list[str] = []
        self.gone_count = 0

    async def receive(self, session: Session, data: str | bytes) -> None:
        text = data if isinstance(data, str) else f"binary {data!r}"
        self.received.append(text)
        if text == "hello":
            session.greeted.set()
        await session.send(text)

    async def gone(self, session: Session) -> None:
        self.gone_count += 1

    def health(self) -> dict[str, object]:
        return {"tables": 0}


LIMITS = Limits(messages_per_window=10, message_window_seconds=20, max_connections=6,
                max_connections_per_address=4, handshake_seconds=0.5,
                ping_interval_seconds=5, ping_timeout_seconds=5, close_timeout_seconds=1)


@pytest.fixture
async def server() -> AsyncIterator[tuple[TransportServer, str]]:
    transport = TransportServer(EchoHub(), LIMITS)
    port = await transport.start("127.0.0.1", 0)
    yield transport, f"ws://127.0.0.1:{port}"
    await transport.stop()


async def _closed_with(ws: ClientConnection) -> int | None:
    return await close_code(ws)


async def test_a_greeted_client_is_answered(server: tuple[TransportServer, str]) -> None:
    _, url = server
    async with connect(url) as ws:
        await ws.send("hello")
        assert await ws.recv() == "hello"
        await asyncio.sleep(0.7)  # past the handshake time: greeted, so still open
        await ws.send("move")
        assert await ws.recv() == "move"


async def test_a_client_that_never_says_hello_is_closed(
    server: tuple[TransportServer, str],
) -> None:
    _, url = server
    async with connect(url) as ws:
        assert await _closed_with(ws) == CloseCode.HANDSHAKE_TIMEOUT


async def test_a_flood_is_closed(server: tuple[TransportServer, str]) -> None:
    transport, url = server
    async with connect(url) as ws:
        await ws.send("hello")
        for _ in range(LIMITS.messages_per_window + 5):
            await ws.send("x")
        assert await _closed_with(ws) == CloseCode.POLICY
    hub = transport.hub
    assert isinstance(hub, EchoHub)
    assert len(hub.received) == LIMITS.messages_per_window


async def test_an_oversized_message_is_closed_unread(server: tuple[TransportServer, str]) -> None:
    transport, url = server
    async with connect(url, max_size=None) as ws:
        await ws.send("hello")
        await ws.send("x" * (LIMITS.max_message_bytes + 1))
        assert await _closed_with(ws) == 1009
    hub = transport.hub
    assert isinstance(hub, EchoHub) and hub.received == ["hello"]


async def test_connections_over_the_cap_are_refused(
    server: tuple[TransportServer, str],
) -> None:
    transport, url = server
    held = [await connect(url) for _ in range(LIMITS.max_connections_per_address)]
    try:
        async with connect(url) as extra:
            assert await _closed_with(extra) == CloseCode.TOO_MANY_CONNECTIONS
        # the refused one is forgotten once fully closed
        await until(lambda: transport.connections <= LIMITS.max_connections_per_address)
    finally:
        for ws in held:
            await ws.close()
    await until(lambda: not transport.connections)
    async with connect(url) as ws:  # room again once they closed
        await ws.send("hello")
        assert await ws.recv() == "hello"


async def test_behind_a_proxy_each_forwarded_address_has_its_own_cap() -> None:
    transport = TransportServer(EchoHub(), replace(LIMITS, max_connections=100),
                                behind_proxy=True)
    port = await transport.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    try:
        # Forwarded addresses are only header text here, kept in the loopback range all the same.
        held = [await connect(url, additional_headers={"X-Forwarded-For": f"127.0.0.{10 + i % 2}"})
                for i in range(2 * LIMITS.max_connections_per_address)]
        extra = await connect(url, additional_headers={"X-Forwarded-For": "127.0.0.99, 127.0.0.11"})
        assert await _closed_with(extra) == CloseCode.TOO_MANY_CONNECTIONS
        for ws in held:
            await ws.close()
    finally:
        await transport.stop()


async def test_the_health_page_answers_plain_http(server: tuple[TransportServer, str]) -> None:
    _, url = server
    page = url.replace("ws://", "http://") + "/health"
    body = await asyncio.to_thread(lambda: urllib.request.urlopen(page, timeout=5).read())
    figures = json.loads(body)
    assert figures["status"] == "ok" and figures["tables"] == 0


async def test_a_port_in_use_gets_a_readable_reason(server: tuple[TransportServer, str]) -> None:
    _, url = server
    port = int(url.rsplit(":", 1)[1])
    with pytest.raises(PortInUse, match=f"cannot listen on 127.0.0.1:{port}"):
        await TransportServer(EchoHub(), LIMITS).start("127.0.0.1", port)


def test_windows_count_only_what_they_allow() -> None:
    window = Window(2, 10.0)
    assert window.allow(0) and window.allow(1) and not window.allow(2)
    assert window.allow(10.5)  # the first one left the window
    guesses = PerAddress(1, 60.0)
    assert guesses.allow("a", 0) and not guesses.allow("a", 1) and guesses.allow("b", 1)


@pytest.fixture
async def patient() -> AsyncIterator[tuple[TransportServer, int]]:
    """A server whose handshake time is long: silent connections stay open through a test."""
    transport = TransportServer(EchoHub(), replace(LIMITS, handshake_seconds=30))
    port = await transport.start("127.0.0.1", 0)
    yield transport, port
    await transport.stop()


def _silent(port: int) -> socket.socket:
    tcp = socket.create_connection(("127.0.0.1", port), timeout=10)
    tcp.settimeout(10)
    return tcp


async def test_silent_connections_count_from_their_accept(
    patient: tuple[TransportServer, int],
) -> None:
    transport, port = patient
    silent = [_silent(port) for _ in range(LIMITS.max_connections)]
    try:
        await until(lambda: transport.connections == LIMITS.max_connections)
        with _silent(port) as extra:  # past the server's cap before saying a word
            answer = await asyncio.to_thread(extra.recv, 100)
            assert answer.startswith(b"HTTP/1.1 503")
    finally:
        for tcp in silent:
            tcp.close()
    await until(lambda: not transport.connections)


async def test_silent_connections_count_against_their_address() -> None:
    transport = TransportServer(EchoHub(), replace(LIMITS, handshake_seconds=30,
                                                   max_connections=100))
    port = await transport.start("127.0.0.1", 0)
    hard = 2 * LIMITS.max_connections_per_address
    silent = [_silent(port) for _ in range(hard)]
    try:
        await until(lambda: transport.connections == hard)
        # dropped at once, not at the handshake timeout
        with _silent(port) as extra, contextlib.suppress(ConnectionResetError):
            assert await asyncio.to_thread(extra.recv, 100) == b""
        assert transport.connections == hard
    finally:
        for tcp in silent:
            tcp.close()
        await transport.stop()


async def test_only_the_health_path_answers_plain_http(
    server: tuple[TransportServer, str],
) -> None:
    _, url = server
    base = url.replace("ws://", "http://")
    for path in ("/", "/healthz", "/health/x", "/etc/passwd"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            await asyncio.to_thread(lambda p=path: urllib.request.urlopen(base + p, timeout=5))
        assert refused.value.code == 404


def test_wrong_invite_codes_count_per_address_and_per_code() -> None:
    guesses = InviteGuesses(per_address=3, past_limits=2, seconds=60)
    for code in ("A", "A", "B", "B", "C"):
        assert guesses.may_try("1.2.3.4", 0) and not guesses.limited("1.2.3.4", 0)
        guesses.wrong("1.2.3.4", code, 0)
    assert guesses.limited("1.2.3.4", 1) and not guesses.limited("5.6.7.8", 1)
    guesses.wrong("1.2.3.4", "D", 1)  # past its limit: the server-wide window counts it
    assert guesses.may_try("1.2.3.4", 2)  # still looked up: the right code would seat
    guesses.wrong("1.2.3.4", "E", 2)
    assert not guesses.may_try("1.2.3.4", 3)  # every limited address's window is full
    assert guesses.may_try("5.6.7.8", 3)
    assert guesses.may_try("1.2.3.4", 62) and not guesses.limited("1.2.3.4", 62)
