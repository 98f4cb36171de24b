"""Online play that reaches no other machine, for every test and bench that builds the app.

The app's own hosting listens on every interface and announces its table on the LAN, and
its Online screen browses the LAN: right for players, wrong for tests and benches, which may
talk only to this machine. Here hosting listens on 127.0.0.1 and announces nothing, and the
browser's mDNS listens on the loopback interface alone.
"""

from __future__ import annotations

import functools
import importlib
import sys
import threading
from collections.abc import Callable

from zeroconf import IPVersion, Zeroconf

from game.client.app.background import Background
from game.client.files.paths import Paths
from game.client.match.online import Browser, HostedServer
from game.net.lan import Browser as LanBrowser


def loopback_hosting(paths: Paths, port: int | None = None) -> HostedServer:
    """This machine's server on 127.0.0.1 (on ``port`` if it is free, as the app's is),
    announced nowhere."""
    from game.hosting import LanHost

    return LanHost(paths.data, bind="127.0.0.1", port=port or 0, announce=False)


class LoopbackBrowsers:
    """``game.main_window.lan_browser`` on the loopback interface: each browser's mDNS is
    kept to be closed with the others (``close``) when the test or bench ends."""

    def __init__(self) -> None:
        self._zeroconfs: list[Zeroconf] = []
        self._closed = False
        self._lock = threading.Lock()
        """Browsers start in the app's background work, maybe as the test ends."""

    def __call__(self, background: Background, changed: Callable[[], None]) -> Browser:
        if "game.hosting" not in sys.modules:  # as the app does: Host may come next
            background.start([("import game.hosting",
                               functools.partial(importlib.import_module, "game.hosting"))])
        zeroconf = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        with self._lock:
            late = self._closed
            if not late:
                self._zeroconfs.append(zeroconf)
        if late:  # the test is over: nobody would close it
            zeroconf.close()
        return LanBrowser(changed, zeroconf=zeroconf)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zeroconfs, self._zeroconfs = self._zeroconfs, []
        for zeroconf in zeroconfs:
            zeroconf.close()
