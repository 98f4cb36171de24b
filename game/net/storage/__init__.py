"""Where the table server keeps its tables: ``open_storage`` picks SQLite or PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from game.net.storage.base import (
    LEASE_SECONDS,
    EntryConflict,
    Storage,
    StorageError,
    StoredTable,
    TableWrite,
)

__all__ = [
    "LEASE_SECONDS",
    "EntryConflict",
    "Storage",
    "StorageError",
    "StoredTable",
    "TableWrite",
    "open_storage",
]


def open_storage(where: str) -> Storage:
    """A ``postgresql://`` (or ``postgres://``) URL opens PostgreSQL; anything else is a path
    to an SQLite file, created if missing. Raises StorageError with a readable reason."""
    if where.startswith(("postgresql://", "postgres://")):
        from game.net.storage.postgres import PostgresStorage

        return PostgresStorage(where)
    from game.net.storage.sqlite import SqliteStorage

    return SqliteStorage(Path(where))
