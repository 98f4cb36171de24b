"""What the table server keeps on disk, behind one interface for SQLite and PostgreSQL.

A table is stored as a small metadata object (what the lobby and an operator want to see
without re-playing: game, names) and its entries: the append-only facts the table state
machine asked to keep (opened, a player sat, a move was played, a rematch began), one row
each, numbered from 0. That is enough to rebuild it: the server re-applies the entries.
Every method commits before it returns, so a move the server acknowledges after ``write``
survives a crash of the process.

The calls are blocking; the server runs its commits on one thread of its own and its reads
on another, each with its own connection (``reader``).
Several server processes may share one database: a table is served by one process at a time,
the one holding its lease (``claim``), and processes tell each other about lobby and presence
changes with ``publish``/``listen``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

LEASE_SECONDS: Final = 30.0
"""How long a process owns a table without renewing its lease; it renews every third of it."""


class StorageError(Exception):
    """The database cannot be opened or used; the message is for the person running the
    server (a bad path or URL, a database that refuses the connection)."""


class EntryConflict(StorageError):
    """A different entry is already stored at this number: two writers disagreed."""


@dataclass(frozen=True)
class TableWrite:
    """One atomic change to a table: new metadata, entries from number ``first`` on, an
    invite code (kept in its own indexed column, to find the table a code opens).

    ``invite`` is left alone when ``set_invite`` is False; a None invite clears it (used).
    """

    table_id: str
    meta: Mapping[str, Any] | None = None
    first: int = 0
    entries: Sequence[str] = ()
    set_invite: bool = False
    invite: str | None = None
    invite_expires: float = 0.0
    finished: bool | None = None
    lease: tuple[str, str, float] | None = None
    """(owner, address, now): take the table's lease in the same transaction, so that a new
    table is never visible to other processes without its owner."""


@dataclass(frozen=True)
class StoredTable:
    """A table as read back: enough to rebuild it by re-applying ``entries``."""

    table_id: str
    meta: dict[str, Any]
    entries: tuple[str, ...]
    invite: str | None = None
    invite_expires: float = 0.0
    finished: bool = False


Listener = Callable[[str], None]
"""Called with each message published by any process (this one included), on a thread the
storage owns: the server hands it to its event loop."""


class Storage(Protocol):
    """The server's only way to the database. Every write commits before returning."""

    url: str
    """Where the data lives, with no password: shown on the health page and in errors."""

    def write(self, change: TableWrite) -> None: ...

    def write_many(self, changes: Sequence[TableWrite]) -> None:
        """Several changes in one transaction (group commit): all or none."""
        ...

    def load(self, table_id: str) -> StoredTable | None: ...

    def find_invite(self, code: str, now: float) -> str | None:
        """The table an unexpired invite code opens, if any."""
        ...

    def unfinished(self) -> list[str]:
        """Ids of tables whose game is not over (to rebuild after a restart)."""
        ...

    def reader(self) -> Storage:
        """Another connection to the same database, for the server's reads and lobby
        queries: on their own thread, so that no commit of a move ever waits behind them."""
        ...

    def hold(self, owner: str) -> None:
        """Say that ``owner`` is alive for as long as this storage's connection lasts: once
        it dies (its process was killed), other processes ``claim`` its tables at once
        instead of waiting for their leases to run out."""
        ...

    def claim(self, table_id: str, owner: str, address: str, now: float) -> str | None:
        """Take or renew the lease of a table for ``owner``; None when it is ours, else the
        address of the process that serves it. A lease held under our own ``address`` is
        ours too: a process restarted in the place of a killed one takes its tables back
        at once instead of waiting for their leases to lapse."""
        ...

    def renew(self, owner: str, now: float) -> None:
        """Extend the lease of every table ``owner`` holds."""
        ...

    def release(self, owner: str, table_ids: Sequence[str] | None = None) -> None:
        """Give up leases (all of the owner's when ``table_ids`` is None)."""
        ...

    def publish(self, message: str) -> None:
        """Tell every server process (this one included) about a lobby or presence change."""
        ...

    def listen(self, listener: Listener) -> None:
        """Start delivering published messages to ``listener``."""
        ...

    def close(self) -> None: ...


def dump_meta(meta: Mapping[str, Any]) -> str:
    return json.dumps(meta, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def load_meta(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise StorageError("a stored table's metadata is not a JSON object")
    return value
