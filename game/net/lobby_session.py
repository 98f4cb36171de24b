"""The app's lobby connection: one unseated connection to a public server, on the network
thread's loop (``game.net.session.Network``), that identifies the player, follows the
lobby and carries the requests that take no seat (challenges, answers declined, profiles,
leaderboards, blocks, link codes).

Like a seat's ``Session``, the UI thread only calls methods that return at once and drains
``events()`` each frame: every server message arrives as ``Heard``, the link's state as
``Link``. A dropped connection is opened again after a pause (doubling), identifying and
following the lobby again, for as long as the session is open. A seat is never taken on
this connection: taking one opens a ``Session`` of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import queue
from collections.abc import Callable, Coroutine
from typing import Any

from game.core.registry import Registry
from game.net import lobby as lb
from game.net.client import ClientError, Incoming, TableClient
from game.net.session import REFUSED_FOR_GOOD, RETRY_FIRST, RETRY_MAX, Heard, Link, Network

Event = Heard | Link


class LobbySession:
    """One player's lobby connection, driven from the UI thread."""

    def __init__(self, network: Network, url: str, games: Registry,
                 identity: tuple[str, str] | None = None,
                 wake: Callable[[], None] = lambda: None) -> None:
        self.network = network
        self.url = url
        self.games = games
        self.identity = identity
        self._wake = wake
        self._events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._outgoing: asyncio.Queue[lb.LobbyClientMessage] | None = None
        self._client: TableClient | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    # -- the UI thread's side ------------------------------------------------------------

    def start(self) -> None:
        self.network.run(self._run())

    def send(self, message: lb.LobbyClientMessage) -> None:
        """Send a request (in order; kept across a reconnection); answers come as events."""
        self.network.run(self._enqueue(message))

    def identify(self, name: str, secret: str) -> None:
        """Identify as ``name`` now, and again after every reconnection."""
        self.identity = (name, secret)
        self.send(lb.Identify(name, secret))

    def events(self) -> list[Event]:
        out: list[Event] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._events.get_nowait())
        return out

    def close(self, wait: float = 0.0) -> None:
        self._closed = True
        closing = self.network.run(self._stop())
        if wait > 0:
            with contextlib.suppress(Exception):
                closing.result(wait)

    # -- the network thread's side -------------------------------------------------------

    def _put(self, event: Event) -> None:
        self._events.put(event)
        self._wake()

    async def _enqueue(self, message: lb.LobbyClientMessage) -> None:
        if self._outgoing is None:
            self._outgoing = asyncio.Queue()
        await self._outgoing.put(message)

    async def _run(self) -> None:
        if self._outgoing is None:
            self._outgoing = asyncio.Queue()
        self._task = asyncio.current_task()
        delay = RETRY_FIRST
        while not self._closed:
            self._put(Link("connecting"))
            gone = asyncio.Event()
            client = TableClient(self.url, self.identity[0] if self.identity else "Player",
                                 self.games, reconnect=False, on_message=self._heard,
                                 on_link=functools.partial(_closed_sets, gone))
            try:
                await client.connect()
                if self.identity is not None:
                    await client.identify(*self.identity)
                await client.tell(lb.Browse(None))
            except ClientError as err:
                await _quietly(client.close())
                if err.code in REFUSED_FOR_GOOD:
                    if err.code == "name-taken":  # the lobby still works, unnamed
                        self.identity = None
                        continue
                    self._put(Link("lost", err.reason))
                    return
                self._put(Link("reconnecting", err.reason))
            except (OSError, asyncio.TimeoutError) as err:
                await _quietly(client.close())
                self._put(Link("reconnecting", str(err) or "the server cannot be reached"))
            else:
                delay = RETRY_FIRST
                self._client = client
                self._put(Link("connected"))
                sender = asyncio.create_task(self._send_all(client))
                await gone.wait()
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await sender
                await _quietly(client.close())
                self._client = None
                self._put(Link("reconnecting", "the connection was lost"))
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    def _heard(self, message: Incoming) -> None:
        self._put(Heard(message))

    async def _send_all(self, client: TableClient) -> None:
        assert self._outgoing is not None
        while True:
            message = await self._outgoing.get()
            try:
                await client.tell(message)
            except ClientError:  # the link is gone: send it on the next one
                await self._outgoing.put(message)
                return

    async def _stop(self) -> None:
        client = self._client
        if client is not None:
            await _quietly(client.close())
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()


def _closed_sets(gone: asyncio.Event, state: str) -> None:
    if state == "closed":
        gone.set()


async def _quietly(work: Coroutine[Any, Any, Any]) -> None:
    with contextlib.suppress(Exception):
        await work
