"""The app's network thread: one asyncio loop in a background thread owning the protocol
clients, talking to the UI thread only through a thread-safe queue of events.

The UI thread never awaits anything: it calls a ``Session``'s methods (each schedules work on
the loop and returns at once), and each frame drains ``Session.events()``. Every event put
on the queue also calls ``wake`` (the app posts a pygame event there), so a window at rest
sleeps in the window system's wait until the network has something to say.

A session keeps its seat by itself: the client rides out short drops (reconnect with
back-off, resending the move awaiting its acknowledgement); when the client gives up, the
session starts again with a fresh connection and ``attach`` after a longer pause, for as long
as it is open. Moves are sent one at a time in the order they were played, each at the ply
it was played at; the server acknowledges a move sent twice at the same ply once, so a move
made while disconnected is played exactly once when the link returns.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from game.core.registry import Registry
from game.net.client import REDIRECT, UNPLAYABLE, ClientError, Incoming, TableClient, Ticket
from game.net.wire import lobby as lb
from game.net.wire import messages as m
from game.net.wire.codes import CloseCode

RETRY_FIRST: Final = 1.0
RETRY_MAX: Final = 30.0
"""Seconds between fresh connections once the client itself gave up (doubling)."""
REFUSED_FOR_GOOD: Final = frozenset({
    "bad-token", "no-table", "bad-code", "invite-code", "protocol-version", "rules-version",
    "unknown-game", "bad-options", "rate-limited", "busy", "name-taken", "not-identified",
    "not-listed", "no-challenge", UNPLAYABLE, REDIRECT,
})
"""Refusals after which connecting again cannot help: the session stops and says why."""
REPLACED: Final = "this seat was opened in another window"
"""Why a session stops when another connection took its seat: sitting again would throw that
one off in turn, and so on for ever; the player sits here again when they choose to."""


class Network:
    """One asyncio loop in one daemon thread, started on first use, shared by sessions."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def run(self, work: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        """Schedule ``work`` on the network loop (from any thread); returns at once."""
        return asyncio.run_coroutine_threadsafe(work, self._started())

    def _started(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                ready = threading.Event()
                loop = asyncio.new_event_loop()

                def main() -> None:
                    asyncio.set_event_loop(loop)
                    ready.set()
                    loop.run_forever()

                self._thread = threading.Thread(target=main, name="network", daemon=True)
                self._thread.start()
                ready.wait()
                self._loop = loop
            return self._loop

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop (sessions should be closed first); safe to call when never started."""
        with self._lock:
            loop, thread, self._loop, self._thread = self._loop, self._thread, None, None
        if loop is None or thread is None:
            return

        async def cancel_all() -> None:
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(cancel_all(), loop).result(timeout)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        if not thread.is_alive():
            loop.close()


# -- what the UI thread receives --------------------------------------------------------


@dataclass(frozen=True)
class Seated:
    """We hold a seat: keep the ticket (a secret) to come back to it."""

    ticket: Ticket
    url: str


@dataclass(frozen=True)
class Invited:
    code: str
    expires: int


@dataclass(frozen=True)
class TableNow:
    """The table as the server says it is now: its state and every move of the round, and
    with a real-time clock both seats' time left (ms) when the latest word of it arrived
    (``clocks_at``, ``time.monotonic``): the running one has gone down since."""

    state: m.TableState
    moves: tuple[str, ...]
    clocks: tuple[int, int] | None = None
    clocks_at: float = 0.0
    ratings: tuple[m.RatingChange, m.RatingChange] | None = None
    """After a rated round: each seat's new rating and its change."""


@dataclass(frozen=True)
class Link:
    """The connection's state: ``connecting``, ``connected``, ``reconnecting`` or ``lost``
    (``reason`` then says why it will not come back)."""

    state: str
    reason: str = ""


@dataclass(frozen=True)
class Heard:
    """A message for the player: chat (``said``), an offer, a declined offer, moves taken
    back (``takenback``, before the table without them), a presence change or a refusal
    (``error``); a spectator's ``remarked``; on a lobby session, every
    message of the public side."""

    message: Incoming


@dataclass(frozen=True)
class Queued:
    """We wait in the quick-match queue with ``waiting`` players (us included)."""

    waiting: int


@dataclass(frozen=True)
class Watched:
    """A watched table as the server says it is now (no seat): its state and the moves of
    the round watched, and with a real-time clock both seats' time left (ms) when the
    latest word of it arrived (``clocks_at``, ``time.monotonic``), as in ``TableNow``."""

    state: lb.Watching
    moves: tuple[str, ...]
    clocks: tuple[int, int] | None = None
    clocks_at: float = 0.0


Event = Seated | Invited | TableNow | Link | Heard | Queued | Watched


@dataclass(frozen=True)
class Host:
    game: str
    options: dict[str, m.OptionValue]
    seat: int | None
    clock: m.Clock
    listed: bool | None = None
    """List the free seat in the server's lobby: None not at all, else rated or not."""


@dataclass(frozen=True)
class Join:
    code: str


@dataclass(frozen=True)
class Take:
    """Take the listed seat of ``table`` in the lobby."""

    table: str


@dataclass(frozen=True)
class Seek:
    """Wait in the quick-match queue of ``game`` and clock until paired."""

    game: str
    clock: m.Clock
    rated: bool


@dataclass(frozen=True)
class Accept:
    """Accept challenge ``id``: its table's seat is ours."""

    id: str


@dataclass(frozen=True)
class Watch:
    """Watch ``table`` read-only (no seat, no token); ``round``: an earlier, finished round."""

    table: str
    round: int | None = None


Start = Host | Join | Ticket | Take | Seek | Accept | Watch
"""How a session takes its seat (open a table, join by code, come back to one, take a
listed seat, be paired in the queue, accept a challenge) or watches a table."""

EventT = TypeVar("EventT")
OutT = TypeVar("OutT")


class LinkedSession(ABC, Generic[EventT, OutT]):
    """What a seat's ``Session`` and the ``LobbySession`` share: a queue of events for the
    UI thread (``EventT``, and ``Link`` for the link's state), a queue of things to send
    (``OutT``), and one loop on the network thread that connects, opens (``_open``), sends
    until the link is gone, and connects again after a doubling pause for as long as the
    session is open (see the module's docstring)."""

    def __init__(self, network: Network, url: str, games: Registry,
                 wake: Callable[[], None], identity: tuple[str, str] | None) -> None:
        self.network = network
        self.url = url
        self.games = games
        self.identity = identity
        self._wake = wake
        self._events: queue.SimpleQueue[EventT | Link] = queue.SimpleQueue()
        self._outgoing: asyncio.Queue[OutT] | None = None
        self._client: TableClient | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    # -- the UI thread's side ------------------------------------------------------------

    def events(self, limit: int | None = None) -> list[EventT | Link]:
        """What happened since the last call, oldest first (never blocks): at most ``limit``
        events, so that a flood costs each frame a bounded amount of work; the rest wait for
        the next call, and the UI is woken again for them."""
        out: list[EventT | Link] = []
        with contextlib.suppress(queue.Empty):
            while limit is None or len(out) < limit:
                out.append(self._events.get_nowait())
        if limit is not None and len(out) == limit and not self._events.empty():
            self._wake()
        return out

    def close(self, wait: float = 0.0) -> None:
        """Close the connection and stop connecting again; ``wait``: up to this many seconds
        for it to close cleanly (the server then knows at once that we left, not when its
        keepalive gives up)."""
        self._closed = True
        closing = self.network.run(self._stop())
        if wait > 0:
            with contextlib.suppress(Exception):
                closing.result(wait)

    # -- the network thread's side -------------------------------------------------------

    def _put(self, event: EventT | Link) -> None:
        self._events.put(event)
        self._wake()

    async def _enqueue(self, item: OutT) -> None:
        if self._outgoing is None:
            self._outgoing = asyncio.Queue()
        await self._outgoing.put(item)

    async def _keep_linked(self) -> None:
        """Connect, identify, ``_open``, send until the link is gone; again after a pause."""
        if self._outgoing is None:
            self._outgoing = asyncio.Queue()
        self._task = asyncio.current_task()
        delay = RETRY_FIRST
        while not self._closed:
            self._put(Link("connecting"))
            gone = asyncio.Event()
            client = self._make_client(gone)
            try:
                await client.connect()
                if self.identity is not None:
                    await client.identify(*self.identity)
                await self._open(client)
            except ClientError as err:
                await _quietly(client.close())
                if _replaced(client):
                    self._put(Link("lost", REPLACED))
                    return
                if err.code in REFUSED_FOR_GOOD:
                    if self._try_again_at_once(err):
                        continue
                    self._put(Link("lost", err.reason))
                    return
                self._put(Link("reconnecting", err.reason))
            except (OSError, asyncio.TimeoutError) as err:
                await _quietly(client.close())
                self._put(Link("reconnecting", str(err) or "the server cannot be reached"))
            else:
                self._client = client
                self._put(Link("connected"))
                self._linked(client)
                sender = asyncio.create_task(self._send_all(client))
                await gone.wait()
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await sender
                await _quietly(client.close())
                self._client = None
                failure = client.failure
                if _replaced(client):
                    self._put(Link("lost", REPLACED))
                    return
                if failure is not None and failure.code in REFUSED_FOR_GOOD:
                    self._put(Link("lost", failure.reason))
                    return
                if failure is None:  # a plain drop; a failure keeps its pause growing
                    delay = RETRY_FIRST
                self._put(Link("reconnecting", "the connection was lost" if failure is None
                               else failure.reason))
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    @abstractmethod
    def _make_client(self, gone: asyncio.Event) -> TableClient:
        """A client that sets ``gone`` when its link closes for good."""

    @abstractmethod
    async def _open(self, client: TableClient) -> None:
        """What the session does on a fresh, identified connection (sit, watch, browse)."""

    def _try_again_at_once(self, err: ClientError) -> bool:
        """Whether a refusal for good still leaves something to try without a pause."""
        return False

    def _linked(self, client: TableClient) -> None:
        """The connection is open and ``_open`` went through."""

    @abstractmethod
    async def _send_all(self, client: TableClient) -> None:
        """Send the queue on ``client`` until its link is gone (then keep what is unsent)."""

    async def _stop(self) -> None:
        client = self._client
        if client is not None:
            await _quietly(client.close())
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()


class Session(LinkedSession[Seated | Invited | TableNow | Heard | Queued | Watched,
                            tuple[str, Any]]):
    """One player at one table, driven from the UI thread (see the module's docstring)."""

    def __init__(self, network: Network, url: str, name: str, games: Registry,
                 wake: Callable[[], None] = lambda: None,
                 identity: tuple[str, str] | None = None, **client_options: Any) -> None:
        """``identity``: the player name and secret to identify with before sitting
        (needed for the queue, challenges and rated games; results count by name)."""
        super().__init__(network, url, games, wake, identity)
        self.name = name
        self._client_options = client_options
        self._how: Start | None = None
        self.ticket: Ticket | None = None
        self._clocks: tuple[tuple[int, int] | None, float] = (None, 0.0)
        """The latest clocks the server sent and when they arrived (the network thread's)."""

    # -- the UI thread's side ------------------------------------------------------------

    def start(self, how: Start) -> None:
        if isinstance(how, Ticket):
            self.ticket = how
        self.network.run(self._begin(how))

    def move(self, ply: int, text: str) -> None:
        """Send a move played locally at ``ply`` (kept until acknowledged, resent after a drop)."""
        self._submit("move", (ply, text))

    def resign(self) -> None:
        self._submit("resign", None)

    def offer(self, kind: m.OfferKind) -> None:
        self._submit("offer", kind)

    def answer(self, kind: m.OfferKind, accept: bool) -> None:
        self._submit("answer", (kind, accept))

    def abort(self) -> None:
        self._submit("abort", None)

    def claim(self) -> None:
        self._submit("claim", None)

    def chat(self, text: str) -> None:
        self._submit("chat", text)

    def remark(self, text: str) -> None:
        """A line in the spectators' chat of the watched table."""
        self._submit("remark", text)

    def _submit(self, kind: str, value: Any) -> None:
        self.network.run(self._enqueue((kind, value)))

    # -- the network thread's side -------------------------------------------------------

    async def _begin(self, how: Start) -> None:
        self._how = how
        await self._keep_linked()

    async def _open(self, client: TableClient) -> None:
        how = self._how
        assert how is not None
        if isinstance(how, Watch):
            await client.watch(how.table, how.round)
        else:
            await self._sit(client, how)

    def _linked(self, client: TableClient) -> None:
        if client.ticket is not None:
            self._how = client.ticket  # from now on, come back to the seat
        self._publish(client)

    async def _sit(self, client: TableClient, how: Start) -> None:
        if isinstance(how, Host):
            invite = await client.create(how.game, how.options, how.seat, how.clock)
            self._seated(client)
            self._put(Invited(invite.code, invite.expires))
            if how.listed is not None:
                await client.ask(lb.List(how.listed), lb.Listed.TYPE)
            return
        if isinstance(how, Join):
            await client.join(how.code)
        elif isinstance(how, Take):
            await client.take(how.table)
        elif isinstance(how, Accept):
            await client.accept(how.id)
        elif isinstance(how, Seek):
            await client.seek(how.game, how.clock, how.rated,
                              lambda waiting: self._put(Queued(waiting)))
        elif isinstance(how, Ticket):
            await client.attach(how)
            return
        self._seated(client)

    def _make_client(self, gone: asyncio.Event) -> TableClient:
        def link(state: str) -> None:
            if state == "closed":
                gone.set()
            else:
                self._put(Link(state))

        def heard(message: Incoming) -> None:
            self._on_message(message)

        return TableClient(self.url, self.name, self.games, on_message=heard, on_link=link,
                           **self._client_options)

    def _seated(self, client: TableClient) -> None:
        assert client.ticket is not None
        self.ticket = client.ticket
        self.url = client.url
        self._put(Seated(client.ticket, client.url))

    def _on_message(self, message: Incoming) -> None:
        client = self._client
        if isinstance(message, (m.TableState, lb.Watching)) or (
                isinstance(message, (m.Moved, m.TakenBack)) and message.clocks is not None):
            self._clocks = (message.clocks, time.monotonic())
        if isinstance(message, m.TakenBack):
            self._put(Heard(message))  # first: the moves taken back are not our copy's fault
        if isinstance(message, (m.TableState, m.Moves, m.Moved, m.TakenBack, m.Ended,
                                lb.Watching)):
            if client is not None:
                self._publish(client)
        elif isinstance(message, m.Invite):
            self._put(Invited(message.code, message.expires))
        elif isinstance(message, (m.Said, m.Offered, m.Declined, m.Presence, m.Error,
                                  lb.Remarked)):
            self._put(Heard(message))

    def _publish(self, client: TableClient) -> None:
        if client.state is not None and client.match is not None:
            self._put(TableNow(client.state, client.match.moves, *self._clocks,
                               client.ratings))
        elif client.watched is not None and client.match is not None:
            self._put(Watched(client.watched, client.match.moves, *self._clocks))

    async def _send_all(self, client: TableClient) -> None:
        """Send what the player did, in order; a move the table already holds is skipped."""
        assert self._outgoing is not None
        while True:
            kind, value = await self._outgoing.get()
            try:
                await self._send(client, kind, value)
            except ClientError as err:
                if err.code == "closed":  # the link is gone: send it on the next one
                    await self._requeue(kind, value)
                    return
                self._put(Heard(m.Error(err.code, err.reason, kind)))

    async def _requeue(self, kind: str, value: Any) -> None:
        assert self._outgoing is not None
        rest: list[tuple[str, Any]] = [(kind, value)]
        while not self._outgoing.empty():
            rest.append(self._outgoing.get_nowait())
        for item in rest:
            await self._outgoing.put(item)

    async def _send(self, client: TableClient, kind: str, value: Any) -> None:
        if kind == "move":
            ply, text = value
            match = client.match
            if match is not None and ply < match.ply:
                if match.moves[ply] != text:
                    raise ClientError("stale", f"the table already has move {ply + 1}")
                return  # acknowledged before the link dropped
            await client.move(text)
        elif kind == "resign":
            await client.resign()
        elif kind == "offer":
            await client.offer(value)
        elif kind == "answer":
            await client.answer(*value)
        elif kind == "abort":
            await client.abort()
        elif kind == "claim":
            await client.claim()
        elif kind == "chat":
            await client.chat(value)
        elif kind == "remark":
            await client.tell(lb.Remark(value))

def _replaced(client: TableClient) -> bool:
    """Another connection (another window, another device) took this client's seat."""
    return client.closed_with is not None and client.closed_with[0] == CloseCode.REPLACED


async def _quietly(work: Coroutine[Any, Any, Any]) -> None:
    with contextlib.suppress(Exception):
        await work
