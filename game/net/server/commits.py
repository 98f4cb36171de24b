"""Group commit: the moves of many tables stored in one transaction.

Every acknowledged move must be on disk first, and a commit waits for the disk (an fsync,
a few milliseconds). One commit per move would cap a server at a few hundred moves a second
whatever its CPU; instead, while one commit runs, the changes that arrive queue up and all go
in the next one. Each table still waits for its own change, and a table has at most one in
flight (it handles one message at a time), so the order within a table is kept. If a batch
fails, its changes are tried one by one so that one bad change fails only its own table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from game.net.storage import StorageError, TableWrite

Run = Callable[..., Awaitable[Any]]
"""Runs a blocking storage call off the event loop (the hub's storage thread)."""


class GroupCommit:
    def __init__(self, write_many: Callable[[Sequence[TableWrite]], None], run: Run) -> None:
        self._write_many = write_many
        self._run = run
        self._queue: list[tuple[TableWrite, asyncio.Future[None]]] = []
        self._flushing: asyncio.Task[None] | None = None
        self.commits = 0
        """Transactions committed (fewer than changes when batches formed)."""

    async def write(self, change: TableWrite) -> None:
        """Return once ``change`` is committed; raise StorageError if it could not be."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((change, done))
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                await self._run(self._write_many, [change for change, _ in batch])
                self.commits += 1
                for _, done in batch:
                    done.set_result(None)
            except StorageError:
                for change, done in batch:
                    await self._one(change, done)

    async def _one(self, change: TableWrite, done: asyncio.Future[None]) -> None:
        try:
            await self._run(self._write_many, [change])
            self.commits += 1
            done.set_result(None)
        except StorageError as err:
            done.set_exception(err)
