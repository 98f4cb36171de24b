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
from collections.abc import Callable

from game.core.registry import Registry
from game.net.client import ClientError, Incoming, TableClient
from game.net.session import Heard, Link, LinkedSession, Network
from game.net.wire import lobby as lb

Event = Heard | Link


class LobbySession(LinkedSession[Heard, lb.LobbyClientMessage]):
    """One player's lobby connection, driven from the UI thread."""

    def __init__(self, network: Network, url: str, games: Registry,
                 identity: tuple[str, str] | None = None,
                 wake: Callable[[], None] = lambda: None) -> None:
        super().__init__(network, url, games, wake, identity)

    # -- the UI thread's side ------------------------------------------------------------

    def start(self) -> None:
        self.network.run(self._keep_linked())

    def send(self, message: lb.LobbyClientMessage) -> None:
        """Send a request (in order; kept across a reconnection); answers come as events."""
        self.network.run(self._enqueue(message))

    def identify(self, name: str, secret: str) -> None:
        """Identify as ``name`` now, and again after every reconnection."""
        self.identity = (name, secret)
        self.send(lb.Identify(name, secret))

    # -- the network thread's side -------------------------------------------------------

    def _make_client(self, gone: asyncio.Event) -> TableClient:
        def link(state: str) -> None:
            if state == "closed":
                gone.set()

        return TableClient(self.url, self.identity[0] if self.identity else "Player",
                           self.games, reconnect=False, on_message=self._heard, on_link=link)

    async def _open(self, client: TableClient) -> None:
        await client.tell(lb.Browse(None))

    def _try_again_at_once(self, err: ClientError) -> bool:
        if err.code != "name-taken":
            return False
        self.identity = None  # the lobby still works, unnamed
        return True

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
            finally:
                self._outgoing.task_done()
