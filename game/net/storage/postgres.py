"""PostgreSQL storage (psycopg 3): for several ``serve`` processes sharing one database.

Each process holds the leases of the tables it serves (``claim``); lobby and presence changes
go to every process through ``LISTEN/NOTIFY`` on one channel, read by a thread of its own
with its own connection (a connection that waits for notifications cannot run queries).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final

from game.net.storage import sql
from game.net.storage.base import Listener, StorageError
from game.net.storage.common import SqlStorage

CHANNEL: Final = "conquid_arcade_lobby"
CONNECT_TIMEOUT_SECONDS: Final = 10
LISTEN_POLL_SECONDS: Final = 0.5
"""How often the listening thread checks whether the storage was closed."""
MAX_NOTIFY_BYTES: Final = 7900
"""PostgreSQL refuses a notification payload of 8000 bytes or more."""
SCHEMA_LOCK: Final = 4_213_771
"""Advisory lock key held while creating the schema, so that two processes starting at once
do not race on ``CREATE TABLE IF NOT EXISTS``."""
OWNER_LOCKS: Final = 4_213_772
"""First key of the advisory locks that say a process is alive (the second is the hash of
its owner id): held by its connection, so PostgreSQL drops it the moment the process dies."""
OWNERS_SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS net_owners (owner TEXT PRIMARY KEY, since DOUBLE PRECISION "
    "NOT NULL)"
)
ALIVE: Final = (
    "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted "
    f"AND l.classid = {OWNER_LOCKS} AND l.objid = hashtext({{owner}})::oid "
    "AND l.objsubid = 2)"
)
"""Whether the process ``{owner}`` (an SQL expression) still holds its lock."""
DEAD_OWNER: Final = (
    f"EXISTS (SELECT 1 FROM net_owners o WHERE o.owner = net_tables.owner) "
    f"AND NOT {ALIVE.format(owner='net_tables.owner')}"
)
"""A table whose owner said it would hold its lock (``hold``) and no longer does."""
CLAIM: Final = f"{sql.CLAIM[:-1]} OR ({DEAD_OWNER}))"


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StorageError(
            "PostgreSQL needs psycopg: pip install 'conquid-arcade[postgres]'"
        ) from None
    return psycopg


def redact(url: str) -> str:
    """The URL without its password, for messages and the health page."""
    scheme, sep, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    return f"{scheme}{sep}{credentials.split(':', 1)[0]}:***@{host}"


class PostgresStorage(SqlStorage):
    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = redact(url)
        self._dsn = url
        self._psycopg = _psycopg()
        self._closed = threading.Event()
        self._listener_thread: threading.Thread | None = None
        self._conn = self._connect()
        with self._transaction():
            self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in (*sql.SCHEMA, OWNERS_SCHEMA):
                self._conn.execute(statement)

    def reader(self) -> PostgresStorage:
        """A second connection: reads never wait for a commit's round trip."""
        return PostgresStorage(self._dsn)

    def hold(self, owner: str) -> None:
        """Take the lock that says ``owner`` is alive, on this connection (for as long as it
        lasts), and forget owners that died with no table left."""
        with self._lock, self._transaction():
            self._conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))",
                               (OWNER_LOCKS, owner))
            self._conn.execute("INSERT INTO net_owners (owner, since) VALUES (%s, %s) "
                               "ON CONFLICT DO NOTHING", (owner, time.time()))
            self._conn.execute(
                "DELETE FROM net_owners WHERE owner <> %s AND NOT EXISTS (SELECT 1 FROM "
                "net_tables t WHERE t.owner = net_owners.owner) AND NOT "
                + ALIVE.format(owner="net_owners.owner"), (owner,))

    def claim(self, table_id: str, owner: str, address: str, now: float) -> str | None:
        """Also takes a table whose owner died (its lock is gone) before its lease ends."""
        return self._claim(CLAIM, table_id, owner, address, now)

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(
                self._dsn, connect_timeout=CONNECT_TIMEOUT_SECONDS, autocommit=True
            )
        except self._psycopg.Error as err:
            first_line = str(err).strip().splitlines()[0] if str(err).strip() else repr(err)
            raise StorageError(f"cannot connect to {self.url}: {first_line}") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction; any database error becomes a StorageError, nothing kept."""
        try:
            with self._conn.transaction():
                yield
        except self._psycopg.Error as err:
            raise StorageError(f"the database {self.url} failed: {err}") from None

    def _rows(self, query: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        return list(self._conn.execute(query, tuple(params)).fetchall())

    def _count(self, query: str, params: Sequence[object]) -> int:
        return int(self._conn.execute(query, tuple(params)).rowcount)

    def publish(self, message: str) -> None:
        if len(message.encode("utf-8")) > MAX_NOTIFY_BYTES:
            raise StorageError("a lobby message is too long for NOTIFY")
        with self._lock, self._transaction():
            self._conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, message))

    def listen(self, listener: Listener) -> None:
        connection = self._connect()
        try:
            connection.execute(f"LISTEN {CHANNEL}")
        except self._psycopg.Error as err:
            raise StorageError(f"cannot listen on {self.url}: {err}") from None
        self._listener_thread = threading.Thread(
            target=self._deliver, args=(connection, listener), name="postgres-listen",
            daemon=True,
        )
        self._listener_thread.start()

    def _deliver(self, connection: Any, listener: Listener) -> None:
        with connection:
            while not self._closed.is_set():
                try:
                    for note in connection.notifies(timeout=LISTEN_POLL_SECONDS):
                        listener(note.payload)
                except self._psycopg.Error:
                    return  # the database went away: the server's own queries will say so

    def close(self) -> None:
        self._closed.set()
        if self._listener_thread is not None:
            self._listener_thread.join(timeout=2 * LISTEN_POLL_SECONDS + 1)
        with self._lock:
            self._conn.close()
