"""SQLite storage: the embedded default, one file, WAL journal, a full fsync at each commit."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from game.net.storage import sql
from game.net.storage.base import Listener, StorageError
from game.net.storage.common import SqlStorage

BUSY_TIMEOUT_SECONDS = 10.0
"""How long a write waits for another process's (two servers on one file): then it fails."""


class SqliteStorage(SqlStorage):
    """One SQLite file. Lobby messages reach only this process: a file has no way to notify
    other processes, so several processes should share PostgreSQL instead."""

    def __init__(self, path: Path, *, second: SqliteStorage | None = None) -> None:
        """``second``: a second connection to that storage's file (``reader``), sharing its
        listeners and its claim on the file."""
        super().__init__()
        self.url = str(path)
        self._path = path
        self._listeners: list[Listener] = []
        self._listeners_lock = threading.Lock()
        if second is not None:
            self._listeners, self._listeners_lock = second._listeners, second._listeners_lock
        if path.parent != Path() and not path.parent.is_dir():
            raise StorageError(f"the folder {path.parent} does not exist")
        self._lock_file = _only_process(path) if second is None else None
        try:
            self._conn = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                check_same_thread=False,
            )
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=FULL")  # a commit is on disk, power cut too
            self._conn.execute("PRAGMA foreign_keys=ON")
            with self._transaction():
                for statement in sql.SCHEMA:
                    self._conn.execute(statement)
        except (sqlite3.Error, StorageError) as err:
            if self._lock_file is not None:
                self._lock_file.close()
            raise StorageError(f"cannot use {path} as a database: {err}") from None

    def _transaction(self) -> contextlib.AbstractContextManager[None]:
        """One transaction, holding the write lock from its start (two writers never
        deadlock); any database error becomes a StorageError, nothing kept."""
        return self._begin("BEGIN IMMEDIATE")

    def _reading(self) -> contextlib.AbstractContextManager[None]:
        """A deferred transaction: it reads one snapshot and takes no lock a commit on the
        other connection would wait for (WAL)."""
        return self._begin("BEGIN")

    @contextlib.contextmanager
    def _begin(self, statement: str) -> Iterator[None]:
        try:
            self._conn.execute(statement)
            try:
                yield
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
        except sqlite3.Error as err:
            raise StorageError(f"the database {self.url} failed: {err}") from None

    def _rows(self, query: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        return list(self._conn.execute(query.replace("%s", "?"), tuple(params)).fetchall())

    def _count(self, query: str, params: Sequence[object]) -> int:
        return self._conn.execute(query.replace("%s", "?"), tuple(params)).rowcount

    def reader(self) -> SqliteStorage:
        """WAL lets this connection read while the other one commits."""
        return SqliteStorage(self._path, second=self)

    def hold(self, owner: str) -> None:
        """Nothing to do: one process serves an SQLite file."""

    def claim(self, table_id: str, owner: str, address: str, now: float) -> str | None:
        """Always ours: one process serves an SQLite file, so a lease left by a process that
        was killed (its address may have changed) must not keep its tables waiting."""
        return None

    def publish(self, message: str) -> None:
        with self._listeners_lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(message)

    def listen(self, listener: Listener) -> None:
        with self._listeners_lock:
            self._listeners.append(listener)

    def close(self) -> None:
        with self._lock:
            self._conn.close()
            if self._lock_file is not None:
                self._lock_file.close()  # and with it the lock


def _only_process(path: Path) -> IO[bytes] | None:
    """Hold an exclusive lock on ``FILE.lock`` for as long as the storage is open: a second
    server on the same file would serve the same tables twice. The system drops the lock
    when the process ends, even by SIGKILL. (Where there is no ``fcntl``, on Windows, the
    check is skipped.)"""
    try:
        import fcntl
    except ImportError:
        return None
    lock_path = path.with_name(path.name + ".lock")
    try:
        handle = open(lock_path, "ab")  # noqa: SIM115 (held open on purpose)
    except OSError as err:
        raise StorageError(f"cannot create {lock_path}: {err.strerror or err}") from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StorageError(
            f"another server is using {path}: an SQLite file serves one process "
            "(several processes share a PostgreSQL database)"
        ) from None
    return handle
