"""Where the protocol's secrets come from: seat tokens, invite codes, table ids, random seats.

The table never draws randomness itself; it is handed a ``Randomness``. The server hands it
``SystemRandomness`` (the operating system's, through ``secrets``); tests hand it
``SeededRandomness`` so every run is the same. Tokens are only ever kept as their SHA-256
hash: a stolen database or log gives nobody a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Protocol

from game.net.wire.limits import INVITE_ALPHABET, INVITE_LENGTH, TABLE_ID_LENGTH, TOKEN_BYTES

_TABLE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


class Randomness(Protocol):
    """A source of unpredictable bytes."""

    def bytes(self, count: int) -> bytes:
        """``count`` random bytes."""
        ...


class SystemRandomness:
    """The operating system's randomness: what a real server uses."""

    def bytes(self, count: int) -> bytes:
        return secrets.token_bytes(count)


class SeededRandomness:
    """Reproducible randomness for tests (never for a server: anyone could guess it)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def bytes(self, count: int) -> bytes:
        return self._random.randbytes(count)


def new_token(source: Randomness) -> str:
    """A seat token: 128 random bits as 32 lowercase hexadecimal digits."""
    return source.bytes(TOKEN_BYTES).hex()


def token_hash(token: str) -> str:
    """What is stored instead of a token."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from (constant time)."""
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_invite_code(source: Randomness) -> str:
    """Six characters that cannot be misread (no 0/O, 1/I/L): about 30 bits."""
    return _pick(source, INVITE_ALPHABET, INVITE_LENGTH)


def new_table_id(source: Randomness) -> str:
    """A table's public id: 12 lowercase characters, about 60 bits (not a secret)."""
    return _pick(source, _TABLE_ALPHABET, TABLE_ID_LENGTH)


def coin(source: Randomness) -> int:
    """0 or 1, evenly."""
    return source.bytes(1)[0] & 1


def _pick(source: Randomness, alphabet: str, length: int) -> str:
    """``length`` characters of ``alphabet``, evenly (bytes past a whole multiple are redrawn)."""
    usable = 256 - 256 % len(alphabet)
    chosen: list[str] = []
    while len(chosen) < length:
        for byte in source.bytes(length):
            if byte < usable and len(chosen) < length:
                chosen.append(alphabet[byte % len(alphabet)])
    return "".join(chosen)
