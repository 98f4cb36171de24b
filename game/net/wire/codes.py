"""Machine-readable refusal and close codes, and the exception that carries a refusal.

A refusal never changes a table: the peer gets an ``error`` message with a code to act on and
a reason to show, and (unless the code is in ``CLOSING``) the connection stays open.
"""

from __future__ import annotations

import enum
from typing import Final


class Refusal(enum.Enum):
    """Why a message was refused; the value is the ``code`` field of an ``error`` message."""

    BAD_MESSAGE = "bad-message"
    TOO_LARGE = "too-large"
    UNKNOWN_TYPE = "unknown-type"
    BAD_TEXT = "bad-text"
    HELLO_FIRST = "hello-first"
    PROTOCOL_VERSION = "protocol-version"
    RULES_VERSION = "rules-version"
    UNKNOWN_GAME = "unknown-game"
    BAD_OPTIONS = "bad-options"
    NO_TABLE = "no-table"
    BAD_CODE = "bad-code"
    INVITE_CODE = "invite-code"
    """An invite code was given where a watch code (a table's id) is asked."""
    BAD_TOKEN = "bad-token"
    SEATED = "seated"
    NOT_SEATED = "not-seated"
    WAITING = "waiting"
    NOT_YOUR_TURN = "not-your-turn"
    STALE = "stale"
    NOTATION = "notation"
    ILLEGAL = "illegal"
    GAME_OVER = "game-over"
    GAME_ON = "game-on"
    TOO_LATE = "too-late"
    NO_OFFER = "no-offer"
    NO_MOVE = "no-move"
    TOO_SOON = "too-soon"
    CANNOT_CLAIM = "cannot-claim"
    RATE_LIMITED = "rate-limited"
    BUSY = "busy"
    NAME_TAKEN = "name-taken"
    NOT_IDENTIFIED = "not-identified"
    NO_PLAYER = "no-player"
    BLOCKED = "blocked"
    NO_CHALLENGE = "no-challenge"
    NOT_LISTED = "not-listed"
    INTERNAL = "internal"


class CloseCode(enum.IntEnum):
    """WebSocket close codes the server uses (4000-4999 are this protocol's own)."""

    NORMAL = 1000
    GOING_AWAY = 1001
    """The server is shutting down: reconnect later and attach again."""
    POLICY = 1008
    """Too many messages (flood), or ``MAX_BAD_MESSAGES`` unreadable ones."""
    TOO_BIG = 1009
    INTERNAL = 1011
    HANDSHAKE_REFUSED = 4000
    """Protocol or rules version mismatch; the ``error`` before it says which."""
    HANDSHAKE_TIMEOUT = 4001
    REPLACED = 4002
    """Another connection attached to this seat with its token."""
    TOO_MANY_CONNECTIONS = 4003
    ELSEWHERE = 4004
    """This table is served by another server process; the close reason is that process's
    address (a ws:// or wss:// URL): connect there and attach again."""


CLOSING: Final = frozenset({Refusal.PROTOCOL_VERSION, Refusal.RULES_VERSION})
"""Refusals after which the server closes the connection (HANDSHAKE_REFUSED)."""


class ProtocolError(Exception):
    """A refused message: ``code`` for programs, ``reason`` for people, ``of`` the message type
    refused when it was known."""

    def __init__(self, code: Refusal, reason: str, of: str | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.of = of
