"""Every number the protocol promises, in one place the server, the client and the docs share.

Limits keep one hostile or broken peer from costing the server more than a small, known amount
of memory and time; each is far above what an honest client needs.
"""

from __future__ import annotations

from typing import Final

PROTOCOL_VERSION: Final = 2
"""Raised whenever a message changes shape or meaning; peers of different versions refuse."""

MAX_MESSAGE_BYTES: Final = 16 * 1024
"""Largest message (UTF-8 bytes of its JSON text), either way."""
MAX_DEPTH: Final = 4
"""Deepest nesting of objects and lists in a message (the message object is depth 1)."""
MAX_FIELDS: Final = 32
"""Most fields in one object."""
MAX_ITEMS: Final = 256
"""Most items in one list (a long game's moves are sent in several chunks)."""
MAX_DIGITS: Final = 16
"""Longest whole number; no fraction, exponent or NaN is ever sent."""

MAX_NAME: Final = 32
"""Longest player name, in characters."""
MAX_CHAT: Final = 500
"""Longest chat line, in characters."""
MAX_MOVE_TEXT: Final = 200
"""Longest move notation (the record format's limit)."""
MAX_OPTION_TEXT: Final = 40
MAX_CLIENT_TEXT: Final = 80
MAX_REASON: Final = 300
"""Longest readable reason in an error."""

TOKEN_BYTES: Final = 16
"""A seat token's randomness: 128 bits, sent as 32 lowercase hexadecimal digits."""
INVITE_ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Invite code characters: no 0/O, 1/I/L look-alikes."""
INVITE_LENGTH: Final = 6
INVITE_SECONDS: Final = 600
"""An invite code works once, for ten minutes."""
TABLE_ID_LENGTH: Final = 12

MIN_GONE_SECONDS: Final = 10
MAX_GONE_SECONDS: Final = 24 * 3600
DEFAULT_GONE_SECONDS: Final = 60
"""How long a player must be gone on their own turn before the other may claim the game."""
MIN_MOVE_SECONDS: Final = 60
MAX_MOVE_SECONDS: Final = 30 * 24 * 3600
"""A correspondence deadline per move, when the table has one."""
MIN_BASE_SECONDS: Final = 30
MAX_BASE_SECONDS: Final = 3 * 3600
"""A real-time clock's starting time for each player, when the table has one."""
MAX_INCREMENT_SECONDS: Final = 180
"""Added to a player's real-time clock each time their turn passes to the other."""

MAX_LAG_CREDIT_SECONDS: Final = 1.0
"""Most network round trip a real-time clock forgives a move (the rest is charged)."""
FIRST_MOVE_SECONDS: Final = 30
"""With a real-time clock, a player who has not made their first move this long after their
turn began has the round aborted (nobody wins, nothing is rated) rather than lost on time."""
TAKEBACK_WAIT_SECONDS: Final = 20
"""A player asks to take back again only this long after their last asking (or its refusal),
or once a move has been played since."""

# Enforced by the server, stated here so clients and docs agree.
RATE_MESSAGES: Final = 100
RATE_SECONDS: Final = 20
"""At most RATE_MESSAGES messages per connection in any RATE_SECONDS."""
MAX_BAD_MESSAGES: Final = 5
"""Unreadable messages (bad-message, too-large, unknown-type) a connection may send before it
is closed with POLICY; each one is answered with an error first."""
HANDSHAKE_SECONDS: Final = 10
"""A connection that has not said hello by then is closed."""
