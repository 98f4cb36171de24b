"""The tables one server process holds, between the transport and the storage.

Each table handles one message at a time (an ``asyncio.Lock`` per table). What a message
made the table do (``Output``) is carried out in the order the table's contract asks: its
entries are committed to the database first, and only then do replies and broadcasts leave,
so nobody ever hears of a move that a crash could lose. If the commit fails, the table is
dropped from memory and its players are disconnected (1011); they come back by themselves
and find it rebuilt from what was stored.

Tables are rebuilt from storage when a player attaches (after a restart too) and forgotten
once nobody has been at them for a while. With several processes on one PostgreSQL database,
a table is served by the process holding its lease; the others send its players there
(``CloseCode.ELSEWHERE``, the address as the reason), or take it over at once when that
process died (``Storage.hold``). Commits run on one thread with the storage's connection,
reads and lobby queries on another with their own (``Storage.reader``), so that no commit of
a move ever waits behind a read. Lobby changes (a table opened, filled
or finished) reach every process through the storage's ``publish``.

A table with a real-time clock is woken when the side to move's flag falls (``Table.tick``),
so a round is lost on time without anyone claiming it, and it stays in memory while its
clock runs even if nobody is connected. A (re)started server serves again at once every
unfinished table whose real-time clock runs, with nobody attached: its clock resumes from
what was stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from game import __version__
from game.core.registry import Registry
from game.net.randomness import Randomness, SystemRandomness, new_table_id
from game.net.server.commits import GroupCommit
from game.net.server.limits import InviteGuesses, Limits, PerAddress
from game.net.server.session import Session
from game.net.storage import LEASE_SECONDS, Storage, StorageError, TableWrite
from game.net.table import Output, Table
from game.net.wire import messages as m
from game.net.wire.codes import CloseCode, ProtocolError, Refusal
from game.net.wire.entries import Opened, Sat, dump_entry, load_entry
from game.net.wire.handshake import greet, hosted_games
from game.net.wire.limits import MAX_BAD_MESSAGES

T = TypeVar("T")
IDLE_SECONDS: Final = 300.0
"""A table nobody is connected to stays in memory this long (quick reconnects, claims)."""
SWEEP_SECONDS: Final = LEASE_SECONDS / 3
FLAG_MARGIN_SECONDS: Final = 0.01
"""A flag is looked at this long after it should fall, so it has surely fallen."""



async def halt(task: asyncio.Task[None] | None) -> None:
    """Cancel ``task`` (if any) and wait until it has stopped, so that nothing of it runs
    after the hub's ``stop``."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task

@dataclass(eq=False)
class LiveTable:
    """A table this process serves, with what the storage already holds of it."""

    table: Table
    stored: int
    """Entries already in the database (the next one gets this number)."""
    invite: str | None = None
    finished: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    idle_since: float | None = None
    flag_timer: asyncio.TimerHandle | None = None
    """Wakes the table when its running real-time clock runs out."""


class TableHub:
    """The ``Hub`` the transport talks to."""

    def __init__(self, storage: Storage, games: Registry, limits: Limits, *,
                 clock: Callable[[], float] = time.time,
                 randomness: Randomness | None = None) -> None:
        self.storage = storage
        self.games = games
        self.limits = limits
        self.clock = clock
        self.randomness = randomness or SystemRandomness()
        self.owner = uuid.uuid4().hex
        self.address = ""
        self._hosted = hosted_games(games.infos())
        self._titles = {info.id: info.title for info in games.infos()}
        self.queries = storage.reader()
        """The reads' and lobby queries' own connection, on their own thread: a commit of a
        move never queues behind them."""
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-commits")
        self._reads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-reads")
        self._replays = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-replays")
        """Re-playing stored moves (a table rebuilt, an earlier round) costs tens of
        milliseconds for a long game: never on the event loop."""
        self._commits = GroupCommit(storage.write_many, self._commit_call)
        self._live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._bad: dict[Session, int] = {}
        self._created = PerAddress(limits.tables_per_address, limits.table_window_seconds)
        self._guesses = InviteGuesses(limits.invite_guesses_per_address,
                                      limits.invite_guesses_past_limits,
                                      limits.invite_window_seconds)
        self._lobby: dict[str, dict[str, Any]] = {}
        """Open tables of every process, kept current by published lobby messages."""
        self._sweeper: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._flags: set[asyncio.Task[None]] = set()
        self._waking: asyncio.Task[None] | None = None

    # -- life ----------------------------------------------------------------------------

    async def start(self, address: str) -> None:
        self.address = address
        self._loop = asyncio.get_running_loop()
        await self._commit_call(self.storage.hold, self.owner)
        await self._call(self.queries.listen, self._heard)
        self._sweeper = asyncio.create_task(self._sweep())
        self._waking = asyncio.create_task(self._wake_clocks())

    async def stop(self) -> None:
        await halt(self._waking)
        await halt(self._sweeper)
        for live in self._live.values():
            if live.flag_timer is not None:
                live.flag_timer.cancel()
        for task in list(self._flags):
            await halt(task)
        with contextlib.suppress(StorageError):
            await self._commit_call(self.storage.release, self.owner, None)
        self._db.shutdown(wait=True)
        self._reads.shutdown(wait=True)
        self._replays.shutdown(wait=False, cancel_futures=True)
        self.queries.close()

    def health(self) -> dict[str, object]:
        now = self.clock()
        for table_id in [t for t, summary in self._lobby.items()
                         if not isinstance(summary.get("expires"), int)
                         or summary["expires"] < now]:
            del self._lobby[table_id]  # its invite code expired: nobody can join any more
        return {"tables": len(self._live), "open_tables": len(self._lobby),
                "commits": self._commits.commits,
                "database": "postgresql" if self.storage.url.startswith("postgres")
                else "sqlite"}

    async def _call(self, function: Callable[..., T], *args: Any) -> T:
        """Run a blocking read or lobby query (on ``queries``) on the reads' thread."""
        return await asyncio.get_running_loop().run_in_executor(self._reads, function, *args)

    async def replay(self, function: Callable[..., T], *args: Any) -> T:
        """Run a re-play of stored moves on the replays' thread."""
        return await asyncio.get_running_loop().run_in_executor(self._replays, function, *args)

    async def _commit_call(self, function: Callable[..., T], *args: Any) -> T:
        """Run a blocking call on the commits' thread (``storage``'s own connection)."""
        return await asyncio.get_running_loop().run_in_executor(self._db, function, *args)

    # -- the transport's calls -----------------------------------------------------------

    async def receive(self, session: Session, data: str | bytes) -> None:
        message = await self._decoded(session, data, m.decode_client)
        if message is not None:
            await self._handle(session, message)

    async def _decoded(self, session: Session, data: str | bytes,
                       decode: Callable[[str | bytes], T]) -> T | None:
        """``data`` as ``decode`` reads it, or None when it cannot be read: the client is
        told why, and closed after too many such messages."""
        try:
            return decode(data)
        except ProtocolError as err:
            await session.send(m.encode(m.Error.of_error(err)))
        self._bad[session] = self._bad.get(session, 0) + 1
        if self._bad[session] >= MAX_BAD_MESSAGES:
            await session.close(CloseCode.POLICY, "too many unreadable messages")
        return None

    async def _handle(self, session: Session, message: m.ClientMessage) -> None:
        """A table message, decoded once (the lobby hands its table messages on here)."""
        if not session.greeted.is_set():
            await self._hello(session, message)
            return
        now = self.clock()
        if isinstance(message, m.Hello):
            await _refuse(session, Refusal.BAD_MESSAGE, "hello is sent once", message.TYPE)
        elif isinstance(message, m.Create):
            await self._create(session, message, now)
        elif isinstance(message, (m.Join, m.Attach)) and session.table_id not in (
            None, getattr(message, "table", None)
        ):
            await _refuse(session, Refusal.SEATED, "this connection sits at another table: "
                          "open another connection", message.TYPE)
        elif isinstance(message, m.Join):
            await self._join(session, message, now)
        elif isinstance(message, m.Attach):
            live = await self._serve(session, message.table, now)
            if live is not None:
                await self._step(live, lambda t: t.handle(session, message, now))
        else:
            live = self._live.get(session.table_id or "")
            if live is None or session not in live.table.connections:
                await _refuse(session, Refusal.NOT_SEATED, "join or attach to a seat first",
                              message.TYPE)
            else:
                await self._step(live, lambda t: t.handle(session, message, now))

    async def gone(self, session: Session) -> None:
        self._bad.pop(session, None)
        live = self._live.get(session.table_id or "")
        if live is None:
            return
        now = self.clock()
        await self._step(live, lambda t: t.disconnect(session, now))

    # -- the messages that find their table ----------------------------------------------

    async def _hello(self, session: Session, message: m.ClientMessage) -> None:
        if not isinstance(message, m.Hello):
            await _refuse(session, Refusal.HELLO_FIRST, "say hello first", message.TYPE)
            return
        try:
            welcome = greet(message, self._hosted, self._titles,
                            f"conquid-arcade {__version__}")
        except ProtocolError as err:
            await session.send(m.encode(m.Error.of_error(err)))
            await session.close(CloseCode.HANDSHAKE_REFUSED, err.reason)
            return
        await session.send(m.encode(welcome))
        session.greeted.set()

    async def _create(self, session: Session, message: m.Create, now: float) -> None:
        if session.table_id is not None:
            await _refuse(session, Refusal.SEATED, "this connection already has a seat",
                          message.TYPE)
            return
        if not self._created.allow(session.address, time.monotonic()):
            await _refuse(session, Refusal.RATE_LIMITED,
                          "too many tables from your address: wait a while", message.TYPE)
            return
        table_id = new_table_id(self.randomness)
        table, output = Table.create(table_id, message, session, now, self.games,
                                     self.randomness, code_taken=self._code_taken)
        if table is None:
            await self._carry_out(None, output)
            return
        live = LiveTable(table, 0)
        self._live[table_id] = live
        async with live.lock:
            await self._carry_out(live, output)

    def _code_taken(self, code: str) -> bool:
        return any(live.invite == code for live in self._live.values())

    async def _join(self, session: Session, message: m.Join, now: float) -> None:
        """Only wrong codes count against the address (``InviteGuesses``): past its limit,
        its wrong codes are refused as rate-limited, and the right one still seats."""
        if not self._guesses.may_try(session.address, time.monotonic()):
            await _refuse(session, Refusal.RATE_LIMITED,
                          "too many wrong invite codes: wait a minute", message.TYPE)
            return
        table_id = next((tid for tid, live in self._live.items()
                         if live.invite == message.code), None)
        if table_id is None:
            table_id = await self._call(self.queries.find_invite, message.code, now)
        if table_id is None:
            limited = self._guesses.limited(session.address, time.monotonic())
            self._guesses.wrong(session.address, message.code, time.monotonic())
            if limited:
                await _refuse(session, Refusal.RATE_LIMITED, "too many wrong invite codes "
                              "from your address: check the code, or wait a minute",
                              message.TYPE)
            else:
                await _refuse(session, Refusal.BAD_CODE, "no table has this invite code",
                              message.TYPE)
            return
        live = await self._serve(session, table_id, now)
        if live is not None:
            await self._step(live, lambda t: t.handle(session, message, now))

    async def _serve(self, session: Session | None, table_id: str, now: float,
                     missing: ProtocolError | None = None) -> LiveTable | None:
        """The table, loaded here if this process may serve it; None when there is no such
        table (refused, with ``missing`` when given) or another process serves it (the
        session is sent there)."""
        live = self._live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self._live.get(table_id)
                if live is None:
                    live = await self._load(session, table_id, now, missing)
        finally:
            self._loading.pop(table_id, None)
        return live

    async def _load(self, session: Session | None, table_id: str, now: float,
                    missing: ProtocolError | None = None) -> LiveTable | None:
        """``session``: who asked (told when it cannot be served), or None for the server's
        own wake-up of a running clock; ``missing``: what it is told when there is no such
        table (an ``attach``'s refusal when not given)."""
        stored = await self._call(self.queries.load, table_id)
        if stored is None:
            if session is not None:
                refusal = missing or ProtocolError(Refusal.NO_TABLE, "there is no such table",
                                                   m.Attach.TYPE)
                await _refuse(session, refusal.code, refusal.reason, refusal.of)
            return None
        elsewhere = await self._call(self.queries.claim, table_id, self.owner, self.address,
                                     now)
        if elsewhere:
            if session is not None:
                await session.close(CloseCode.ELSEWHERE, elsewhere)
            return None
        try:
            table = await self.replay(_restore, table_id, stored.entries, self.games,
                                      self.randomness, now)
        except (ValueError, ProtocolError) as err:
            if session is not None:
                await _refuse(session, Refusal.INTERNAL,
                              f"this table cannot be restored: {err}", m.Attach.TYPE)
            return None
        invite = table.invite
        live = LiveTable(table, len(stored.entries), invite.code if invite else None,
                         table.match.is_over)
        self._live[table_id] = live
        self._arm(live)
        return live

    # -- one message at a time per table ------------------------------------------------

    async def _step(self, live: LiveTable, act: Callable[[Table], Output]) -> None:
        async with live.lock:
            if self._live.get(live.table.id) is not live:  # dropped while we waited
                return
            await self._carry_out(live, act(live.table))
            live.table.sent(self.clock(), {conn: conn.latency for conn in live.table.connections
                                           if isinstance(conn, Session)})
            self._arm(live)
            if not live.table.connections:
                live.idle_since = time.monotonic()
            else:
                live.idle_since = None

    async def _carry_out(self, live: LiveTable | None, output: Output) -> Output:
        """Store, then send, then close: the order the table's contract asks. Returns what
        was sent (as storing completed it: ``_store``)."""
        if live is not None and output.store:
            try:
                output = await self._store(live, output)
            except StorageError:
                await self._drop(live)
                return Output()
        if live is not None:  # before any message leaves: a seated client may answer at once
            for conn in live.table.connections:
                if isinstance(conn, Session):
                    conn.table_id = live.table.id
        for send in output.send:
            if isinstance(send.to, Session):
                await send.to.send(m.encode(send.message))
        for conn, code in output.close:
            if isinstance(conn, Session):
                conn.close_soon(code, "another connection took this seat")
        return output

    async def _store(self, live: LiveTable, output: Output) -> Output:
        """Store ``output``'s entries; returns the output to send (the lobby adds what the
        stored result changed: the players' ratings)."""
        table = live.table
        invite = table.invite
        code = invite.code if invite is not None else None
        finished = table.match.is_over
        named = any(isinstance(entry, (Opened, Sat)) for entry in output.store)
        change = TableWrite(
            table.id,
            meta={"game": table.game.info.id, "names": list(table.names())} if named else None,
            first=live.stored,
            entries=[dump_entry(entry) for entry in output.store],
            set_invite=code != live.invite or isinstance(output.store[0], Opened),
            invite=code,
            invite_expires=float(invite.expires) if invite is not None else 0.0,
            finished=finished if finished != live.finished else None,
            lease=(self.owner, self.address, self.clock()) if live.stored == 0 else None,
        )
        await self._commits.write(change)
        live.stored += len(output.store)
        lobby_changed = change.set_invite or change.finished is not None
        live.invite, live.finished = code, finished
        if lobby_changed:
            await self._publish_lobby(live)
        return output

    async def _drop(self, live: LiveTable) -> None:
        """The database failed mid-step: forget the table (it is rebuilt from what was
        stored when its players come back) and disconnect them so that they do."""
        self._live.pop(live.table.id, None)
        for conn in live.table.connections:
            if isinstance(conn, Session):
                conn.close_soon(CloseCode.INTERNAL, "the server could not store that: "
                                "reconnect")

    # -- real-time clocks ----------------------------------------------------------------

    def _arm(self, live: LiveTable) -> None:
        """Wake ``live`` when its running clock runs out (and not before: a move cancels)."""
        if live.flag_timer is not None:
            live.flag_timer.cancel()
            live.flag_timer = None
        flag = live.table.flag_at
        if flag is None or self._live.get(live.table.id) is not live:
            return
        delay = max(0.0, flag - self.clock()) + FLAG_MARGIN_SECONDS
        live.flag_timer = asyncio.get_running_loop().call_later(delay, self._flag, live)

    async def _wake_clocks(self) -> None:
        """Serve every unfinished table with a real-time clock again, nobody attached, so
        that its flag falls even if its players never come back."""
        with contextlib.suppress(StorageError):
            for table_id in await self._call(self.queries.unfinished):
                stored = await self._call(self.queries.load, table_id)
                if stored is None or not stored.entries or table_id in self._live:
                    continue
                try:
                    opened = load_entry(stored.entries[0])
                except ProtocolError:
                    continue  # the attach that asks for it is told why
                if isinstance(opened, Opened) and opened.clock.base is not None:
                    live = await self._serve(None, table_id, self.clock())
                    if live is not None and not live.table.connections:
                        live.idle_since = time.monotonic()

    def _flag(self, live: LiveTable) -> None:
        live.flag_timer = None
        task = asyncio.create_task(self._step(live, lambda t: t.tick(self.clock())))
        self._flags.add(task)
        task.add_done_callback(self._flags.discard)

    # -- lobby, leases, memory -----------------------------------------------------------

    async def _publish_lobby(self, live: LiveTable) -> None:
        table = live.table
        invite = table.invite
        summary = {"table": table.id, "game": table.game.info.id,
                   "open": invite is not None, "finished": live.finished,
                   "expires": invite.expires if invite is not None else 0}
        with contextlib.suppress(StorageError):
            await self._call(self.queries.publish, json.dumps(summary))

    def _heard(self, text: str) -> None:
        """A lobby message from any process (on the storage's thread)."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed while shutting down
                self._loop.call_soon_threadsafe(self._note_lobby, text)

    def _note_lobby(self, text: str) -> None:
        with contextlib.suppress(ValueError):
            summary = json.loads(text)
            if isinstance(summary, dict) and isinstance(summary.get("table"), str):
                if summary.get("open"):
                    self._lobby[summary["table"]] = summary
                else:
                    self._lobby.pop(summary["table"], None)

    async def _sweep(self) -> None:
        """Renew our leases, and forget tables nobody has been at for a while."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            with contextlib.suppress(StorageError):
                await self._commit_call(self.storage.renew, self.owner, self.clock())
            cutoff = time.monotonic() - IDLE_SECONDS
            idle = [table_id for table_id, live in self._live.items()
                    if live.idle_since is not None and not live.lock.locked()
                    and live.table.flag_at is None
                    and (live.idle_since < cutoff or live.table.is_idle)]
            for table_id in idle:
                del self._live[table_id]
            if idle:
                with contextlib.suppress(StorageError):
                    await self._commit_call(self.storage.release, self.owner, idle)


def _restore(table_id: str, entries: tuple[str, ...], games: Registry,
             randomness: Randomness, now: float) -> Table:
    """Runs on the replays' thread: a table rebuilt from its stored entries."""
    return Table.restore(table_id, [load_entry(text) for text in entries], games, randomness,
                         now)


async def _refuse(session: Session, code: Refusal, reason: str, of: str | None) -> None:
    await session.send(m.encode(m.Error(code.value, reason, of)))
