"""The SQL both databases share: the schema and each query, written once.

Placeholders are written ``%s`` (psycopg's); the SQLite storage turns them into ``?``.
"""

from __future__ import annotations

from typing import Final

SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS net_tables (
        id TEXT PRIMARY KEY,
        meta TEXT NOT NULL,
        invite TEXT UNIQUE,
        invite_expires DOUBLE PRECISION NOT NULL DEFAULT 0,
        finished BOOLEAN NOT NULL DEFAULT FALSE,
        owner TEXT,
        owner_address TEXT,
        lease_until DOUBLE PRECISION NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS net_entries (
        table_id TEXT NOT NULL REFERENCES net_tables(id),
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    "CREATE INDEX IF NOT EXISTS net_tables_live ON net_tables (finished)",
)

INSERT_TABLE: Final = (
    "INSERT INTO net_tables (id, meta) VALUES (%s, %s) ON CONFLICT (id) DO NOTHING"
)
UPDATE_META: Final = "UPDATE net_tables SET meta = %s WHERE id = %s"
UPDATE_INVITE: Final = "UPDATE net_tables SET invite = %s, invite_expires = %s WHERE id = %s"
UPDATE_FINISHED: Final = "UPDATE net_tables SET finished = %s WHERE id = %s"
INSERT_ENTRY: Final = "INSERT INTO net_entries (table_id, seq, text) VALUES (%s, %s, %s)"
SELECT_ENTRY: Final = "SELECT text FROM net_entries WHERE table_id = %s AND seq = %s"
SELECT_TABLE: Final = (
    "SELECT meta, invite, invite_expires, finished FROM net_tables WHERE id = %s"
)
SELECT_ENTRIES: Final = "SELECT text FROM net_entries WHERE table_id = %s ORDER BY seq"
SELECT_INVITE: Final = "SELECT id FROM net_tables WHERE invite = %s AND invite_expires > %s"
SELECT_UNFINISHED: Final = "SELECT id FROM net_tables WHERE NOT finished ORDER BY id"
CLAIM: Final = (
    "UPDATE net_tables SET owner = %s, owner_address = %s, lease_until = %s "
    "WHERE id = %s AND (owner IS NULL OR owner = %s OR lease_until < %s OR owner_address = %s)"
)
TAKE: Final = (
    "UPDATE net_tables SET owner = %s, owner_address = %s, lease_until = %s WHERE id = %s"
)
SELECT_OWNER: Final = "SELECT owner_address FROM net_tables WHERE id = %s"
RENEW: Final = "UPDATE net_tables SET lease_until = %s WHERE owner = %s"
RELEASE_ALL: Final = "UPDATE net_tables SET owner = NULL, lease_until = 0 WHERE owner = %s"
RELEASE_ONE: Final = (
    "UPDATE net_tables SET owner = NULL, lease_until = 0 WHERE owner = %s AND id = %s"
)
