"""The tables a server process holds, between the transport and the storage.

Each table handles one message at a time (an ``asyncio.Lock`` per table); whatever a message
changed is committed to the database before any reply or broadcast leaves, so an
acknowledged move is never lost. Tables are loaded from storage when someone attaches and
dropped from memory a while after their last player left. With several processes on one
database, a table is served by the process holding its lease; the others send its players
there (``CLOSE_ELSEWHERE``, the address in the reason). Lobby changes (a table opened, filled
or finished) go to every process through the storage's ``publish``.
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

from game.net.server import tables
from game.net.server.codes import CLOSE_ELSEWHERE, CLOSE_GARBAGE
from game.net.server.limits import Limits, PerAddress
from game.net.server.session import Session
from game.net.storage import LEASE_SECONDS, Storage, StorageError, TableWrite

T = TypeVar("T")
IDLE_SECONDS: Final = 300.0
"""A table nobody is connected to stays in memory this long (timers, quick reconnects)."""
SWEEP_SECONDS: Final = LEASE_SECONDS / 3


@dataclass(eq=False)
class LiveTable:
    """A table this process serves: its state machine, lock and connected sessions."""

    table: tables.TableLogic
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sessions: set[Session] = field(default_factory=set)
    idle_since: float | None = None


class TableHub:
    """The ``Hub`` the transport talks to."""

    def __init__(self, storage: Storage, limits: Limits, clock: Callable[[], float] = time.time
                 ) -> None:
        self.storage = storage
        self.limits = limits
        self.clock = clock
        self.owner = uuid.uuid4().hex
        self.address = ""
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-storage")
        self._live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._created = PerAddress(limits.tables_per_address, limits.table_window_seconds)
        self._guesses = PerAddress(limits.invite_guesses_per_address, limits.invite_window_seconds)
        self._lobby: dict[str, dict[str, Any]] = {}
        """Open tables of every process, kept current by published lobby messages."""
        self._sweeper: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- life ----------------------------------------------------------------------------

    async def start(self, address: str) -> None:
        self.address = address
        self._loop = asyncio.get_running_loop()
        await self._call(self.storage.listen, self._heard)
        self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        with contextlib.suppress(StorageError):
            await self._call(self.storage.release, self.owner, None)
        self._db.shutdown(wait=True)

    def health(self) -> dict[str, object]:
        return {"tables": len(self._live), "open_tables": len(self._lobby),
                "database": self.storage.url}

    async def _call(self, function: Callable[..., T], *args: Any) -> T:
        """Run a blocking storage call on the storage thread."""
        return await asyncio.get_running_loop().run_in_executor(self._db, function, *args)

    # -- the transport's calls -----------------------------------------------------------

    async def receive(self, session: Session, text: str) -> None:
        try:
            message = tables.decode(text)
        except tables.ProtocolError as err:
            await session.close(CLOSE_GARBAGE, str(err))
            return
        now = self.clock()
        if not session.greeted.is_set():
            await self._hello(session, message)
            return
        kind = tables.kind_of(message)
        if kind == tables.CREATE:
            await self._create(session, message, now)
        elif kind == tables.JOIN:
            await self._join(session, message, now)
        elif kind == tables.ATTACH:
            await self._attach(session, message, now)
        elif session.table_id is None or session.table_id not in self._live:
            await session.send(tables.refusal(message, "sit at a table first"))
        else:
            live = self._live[session.table_id]
            await self._step(live, session, lambda t: t.handle(session, message, now))

    async def gone(self, session: Session) -> None:
        live = self._live.get(session.table_id or "")
        if live is None or session not in live.sessions:
            return
        live.sessions.discard(session)
        if not live.sessions:
            live.idle_since = time.monotonic()
        now = self.clock()
        await self._step(live, None, lambda t: t.leave(session, now))

    # -- messages that find their table --------------------------------------------------

    async def _hello(self, session: Session, message: Any) -> None:
        answer, problem = tables.hello(message)
        await session.send(answer)
        if problem is None:
            session.greeted.set()
        else:
            await session.close(problem[0], problem[1])

    async def _create(self, session: Session, message: Any, now: float) -> None:
        if not self._created.allow(session.address, time.monotonic()):
            await session.send(tables.refusal(message, "too many tables from your address: "
                                              "wait a while"))
            return
        try:
            table = tables.create(message, uuid.uuid4().hex[:16], now)
        except tables.Refused as err:
            await session.send(tables.refusal(message, str(err)))
            return
        live = LiveTable(table)
        self._live[table.table_id] = live
        await self._call(self.storage.write, table.initial_write())
        await self._call(self.storage.claim, table.table_id, self.owner, self.address, now)
        await self._step(live, session, lambda t: t.seat_creator(session, message, now))
        await self._publish_lobby(table)

    async def _join(self, session: Session, message: Any, now: float) -> None:
        code = tables.invite_code(message)
        table_id = await self._call(self.storage.find_invite, code, now) if code else None
        if table_id is None:
            if not self._guesses.allow(session.address, time.monotonic()):
                await session.close(*tables.GUESSING)
                return
            await session.send(tables.refusal(message, "no table has this invite code"))
            return
        live = await self._serve(session, table_id, now)
        if live is not None:
            await self._step(live, session, lambda t: t.handle(session, message, now))
            await self._publish_lobby(live.table)

    async def _attach(self, session: Session, message: Any, now: float) -> None:
        table_id = tables.table_of(message)
        live = await self._serve(session, table_id, now) if table_id else None
        if live is None:
            if not session.closed:
                await session.send(tables.refusal(message, "no such table"))
            return
        await self._step(live, session, lambda t: t.handle(session, message, now))

    async def _serve(self, session: Session, table_id: str, now: float) -> LiveTable | None:
        """The table, loaded here if this process may serve it; None (and the session sent
        to the process that serves it, if any) otherwise."""
        live = self._live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self._live.get(table_id)
            if live is not None:
                return live
            elsewhere = await self._call(
                self.storage.claim, table_id, self.owner, self.address, now
            )
            if elsewhere:
                await session.close(CLOSE_ELSEWHERE, elsewhere)
                return None
            stored = await self._call(self.storage.load, table_id)
            if stored is None:
                await self._call(self.storage.release, self.owner, [table_id])
                return None
            live = LiveTable(tables.rebuild(stored, now))
            self._live[table_id] = live
        self._loading.pop(table_id, None)
        return live

    # -- one message at a time per table ------------------------------------------------

    async def _step(self, live: LiveTable, session: Session | None,
                    act: Callable[[tables.TableLogic], tables.Step]) -> None:
        async with live.lock:
            step = act(live.table)
            if step.write is not None:
                await self._call(self.storage.write, step.write)
            if session is not None and step.seated is not None:
                session.table_id = live.table.table_id
                session.seat = step.seated
                live.sessions.add(session)
                live.idle_since = None
            for target, text in step.sends:
                for receiver in self._receivers(live, session, target):
                    await receiver.send(text)
            if session is not None and step.close is not None:
                await session.close(*step.close)

    def _receivers(self, live: LiveTable, sender: Session | None, target: object
                   ) -> list[Session]:
        if target is tables.SENDER:
            return [sender] if sender is not None else []
        if target is tables.EVERYONE:
            return list(live.sessions)
        if target is tables.OTHERS:
            return [s for s in live.sessions if s is not sender]
        return [s for s in live.sessions if s.seat == target]

    # -- lobby, leases, memory -----------------------------------------------------------

    async def _publish_lobby(self, table: tables.TableLogic) -> None:
        summary = {"table": table.table_id, **table.lobby_summary()}
        with contextlib.suppress(StorageError):
            await self._call(self.storage.publish, json.dumps(summary))

    def _heard(self, text: str) -> None:
        """A lobby message from any process (on the storage's thread)."""
        if self._loop is not None:
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
                await self._call(self.storage.renew, self.owner, self.clock())
            cutoff = time.monotonic() - IDLE_SECONDS
            idle = [table_id for table_id, live in self._live.items()
                    if live.idle_since is not None and live.idle_since < cutoff
                    and not live.lock.locked()]
            for table_id in idle:
                del self._live[table_id]
            if idle:
                with contextlib.suppress(StorageError):
                    await self._call(self.storage.release, self.owner, idle)

