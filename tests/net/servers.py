"""A table server inside the test's own event loop, and ways to look at what it stored."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from game.catalog import all_games
from game.core.match import Match
from game.net.server.app import TransportServer
from game.net.server.hub import TableHub
from game.net.server.limits import Limits
from game.net.storage import Storage, open_storage
from game.net.table import Table
from game.net.wire.entries import load_entry

GAMES = all_games()
QUICK = Limits(ping_interval_seconds=2, ping_timeout_seconds=2, close_timeout_seconds=1,
               handshake_seconds=2)


@dataclass
class LiveServer:
    hub: TableHub
    transport: TransportServer
    storage: Storage
    port: int

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stored_match(self, table_id: str) -> Match:
        """The table as the database holds it, rebuilt the way a restarted server would."""
        stored = self.storage.load(table_id)
        assert stored is not None
        entries = [load_entry(text) for text in stored.entries]
        return Table.restore(table_id, entries, GAMES, self.hub.randomness, 0.0).match

    def entry_count(self, table_id: str) -> int:
        stored = self.storage.load(table_id)
        return 0 if stored is None else len(stored.entries)


@contextlib.asynccontextmanager
async def live_server(db: str, limits: Limits = QUICK, port: int = 0,
                      clock: Callable[[], float] = time.time) -> AsyncIterator[LiveServer]:
    """``clock``: the tables' wall clock (a test moves it to pass a claim's wait)."""
    storage = await asyncio.to_thread(open_storage, db)
    hub = TableHub(storage, GAMES, limits, clock=clock)
    transport = TransportServer(hub, limits)
    bound = await transport.start("127.0.0.1", port)
    await hub.start(f"ws://127.0.0.1:{bound}")
    try:
        yield LiveServer(hub, transport, storage, bound)
    finally:
        await transport.stop()
        await hub.stop()
        storage.close()
