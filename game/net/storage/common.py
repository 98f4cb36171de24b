"""The storage logic both databases share; each subclass brings its connection and dialect."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

from game.net.storage import sql
from game.net.storage.base import (
    LEASE_SECONDS,
    EntryConflict,
    StoredTable,
    TableWrite,
    dump_meta,
    load_meta,
)


class SqlStorage:
    """``Storage`` over a DB-API connection. Calls are serialised by a lock: the server makes
    them from one worker thread, tests and tools from wherever they are."""

    url: str

    def __init__(self) -> None:
        self._lock = threading.Lock()

    # -- what a dialect provides ---------------------------------------------------------

    def _transaction(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _reading(self) -> AbstractContextManager[Any]:
        """A transaction that only reads (SQLite: one that takes no write lock, so that it
        never holds up the other connection's commits)."""
        return self._transaction()

    def _rows(self, query: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _count(self, query: str, params: Sequence[object]) -> int:
        """Run a statement; the number of rows it changed."""
        raise NotImplementedError

    # -- Storage -------------------------------------------------------------------------

    def write(self, change: TableWrite) -> None:
        self.write_many((change,))

    def write_many(self, changes: Sequence[TableWrite]) -> None:
        with self._lock, self._transaction():
            for change in changes:
                self._apply(change)

    def _apply(self, change: TableWrite) -> None:
        if change.meta is not None:
            text = dump_meta(change.meta)
            self._count(sql.INSERT_TABLE, (change.table_id, text))
            self._count(sql.UPDATE_META, (text, change.table_id))
        for seq, entry in enumerate(change.entries, start=change.first):
            self._insert_entry(change.table_id, seq, entry)
        if change.set_invite:
            self._count(
                sql.UPDATE_INVITE, (change.invite, change.invite_expires, change.table_id)
            )
        if change.finished is not None:
            self._count(sql.UPDATE_FINISHED, (change.finished, change.table_id))
        if change.lease is not None:
            owner, address, now = change.lease
            self._count(sql.TAKE, (owner, address, now + LEASE_SECONDS, change.table_id))

    def _insert_entry(self, table_id: str, seq: int, entry: str) -> None:
        held = self._rows(sql.SELECT_ENTRY, (table_id, seq))
        if held:
            if held[0][0] != entry:
                raise EntryConflict(f"table {table_id} already has a different entry {seq}")
            return  # the same entry again: already on disk
        self._count(sql.INSERT_ENTRY, (table_id, seq, entry))

    def load(self, table_id: str) -> StoredTable | None:
        with self._lock, self._reading():
            rows = self._rows(sql.SELECT_TABLE, (table_id,))
            if not rows:
                return None
            meta, invite, expires, finished = rows[0]
            entries = tuple(row[0] for row in self._rows(sql.SELECT_ENTRIES, (table_id,)))
        return StoredTable(
            table_id, load_meta(meta), entries, invite, float(expires), bool(finished)
        )

    def find_invite(self, code: str, now: float) -> str | None:
        with self._lock, self._reading():
            rows = self._rows(sql.SELECT_INVITE, (code, now))
        return str(rows[0][0]) if rows else None

    def unfinished(self) -> list[str]:
        with self._lock, self._reading():
            return [str(row[0]) for row in self._rows(sql.SELECT_UNFINISHED, ())]

    def claim(self, table_id: str, owner: str, address: str, now: float) -> str | None:
        return self._claim(sql.CLAIM, table_id, owner, address, now)

    def _claim(self, query: str, table_id: str, owner: str, address: str,
               now: float) -> str | None:
        with self._lock, self._transaction():
            params = (owner, address, now + LEASE_SECONDS, table_id, owner, now, address)
            if self._count(query, params):
                return None
            rows = self._rows(sql.SELECT_OWNER, (table_id,))
        return str(rows[0][0]) if rows else ""

    def renew(self, owner: str, now: float) -> None:
        with self._lock, self._transaction():
            self._count(sql.RENEW, (now + LEASE_SECONDS, owner))

    def release(self, owner: str, table_ids: Sequence[str] | None = None) -> None:
        with self._lock, self._transaction():
            if table_ids is None:
                self._count(sql.RELEASE_ALL, (owner,))
            for table_id in table_ids or ():
                self._count(sql.RELEASE_ONE, (owner, table_id))
