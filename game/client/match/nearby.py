"""The LAN browser of the Online screen, started by the background work.

Starting it opens mDNS sockets and starts zeroconf's threads (5-10 ms of the app's thread):
made in the frame that opens the screen, that frame went over its 16.7 ms. The background
work makes it between frames instead; until then no table is found, which the screen shows
as still looking, as it does while the first announcements arrive.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

from game.client.app.background import Background
from game.client.match.online import Browser


class NearbyTables:
    """A ``Browser`` that starts itself in the background (``start`` makes the real one, or
    None where this build browses nothing); closing it before it is up closes it once up."""

    def __init__(self, background: Background, start: Callable[[], Browser | None]) -> None:
        self._lock = threading.Lock()
        self._browser: Browser | None = None
        self._closed = False
        self._problem: str | None = None
        background.start([("start the LAN browser", functools.partial(self._start, start))])

    def _start(self, start: Callable[[], Browser | None]) -> None:
        try:
            browser = start()
        except (OSError, RuntimeError) as err:  # no multicast here: codes and addresses work
            with self._lock:
                self._problem = str(err) or type(err).__name__
            return
        with self._lock:
            if not self._closed:
                self._browser = browser
                return
        if browser is not None:
            browser.close()

    def problem(self) -> str | None:
        """Why tables nearby cannot be found here, once (None: no news)."""
        with self._lock:
            problem, self._problem = self._problem, None
        return problem

    def tables(self) -> list[Any]:
        browser = self._browser
        return [] if browser is None else browser.tables()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            browser, self._browser = self._browser, None
        if browser is not None:
            browser.close()
