"""The table server's transport: WebSocket connections (``websockets``' asyncio API), the
limits every connection lives under, the health page, and start/stop.

The table logic is the ``Hub``; this module only moves text in and out and refuses whatever
breaks a limit: over-long messages (close 1009, by ``websockets``), floods, connections over
the caps, and clients that never finish the handshake. Connections are counted from the TCP
accept, so that silent ones count against the caps and show on the health page too.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import json
import time
from collections import Counter
from typing import Any, Final, cast

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game import __version__
from game.net.server.limits import Limits, Window
from game.net.server.session import Hub, Session
from game.net.wire.codes import CloseCode

HEALTH_PATH: Final = "/health"
FULL: Final = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
               b"Content-Length: 20\r\nConnection: close\r\n\r\nThe server is full.\n")
"""Written at once to a connection accepted over the server's cap, before any request."""


class PortInUse(OSError):
    """The address is taken: a readable reason for the person starting the server."""


class TransportServer:
    """Accepts connections and hands their messages to a hub, one session each."""

    def __init__(self, hub: Hub, limits: Limits | None = None,
                 behind_proxy: bool = False) -> None:
        """``behind_proxy``: a client's address is the last one in ``X-Forwarded-For`` (the
        one the reverse proxy added), so the per-address limits count players, not the
        proxy. Only for a server that the proxy alone can reach."""
        self.hub = hub
        self.limits = limits or Limits()
        self.behind_proxy = behind_proxy
        self._server: Server | None = None
        self._accepted: Counter[str] = Counter()
        """TCP connections per peer address, from the accept to the close."""
        self._total = 0
        self._open: Counter[str] = Counter()
        """Connections per client address (as forwarded, behind a proxy), from the upgrade
        request to the close."""
        self._watchers: set[asyncio.Task[None]] = set()
        self.started = time.monotonic()

    @property
    def connections(self) -> int:
        """Every TCP connection, from its accept (silent ones too) to its close."""
        return self._total

    def _accept(self, transport: asyncio.Transport) -> str | None:
        """Count a new TCP connection; refuse it at once (None) past a cap: the server's
        (answered 503), or twice the per-address cap from one peer (dropped unanswered:
        below that, an honest client over the cap hears why after its upgrade). Behind a
        proxy, every connection comes from the proxy: its clients are counted at their
        upgrade request, by forwarded address."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        if self.connections >= self.limits.max_connections:
            transport.write(FULL)
            transport.close()
            return None
        if (not self.behind_proxy
                and self._accepted[address] >= 2 * self.limits.max_connections_per_address):
            transport.abort()
            return None
        self._accepted[address] += 1
        self._total += 1
        return address

    def _closed(self, address: str) -> None:
        self._total -= 1
        self._accepted[address] -= 1
        if not self._accepted[address]:
            del self._accepted[address]

    async def start(self, host: str, port: int) -> int:
        """Listen; returns the port (useful with port 0). Raises PortInUse with a reason."""
        limits = self.limits
        try:
            self._server = await serve(
                self._handle, host, port,
                create_connection=_counted(self),
                process_request=self._process_request,
                compression=None,  # compression costs memory per connection and invites bombs
                max_size=limits.max_message_bytes,
                max_queue=4,
                open_timeout=limits.handshake_seconds,
                ping_interval=limits.ping_interval_seconds,
                ping_timeout=limits.ping_timeout_seconds,
                close_timeout=limits.close_timeout_seconds,
                server_header=f"conquid-arcade/{__version__}",
            )
        except OSError as err:
            raise PortInUse(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
        return int(self._server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Close every connection with 1001 (going away) and stop listening."""
        if self._server is not None:
            self._server.close(close_connections=True)
            await self._server.wait_closed()

    # -- HTTP, before the WebSocket upgrade ----------------------------------------------

    def _process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        if request.path.split("?")[0] == HEALTH_PATH:
            return self._health(conn)
        if "upgrade" not in request.headers:
            return conn.respond(http.HTTPStatus.NOT_FOUND, "Not found: see /health.\n")
        address = self._address(conn)
        self._open[address] += 1  # over its cap, it is closed with a code once upgraded
        watcher = asyncio.get_running_loop().create_task(self._forget_when_closed(conn, address))
        self._watchers.add(watcher)  # held: the loop keeps only weak references to tasks
        watcher.add_done_callback(self._watchers.discard)
        return None

    async def _forget_when_closed(self, conn: ServerConnection, address: str) -> None:
        await conn.wait_closed()
        self._open[address] -= 1
        if not self._open[address]:
            del self._open[address]

    def _health(self, conn: ServerConnection) -> Response:
        figures: dict[str, Any] = {
            "status": "ok",
            "version": __version__,
            "uptime_seconds": round(time.monotonic() - self.started, 1),
            "connections": self.connections,
            **self.hub.health(),
        }
        response = conn.respond(http.HTTPStatus.OK, json.dumps(figures) + "\n")
        response.headers["Content-Type"] = "application/json"
        return response

    # -- one WebSocket connection --------------------------------------------------------

    async def _handle(self, conn: ServerConnection) -> None:
        session = Session(conn, self._address(conn))
        if self._open[session.address] > self.limits.max_connections_per_address:
            await session.close(CloseCode.TOO_MANY_CONNECTIONS,
                                "too many connections from your address")
            return
        reader = asyncio.create_task(self._read(conn, session))
        try:
            await asyncio.wait_for(session.greeted.wait(), self.limits.handshake_seconds)
        except asyncio.TimeoutError:
            if not reader.done():
                await session.close(CloseCode.HANDSHAKE_TIMEOUT, "no hello in time")
        try:
            await reader
        finally:
            await self.hub.gone(session)

    async def _read(self, conn: ServerConnection, session: Session) -> None:
        flood = Window(self.limits.messages_per_window, self.limits.message_window_seconds)
        with contextlib.suppress(ConnectionClosed):
            async for message in conn:
                if not flood.allow(time.monotonic()):
                    await session.close(CloseCode.POLICY, "too many messages")
                    return
                await self.hub.receive(session, message)
                if session.closed:
                    return


    def _address(self, conn: ServerConnection) -> str:
        if self.behind_proxy and conn.request is not None:
            forwarded = conn.request.headers.get("X-Forwarded-For", "")
            last = forwarded.rsplit(",", 1)[-1].strip()
            if last:
                return last[:64]
        remote = conn.remote_address
        return str(remote[0]) if isinstance(remote, tuple) and remote else "unknown"


def _counted(transport: TransportServer) -> type[ServerConnection]:
    """A ``ServerConnection`` that the transport counts from its TCP accept to its close."""

    class Counted(ServerConnection):
        address: str | None = None

        def connection_made(self, tcp: asyncio.BaseTransport) -> None:
            super().connection_made(tcp)
            self.address = transport._accept(cast(asyncio.Transport, tcp))

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if self.address is not None:
                transport._closed(self.address)
                self.address = None

    return Counted
