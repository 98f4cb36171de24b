"""Running the table server: from the command line until SIGTERM, or in a background thread
of another program (the desktop app hosts tables this way) with ``start``/``stop``."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from game.catalog import all_games
from game.net.server.app import PortInUse, TransportServer
from game.net.server.limits import Limits
from game.net.server.lobby import LobbyHub
from game.net.storage import StorageError, open_storage
from game.net.storage.postgres import redact

DEFAULT_PORT = 8765


@dataclass(frozen=True)
class ServerConfig:
    db: str
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    public_address: str | None = None
    """How clients reach this process (``ws://host:port`` when not given): other processes on
    the same PostgreSQL database send a table's players here."""
    limits: Limits = field(default_factory=Limits)
    behind_proxy: bool = False
    """Count each client by the address its reverse proxy forwards (``X-Forwarded-For``)."""


class StartError(Exception):
    """The server could not start: the message says why (port in use, bad database)."""


async def run_server(config: ServerConfig, stop: asyncio.Event,
                     started: Callable[[int], None] = lambda port: None) -> None:
    """Serve until ``stop`` is set; ``started`` gets the port once it listens."""
    try:
        storage = await asyncio.to_thread(open_storage, config.db)
    except StorageError as err:
        raise StartError(str(err)) from None
    hub = LobbyHub(storage, all_games(), config.limits)
    transport = TransportServer(hub, config.limits, config.behind_proxy)
    try:
        try:
            port = await transport.start(config.host, config.port)
        except PortInUse as err:
            raise StartError(str(err)) from None
        await hub.start(config.public_address or f"ws://{_url_host(config.host)}:{port}")
        started(port)
        await stop.wait()
        await transport.stop()
    finally:
        await hub.stop()
        await asyncio.to_thread(storage.close)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


class ServerThread:
    """A server on its own event loop in a daemon thread: ``start()`` returns once it listens
    (or raises StartError), ``stop()`` shuts it down cleanly."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://{_url_host(self.config.host)}:{self.port}"

    def start(self, timeout: float = 30.0) -> int:
        self._thread.start()
        if not self._ready.wait(timeout):
            raise StartError("the server did not start in time")
        if self._error is not None:
            raise StartError(str(self._error))
        return self.port

    def stop(self, timeout: float = 30.0) -> None:
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop already ended
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            await run_server(self.config, self._stop, self._listening)

        try:
            asyncio.run(main())
        except BaseException as err:  # reported to start(); a thread has nowhere else to say
            self._error = err
        finally:
            self._ready.set()

    def _listening(self, port: int) -> None:
        self.port = port
        self._ready.set()


def serve_command(config: ServerConfig) -> int:
    """``conquid-arcade serve``: run until SIGTERM or Ctrl+C; 0 on a clean stop."""

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
                loop.add_signal_handler(signum, stop.set)

        def started(port: int) -> None:
            print(f"conquid-arcade: serving tables on {_url_host(config.host)}:{port} "
                  f"(database {redact(config.db)}); health page at /health", flush=True)
            if (config.public_address is None and config.host in ("0.0.0.0", "::")
                    and config.db.startswith(("postgresql://", "postgres://"))):
                print("conquid-arcade: warning: with several processes on one database, "
                      "give each its --public-address: other processes send players to it",
                      file=sys.stderr, flush=True)

        await run_server(config, stop, started)
        print("conquid-arcade: server stopped", flush=True)

    try:
        asyncio.run(main())
    except StartError as err:
        print(f"conquid-arcade: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0

