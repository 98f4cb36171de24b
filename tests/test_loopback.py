"""Every app a test builds stays on this machine (``tests.conftest``)."""

from __future__ import annotations

import game.main_window
from tests.loopback import LoopbackBrowsers, loopback_hosting


def test_apps_built_by_tests_host_and_browse_on_loopback_only() -> None:
    assert game.main_window.lan_hosting is loopback_hosting
    assert isinstance(game.main_window.lan_browser, LoopbackBrowsers)
