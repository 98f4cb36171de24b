"""Every message of the protocol as a frozen dataclass, with its JSON form both ways.

A message is a JSON object whose ``type`` names it; its other fields are exactly the
dataclass's fields (unknown fields are refused, so a typo never goes unnoticed).
``decode_client`` reads what a client may send, ``decode_server`` what a server may send,
``encode`` writes either. Decoding checks every field's type, range and text, so a table only
ever sees well-formed values; what a value *means* (is it your turn, is the move legal) is the
table's to judge. docs/online.md describes each message for people writing a client.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, TypeAlias

from game.core.text import quote
from game.net.codec import Fields, Json, dump, parse, size_of
from game.net.codes import ProtocolError, Refusal
from game.net.limits import (
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
"""Bound of a Unix time in seconds on the wire."""
MAX_ID: Final = 32
MAX_RATING: Final = 10_000
"""The highest rating a message carries (as the lobby's messages bound it)."""
OptionValue: TypeAlias = str | int | bool


class OfferKind(enum.Enum):
    """What can be offered to the other player, who answers yes or no."""

    DRAW = "draw"
    REMATCH = "rematch"
    TAKEBACK = "takeback"
    """Take back the offerer's last turn (and the other's since, if any): see ``TakenBack``."""


@dataclass(frozen=True)
class Clock:
    """A table's time rules, in seconds.

    ``gone``: how long a player may be gone (disconnected) on their own turn before the other
    may claim the game. ``move``: a correspondence deadline for each move, or None for none.
    ``base`` and ``increment``: a real-time clock (each player starts with ``base`` and earns
    ``increment`` each time their turn passes), or None for none. A table has at most one of
    the two kinds. Peers that predate the real-time clock leave its fields out.
    """

    gone: int = DEFAULT_GONE_SECONDS
    move: int | None = None
    base: int | None = None
    increment: int = 0

    def to_json(self) -> Json:
        return {"gone": self.gone, "move": self.move, "base": self.base,
                "increment": self.increment}

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

    @classmethod
    def read(cls, fields: Fields, name: str) -> Clock:
        inner = Fields(fields.mapping(name), f"{fields.of}.{name}")
        clock = cls(
            gone=inner.number("gone", MIN_GONE_SECONDS, MAX_GONE_SECONDS),
            move=inner.optional_number("move", MIN_MOVE_SECONDS, MAX_MOVE_SECONDS),
            base=inner.optional_number("base", MIN_BASE_SECONDS, MAX_BASE_SECONDS),
            increment=inner.optional_number("increment", 0, MAX_INCREMENT_SECONDS) or 0,
        )
        inner.done()
        if clock.base is not None and clock.move is not None:
            inner.refuse(f"{inner.of} has either a real-time clock (base) or a "
                         "correspondence deadline (move), not both")
        if clock.base is None and clock.increment:
            inner.refuse(f"{inner.of}.increment needs a base time")
        return clock


@dataclass(frozen=True)
class Ending:
    """How a round ended: the winning seat (None for a draw or an abort) and the rules' reason
    (an ``OutcomeReason`` value) with its label for people."""

    winner: int | None
    reason: str
    label: str

    def to_json(self) -> Json:
        return {"winner": self.winner, "reason": self.reason, "label": self.label}

    @classmethod
    def read(cls, fields: Fields, name: str) -> Ending | None:
        if fields.raw(name) is None:
            return None
        inner = Fields(fields.mapping(name), f"{fields.of}.{name}")
        ending = cls(
            winner=inner.optional_number("winner", 0, 1),
            reason=inner.text("reason", MAX_ID),
            label=inner.text("label", MAX_REASON),
        )
        inner.done()
        return ending


@dataclass(frozen=True)
class RatingChange:
    """One player's rating after a rated round (rounded), by how much it moved (the rounded
    new rating less the rounded old one, so the two figures shown always agree) and whether
    it is still provisional."""

    rating: int
    change: int
    provisional: bool

    def to_json(self) -> Json:
        return {"rating": self.rating, "change": self.change, "provisional": self.provisional}

    @classmethod
    def read(cls, fields: Fields, value: object) -> RatingChange:
        if not isinstance(value, dict):
            fields.refuse(f"{fields.of}.ratings holds one object per seat")
        inner = Fields(value, f"{fields.of}.ratings")
        change = cls(inner.number("rating", 0, MAX_RATING),
                     inner.number("change", -MAX_RATING, MAX_RATING), inner.flag("provisional"))
        inner.done()
        return change


def _ratings(f: Fields) -> tuple[RatingChange, RatingChange] | None:
    """The optional ``ratings`` of an ``ended``: absent or null after an unrated round (and
    from servers older than the field)."""
    if f.raw_or_none("ratings") is None:
        return None
    items = f.items("ratings")
    if len(items) != 2:
        f.refuse(f"{f.of}.ratings holds one object per seat")
    return RatingChange.read(f, items[0]), RatingChange.read(f, items[1])


@dataclass(frozen=True)
class Pending:
    """An offer waiting for its answer: what, and from which seat."""

    kind: OfferKind
    seat: int

    def to_json(self) -> Json:
        return {"kind": self.kind.value, "seat": self.seat}

    @classmethod
    def read(cls, fields: Fields, name: str) -> Pending | None:
        if fields.raw(name) is None:
            return None
        inner = Fields(fields.mapping(name), f"{fields.of}.{name}")
        pending = cls(_offer_kind(inner), inner.number("seat", 0, 1))
        inner.done()
        return pending


# -- what a client sends -----------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """The first message: the protocol version and the rules version of every game the client
    has, so that a mismatch is refused before any game starts (``welcome`` answers)."""

    TYPE: ClassVar[str] = "hello"
    protocol: int
    rules: Mapping[str, int]
    client: str = ""

    def fields(self) -> Json:
        return {"protocol": self.protocol, "rules": dict(self.rules), "client": self.client}

    @classmethod
    def read(cls, f: Fields) -> Hello:
        return cls(f.number("protocol", 0, MAX_COUNT), _versions(f, "rules"),
                   f.text("client", MAX_CLIENT_TEXT, empty=True))


@dataclass(frozen=True)
class Create:
    """Open a table: the game, its options (as the setup screen takes them), the seat wanted
    (None: drawn at random), the creator's public name and the clock."""

    TYPE: ClassVar[str] = "create"
    game: str
    options: Mapping[str, OptionValue]
    seat: int | None
    name: str
    clock: Clock = field(default_factory=Clock)

    def fields(self) -> Json:
        return {"game": self.game, "options": dict(self.options),
                "seat": "random" if self.seat is None else self.seat, "name": self.name,
                "clock": self.clock.to_json()}

    @classmethod
    def read(cls, f: Fields) -> Create:
        game = _id(f, "game")
        options = _options(f)
        seat = None if f.raw("seat") == "random" else f.number("seat", 0, 1)
        return cls(game, options, seat, f.text("name", MAX_NAME), Clock.read(f, "clock"))


@dataclass(frozen=True)
class Join:
    """Take the free seat of the table an invite code opens (the code works once)."""

    TYPE: ClassVar[str] = "join"
    code: str
    name: str

    def fields(self) -> Json:
        return {"code": self.code, "name": self.name}

    @classmethod
    def read(cls, f: Fields) -> Join:
        return cls(_invite(f), f.text("name", MAX_NAME))


@dataclass(frozen=True)
class Attach:
    """Come back to one's seat (after a drop, or from another device): the table, the seat's
    token, and the round and number of moves the client already holds; the server answers
    with the table's state and exactly the moves that are missing."""

    TYPE: ClassVar[str] = "attach"
    table: str
    token: str
    round: int
    have: int

    def fields(self) -> Json:
        return {"table": self.table, "token": self.token, "round": self.round,
                "have": self.have}

    def __repr__(self) -> str:  # a token never reaches a log through a repr
        return f"Attach(table={self.table!r}, round={self.round}, have={self.have})"

    @classmethod
    def read(cls, f: Fields) -> Attach:
        return cls(_id(f, "table"), _token(f), f.number("round", 0, MAX_COUNT),
                   f.number("have", 0, MAX_COUNT))


@dataclass(frozen=True)
class Move:
    """Play ``move`` (the game's notation) as move number ``ply`` (0 is the first move of the
    round). Sending the same move again is acknowledged again; another move at a ply already
    played is refused as stale."""

    TYPE: ClassVar[str] = "move"
    ply: int
    move: str

    def fields(self) -> Json:
        return {"ply": self.ply, "move": self.move}

    @classmethod
    def read(cls, f: Fields) -> Move:
        return cls(f.number("ply", 0, MAX_COUNT), f.text("move", MAX_MOVE_TEXT))


@dataclass(frozen=True)
class Resign:
    """Give up the round, on either player's turn."""

    TYPE: ClassVar[str] = "resign"

    def fields(self) -> Json:
        return {}

    @classmethod
    def read(cls, f: Fields) -> Resign:
        return cls()


@dataclass(frozen=True)
class Offer:
    """Offer a draw or ask to take back one's last turn (while the round goes on), or offer
    a rematch with sides swapped (once it is over). Offering what the other player already
    offered accepts it."""

    TYPE: ClassVar[str] = "offer"
    kind: OfferKind

    def fields(self) -> Json:
        return {"kind": self.kind.value}

    @classmethod
    def read(cls, f: Fields) -> Offer:
        return cls(_offer_kind(f))


@dataclass(frozen=True)
class Answer:
    """Accept or decline the other player's pending offer of ``kind``."""

    TYPE: ClassVar[str] = "answer"
    kind: OfferKind
    accept: bool

    def fields(self) -> Json:
        return {"kind": self.kind.value, "accept": self.accept}

    @classmethod
    def read(cls, f: Fields) -> Answer:
        return cls(_offer_kind(f), f.flag("accept"))


@dataclass(frozen=True)
class Abort:
    """Call the round off, nobody winning: only before both sides have moved."""

    TYPE: ClassVar[str] = "abort"

    def fields(self) -> Json:
        return {}

    @classmethod
    def read(cls, f: Fields) -> Abort:
        return cls()


@dataclass(frozen=True)
class Claim:
    """Claim the round: the other player has been gone ``clock.gone`` seconds on their own
    turn (they lose as having left) or is past their ``clock.move`` deadline (lost on time)."""

    TYPE: ClassVar[str] = "claim"

    def fields(self) -> Json:
        return {}

    @classmethod
    def read(cls, f: Fields) -> Claim:
        return cls()


@dataclass(frozen=True)
class Chat:
    """One line of chat to the other player."""

    TYPE: ClassVar[str] = "chat"
    text: str

    def fields(self) -> Json:
        return {"text": self.text}

    @classmethod
    def read(cls, f: Fields) -> Chat:
        return cls(f.text("text", MAX_CHAT))


ClientMessage: TypeAlias = (
    Hello | Create | Join | Attach | Move | Resign | Offer | Answer | Abort | Claim | Chat
)
CLIENT_TYPES: Final[Mapping[str, Any]] = {
    kind.TYPE: kind
    for kind in (Hello, Create, Join, Attach, Move, Resign, Offer, Answer, Abort, Claim, Chat)
}


# -- what a server sends -----------------------------------------------------------------


@dataclass(frozen=True)
class Welcome:
    """The handshake accepted: the server's protocol and the games it hosts (id -> rules
    version; only two-player games)."""

    TYPE: ClassVar[str] = "welcome"
    protocol: int
    games: Mapping[str, int]
    server: str = ""

    def fields(self) -> Json:
        return {"protocol": self.protocol, "games": dict(self.games), "server": self.server}

    @classmethod
    def read(cls, f: Fields) -> Welcome:
        return cls(f.number("protocol", 0, MAX_COUNT), _versions(f, "games"),
                   f.text("server", MAX_CLIENT_TEXT, empty=True))


@dataclass(frozen=True)
class Error:
    """A refusal: ``code`` (a ``Refusal`` value) for programs, ``reason`` for people, ``of``
    the type of the message refused (None when it could not be read). Nothing changed."""

    TYPE: ClassVar[str] = "error"
    code: str
    reason: str
    of: str | None = None

    @classmethod
    def of_error(cls, err: ProtocolError) -> Error:
        return cls(err.code.value, err.reason[:MAX_REASON], err.of)

    def fields(self) -> Json:
        return {"code": self.code, "reason": self.reason, "of": self.of}

    @classmethod
    def read(cls, f: Fields) -> Error:
        of = None if f.raw("of") is None else f.text("of", MAX_ID)
        return cls(f.text("code", MAX_ID), f.text("reason", MAX_REASON), of)


@dataclass(frozen=True)
class Seated:
    """You hold ``seat`` at ``table``: keep ``token`` secret and safe, it is the only way back
    to the seat (``attach``). Sent once, after ``create`` or ``join``."""

    TYPE: ClassVar[str] = "seated"
    table: str
    seat: int
    token: str

    def fields(self) -> Json:
        return {"table": self.table, "seat": self.seat, "token": self.token}

    def __repr__(self) -> str:
        return f"Seated(table={self.table!r}, seat={self.seat})"

    @classmethod
    def read(cls, f: Fields) -> Seated:
        return cls(_id(f, "table"), f.number("seat", 0, 1), _token(f))


@dataclass(frozen=True)
class Invite:
    """The code that lets one other person join, and when it expires (Unix seconds)."""

    TYPE: ClassVar[str] = "invite"
    code: str
    expires: int

    def fields(self) -> Json:
        return {"code": self.code, "expires": self.expires}

    @classmethod
    def read(cls, f: Fields) -> Invite:
        return cls(_invite(f), f.number("expires", 0, MAX_TIME))


@dataclass(frozen=True)
class TableState:
    """The table as it stands, for the connection it is sent to (``seat`` is yours). Moves
    follow in ``moves`` messages unless the client already has them all (``ply`` in total).
    Sent after ``create``, ``join`` and ``attach``, and to both players when a round starts."""

    TYPE: ClassVar[str] = "table"
    table: str
    game: str
    rules: int
    options: Mapping[str, OptionValue]
    clock: Clock
    round: int
    seat: int
    names: tuple[str | None, str | None]
    here: tuple[bool, bool]
    ply: int
    ending: Ending | None = None
    offer: Pending | None = None
    deadline: int | None = None
    """When the side to move loses on time (Unix seconds), with a correspondence clock."""
    clocks: tuple[int, int] | None = None
    """Each seat's real-time clock as the message leaves (ms left), or None without one;
    the side to move's is running."""
    rated: bool = False
    """The round is rated (both players identified and agreed). Optional in the message:
    absent from older servers, which means unrated."""

    def fields(self) -> Json:
        return {
            "table": self.table, "game": self.game, "rules": self.rules,
            "options": dict(self.options), "clock": self.clock.to_json(), "round": self.round,
            "seat": self.seat, "names": list(self.names), "here": list(self.here),
            "ply": self.ply, "ending": None if self.ending is None else self.ending.to_json(),
            "offer": None if self.offer is None else self.offer.to_json(),
            "deadline": self.deadline, "clocks": _clocks_json(self.clocks),
            "rated": self.rated,
        }

    @classmethod
    def read(cls, f: Fields) -> TableState:
        table, game = _id(f, "table"), _id(f, "game")
        rules, options = f.number("rules", 0, MAX_COUNT), _options(f)
        clock, round_ = Clock.read(f, "clock"), f.number("round", 0, MAX_COUNT)
        seat = f.number("seat", 0, 1)
        names = f.items("names")
        here = f.items("here")
        if len(names) != 2 or len(here) != 2 or not all(isinstance(h, bool) for h in here):
            f.refuse("table.names and table.here hold one item per seat")
        read_names = tuple(
            None if name is None else f.check_text(name, "a name", MAX_NAME) for name in names
        )
        return cls(
            table, game, rules, options, clock, round_, seat,
            (read_names[0], read_names[1]), (here[0], here[1]), f.number("ply", 0, MAX_COUNT),
            Ending.read(f, "ending"), Pending.read(f, "offer"),
            f.optional_number("deadline", 0, MAX_TIME), _clocks(f),
            f.raw_or_none("rated") is not None and f.flag("rated"),
        )


@dataclass(frozen=True)
class Moves:
    """Moves ``start``, ``start + 1``, ... of round ``round`` (record tokens: a board move's
    notation or a meta move such as ``resign 1``). A ``start`` of 0 while the client holds
    moves means its copy was out of step: it starts the round again from these."""

    TYPE: ClassVar[str] = "moves"
    round: int
    start: int
    moves: tuple[str, ...]

    def fields(self) -> Json:
        return {"round": self.round, "start": self.start, "moves": list(self.moves)}

    @classmethod
    def read(cls, f: Fields) -> Moves:
        round_, start = f.number("round", 0, MAX_COUNT), f.number("start", 0, MAX_COUNT)
        moves = tuple(f.check_text(m, "a move", MAX_MOVE_TEXT) for m in f.items("moves"))
        return cls(round_, start, moves)


@dataclass(frozen=True)
class Moved:
    """Move number ``ply`` of round ``round`` was played by ``seat``: the acknowledgement to
    its player and the news to the other, sent only once it is stored."""

    TYPE: ClassVar[str] = "moved"
    round: int
    ply: int
    seat: int | None
    move: str
    clocks: tuple[int, int] | None = None
    """Each seat's real-time clock after the move (ms left; the side to move's runs from
    now), or None without one."""

    def fields(self) -> Json:
        return {"round": self.round, "ply": self.ply, "seat": self.seat, "move": self.move,
                "clocks": _clocks_json(self.clocks)}

    @classmethod
    def read(cls, f: Fields) -> Moved:
        return cls(f.number("round", 0, MAX_COUNT), f.number("ply", 0, MAX_COUNT),
                   f.optional_number("seat", 0, 1), f.text("move", MAX_MOVE_TEXT),
                   _clocks(f))


@dataclass(frozen=True)
class TakenBack:
    """Round ``round`` now has ``ply`` moves: the later ones were taken back, as ``seat``
    asked and the other player agreed; sent only once it is stored. ``clocks``: each seat's
    real-time clock as stored before the first move taken back (the side to move's runs from
    now), or None without one."""

    TYPE: ClassVar[str] = "takenback"
    round: int
    ply: int
    seat: int
    clocks: tuple[int, int] | None = None

    def fields(self) -> Json:
        return {"round": self.round, "ply": self.ply, "seat": self.seat,
                "clocks": _clocks_json(self.clocks)}

    @classmethod
    def read(cls, f: Fields) -> TakenBack:
        return cls(f.number("round", 0, MAX_COUNT), f.number("ply", 0, MAX_COUNT),
                   f.number("seat", 0, 1), _clocks(f))


@dataclass(frozen=True)
class Ended:
    """Round ``round`` is over (after the ``moved`` that ended it)."""

    TYPE: ClassVar[str] = "ended"
    round: int
    ending: Ending
    ratings: tuple[RatingChange, RatingChange] | None = None
    """After a rated round: each seat's new rating and its change (by seat this round).
    Optional in the message: None after an unrated round, and from older servers."""

    def fields(self) -> Json:
        ratings = None if self.ratings is None else [r.to_json() for r in self.ratings]
        return {"round": self.round, "ending": self.ending.to_json(), "ratings": ratings}

    @classmethod
    def read(cls, f: Fields) -> Ended:
        round_ = f.number("round", 0, MAX_COUNT)
        ending = Ending.read(f, "ending")
        if ending is None:
            f.refuse("ended.ending must be an object")
        return cls(round_, ending, _ratings(f))


@dataclass(frozen=True)
class Offered:
    """``seat`` offers ``kind``; the other player may ``answer``. A draw or takeback offer
    lapses when a move is played."""

    TYPE: ClassVar[str] = "offered"
    kind: OfferKind
    seat: int

    def fields(self) -> Json:
        return {"kind": self.kind.value, "seat": self.seat}

    @classmethod
    def read(cls, f: Fields) -> Offered:
        return cls(_offer_kind(f), f.number("seat", 0, 1))


@dataclass(frozen=True)
class Declined:
    """``seat`` declined the offer of ``kind``."""

    TYPE: ClassVar[str] = "declined"
    kind: OfferKind
    seat: int

    def fields(self) -> Json:
        return {"kind": self.kind.value, "seat": self.seat}

    @classmethod
    def read(cls, f: Fields) -> Declined:
        return cls(_offer_kind(f), f.number("seat", 0, 1))


@dataclass(frozen=True)
class Said:
    """``seat`` said ``text`` in the chat."""

    TYPE: ClassVar[str] = "said"
    seat: int
    text: str

    def fields(self) -> Json:
        return {"seat": self.seat, "text": self.text}

    @classmethod
    def read(cls, f: Fields) -> Said:
        return cls(f.number("seat", 0, 1), f.text("text", MAX_CHAT))


@dataclass(frozen=True)
class Presence:
    """The player at ``seat`` connected (``here``) or went away."""

    TYPE: ClassVar[str] = "presence"
    seat: int
    here: bool

    def fields(self) -> Json:
        return {"seat": self.seat, "here": self.here}

    @classmethod
    def read(cls, f: Fields) -> Presence:
        return cls(f.number("seat", 0, 1), f.flag("here"))


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
    return dump({"type": message.TYPE, **message.fields()})


def decode_client(data: str | bytes) -> ClientMessage:
    """A message a client sent. Raises ProtocolError with the refusal code and reason."""
    message: ClientMessage = _decode(data, CLIENT_TYPES)
    return message


def decode_server(data: str | bytes) -> ServerMessage:
    """A message a server sent. Raises ProtocolError with the refusal code and reason."""
    message: ServerMessage = _decode(data, SERVER_TYPES)
    return message


def decode_as(data: str | bytes, types: Mapping[str, Any], *, lenient: bool = False) -> Any:
    """A message of one of ``types`` (type name -> class with ``read``), for a protocol
    extension with messages of its own (``game.net.lobby``). ``lenient`` (what a client reads
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
    message = reader.read(fields)
    if not lenient:
        fields.done()
    return message


def _id(f: Fields, name: str) -> str:
    """An identifier: a game id or a table id (lowercase letters, digits, '-', '_')."""
    value = f.text(name, MAX_ID)
    if not all(c.isascii() and (c.islower() or c.isdigit() or c in "-_") for c in value):
        f.refuse(f"{f.of}.{name} must be lowercase letters, digits, '-' or '_'")
    return value


def _token(f: Fields) -> str:
    value = f.raw("token")
    digits = "0123456789abcdef"
    if (not isinstance(value, str) or len(value) != 2 * TOKEN_BYTES
            or not all(c in digits for c in value)):
        f.refuse(f"{f.of}.token must be {2 * TOKEN_BYTES} lowercase hexadecimal digits",
                 Refusal.BAD_TOKEN)
    return value


def invite_shaped(text: str) -> bool:
    """Whether ``text`` has the shape of an invite code, in either case (a table's id, its
    watch code, never has: it is longer)."""
    code = text.upper()
    return len(code) == INVITE_LENGTH and all(c in INVITE_ALPHABET for c in code)


def _invite(f: Fields) -> str:
    """An invite code, upper-cased (people may type it in either case)."""
    value = f.raw("code")
    code = value.upper() if isinstance(value, str) else ""
    if not invite_shaped(code):
        f.refuse(f"an invite code is {INVITE_LENGTH} characters from {INVITE_ALPHABET}",
                 Refusal.BAD_CODE)
    return code


def _offer_kind(f: Fields) -> OfferKind:
    value = f.raw("kind")
    try:
        return OfferKind(value)
    except ValueError:
        f.refuse(f"{f.of}.kind must be " + ", ".join(repr(k.value) for k in OfferKind))


def _versions(f: Fields, name: str) -> dict[str, int]:
    table = f.mapping(name)
    for game, version in table.items():
        f.check_text(game, f"a game id in {f.of}.{name}", MAX_ID)
        if isinstance(version, bool) or not isinstance(version, int) or not (
            0 <= version <= MAX_COUNT
        ):
            f.refuse(f"{f.of}.{name} maps game ids to whole version numbers")
    return dict(table)


def _options(f: Fields) -> dict[str, OptionValue]:
    options = f.mapping("options")
    if len(options) > MAX_FIELDS:
        f.refuse(f"at most {MAX_FIELDS} options")
    for name, value in options.items():
        f.check_text(name, "an option's name", MAX_OPTION_TEXT)
        if isinstance(value, str):
            f.check_text(value, f"option {quote(name)}", MAX_OPTION_TEXT)
        elif not isinstance(value, (int, bool)):
            f.refuse(f"option {quote(name)} must be text, a whole number, true or false")
    return dict(options)


MAX_CLOCK_MS: Final = MAX_TIME
"""Bound of a clock reading on the wire (ms)."""


def _clocks_json(clocks: tuple[int, int] | None) -> list[int] | None:
    return None if clocks is None else list(clocks)


def _clocks(f: Fields) -> tuple[int, int] | None:
    """Both seats' clocks (ms left), or None; a peer that predates them leaves them out."""
    if not f.has("clocks") or f.raw("clocks") is None:
        return None
    values = f.items("clocks")
    if len(values) != 2 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_CLOCK_MS
        for v in values
    ):
        f.refuse(f"{f.of}.clocks holds two whole numbers of milliseconds")
    return (values[0], values[1])
