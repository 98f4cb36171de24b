"""What anyone on the network announces is shown to every app nearby: an announcement with
a field the text rules refuse (a NUL, a bidirectional override, too long) is left out, so it
never reaches a label (a NUL made pygame_gui raise ValueError in every app that looked)."""

from __future__ import annotations

import socket

import pytest
from zeroconf import ServiceInfo

from game.net.lan import SERVICE, _read
from game.net.wire.limits import PROTOCOL_VERSION


def announced(label: str = "Ada ABC234", **changes: str) -> ServiceInfo:
    properties = {"code": "ABC234", "game": "conquid", "options": "board small", "host": "Ada",
                  "protocol": str(PROTOCOL_VERSION), "rules": "1", **changes}
    return ServiceInfo(SERVICE, f"{label}.{SERVICE}", addresses=[socket.inet_aton("127.0.0.1")],
                       port=8765, properties=properties, server="host.local.")


def test_an_honest_announcement_is_read() -> None:
    table = _read(f"Ada ABC234.{SERVICE}", announced())
    assert table is not None and table.host == "Ada" and table.url == "ws://127.0.0.1:8765"


@pytest.mark.parametrize("changes", [
    {"host": "Ada\x00"},
    {"host": "Ada\u202eevil"},
    {"options": "board\nsmall"},
    {"game": "conquid\x1b[31m"},
    {"code": "ABC\u200f234"},
    {"host": "A" * 33},
    {"options": "x" * 121},
])
def test_an_announcement_the_text_rules_refuse_is_left_out(changes: dict[str, str]) -> None:
    assert _read(f"Ada ABC234.{SERVICE}", announced(**changes)) is None


def test_a_service_name_the_text_rules_refuse_is_left_out() -> None:
    assert _read(f"Ada\x07 ABC234.{SERVICE}", announced()) is None
