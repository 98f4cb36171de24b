"""The player names a client holds on online servers, with their secrets, kept in one file
in the user data folder (``online-names.json``; written atomically, readable by its owner
only: ``tempfile`` makes it so).

A secret is 128 random bits made here once per server and name; the server keeps only its
hash, so this file is the only copy: losing it loses the name (unless a one-time ``link``
code moved it to another machine first). ``export``/``adopt`` move it by hand as one line
of text. An unreadable file is never written over: the error says where it is.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.core.atomic import atomic_write_text
from game.core.files import FileRefused, read_bounded
from game.net.wire.limits import TOKEN_BYTES

FILE_NAME: Final = "online-names.json"
MAX_BYTES: Final = 1024 * 1024
"""Room for thousands of names; a larger file is refused unread (it would freeze the window)."""


class IdentityError(Exception):
    """The names file cannot be read or an exported line is malformed (a readable reason)."""


@dataclass(frozen=True)
class Identity:
    name: str
    secret: str

    def __repr__(self) -> str:  # a secret never reaches a log through a repr
        return f"Identity(name={self.name!r})"


class Identities:
    """Names per server (the server's URL as the key)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE_NAME

    def get(self, server: str) -> Identity | None:
        held = self._load().get(server)
        return None if held is None else Identity(held["name"], held["secret"])

    def claim(self, server: str, name: str) -> Identity:
        """The identity to send for ``name`` on ``server``: the one held, or a new secret
        (stored before it is ever sent, so a name claimed is never a name lost)."""
        held = self.get(server)
        if held is not None and held.name == name:
            return held
        return self._keep(server, Identity(name, secrets.token_hex(TOKEN_BYTES)))

    def export(self, server: str) -> str | None:
        """One line that ``adopt`` takes on another machine (keep it as private as a key)."""
        held = self.get(server)
        return None if held is None else f"{held.name}\t{held.secret}"

    def adopt(self, server: str, line: str) -> Identity:
        name, _, secret = line.strip().partition("\t")
        if not name or len(secret) != 2 * TOKEN_BYTES or not all(
                c in "0123456789abcdef" for c in secret):
            raise IdentityError("this is not an exported name (NAME, a tab, 32 hex digits)")
        return self._keep(server, Identity(name, secret))

    def _keep(self, server: str, identity: Identity) -> Identity:
        held = self._load()
        held[server] = {"name": identity.name, "secret": identity.secret}
        atomic_write_text(self.path, json.dumps(held, indent=1, sort_keys=True), private=True)
        return identity

    def _load(self) -> dict[str, dict[str, str]]:
        try:
            data = read_bounded(self.path, MAX_BYTES, "a names file")
        except FileRefused as err:
            if err.missing:
                return {}
            raise IdentityError(f"{err} (in {self.path.parent}): it is left as it is") from None
        try:
            held = json.loads(data.decode("utf-8"))
            if not isinstance(held, dict) or not all(
                    isinstance(v, dict) and isinstance(v.get("name"), str)
                    and isinstance(v.get("secret"), str) for v in held.values()):
                raise ValueError
        except (ValueError, RecursionError):
            raise IdentityError(f"{self.path} is damaged: it is left as it is (it holds "
                                "your online names' secrets); move it away to start anew"
                                ) from None
        return held
