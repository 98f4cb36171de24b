"""The lobby and the online screens by keyboard: Tab goes round every control (a loopback
server in this process)."""

from __future__ import annotations

from tests.online.test_lobby_app import app, enter_lobby, server  # (fixtures)
from tests.ui.driver import Driver
from tests.ui.test_access_focus import tour

__all__ = ["app", "server"]


def test_the_lobby_goes_round_by_tab(app: Driver) -> None:
    lobby = enter_lobby(app)
    assert app.top is lobby
    tour(app, app.app.services)
