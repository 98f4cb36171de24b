"""A client that stops reading cannot hold up its table: sending to it gives up and closes it."""

from __future__ import annotations

import asyncio

import pytest

from game.net.server import session as session_module
from game.net.server.session import Session
from game.net.wire.codes import CloseCode


class StuckLink:
    def __init__(self) -> None:
        self.closed_with: tuple[int, str] | None = None

    async def send(self, message: str) -> None:
        await asyncio.Event().wait()  # its buffers are full: never done

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = (code, reason)


async def test_a_client_that_does_not_read_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "SEND_SECONDS", 0.05)
    link = StuckLink()
    session = Session(link, "127.0.0.1")
    await asyncio.wait_for(session.send("news"), 2)
    assert session.closed
    await asyncio.sleep(0)
    assert link.closed_with is not None and link.closed_with[0] == CloseCode.POLICY
    await session.send("more news")  # dropped at once, no wait
