"""Group commit: changes that arrive during a commit go together in the next one, and a bad
change fails only its own writer."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from game.net.server.commits import GroupCommit
from game.net.storage import StorageError, TableWrite


class SlowStore:
    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def write_many(self, changes: Sequence[TableWrite]) -> None:
        if any(change.table_id == "bad" for change in changes):
            raise StorageError("refused")
        self.batches.append([change.table_id for change in changes])


async def test_changes_queue_up_behind_a_commit() -> None:
    store = SlowStore()

    async def run(function: Any, *args: Any) -> Any:
        await asyncio.sleep(0.01)  # the disk
        return function(*args)

    commits = GroupCommit(store.write_many, run)
    await asyncio.gather(*(commits.write(TableWrite(f"t{i}")) for i in range(10)))
    assert sorted(t for batch in store.batches for t in batch) == sorted(
        f"t{i}" for i in range(10))
    assert len(store.batches) < 10 and commits.commits == len(store.batches)
    results = await asyncio.gather(commits.write(TableWrite("ok")),
                                   commits.write(TableWrite("bad")), return_exceptions=True)
    assert results[0] is None and isinstance(results[1], StorageError)
    assert ["ok"] in store.batches

