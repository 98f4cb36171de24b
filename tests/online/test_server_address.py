"""A server's address is checked as the player types it, so that what is remembered is what
the settings reader accepts (a pasted URL with an invisible character once cost the player
every setting at the next start)."""

from __future__ import annotations

import pytest

from game.client.files.settings import Settings
from game.client.match.address import server_url


@pytest.mark.parametrize(("typed", "url"), [
    ("127.0.0.1", "ws://127.0.0.1:8765"),
    (" play.example.org:9000 ", "ws://play.example.org:9000"),
    ("wss://play.example.org", "wss://play.example.org"),
    ("ws://[::1]:8765", "ws://[::1]:8765"),
])
def test_an_address_becomes_a_url(typed: str, url: str) -> None:
    assert server_url(typed) == url


@pytest.mark.parametrize(("typed", "why"), [
    ("", "type an address first"),
    ("ws://play.example.org\u200b/", "invalid character"),
    ("wss://a\u202eb.org", "invalid character"),
    ("ws://" + "x" * 300, "too long"),
    ("ws://", "not a server's address"),
    ("wss://play.example.org:port", "not a server's address"),
    ("http://play.example.org", "not an address"),
    ("host:port", "not a port number"),
])
def test_an_address_the_settings_would_refuse_is_refused_when_typed(typed: str, why: str
                                                                    ) -> None:
    with pytest.raises(ValueError, match=why):
        server_url(typed)


@pytest.mark.parametrize("typed", ["127.0.0.1", "wss://play.example.org/tables",
                                   "ws://[::1]:8765"])
def test_every_address_accepted_is_one_the_settings_keep(typed: str) -> None:
    stored = Settings(server=typed).to_json()
    assert Settings.read(stored) == (Settings(server=typed), ())
