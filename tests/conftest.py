"""Test-wide set-up: headless SDL, Hypothesis settings that suit CI, and online play that
stays on this machine."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def online_on_this_machine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every app a test builds hosts on 127.0.0.1 without announcing and browses the
    loopback interface only (``tests.loopback``): a random click on Host or Tables nearby
    (the monkey's) must not reach the LAN."""
    import game.main_window
    from tests.loopback import LoopbackBrowsers, loopback_hosting

    browsers = LoopbackBrowsers()
    monkeypatch.setattr(game.main_window, "lan_hosting", loopback_hosting)
    monkeypatch.setattr(game.main_window, "lan_browser", browsers)
    yield
    browsers.close()
