"""Every message of the protocol as a frozen dataclass, its JSON form declared by its fields.

A message is a JSON object whose ``type`` names it; its other fields are exactly the
dataclass's fields (unknown fields are refused, so a typo never goes unnoticed). Each field is
annotated with its wire type (``game.net.wire.form``), from which both directions are derived.
``decode_client`` reads what a client may send, ``decode_server`` what a server may send,
``encode`` writes either. Decoding checks every field's type, range and text, so a table only
ever sees well-formed values; what a value *means* (is it your turn, is the move legal) is the
table's to judge. docs/online.md describes each message for people writing a client.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Final, TypeAlias

from game.core.text import quote
from game.net.wire.codec import Fields, dump, parse, size_of
from game.net.wire.codes import ProtocolError, Refusal
from game.net.wire.form import Hidden, Kind, Later, Or, Text, Whole, Wire
from game.net.wire.limits import (
    DEFAULT_GONE_SECONDS,
    INVITE_ALPHABET,
    INVITE_LENGTH,
    MAX_BASE_SECONDS,
    MAX_CHAT,
    MAX_CLIENT_TEXT,
    MAX_FIELDS,
    MAX_GONE_SECONDS,
    MAX_INCREMENT_SECONDS,
    MAX_ITEMS,
    MAX_MESSAGE_BYTES,
    MAX_MOVE_SECONDS,
    MAX_MOVE_TEXT,
    MAX_NAME,
    MAX_OPTION_TEXT,
    MAX_REASON,
    MIN_BASE_SECONDS,
    MIN_GONE_SECONDS,
    MIN_MOVE_SECONDS,
    TOKEN_BYTES,
)

MAX_COUNT: Final = 1_000_000
"""Bound of plies, rounds and versions on the wire (every game ends far below it)."""
MAX_TIME: Final = 2**40
"""Bound of a Unix time in seconds on the wire, and of a clock reading in ms."""
MAX_ID: Final = 32
MAX_RATING: Final = 10_000
"""The highest rating a message carries (as the lobby's messages bound it)."""
OptionValue: TypeAlias = str | int | bool


# -- the protocol's own wire types ---------------------------------------------------------


@dataclass(frozen=True)
class Ident(Kind):
    """An identifier: a game id or a table id (lowercase letters, digits, '-', '_')."""

    def read(self, f: Fields, value: object, what: str) -> str:
        text = f.check_text(value, what, MAX_ID)
        if not all(c.isascii() and (c.islower() or c.isdigit() or c in "-_") for c in text):
            f.refuse(f"{what} must be lowercase letters, digits, '-' or '_'")
        return text


@dataclass(frozen=True)
class Hex(Kind):
    """A secret (a seat's token, a player's secret): ``TOKEN_BYTES`` bytes in hexadecimal."""

    def read(self, f: Fields, value: object, what: str) -> str:
        if (not isinstance(value, str) or len(value) != 2 * TOKEN_BYTES
                or not all(c in "0123456789abcdef" for c in value)):
            f.refuse(f"{what} must be {2 * TOKEN_BYTES} lowercase hexadecimal digits",
                     Refusal.BAD_TOKEN)
        return value


@dataclass(frozen=True)
class Code(Kind):
    """A code people type (``noun``): ``length`` characters of ``INVITE_ALPHABET``, read in
    either case and kept upper-case."""

    length: int
    noun: str

    def shaped(self, text: str) -> bool:
        code = text.upper()
        return len(code) == self.length and all(c in INVITE_ALPHABET for c in code)

    def read(self, f: Fields, value: object, what: str) -> str:
        if not isinstance(value, str) or not self.shaped(value):
            f.refuse(f"{self.noun} is {self.length} characters from {INVITE_ALPHABET}",
                     Refusal.BAD_CODE)
        return value.upper()


@dataclass(frozen=True)
class VersionTable(Kind):
    """Game ids mapped to rules versions."""

    def read(self, f: Fields, value: object, what: str) -> dict[str, int]:
        if not isinstance(value, dict):
            f.refuse(f"{what} must be a JSON object")
        for game, version in value.items():
            f.check_text(game, f"a game id in {what}", MAX_ID)
            if isinstance(version, bool) or not isinstance(version, int) or not (
                0 <= version <= MAX_COUNT
            ):
                f.refuse(f"{what} maps game ids to whole version numbers")
        return dict(value)

    def write(self, value: Mapping[str, int]) -> object:
        return dict(value)


@dataclass(frozen=True)
class OptionTable(Kind):
    """A game's options as the setup screen takes them: names to text, numbers or flags."""

    def read(self, f: Fields, value: object, what: str) -> dict[str, OptionValue]:
        if not isinstance(value, dict):
            f.refuse(f"{what} must be a JSON object")
        if len(value) > MAX_FIELDS:
            f.refuse(f"at most {MAX_FIELDS} options")
        for name, option in value.items():
            f.check_text(name, "an option's name", MAX_OPTION_TEXT)
            if isinstance(option, str):
                f.check_text(option, f"option {quote(name)}", MAX_OPTION_TEXT)
            elif not isinstance(option, (int, bool)):
                f.refuse(f"option {quote(name)} must be text, a whole number, true or false")
        return dict(value)

    def write(self, value: Mapping[str, OptionValue]) -> object:
        return dict(value)


INVITE: Final = Code(INVITE_LENGTH, "an invite code")

Seat: TypeAlias = Annotated[int, Whole(0, 1)]
Count: TypeAlias = Annotated[int, Whole(0, MAX_COUNT)]
UnixTime: TypeAlias = Annotated[int, Whole(0, MAX_TIME)]
Id: TypeAlias = Annotated[str, Ident()]
Name: TypeAlias = Annotated[str, Text(MAX_NAME)]
ChatText: TypeAlias = Annotated[str, Text(MAX_CHAT)]
MoveText: TypeAlias = Annotated[str, Text(MAX_MOVE_TEXT)]
Token: TypeAlias = Annotated[str, Hex(), Hidden()]
InviteCode: TypeAlias = Annotated[str, INVITE]
Versions: TypeAlias = Annotated[Mapping[str, int], VersionTable()]
Options: TypeAlias = Annotated[Mapping[str, OptionValue], OptionTable()]
ClockMs: TypeAlias = Annotated[int, Whole(0, MAX_TIME)]
Clocks: TypeAlias = Annotated[tuple[ClockMs, ClockMs] | None, Later()]
"""Both seats' real-time clocks (ms left), or None; a peer that predates them leaves them out."""


class OfferKind(enum.Enum):
    """What can be offered to the other player, who answers yes or no."""

    DRAW = "draw"
    REMATCH = "rematch"
    TAKEBACK = "takeback"
    """Take back the offerer's last turn (and the other's since, if any): see ``TakenBack``."""


class Clock(Wire):
    """A table's time rules, in seconds.

    ``gone``: how long a player may be gone (disconnected) on their own turn before the other
    may claim the game. ``move``: a correspondence deadline for each move, or None for none.
    ``base`` and ``increment``: a real-time clock (each player starts with ``base`` and earns
    ``increment`` each time their turn passes), or None for none. A table has at most one of
    the two kinds. Peers that predate the real-time clock leave its fields out.
    """

    gone: Annotated[int, Whole(MIN_GONE_SECONDS, MAX_GONE_SECONDS)] = DEFAULT_GONE_SECONDS
    move: Annotated[int | None, Whole(MIN_MOVE_SECONDS, MAX_MOVE_SECONDS), Later()] = None
    base: Annotated[int | None, Whole(MIN_BASE_SECONDS, MAX_BASE_SECONDS), Later()] = None
    increment: Annotated[int, Whole(0, MAX_INCREMENT_SECONDS), Later(0)] = 0

    @property
    def is_live(self) -> bool:
        """Whether the table has a real-time clock."""
        return self.base is not None

    @property
    def label(self) -> str:
        """How players name it: ``3+2`` (minutes + seconds a move), or empty."""
        if self.base is None:
            return ""
        minutes = f"{self.base // 60}" if self.base % 60 == 0 else f"{self.base / 60:g}"
        return f"{minutes}+{self.increment}"

    def check(self, f: Fields) -> None:
        if self.base is not None and self.move is not None:
            f.refuse(f"{f.of} has either a real-time clock (base) or a "
                     "correspondence deadline (move), not both")
        if self.base is None and self.increment:
            f.refuse(f"{f.of}.increment needs a base time")


class Ending(Wire):
    """How a round ended: the winning seat (None for a draw or an abort) and the rules' reason
    (an ``OutcomeReason`` value) with its label for people."""

    winner: Annotated[Seat | None, Later()]
    reason: Annotated[str, Text(MAX_ID)]
    label: Annotated[str, Text(MAX_REASON)]


class RatingChange(Wire):
    """One player's rating after a rated round (rounded), by how much it moved (the rounded
    new rating less the rounded old one, so the two figures shown always agree) and whether
    it is still provisional."""

    rating: Annotated[int, Whole(0, MAX_RATING)]
    change: Annotated[int, Whole(-MAX_RATING, MAX_RATING)]
    provisional: bool


Ratings: TypeAlias = Annotated[tuple[RatingChange, RatingChange] | None, Later()]
"""After a rated round: each seat's new rating and its change (by seat that round)."""


class SeatOffer(Wire):
    """An offer's ``kind`` and a ``seat``: the fields of ``Pending``, ``Offered`` and
    ``Declined``."""

    kind: OfferKind
    seat: Seat


class Pending(SeatOffer):
    """An offer waiting for its answer: what, and from which seat."""


# -- what a client sends -----------------------------------------------------------------


class Hello(Wire, type="hello"):
    """The first message: the protocol version and the rules version of every game the client
    has, so that a mismatch is refused before any game starts (``welcome`` answers)."""

    protocol: Count
    rules: Versions
    client: Annotated[str, Text(MAX_CLIENT_TEXT, empty=True)] = ""


class Create(Wire, type="create"):
    """Open a table: the game, its options (as the setup screen takes them), the seat wanted
    (None: drawn at random), the creator's public name and the clock."""

    game: Id
    options: Options
    seat: Annotated[int | None, Or(Whole(0, 1), "random")]
    name: Name
    clock: Clock = field(default_factory=Clock)


class Join(Wire, type="join"):
    """Take the free seat of the table an invite code opens (the code works once)."""

    code: InviteCode
    name: Name


class Attach(Wire, type="attach"):
    """Come back to one's seat (after a drop, or from another device): the table, the seat's
    token, and the round and number of moves the client already holds; the server answers
    with the table's state and exactly the moves that are missing."""

    table: Id
    token: Token
    round: Count
    have: Count


class Move(Wire, type="move"):
    """Play ``move`` (the game's notation) as move number ``ply`` (0 is the first move of the
    round). Sending the same move again is acknowledged again; another move at a ply already
    played is refused as stale."""

    ply: Count
    move: MoveText


class Resign(Wire, type="resign"):
    """Give up the round, on either player's turn."""



class Offer(Wire, type="offer"):
    """Offer a draw or ask to take back one's last turn (while the round goes on), or offer
    a rematch with sides swapped (once it is over). Offering what the other player already
    offered accepts it."""

    kind: OfferKind


class Answer(Wire, type="answer"):
    """Accept or decline the other player's pending offer of ``kind``."""

    kind: OfferKind
    accept: bool


class Abort(Wire, type="abort"):
    """Call the round off, nobody winning: only before both sides have moved."""



class Claim(Wire, type="claim"):
    """Claim the round: the other player has been gone ``clock.gone`` seconds on their own
    turn (they lose as having left) or is past their ``clock.move`` deadline (lost on time)."""



class Chat(Wire, type="chat"):
    """One line of chat to the other player."""

    text: ChatText


ClientMessage: TypeAlias = (
    Hello | Create | Join | Attach | Move | Resign | Offer | Answer | Abort | Claim | Chat
)
CLIENT_TYPES: Final[Mapping[str, Any]] = {
    kind.TYPE: kind
    for kind in (Hello, Create, Join, Attach, Move, Resign, Offer, Answer, Abort, Claim, Chat)
}


# -- what a server sends -----------------------------------------------------------------


class Welcome(Wire, type="welcome"):
    """The handshake accepted: the server's protocol and the games it hosts (id -> rules
    version; only two-player games)."""

    protocol: Count
    games: Versions
    server: Annotated[str, Text(MAX_CLIENT_TEXT, empty=True)] = ""


class Error(Wire, type="error"):
    """A refusal: ``code`` (a ``Refusal`` value) for programs, ``reason`` for people, ``of``
    the type of the message refused (None when it could not be read). Nothing changed."""

    code: Annotated[str, Text(MAX_ID)]
    reason: Annotated[str, Text(MAX_REASON)]
    of: Annotated[str, Text(MAX_ID)] | None = None

    @classmethod
    def of_error(cls, err: ProtocolError) -> Error:
        return cls(err.code.value, err.reason[:MAX_REASON], err.of)


class Seated(Wire, type="seated"):
    """You hold ``seat`` at ``table``: keep ``token`` secret and safe, it is the only way back
    to the seat (``attach``). Sent once, after ``create`` or ``join``."""

    table: Id
    seat: Seat
    token: Token


class Invite(Wire, type="invite"):
    """The code that lets one other person join, and when it expires (Unix seconds)."""

    code: InviteCode
    expires: UnixTime


class TableState(Wire, type="table"):
    """The table as it stands, for the connection it is sent to (``seat`` is yours). Moves
    follow in ``moves`` messages unless the client already has them all (``ply`` in total).
    Sent after ``create``, ``join`` and ``attach``, and to both players when a round starts."""

    table: Id
    game: Id
    rules: Count
    options: Options
    clock: Clock
    round: Count
    seat: Seat
    names: tuple[Name | None, Name | None]
    here: tuple[bool, bool]
    ply: Count
    ending: Ending | None = None
    offer: Pending | None = None
    deadline: Annotated[UnixTime | None, Later()] = None
    """When the side to move loses on time (Unix seconds), with a correspondence clock."""
    clocks: Clocks = None
    """Each seat's real-time clock as the message leaves (ms left), or None without one;
    the side to move's is running."""
    rated: Annotated[bool, Later(False)] = False
    """The round is rated (both players identified and agreed). Optional in the message:
    absent from older servers, which means unrated."""
    ratings: Ratings = None
    """After a rated round ended: each seat's new rating and its change, as its ``ended``
    said (stored with the round, so a player who comes back hears them too). Optional in
    the message: None otherwise, and from older servers."""


class Moves(Wire, type="moves"):
    """Moves ``start``, ``start + 1``, ... of round ``round`` (record tokens: a board move's
    notation or a meta move such as ``resign 1``). A ``start`` of 0 while the client holds
    moves means its copy was out of step: it starts the round again from these."""

    round: Count
    start: Count
    moves: tuple[MoveText, ...]


class Moved(Wire, type="moved"):
    """Move number ``ply`` of round ``round`` was played by ``seat``: the acknowledgement to
    its player and the news to the other, sent only once it is stored."""

    round: Count
    ply: Count
    seat: Annotated[Seat | None, Later()]
    move: MoveText
    clocks: Clocks = None
    """Each seat's real-time clock after the move (ms left; the side to move's runs from
    now), or None without one."""


class TakenBack(Wire, type="takenback"):
    """Round ``round`` now has ``ply`` moves: the later ones were taken back, as ``seat``
    asked and the other player agreed; sent only once it is stored. ``clocks``: each seat's
    real-time clock as stored before the first move taken back (the side to move's runs from
    now), or None without one."""

    round: Count
    ply: Count
    seat: Seat
    clocks: Clocks = None


class Ended(Wire, type="ended"):
    """Round ``round`` is over (after the ``moved`` that ended it)."""

    round: Count
    ending: Ending
    ratings: Ratings = None
    """After a rated round: each seat's new rating and its change (by seat this round).
    Optional in the message: None after an unrated round, and from older servers."""


class Offered(SeatOffer, type="offered"):
    """``seat`` offers ``kind``; the other player may ``answer``. A draw or takeback offer
    lapses when a move is played."""


class Declined(SeatOffer, type="declined"):
    """``seat`` declined the offer of ``kind``."""


class Said(Wire, type="said"):
    """``seat`` said ``text`` in the chat."""

    seat: Seat
    text: ChatText


class Presence(Wire, type="presence"):
    """The player at ``seat`` connected (``here``) or went away."""

    seat: Seat
    here: bool


ServerMessage: TypeAlias = (
    Welcome | Error | Seated | Invite | TableState | Moves | Moved | TakenBack | Ended | Offered
    | Declined | Said | Presence
)
SERVER_TYPES: Final[Mapping[str, Any]] = {
    kind.TYPE: kind
    for kind in (Welcome, Error, Seated, Invite, TableState, Moves, Moved, TakenBack, Ended,
                 Offered, Declined, Said, Presence)
}
Message: TypeAlias = ClientMessage | ServerMessage


# -- reading and writing -----------------------------------------------------------------


def encode(message: Message) -> str:
    """The JSON text of a message."""
    return dump({"type": message.TYPE, **message.to_json()})


def decode_client(data: str | bytes) -> ClientMessage:
    """A message a client sent. Raises ProtocolError with the refusal code and reason."""
    message: ClientMessage = _decode(data, CLIENT_TYPES)
    return message


def decode_server(data: str | bytes) -> ServerMessage:
    """A message a server sent. Raises ProtocolError with the refusal code and reason."""
    message: ServerMessage = _decode(data, SERVER_TYPES)
    return message


def decode_as(data: str | bytes, types: Mapping[str, Any], *, lenient: bool = False) -> Any:
    """A message of one of ``types`` (type name -> ``Wire`` class), for a protocol
    extension with messages of its own (``game.net.wire.lobby``). ``lenient`` (what a client reads
    from a server, which may be newer): a message of a type not in ``types`` gives None and
    fields no type reads are passed over, where a server refuses both."""
    return _decode(data, types, lenient)


def moves_messages(round_: int, start: int, moves: tuple[str, ...]) -> tuple[Moves, ...]:
    """``moves`` as few ``moves`` messages as the size limits allow (none when empty)."""
    chunks: list[Moves] = []
    budget = MAX_MESSAGE_BYTES - 200  # the envelope and the numbers
    first, used = 0, 0
    for index, text in enumerate(moves):
        cost = size_of(dump({"m": text})) - 3  # its quoted text and a comma, escapes counted
        if index > first and (used + cost > budget or index - first >= MAX_ITEMS):
            chunks.append(Moves(round_, start + first, moves[first:index]))
            first, used = index, 0
        used += cost
    if first < len(moves):
        chunks.append(Moves(round_, start + first, moves[first:]))
    return tuple(chunks)


def _decode(data: str | bytes, types: Mapping[str, Any], lenient: bool = False) -> Any:
    document = parse(data)
    kind = document.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(Refusal.BAD_MESSAGE, "a message needs a text field 'type'")
    reader = types.get(kind)
    if reader is None:
        if lenient:
            return None
        raise ProtocolError(Refusal.UNKNOWN_TYPE, f"there is no message type {quote(kind)}")
    fields = Fields(document, kind)
    message = reader.from_fields(fields)
    if not lenient:
        fields.done()
    return message


def invite_shaped(text: str) -> bool:
    """Whether ``text`` has the shape of an invite code, in either case (a table's id, its
    watch code, never has: it is longer)."""
    return INVITE.shaped(text)
