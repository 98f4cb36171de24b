"""What the public side of a server keeps: player names and the hashes of their secrets,
one-time link codes, lobby listings, the quick-match queue, blocks, game results and
Glicko-2 ratings. Same database and connection as the tables (``SqlStorage``), so it works on
SQLite and on PostgreSQL shared by several processes: the lobby and the queue live in the
database, and each process learns of changes through the storage's ``publish``.

Secrets are 128 random bits the client makes; only their SHA-256 is stored (like seat
tokens), so a copy of the database lets nobody play under a name.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Final

from game.net.glicko2 import MIN_DEVIATION, START_DEVIATION, Rating, Result, update
from game.net.names import name_key
from game.net.storage.common import SqlStorage

SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS net_players (
        name TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL,
        removed BOOLEAN NOT NULL DEFAULT FALSE)""",
    """CREATE TABLE IF NOT EXISTS net_name_keys (
        key TEXT PRIMARY KEY, name TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS net_secrets (
        name TEXT NOT NULL REFERENCES net_players(name), hash TEXT NOT NULL,
        PRIMARY KEY (name, hash))""",
    """CREATE TABLE IF NOT EXISTS net_links (
        code TEXT PRIMARY KEY, name TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS net_listings (
        table_id TEXT PRIMARY KEY, game TEXT NOT NULL, host TEXT NOT NULL,
        listing TEXT NOT NULL, invite TEXT NOT NULL, rated BOOLEAN NOT NULL,
        expires DOUBLE PRECISION NOT NULL, playing BOOLEAN NOT NULL DEFAULT FALSE)""",
    """CREATE TABLE IF NOT EXISTS net_queue (
        seeker TEXT PRIMARY KEY, name TEXT NOT NULL, queue TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL, rated BOOLEAN NOT NULL,
        since DOUBLE PRECISION NOT NULL, seen DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS net_queue_by_queue ON net_queue (queue)",
    """CREATE TABLE IF NOT EXISTS net_blocks (
        blocker TEXT NOT NULL, blocked TEXT NOT NULL, PRIMARY KEY (blocker, blocked))""",
    """CREATE TABLE IF NOT EXISTS net_seats (
        table_id TEXT NOT NULL, player INTEGER NOT NULL, name TEXT NOT NULL,
        rated BOOLEAN NOT NULL, PRIMARY KEY (table_id, player))""",
    """CREATE TABLE IF NOT EXISTS net_results (
        table_id TEXT NOT NULL, round INTEGER NOT NULL, game TEXT NOT NULL,
        first TEXT NOT NULL, second TEXT NOT NULL, winner INTEGER, rated BOOLEAN NOT NULL,
        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, round))""",
    "CREATE INDEX IF NOT EXISTS net_results_first ON net_results (first, at)",
    "CREATE INDEX IF NOT EXISTS net_results_second ON net_results (second, at)",
    """CREATE TABLE IF NOT EXISTS net_ratings (
        name TEXT NOT NULL, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,
        played INTEGER NOT NULL, won INTEGER NOT NULL, lost INTEGER NOT NULL,
        PRIMARY KEY (name, game))""",
)
"""Created on first use beside the tables' schema (``IF NOT EXISTS``: any process may)."""


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Standing:
    """A player's record in one game as stored."""

    name: str
    game: str
    rating: Rating
    played: int
    won: int
    lost: int


@dataclass(frozen=True)
class Finished:
    """A round that ended: the table's game, the names by seat this round, the winning seat
    (None: a draw), and whether it counts for ratings."""

    table_id: str
    round: int
    game: str
    names: tuple[str, str]
    winner: int | None
    rated: bool
    at: float


@dataclass(frozen=True)
class QueueRow:
    seeker: str
    name: str
    rating: float
    rated: bool
    since: float


class SocialStore:
    """The public side's tables, on the table storage's connection and lock."""

    def __init__(self, storage: SqlStorage) -> None:
        self._db = storage
        with self._db._lock, self._db._transaction():
            for statement in SCHEMA:
                self._db._count(statement, ())
            for (name,) in self._db._rows(  # names claimed before keys were kept
                    "SELECT name FROM net_players p WHERE NOT EXISTS "
                    "(SELECT 1 FROM net_name_keys k WHERE k.name = p.name)", ()):
                self._db._count("INSERT INTO net_name_keys (key, name) VALUES (%s, %s) "
                                "ON CONFLICT DO NOTHING", (name_key(str(name)), name))

    def _rows(self, query: str, *params: object) -> list[tuple[Any, ...]]:
        with self._db._lock, self._db._reading():
            return self._db._rows(query, params)

    def _run(self, query: str, *params: object) -> int:
        with self._db._lock, self._db._transaction():
            return self._db._count(query, params)

    # -- names ---------------------------------------------------------------------------

    def identify(self, name: str, secret: str, now: float) -> bool | None:
        """True: the name was free and is now bound to the secret; False: the secret is
        one of the name's; None: the name belongs to another secret (or was removed), or a
        name that looks like it was claimed first (``name_key``)."""
        digest = secret_hash(secret)
        try:
            with self._db._lock, self._db._transaction():
                if self._db._count("INSERT INTO net_players (name, created) VALUES (%s, %s) "
                                   "ON CONFLICT (name) DO NOTHING", (name, now)):
                    if not self._db._count("INSERT INTO net_name_keys (key, name) VALUES "
                                           "(%s, %s) ON CONFLICT DO NOTHING",
                                           (name_key(name), name)):
                        raise _Undo  # a look-alike holds it: the new name is not kept
                    self._db._count("INSERT INTO net_secrets (name, hash) VALUES (%s, %s)",
                                    (name, digest))
                    return True
                rows = self._db._rows(
                    "SELECT 1 FROM net_secrets s JOIN net_players p ON p.name = s.name "
                    "WHERE s.name = %s AND s.hash = %s AND NOT p.removed", (name, digest))
        except _Undo:
            return None
        return False if rows else None

    def add_link(self, name: str, code: str, expires: float, now: float) -> None:
        """A new one-time code for ``name`` (its earlier ones and expired ones go)."""
        with self._db._lock, self._db._transaction():
            self._db._count("DELETE FROM net_links WHERE name = %s OR expires <= %s",
                            (name, now))
            self._db._count("INSERT INTO net_links (code, name, expires) VALUES (%s, %s, %s)",
                            (code, name, expires))

    def redeem(self, name: str, code: str, secret: str, now: float) -> bool:
        """Bind ``secret`` to ``name`` if ``code`` is its unexpired link code (used up)."""
        with self._db._lock, self._db._transaction():
            if not self._db._count("DELETE FROM net_links WHERE code = %s AND name = %s "
                                   "AND expires > %s", (code, name, now)):
                return False
            self._db._count("INSERT INTO net_secrets (name, hash) VALUES (%s, %s) "
                            "ON CONFLICT DO NOTHING", (name, secret_hash(secret)))
        return True

    def exists(self, name: str) -> bool:
        return bool(self._rows("SELECT 1 FROM net_players WHERE name = %s AND NOT removed",
                               name))

    def claimed(self, name: str) -> bool:
        """The name, or one that looks like it, was ever claimed (a removed name stays
        taken: nobody else gets it)."""
        return bool(self._rows("SELECT 1 FROM net_players WHERE name = %s UNION ALL "
                               "SELECT 1 FROM net_name_keys WHERE key = %s",
                               name, name_key(name)))

    def remove(self, name: str) -> list[str]:
        """An operator's removal: the name can no longer be used, its listings, queue places
        and challenges go. Returns the tables it had listed (to announce as unlisted)."""
        with self._db._lock, self._db._transaction():
            self._db._count("UPDATE net_players SET removed = TRUE WHERE name = %s", (name,))
            tables = [str(r[0]) for r in self._db._rows(
                "SELECT table_id FROM net_listings WHERE host = %s", (name,))]
            self._db._count("DELETE FROM net_listings WHERE host = %s", (name,))
            self._db._count("DELETE FROM net_queue WHERE name = %s", (name,))
        return tables

    # -- blocks --------------------------------------------------------------------------

    def block(self, blocker: str, blocked: str, on: bool) -> None:
        if on:
            self._run("INSERT INTO net_blocks (blocker, blocked) VALUES (%s, %s) "
                      "ON CONFLICT DO NOTHING", blocker, blocked)
        else:
            self._run("DELETE FROM net_blocks WHERE blocker = %s AND blocked = %s",
                      blocker, blocked)

    def blocks(self, name: str) -> set[str]:
        """Everyone ``name`` blocked, and everyone who blocked ``name``."""
        rows = self._rows("SELECT blocked FROM net_blocks WHERE blocker = %s UNION "
                          "SELECT blocker FROM net_blocks WHERE blocked = %s", name, name)
        return {str(r[0]) for r in rows}

    # -- lobby ---------------------------------------------------------------------------

    def list_seat(self, table_id: str, game: str, host: str, listing: str, invite: str,
                  rated: bool, expires: float) -> None:
        self._run("INSERT INTO net_listings (table_id, game, host, listing, invite, rated, "
                  "expires) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (table_id) "
                  "DO UPDATE SET listing = EXCLUDED.listing, rated = EXCLUDED.rated",
                  table_id, game, host, listing, invite, rated, expires)

    def unlist(self, table_id: str) -> bool:
        return bool(self._run("DELETE FROM net_listings WHERE table_id = %s", table_id))

    def withdraw(self, table_id: str) -> bool:
        """Unlist the seat of ``table_id`` if it is still open (a game in play stays)."""
        return bool(self._run("DELETE FROM net_listings WHERE table_id = %s AND NOT playing",
                              table_id))

    def listings(self, game: str | None, now: float, limit: int, playing: bool
                 ) -> list[str]:
        """Listing JSON, newest first: open seats, or (``playing``) taken ones whose game
        goes on. Expired ones are dropped on the way."""
        with self._db._lock, self._db._transaction():
            self._db._count("DELETE FROM net_listings WHERE expires <= %s", (now,))
            rows = self._db._rows(
                "SELECT listing FROM net_listings WHERE playing = %s AND (%s OR game = %s) "
                "ORDER BY expires DESC LIMIT %s", (playing, game is None, game or "", limit))
        return [str(r[0]) for r in rows]

    def mark_playing(self, table_id: str, until: float) -> bool:
        """The listed seat was taken: the table stays listed, to watch, until ``until``."""
        return bool(self._run("UPDATE net_listings SET playing = TRUE, expires = %s "
                              "WHERE table_id = %s AND NOT playing", until, table_id))

    def listed(self, table_id: str, now: float) -> tuple[str, bool] | None:
        """The invite code and rated flag of a listed seat, if it is still open."""
        rows = self._rows("SELECT invite, rated FROM net_listings WHERE table_id = %s AND "
                          "expires > %s AND NOT playing", table_id, now)
        return (str(rows[0][0]), bool(rows[0][1])) if rows else None

    # -- queue ---------------------------------------------------------------------------

    def enqueue(self, seeker: str, name: str, queue: str, rating: float, rated: bool,
                now: float) -> int:
        """Wait in ``queue``; the number of players waiting there."""
        with self._db._lock, self._db._transaction():
            self._db._count("DELETE FROM net_queue WHERE seeker = %s", (seeker,))
            self._db._count("INSERT INTO net_queue (seeker, name, queue, rating, rated, since, "
                            "seen) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                            (seeker, name, queue, rating, rated, now, now))
            rows = self._db._rows("SELECT COUNT(*) FROM net_queue WHERE queue = %s", (queue,))
        return int(rows[0][0])

    def leave_queue(self, seeker: str) -> bool:
        return bool(self._run("DELETE FROM net_queue WHERE seeker = %s", seeker))

    def queues(self, prefix: str, now: float, stale: float) -> dict[str, list[QueueRow]]:
        """Every queue, after marking the seekers whose ids start with ``prefix`` (this
        process's) as seen now and dropping those nobody has seen for ``stale`` seconds
        (their process died)."""
        with self._db._lock, self._db._transaction():
            self._db._count("UPDATE net_queue SET seen = %s WHERE seeker LIKE %s",
                            (now, prefix + "%"))
            self._db._count("DELETE FROM net_queue WHERE seen < %s", (now - stale,))
            rows = self._db._rows("SELECT queue, seeker, name, rating, rated, since "
                                  "FROM net_queue", ())
        found: dict[str, list[QueueRow]] = {}
        for queue, seeker, name, rating, rated, since in rows:
            found.setdefault(str(queue), []).append(
                QueueRow(str(seeker), str(name), float(rating), bool(rated), float(since)))
        return found

    def take_pair(self, first: str, second: str) -> bool:
        """Take both seekers out of the queue, or neither (another process paired one)."""
        try:
            with self._db._lock, self._db._transaction():
                taken = self._db._count("DELETE FROM net_queue WHERE seeker IN (%s, %s)",
                                        (first, second))
                if taken != 2:
                    raise _Undo
        except _Undo:
            return False
        return True

    # -- results and ratings -------------------------------------------------------------

    def seat(self, table_id: str, player: int, name: str, rated: bool) -> None:
        """An identified player sat at ``table_id`` as ``player`` (their seat in the table's
        first game)."""
        self._run("INSERT INTO net_seats (table_id, player, name, rated) VALUES "
                  "(%s, %s, %s, %s) ON CONFLICT (table_id, player) DO UPDATE SET "
                  "name = EXCLUDED.name, rated = EXCLUDED.rated", table_id, player, name, rated)

    def seats(self, table_id: str) -> tuple[dict[int, str], bool]:
        rows = self._rows("SELECT player, name, rated FROM net_seats WHERE table_id = %s",
                          table_id)
        return {int(r[0]): str(r[1]) for r in rows}, all(bool(r[2]) for r in rows)

    def record(self, done: Finished) -> tuple[tuple[Rating, Rating], ...] | None:
        """Count a finished round once (whichever process reports it first): both players'
        played/won/lost, and for a rated round their Glicko-2 ratings, computed here from
        their ratings before it. Returns each seat's rating before and after (the same when
        unrated), or None when it was already counted."""
        with self._db._lock, self._db._transaction():
            if not self._db._count(
                "INSERT INTO net_results (table_id, round, game, first, second, winner, rated, "
                "at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (done.table_id, done.round, done.game, *done.names, done.winner, done.rated,
                 done.at),
            ):
                return None
            before = [self._standing(name, done.game) for name in done.names]
            changes: list[tuple[Rating, Rating]] = []
            for seat, standing in enumerate(before):
                score = 0.5 if done.winner is None else float(done.winner == seat)
                rating = standing.rating
                if done.rated:
                    rating = update(rating, [Result(before[1 - seat].rating, score)],
                                    floor=MIN_DEVIATION)
                self._db._count(
                    "INSERT INTO net_ratings (name, game, rating, deviation, volatility, "
                    "played, won, lost) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) "
                    "ON CONFLICT (name, game) DO UPDATE SET rating = EXCLUDED.rating, "
                    "deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility, "
                    "played = EXCLUDED.played, won = EXCLUDED.won, lost = EXCLUDED.lost",
                    (standing.name, done.game, rating.rating, rating.deviation,
                     rating.volatility, standing.played + 1, standing.won + (score == 1),
                     standing.lost + (score == 0)))
                changes.append((standing.rating, rating))
        return tuple(changes)

    def _standing(self, name: str, game: str) -> Standing:
        rows = self._db._rows("SELECT rating, deviation, volatility, played, won, lost FROM "
                              "net_ratings WHERE name = %s AND game = %s", (name, game))
        if not rows:
            return Standing(name, game, Rating(), 0, 0, 0)
        r = rows[0]
        return Standing(name, game, Rating(float(r[0]), float(r[1]), float(r[2])),
                        int(r[3]), int(r[4]), int(r[5]))

    def standing(self, name: str, game: str) -> Standing:
        with self._db._lock, self._db._reading():
            return self._standing(name, game)

    def standings(self, name: str) -> list[Standing]:
        rows = self._rows("SELECT game FROM net_ratings WHERE name = %s ORDER BY game", name)
        return [self.standing(name, str(r[0])) for r in rows]

    def recent(self, name: str, limit: int) -> list[tuple[Any, ...]]:
        """(table, round, game, first, second, winner, rated), newest first."""
        return self._rows("SELECT table_id, round, game, first, second, winner, rated FROM "
                          "net_results WHERE first = %s OR second = %s ORDER BY at DESC "
                          "LIMIT %s", name, name, limit)

    def leaderboard(self, game: str, max_deviation: float, limit: int) -> list[Standing]:
        """The established ratings (deviation at most ``max_deviation``) best first, then
        the provisional ones of players with a rated game, best first."""
        rows = self._rows("SELECT name, rating, deviation, volatility, played, won, lost "
                          "FROM net_ratings r WHERE game = %s AND deviation < %s "
                          "AND NOT EXISTS (SELECT 1 FROM net_players p WHERE p.name = r.name "
                          "AND p.removed) ORDER BY (deviation > %s), rating DESC LIMIT %s",
                          game, START_DEVIATION, max_deviation, limit)
        return [Standing(str(r[0]), game, Rating(float(r[1]), float(r[2]), float(r[3])),
                         int(r[4]), int(r[5]), int(r[6])) for r in rows]


class _Undo(Exception):
    """Raised inside a transaction to roll it back."""


def listing_json(fields: dict[str, Any]) -> str:
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
