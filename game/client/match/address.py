"""A server's address as a player types it (``host``, ``host:port`` or a ``ws(s)://`` URL),
checked as it is entered so that what is remembered is what the settings reader accepts: a
pasted URL with an invisible character or a page of text is refused here, with the reason,
never stored to cost the player their settings at the next start."""

from __future__ import annotations

import urllib.parse
from typing import Final

from game.core.text import problem, quote

DEFAULT_PORT: Final = 8765
LONGEST: Final = 200
"""As long as the settings keep (``game.client.files.settings``)."""


def server_url(address: str) -> str:
    """A typed address as a WebSocket URL. Raises ValueError with the reason for people."""
    address = address.strip()
    if not address:
        raise ValueError("type an address first")
    found = problem(address, LONGEST)
    if found:
        raise ValueError(f"the address {found}")
    if address.startswith(("ws://", "wss://")):
        try:
            parts = urllib.parse.urlsplit(address)
            host = parts.hostname
            _ = parts.port  # a port that is not a number raises ValueError here
        except ValueError:
            host = None
        if not host or " " in address:
            raise ValueError(f"{quote(address)} is not a server's address "
                             "(like wss://play.example.org)")
        return address
    if "://" in address or " " in address:
        raise ValueError(f"{quote(address)} is not an address (like play.example.org:8765)")
    host, _, port = address.rpartition(":") if address.count(":") == 1 else (address, "", "")
    if port and not port.isdigit():
        raise ValueError(f"{quote(port)} is not a port number")
    return f"ws://{host}:{port or DEFAULT_PORT}"
