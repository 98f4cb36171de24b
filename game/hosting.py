"""Hosting a table from the desktop app: the table server (``game.net.server``) in a
background thread, announced on the local network (``game.net.lan``) while a table waits.

Part of the composition root's kit, like ``game.computer``: the generic client is handed a
factory (``game.client.match.online.OnlinePlay``) and never imports the server. The app's own client
connects to this server over loopback like any other client, so hosting and joining share
one code path. Tables are stored in the user data folder, so a host that restarts the app
serves its unfinished tables again.

Announcing waits for mDNS to probe the name (about 1.7 s), and withdrawing for its goodbye:
both run in one thread of their own, in the order asked, so the frame that hosts goes on.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final

from game.net.lan import Announcer, lan_addresses
from game.net.server.runner import DEFAULT_PORT, ServerConfig, ServerThread, StartError

DB_NAME: Final = "hosted-tables.sqlite"


class LanHost:
    """This machine's server while the app runs (``game.client.match.online.HostedServer``)."""

    def __init__(self, data: Path, bind: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 announce: bool = True) -> None:
        """``bind``: the interfaces to listen on (every one, so the network can reach it);
        ``port``: the one to try first (another is taken if it is in use)."""
        db = str(data / DB_NAME)
        data.mkdir(parents=True, exist_ok=True)
        self._thread = ServerThread(ServerConfig(db=db, host=bind, port=port))
        try:
            self.port = self._thread.start()
        except StartError:
            if port == 0:
                raise
            self._thread = ServerThread(ServerConfig(db=db, host=bind, port=0))
            self.port = self._thread.start()
        self.url = f"ws://127.0.0.1:{self.port}"
        local = ["127.0.0.1"] if bind.startswith("127.") else lan_addresses()
        self.addresses = tuple(f"{address}:{self.port}" for address in local)
        self._announcer: Announcer | None = None
        self._announce = announce
        self._local = local
        self._mdns = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mdns")
        """Announces and withdraws, one after another, off the app's thread."""

    def announce(self, code: str, game: str, options: str, host: str, rules: int) -> None:
        if self._announce:
            self._later(functools.partial(self._announce_now, code, game, options, host, rules))

    def withdraw(self) -> None:
        self._later(self._withdraw_now)

    def _later(self, work: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):  # stopped: the app is closing
            self._mdns.submit(work)

    def stop(self) -> None:
        self._mdns.shutdown(wait=True)
        if self._announcer is not None:
            with contextlib.suppress(Exception):
                self._announcer.close()
            self._announcer = None
        self._thread.stop()

    def _announce_now(self, code: str, game: str, options: str, host: str, rules: int) -> None:
        if not self._announce:
            return
        try:
            if self._announcer is None:
                self._announcer = Announcer(self.port, self._local)
            self._announcer.announce(code, game, options, host, rules)
        except (OSError, RuntimeError):  # no multicast here: joining by code still works
            self._announce = False

    def _withdraw_now(self) -> None:
        if self._announcer is not None:
            self._announcer.withdraw()
