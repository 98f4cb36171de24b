"""Tables on the local network, with no set-up: a hosting app announces its open table with
mDNS (DNS-SD, the ``zeroconf`` library) and every app nearby lists it.

An announcement carries public facts only: where the server listens, the invite code (the
table is open to whoever is on this network, as a board on a café table is), the game and
its options, the host's name, and the protocol and rules versions, so that an app that
cannot play it says why instead of failing on join. No pygame here.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import ifaddr
from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from game.core.text import problem
from game.net.wire.limits import PROTOCOL_VERSION

SERVICE: Final = "_conquid-arcade._tcp.local."
RESOLVE_MS: Final = 3000
LONGEST: Final = {"name": 64, "code": 8, "game": 32, "options": 120, "host": 32}
"""The longest each announced field may be; longer, the table is left out (what anyone on
the network announces is shown: it passes the text rules of ``game.core.text`` first)."""


@dataclass(frozen=True)
class Announced:
    """One table found on the network."""

    name: str
    url: str
    code: str
    game: str
    options: str
    host: str
    protocol: int
    rules: int

    def problem(self, rules: Mapping[str, int]) -> str:
        """Why this app cannot play it, or '' when it can."""
        if self.protocol != PROTOCOL_VERSION:
            newer = "the host's app is newer" if self.protocol > PROTOCOL_VERSION else \
                "the host's app is older"
            return f"{newer} (online protocol {self.protocol}, this app {PROTOCOL_VERSION})"
        if self.game not in rules:
            return "this app does not have this game"
        if rules[self.game] != self.rules:
            return (f"other rules version ({self.rules}, this app {rules[self.game]}): "
                    "update the older app")
        return ""


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other machines may reach (loopback when there is none)."""
    found = [str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if ip.is_IPv4 and not str(ip.ip).startswith(("127.", "169.254."))]
    return found or ["127.0.0.1"]


class Announcer:
    """Announce one table while it waits for its second player."""

    def __init__(self, port: int, addresses: list[str] | None = None,
                 zeroconf: Zeroconf | None = None) -> None:
        self.port = port
        self.addresses = addresses or lan_addresses()
        self._own = zeroconf is None
        self._zc = zeroconf or Zeroconf(ip_version=IPVersion.V4Only)
        self._info: ServiceInfo | None = None

    def announce(self, code: str, game: str, options: str, host: str, rules: int) -> None:
        self.withdraw()
        label = f"{host[:30]} {code}".replace(".", " ")
        self._info = ServiceInfo(
            SERVICE, f"{label}.{SERVICE}",
            addresses=[socket.inet_aton(a) for a in self.addresses], port=self.port,
            properties={"code": code, "game": game, "options": options[:120],
                        "host": host[:32], "protocol": str(PROTOCOL_VERSION),
                        "rules": str(rules)},
            server=f"{socket.gethostname().split('.')[0] or 'conquid'}.local.",
        )
        self._zc.register_service(self._info, allow_name_change=True)

    def withdraw(self) -> None:
        if self._info is not None:
            with contextlib.suppress(Exception):
                self._zc.unregister_service(self._info)
            self._info = None

    def close(self) -> None:
        self.withdraw()
        if self._own:
            self._zc.close()


class Browser:
    """Tables announced nearby, kept up to date by zeroconf's own thread; ``changed`` is
    called (from that thread) whenever the list changes."""

    def __init__(self, changed: Callable[[], None] = lambda: None,
                 zeroconf: Zeroconf | None = None) -> None:
        self._changed = changed
        self._own = zeroconf is None
        self._zc = zeroconf or Zeroconf(ip_version=IPVersion.V4Only)
        self._found: dict[str, Announced] = {}
        self._lock = threading.Lock()
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._on_change])

    def tables(self) -> list[Announced]:
        with self._lock:
            return sorted(self._found.values(), key=lambda each: each.name)

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str,
                   state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, RESOLVE_MS)
            found = None if info is None else _read(name, info)
            if found is None:
                return
            with self._lock:
                self._found[name] = found
        self._changed()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._browser.cancel()
        if self._own:
            self._zc.close()


def _read(name: str, info: ServiceInfo) -> Announced | None:
    """An announcement's facts, or None for one that does not say enough or holds a field
    the text rules refuse (a control character, a bidirectional override, too long)."""
    props: dict[str, Any] = {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)):
        (v.decode("utf-8", "replace") if isinstance(v, bytes) else "")
        for k, v in info.properties.items()
    }
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or info.port is None:
        return None
    try:
        protocol, rules = int(props.get("protocol", "")), int(props.get("rules", ""))
    except ValueError:
        return None
    fields = {"name": name.removesuffix(f".{SERVICE}"),
              **{key: props.get(key, "") for key in ("code", "game", "options", "host")}}
    if any(problem(value, LONGEST[key]) for key, value in fields.items()):
        return None
    return Announced(url=f"ws://{addresses[0]}:{info.port}", protocol=protocol, rules=rules,
                     **fields)
