"""Bounded waits for the network tests (``asyncio.timeout`` is Python 3.11+ only)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Poll ``condition`` until it holds; AssertionError after ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


async def close_code(ws: ClientConnection, seconds: float = 10.0) -> int | None:
    """Read (and drop) messages until the server closes; its close code."""

    async def drain() -> None:
        while True:
            await ws.recv()

    try:
        await asyncio.wait_for(drain(), seconds)
    except ConnectionClosed:
        return ws.close_code
    raise AssertionError("the server did not close the connection")
