"""One client connection as the table logic sees it: who it is, whether it said hello, and a
way to send it messages or close it with a code. The transport enforces the limits."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import Final, Protocol

from game.net.wire.codes import CloseCode

SEND_SECONDS: Final = 5.0
"""A client that has not taken a message in this long (it stopped reading; its buffers are
full) is closed, so that it cannot hold up its table while the table waits to send to it."""
OUTBOX: Final = 64
"""Messages queued for a spectator (``post``) before it counts as not reading and is closed."""


class Link(Protocol):
    """What a session needs of its WebSocket (a test may hand in a fake)."""

    async def send(self, message: str) -> None: ...

    async def close(self, code: int = 1000, reason: str = "") -> None: ...


@dataclass(eq=False)
class Session:
    link: Link
    address: str
    """The client's IP address: the key of the per-address limits."""
    greeted: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once the client's hello was accepted; the handshake timeout waits for it."""
    table_id: str | None = None
    """The table this connection sits at (one per connection)."""
    closed: bool = False

    closing: set[asyncio.Task[None]] = field(default_factory=set)
    outbox: deque[str] = field(default_factory=deque)
    """Posted messages not yet sent, oldest first (at most ``OUTBOX``)."""
    writer: asyncio.Task[None] | None = None

    @property
    def latency(self) -> float:
        """The link's last measured round trip (its pings), in seconds; 0 before any."""
        latency = getattr(self.link, "latency", 0.0)
        return float(latency) if isinstance(latency, (int, float)) else 0.0

    async def send(self, text: str) -> None:
        """Send, or drop the message if the link is gone (its close is handled elsewhere)."""
        if self.closed:
            return
        try:
            await asyncio.wait_for(self.link.send(text), SEND_SECONDS)
        except asyncio.TimeoutError:
            self.close_soon(CloseCode.POLICY, "not reading its messages")
        except Exception:  # a closed or broken link: the reader sees it and cleans up
            self.closed = True

    def post(self, text: str) -> None:
        """Queue ``text`` and return at once: a spectator's feed, which a table hands out
        without waiting. One that lets ``OUTBOX`` messages pile up is closed; everything
        posted is sent in order, by one writer task."""
        if self.closed:
            return
        if len(self.outbox) >= OUTBOX:
            self.outbox.clear()
            self.close_soon(CloseCode.POLICY, "not reading its messages")
            return
        self.outbox.append(text)
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        while self.outbox and not self.closed:
            await self.send(self.outbox.popleft())
        self.outbox.clear()
        self.writer = None

    async def close(self, code: int, reason: str) -> None:
        self.closed = True
        await self.link.close(code, reason[:120])  # a close reason fits in 123 bytes

    def close_soon(self, code: int, reason: str) -> None:
        """Close without waiting for the peer's answer (a table must not wait on a client)."""
        self.closed = True
        task = asyncio.get_running_loop().create_task(self.link.close(code, reason[:120]))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)


class Hub(Protocol):
    """The table logic behind the transport: gets each message of each session."""

    async def receive(self, session: Session, data: str | bytes) -> None:
        """One message as it came (a binary frame is refused by the hub like garbage)."""
        ...

    async def gone(self, session: Session) -> None:
        """The session's connection closed (cleanly or not)."""
        ...

    def health(self) -> dict[str, object]:
        """Figures for the health page."""
        ...
