"""A lobby server on a thread of its own whose tables' clock the test moves, for the headless
apps (which run on the test's thread) to play real-time games on without waiting minutes."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from tests.net.lobby_clients import lobby_server


class ClockedServer:
    """Started by ``start``, stopped by ``stop``; ``pass_time`` moves every table's clock."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.offset = 0.0
        self.url = ""
        self.hub: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="clocked-server", daemon=True)

    def clock(self) -> float:
        return time.time() + self.offset

    def start(self) -> str:
        self._thread.start()
        assert self._ready.wait(20), "the server did not start"
        return self.url

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(20)

    def pass_time(self, seconds: float, table: str) -> None:
        """``seconds`` go by at every table; ``table``'s flag is looked at again at once (the
        server's timer was set against the clock before it moved)."""
        assert self._loop is not None
        self.offset += seconds

        def arm() -> None:
            self.hub._arm(self.hub._live[table])

        self._loop.call_soon_threadsafe(arm)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with lobby_server(self.db, self.clock) as (url, hub):
            self.url, self.hub = url, hub
            self._ready.set()
            await self._stop.wait()
