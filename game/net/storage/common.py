"""The storage logic both databases share; each subclass brings its connection and dialect."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

from game.net.storage import sql
from game.net.storage.base import (
    LEASE_SECONDS,
    MoveConflict,
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

    def _rows(self, query: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _count(self, query: str, params: Sequence[object]) -> int:
        """Run a statement; the number of rows it changed."""
        raise NotImplementedError

    # -- Storage -------------------------------------------------------------------------

    def write(self, change: TableWrite) -> None:
        with self._lock, self._transaction():
            if change.meta is not None:
                text = dump_meta(change.meta)
                self._count(sql.INSERT_TABLE, (change.table_id, text))
                self._count(sql.UPDATE_META, (text, change.table_id))
            for ply, move in enumerate(change.moves, start=change.first_ply):
                self._insert_move(change.table_id, ply, move)
            if change.set_invite:
                self._count(
                    sql.UPDATE_INVITE, (change.invite, change.invite_expires, change.table_id)
                )
            if change.finished is not None:
                self._count(sql.UPDATE_FINISHED, (change.finished, change.table_id))

    def _insert_move(self, table_id: str, ply: int, move: str) -> None:
        held = self._rows(sql.SELECT_MOVE, (table_id, ply))
        if held:
            if held[0][0] != move:
                raise MoveConflict(f"table {table_id} already has a different move {ply}")
            return  # the same move again: already on disk
        self._count(sql.INSERT_MOVE, (table_id, ply, move))

    def load(self, table_id: str) -> StoredTable | None:
        with self._lock, self._transaction():
            rows = self._rows(sql.SELECT_TABLE, (table_id,))
            if not rows:
                return None
            meta, invite, expires, finished = rows[0]
            moves = tuple(row[0] for row in self._rows(sql.SELECT_MOVES, (table_id,)))
        return StoredTable(table_id, load_meta(meta), moves, invite, float(expires), bool(finished))

    def find_invite(self, code: str, now: float) -> str | None:
        with self._lock, self._transaction():
            rows = self._rows(sql.SELECT_INVITE, (code, now))
        return str(rows[0][0]) if rows else None

    def unfinished(self) -> list[str]:
        with self._lock, self._transaction():
            return [str(row[0]) for row in self._rows(sql.SELECT_UNFINISHED, ())]

    def claim(self, table_id: str, owner: str, address: str, now: float) -> str | None:
        with self._lock, self._transaction():
            params = (owner, address, now + LEASE_SECONDS, table_id, owner, now)
            if self._count(sql.CLAIM, params):
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
