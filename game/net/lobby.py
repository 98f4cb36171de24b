"""The protocol's public side: profiles, the lobby, quick match, challenges, spectators and
ratings, as frozen dataclasses with their JSON form both ways (same style and checks as
``game.net.messages``, whose table messages they sit beside on the same connection).

A connection may ``identify`` as a named player (a name bound to a secret the client keeps);
rated games, challenges, blocks and the queue need it. ``decode_client``/``decode_server``
read both the table messages and these. docs/online.md describes each one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, TypeAlias

from game.net import messages as m
from game.net.codec import Fields, Json, dump, size_of
from game.net.codes import Refusal
from game.net.limits import INVITE_ALPHABET, MAX_CHAT, MAX_MESSAGE_BYTES, MAX_NAME, TOKEN_BYTES

LINK_LENGTH: Final = 8
"""A one-time code that moves a name to another machine: 8 characters (about 39 bits),
working once, for ``LINK_SECONDS``; wrong guesses are rate-limited like invite codes."""
LINK_SECONDS: Final = 600
CHALLENGE_SECONDS: Final = 120
"""An unanswered challenge lapses after this long."""
MAX_LISTED: Final = 200
"""Most seats (and games in play) the server looks up for one ``lobby`` message; it sends
as many of them as fit in a message (``lobby_message``)."""
MAX_BOARD: Final = 50
"""Rows of a leaderboard."""
MAX_RECENT: Final = 20
"""Recent games in a profile."""

# -- values --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Listing:
    """An open seat in the lobby: the table, its game, options and clock, the host's public
    name (and rating in that game when identified), and whether the game will be rated."""

    table: str
    game: str
    options: Mapping[str, m.OptionValue]
    clock: m.Clock
    host: str
    rated: bool
    rating: int | None = None

    def to_json(self) -> Json:
        return {"table": self.table, "game": self.game, "options": dict(self.options),
                "clock": self.clock.to_json(), "host": self.host, "rated": self.rated,
                "rating": self.rating}

    @classmethod
    def from_json(cls, value: object, f: Fields) -> Listing:
        if not isinstance(value, dict):
            f.refuse(f"a seat in {f.of} must be a JSON object")
        inner = Fields(value, f"{f.of} seat")
        listing = cls(m._id(inner, "table"), m._id(inner, "game"), m._options(inner),
                      m.Clock.read(inner, "clock"), inner.text("host", MAX_NAME),
                      inner.flag("rated"), inner.optional_number("rating", 0, 10_000))
        inner.done()
        return listing


@dataclass(frozen=True)
class GameRecord:
    """A player's record in one game: games finished, won and lost, and the rating."""

    game: str
    played: int
    won: int
    lost: int
    rating: int
    deviation: int
    provisional: bool

    def to_json(self) -> Json:
        return {"game": self.game, "played": self.played, "won": self.won, "lost": self.lost,
                "rating": self.rating, "deviation": self.deviation,
                "provisional": self.provisional}

    @classmethod
    def from_json(cls, value: object, f: Fields) -> GameRecord:
        if not isinstance(value, dict):
            f.refuse(f"a game in {f.of} must be a JSON object")
        inner = Fields(value, f"{f.of} game")
        record = cls(m._id(inner, "game"), inner.number("played", 0, m.MAX_COUNT),
                     inner.number("won", 0, m.MAX_COUNT), inner.number("lost", 0, m.MAX_COUNT),
                     inner.number("rating", 0, 10_000), inner.number("deviation", 0, 10_000),
                     inner.flag("provisional"))
        inner.done()
        return record


@dataclass(frozen=True)
class RecentGame:
    """One finished game of a profile: where to replay it (table and round), against whom,
    the result for the profile's player (``won``, ``lost``, ``drawn``), rated or not."""

    table: str
    round: int
    game: str
    opponent: str
    result: str
    rated: bool

    def to_json(self) -> Json:
        return {"table": self.table, "round": self.round, "game": self.game,
                "opponent": self.opponent, "result": self.result, "rated": self.rated}

    @classmethod
    def from_json(cls, value: object, f: Fields) -> RecentGame:
        if not isinstance(value, dict):
            f.refuse(f"a recent game in {f.of} must be a JSON object")
        inner = Fields(value, f"{f.of} recent game")
        game = cls(m._id(inner, "table"), inner.number("round", 0, m.MAX_COUNT),
                   m._id(inner, "game"), inner.text("opponent", MAX_NAME),
                   _choice(inner, "result", ("won", "lost", "drawn")), inner.flag("rated"))
        inner.done()
        return game


@dataclass(frozen=True)
class Standing:
    """One row of a leaderboard."""

    name: str
    rating: int
    deviation: int
    played: int

    def to_json(self) -> Json:
        return {"name": self.name, "rating": self.rating, "deviation": self.deviation,
                "played": self.played}

    @classmethod
    def from_json(cls, value: object, f: Fields) -> Standing:
        if not isinstance(value, dict):
            f.refuse(f"a row of {f.of} must be a JSON object")
        inner = Fields(value, f"{f.of} row")
        row = cls(inner.text("name", MAX_NAME), inner.number("rating", 0, 10_000),
                  inner.number("deviation", 0, 10_000), inner.number("played", 0, m.MAX_COUNT))
        inner.done()
        return row


# -- what a client sends ---------------------------------------------------------------


@dataclass(frozen=True)
class Identify:
    """Be the player ``name`` on this server: the first ``identify`` claims a free name and
    binds it to ``secret`` (128 random bits the client made and keeps in its user data
    folder); later ones must bring the same secret. The server keeps only its hash."""

    TYPE: ClassVar[str] = "identify"
    name: str
    secret: str

    def fields(self) -> Json:
        return {"name": self.name, "secret": self.secret}

    def __repr__(self) -> str:
        return f"Identify(name={self.name!r})"

    @classmethod
    def read(cls, f: Fields) -> Identify:
        return cls(f.text("name", MAX_NAME), _secret(f))


@dataclass(frozen=True)
class Link:
    """Ask for a one-time code that binds this name to another machine's secret."""

    TYPE: ClassVar[str] = "link"

    def fields(self) -> Json:
        return {}

    @classmethod
    def read(cls, f: Fields) -> Link:
        return cls()


@dataclass(frozen=True)
class Redeem:
    """On the second machine: bind ``secret`` (its own) to ``name`` with a one-time code
    from ``link``. The first machine's secret keeps working."""

    TYPE: ClassVar[str] = "redeem"
    name: str
    code: str
    secret: str

    def fields(self) -> Json:
        return {"name": self.name, "code": self.code, "secret": self.secret}

    def __repr__(self) -> str:
        return f"Redeem(name={self.name!r})"

    @classmethod
    def read(cls, f: Fields) -> Redeem:
        return cls(f.text("name", MAX_NAME), _code(f, LINK_LENGTH), _secret(f))


@dataclass(frozen=True)
class Browse:
    """Follow the lobby: the open seats now (``lobby``), then each change (``listed``,
    ``unlisted``) until the connection closes. ``game`` None: every game."""

    TYPE: ClassVar[str] = "browse"
    game: str | None

    def fields(self) -> Json:
        return {"game": self.game}

    @classmethod
    def read(cls, f: Fields) -> Browse:
        return cls(None if f.raw("game") is None else m._id(f, "game"))


@dataclass(frozen=True)
class List:
    """List the free seat of the table this connection created, publicly; ``rated`` asks
    for a rated game (both players must be identified; taking the seat is agreeing)."""

    TYPE: ClassVar[str] = "list"
    rated: bool

    def fields(self) -> Json:
        return {"rated": self.rated}

    @classmethod
    def read(cls, f: Fields) -> List:
        return cls(f.flag("rated"))


@dataclass(frozen=True)
class Take:
    """Take the listed seat of ``table`` (as ``join`` does with its code)."""

    TYPE: ClassVar[str] = "take"
    table: str
    name: str

    def fields(self) -> Json:
        return {"table": self.table, "name": self.name}

    @classmethod
    def read(cls, f: Fields) -> Take:
        return cls(m._id(f, "table"), f.text("name", MAX_NAME))


@dataclass(frozen=True)
class Seek:
    """Join the quick-match queue of ``game`` with this clock (a queue per game and clock),
    default options; ``rated`` players are only paired with rated ones."""

    TYPE: ClassVar[str] = "seek"
    game: str
    clock: m.Clock
    rated: bool

    def fields(self) -> Json:
        return {"game": self.game, "clock": self.clock.to_json(), "rated": self.rated}

    @classmethod
    def read(cls, f: Fields) -> Seek:
        return cls(m._id(f, "game"), m.Clock.read(f, "clock"), f.flag("rated"))


@dataclass(frozen=True)
class Unseek:
    """Leave the queue."""

    TYPE: ClassVar[str] = "unseek"

    def fields(self) -> Json:
        return {}

    @classmethod
    def read(cls, f: Fields) -> Unseek:
        return cls()


@dataclass(frozen=True)
class Challenge:
    """Challenge the identified player ``name`` to ``game`` (default options) with this
    clock; the challenge lapses after ``CHALLENGE_SECONDS`` unanswered."""

    TYPE: ClassVar[str] = "challenge"
    name: str
    game: str
    clock: m.Clock
    rated: bool

    def fields(self) -> Json:
        return {"name": self.name, "game": self.game, "clock": self.clock.to_json(),
                "rated": self.rated}

    @classmethod
    def read(cls, f: Fields) -> Challenge:
        return cls(f.text("name", MAX_NAME), m._id(f, "game"), m.Clock.read(f, "clock"),
                   f.flag("rated"))


@dataclass(frozen=True)
class Reply:
    """Accept or decline challenge ``id``."""

    TYPE: ClassVar[str] = "reply"
    id: str
    accept: bool

    def fields(self) -> Json:
        return {"id": self.id, "accept": self.accept}

    @classmethod
    def read(cls, f: Fields) -> Reply:
        return cls(m._id(f, "id"), f.flag("accept"))


@dataclass(frozen=True)
class Watch:
    """Watch ``table`` (its id is its watch code) read-only, holding ``have`` moves of round
    ``round`` (None and 0 the first time: the round in play): answered like ``attach``, with
    ``watching``. A ``round`` before the one in play asks for that round, sent whole."""

    TYPE: ClassVar[str] = "watch"
    table: str
    round: int | None = None
    have: int = 0

    def fields(self) -> Json:
        return {"table": self.table, "round": self.round, "have": self.have}

    @classmethod
    def read(cls, f: Fields) -> Watch:
        return cls(m._id(f, "table"), f.optional_number("round", 0, m.MAX_COUNT),
                   f.number("have", 0, m.MAX_COUNT))


@dataclass(frozen=True)
class Remark:
    """A line in the spectators' chat of the watched table (players do not see it)."""

    TYPE: ClassVar[str] = "remark"
    text: str

    def fields(self) -> Json:
        return {"text": self.text}

    @classmethod
    def read(cls, f: Fields) -> Remark:
        return cls(f.text("text", MAX_CHAT))


@dataclass(frozen=True)
class Block:
    """Block (``on``) or unblock player ``name``: a blocked player cannot challenge you and
    you no longer receive their chat or remarks."""

    TYPE: ClassVar[str] = "block"
    name: str
    on: bool

    def fields(self) -> Json:
        return {"name": self.name, "on": self.on}

    @classmethod
    def read(cls, f: Fields) -> Block:
        return cls(f.text("name", MAX_NAME), f.flag("on"))


@dataclass(frozen=True)
class AskProfile:
    """Ask for the profile of ``name``."""

    TYPE: ClassVar[str] = "profile?"
    name: str

    def fields(self) -> Json:
        return {"name": self.name}

    @classmethod
    def read(cls, f: Fields) -> AskProfile:
        return cls(f.text("name", MAX_NAME))


@dataclass(frozen=True)
class AskLeaderboard:
    """Ask for the leaderboard of ``game``."""

    TYPE: ClassVar[str] = "leaderboard?"
    game: str

    def fields(self) -> Json:
        return {"game": self.game}

    @classmethod
    def read(cls, f: Fields) -> AskLeaderboard:
        return cls(m._id(f, "game"))


LobbyClientMessage: TypeAlias = (
    Identify | Link | Redeem | Browse | List | Take | Seek | Unseek | Challenge | Reply
    | Watch | Remark | Block | AskProfile | AskLeaderboard
)
LOBBY_CLIENT_TYPES: Final[Mapping[str, Any]] = {
    kind.TYPE: kind
    for kind in (Identify, Link, Redeem, Browse, List, Take, Seek, Unseek, Challenge, Reply,
                 Watch, Remark, Block, AskProfile, AskLeaderboard)
}


# -- what a server sends ---------------------------------------------------------------


@dataclass(frozen=True)
class Identified:
    """This connection is the player ``name`` (``new``: the name was just claimed)."""

    TYPE: ClassVar[str] = "identified"
    name: str
    new: bool

    def fields(self) -> Json:
        return {"name": self.name, "new": self.new}

    @classmethod
    def read(cls, f: Fields) -> Identified:
        return cls(f.text("name", MAX_NAME), f.flag("new"))


@dataclass(frozen=True)
class Linked:
    """The one-time code for ``redeem`` on another machine, and when it expires."""

    TYPE: ClassVar[str] = "linked"
    code: str
    expires: int

    def fields(self) -> Json:
        return {"code": self.code, "expires": self.expires}

    @classmethod
    def read(cls, f: Fields) -> Linked:
        return cls(_code(f, LINK_LENGTH), f.number("expires", 0, m.MAX_TIME))


@dataclass(frozen=True)
class Lobby:
    """The open seats now (after ``browse``), newest first, and the listed tables whose seat
    was taken and whose game goes on (to watch)."""

    TYPE: ClassVar[str] = "lobby"
    seats: tuple[Listing, ...]
    playing: tuple[Listing, ...] = ()

    def fields(self) -> Json:
        return {"seats": [seat.to_json() for seat in self.seats],
                "playing": [seat.to_json() for seat in self.playing]}

    @classmethod
    def read(cls, f: Fields) -> Lobby:
        return cls(tuple(Listing.from_json(item, f) for item in f.items("seats")),
                   tuple(Listing.from_json(item, f) for item in f.items("playing")))


@dataclass(frozen=True)
class Playing:
    """The listed seat of ``table`` was taken: its game goes on, to watch (followers)."""

    TYPE: ClassVar[str] = "playing"
    table: str

    def fields(self) -> Json:
        return {"table": self.table}

    @classmethod
    def read(cls, f: Fields) -> Playing:
        return cls(m._id(f, "table"))


@dataclass(frozen=True)
class Listed:
    """A seat was listed (to every browsing connection)."""

    TYPE: ClassVar[str] = "listed"
    seat: Listing

    def fields(self) -> Json:
        return {"seat": self.seat.to_json()}

    @classmethod
    def read(cls, f: Fields) -> Listed:
        return cls(Listing.from_json(f.raw("seat"), f))


@dataclass(frozen=True)
class Unlisted:
    """``table`` leaves the lobby: its game ended, its seat expired, or it was removed."""

    TYPE: ClassVar[str] = "unlisted"
    table: str

    def fields(self) -> Json:
        return {"table": self.table}

    @classmethod
    def read(cls, f: Fields) -> Unlisted:
        return cls(m._id(f, "table"))


@dataclass(frozen=True)
class Queued:
    """You wait in the queue of ``game``; ``waiting`` players are in it, you included."""

    TYPE: ClassVar[str] = "queued"
    game: str
    waiting: int

    def fields(self) -> Json:
        return {"game": self.game, "waiting": self.waiting}

    @classmethod
    def read(cls, f: Fields) -> Queued:
        return cls(m._id(f, "game"), f.number("waiting", 0, m.MAX_COUNT))


@dataclass(frozen=True)
class Matched:
    """A game was found for you (quick match or an accepted challenge) against ``opponent``:
    send ``join`` with ``code`` (as for an invite) to take your seat."""

    TYPE: ClassVar[str] = "matched"
    code: str
    opponent: str
    rated: bool

    def fields(self) -> Json:
        return {"code": self.code, "opponent": self.opponent, "rated": self.rated}

    @classmethod
    def read(cls, f: Fields) -> Matched:
        return cls(m._invite(f), f.text("opponent", MAX_NAME), f.flag("rated"))


@dataclass(frozen=True)
class Challenged:
    """``by`` challenges you (``id`` to ``reply``), until ``expires``."""

    TYPE: ClassVar[str] = "challenged"
    id: str
    by: str
    game: str
    clock: m.Clock
    rated: bool
    expires: int

    def fields(self) -> Json:
        return {"id": self.id, "by": self.by, "game": self.game, "clock": self.clock.to_json(),
                "rated": self.rated, "expires": self.expires}

    @classmethod
    def read(cls, f: Fields) -> Challenged:
        return cls(m._id(f, "id"), f.text("by", MAX_NAME), m._id(f, "game"),
                   m.Clock.read(f, "clock"), f.flag("rated"), f.number("expires", 0, m.MAX_TIME))


@dataclass(frozen=True)
class ChallengeOver:
    """Challenge ``id`` ended without a game: ``declined`` or ``expired`` (to the
    challenger; an accepted one is answered with ``matched``)."""

    TYPE: ClassVar[str] = "challenge-over"
    id: str
    why: str

    def fields(self) -> Json:
        return {"id": self.id, "why": self.why}

    @classmethod
    def read(cls, f: Fields) -> ChallengeOver:
        return cls(m._id(f, "id"), _choice(f, "why", ("declined", "expired")))


@dataclass(frozen=True)
class Watching:
    """The watched table as it stands (no seat, no token): followed by ``moves`` as needed,
    then every ``moved``, ``ended`` and ``presence`` the players get, and a new
    ``watching`` when a round starts. ``clocks``: with a real-time clock, both seats' time
    left (ms) as it was sent (the side to move's runs from then on), as a ``table`` has it."""

    TYPE: ClassVar[str] = "watching"
    table: str
    game: str
    rules: int
    options: Mapping[str, m.OptionValue]
    clock: m.Clock
    round: int
    names: tuple[str | None, str | None]
    ply: int
    ending: m.Ending | None = None
    spectators: int = 0
    clocks: tuple[int, int] | None = None

    def fields(self) -> Json:
        return {"table": self.table, "game": self.game, "rules": self.rules,
                "options": dict(self.options), "clock": self.clock.to_json(),
                "round": self.round, "names": list(self.names), "ply": self.ply,
                "ending": None if self.ending is None else self.ending.to_json(),
                "spectators": self.spectators, "clocks": m._clocks_json(self.clocks)}

    @classmethod
    def read(cls, f: Fields) -> Watching:
        table, game = m._id(f, "table"), m._id(f, "game")
        rules, options = f.number("rules", 0, m.MAX_COUNT), m._options(f)
        clock, round_ = m.Clock.read(f, "clock"), f.number("round", 0, m.MAX_COUNT)
        names = f.items("names")
        if len(names) != 2:
            f.refuse("watching.names holds one item per seat")
        first, second = (None if n is None else f.check_text(n, "a name", MAX_NAME)
                         for n in names)
        return cls(table, game, rules, options, clock, round_, (first, second),
                   f.number("ply", 0, m.MAX_COUNT), m.Ending.read(f, "ending"),
                   f.number("spectators", 0, m.MAX_COUNT), m._clocks(f))


@dataclass(frozen=True)
class Remarked:
    """A spectator (``name``, or null when not identified) said ``text``."""

    TYPE: ClassVar[str] = "remarked"
    name: str | None
    text: str

    def fields(self) -> Json:
        return {"name": self.name, "text": self.text}

    @classmethod
    def read(cls, f: Fields) -> Remarked:
        name = None if f.raw("name") is None else f.text("name", MAX_NAME)
        return cls(name, f.text("text", MAX_CHAT))


@dataclass(frozen=True)
class Blocked:
    """``name`` is now blocked (``on``) or not."""

    TYPE: ClassVar[str] = "blocked"
    name: str
    on: bool

    def fields(self) -> Json:
        return {"name": self.name, "on": self.on}

    @classmethod
    def read(cls, f: Fields) -> Blocked:
        return cls(f.text("name", MAX_NAME), f.flag("on"))


@dataclass(frozen=True)
class Profile:
    """A player's record per game and their most recent finished games, newest first."""

    TYPE: ClassVar[str] = "profile"
    name: str
    games: tuple[GameRecord, ...] = ()
    recent: tuple[RecentGame, ...] = field(default=())

    def fields(self) -> Json:
        return {"name": self.name, "games": [g.to_json() for g in self.games],
                "recent": [g.to_json() for g in self.recent]}

    @classmethod
    def read(cls, f: Fields) -> Profile:
        return cls(f.text("name", MAX_NAME),
                   tuple(GameRecord.from_json(g, f) for g in f.items("games")),
                   tuple(RecentGame.from_json(g, f) for g in f.items("recent")))


@dataclass(frozen=True)
class Leaderboard:
    """The ratings of ``game``: the established ones best first, then the provisional
    ones (a deviation above ``glicko2.PROVISIONAL_DEVIATION``) best first."""

    TYPE: ClassVar[str] = "leaderboard"
    game: str
    rows: tuple[Standing, ...] = ()

    def fields(self) -> Json:
        return {"game": self.game, "rows": [row.to_json() for row in self.rows]}

    @classmethod
    def read(cls, f: Fields) -> Leaderboard:
        return cls(m._id(f, "game"), tuple(Standing.from_json(r, f) for r in f.items("rows")))


LobbyServerMessage: TypeAlias = (
    Identified | Linked | Lobby | Listed | Playing | Unlisted | Queued | Matched | Challenged
    | ChallengeOver | Watching | Remarked | Blocked | Profile | Leaderboard
)
LOBBY_SERVER_TYPES: Final[Mapping[str, Any]] = {
    kind.TYPE: kind
    for kind in (Identified, Linked, Lobby, Listed, Playing, Unlisted, Queued, Matched, Challenged,
                 ChallengeOver, Watching, Remarked, Blocked, Profile, Leaderboard)
}
ANY_CLIENT_TYPES: Final = {**m.CLIENT_TYPES, **LOBBY_CLIENT_TYPES}
ANY_SERVER_TYPES: Final = {**m.SERVER_TYPES, **LOBBY_SERVER_TYPES}


def encode(message: m.Message | LobbyClientMessage | LobbyServerMessage) -> str:
    """The JSON text of any message, table or lobby."""
    return dump({"type": message.TYPE, **message.fields()})


def decode_client(data: str | bytes) -> m.ClientMessage | LobbyClientMessage:
    """Any message a client may send. Raises ProtocolError with the refusal and reason."""
    message: m.ClientMessage | LobbyClientMessage = m.decode_as(data, ANY_CLIENT_TYPES)
    return message


def decode_server(data: str | bytes) -> m.ServerMessage | LobbyServerMessage:
    """Any message a server may send. Raises ProtocolError with the refusal and reason."""
    message: m.ServerMessage | LobbyServerMessage = m.decode_as(data, ANY_SERVER_TYPES)
    return message


def decode_from_server(data: str | bytes) -> m.ServerMessage | LobbyServerMessage | None:
    """What a client reads from a server: any message it knows (fields it does not know
    passed over), None for a type it does not know (a newer server's). Raises ProtocolError
    for a known message it cannot read."""
    message: m.ServerMessage | LobbyServerMessage | None = m.decode_as(
        data, ANY_SERVER_TYPES, lenient=True)
    return message


def lobby_message(seats: tuple[Listing, ...], playing: tuple[Listing, ...]) -> Lobby:
    """A ``lobby`` message holding as many of the open seats, then of the games in play, as
    fit in one message (both newest first): the rest arrive with the next changes, or a
    client narrows ``browse`` to one game."""
    budget = MAX_MESSAGE_BYTES - 100  # the envelope
    kept: list[list[Listing]] = [[], []]
    for index, listings in enumerate((seats, playing)):
        for listing in listings:
            cost = size_of(dump(listing.to_json())) + 1
            if cost > budget:
                break
            budget -= cost
            kept[index].append(listing)
    return Lobby(tuple(kept[0]), tuple(kept[1]))


def _secret(f: Fields) -> str:
    value = f.raw("secret")
    if (not isinstance(value, str) or len(value) != 2 * TOKEN_BYTES
            or not all(c in "0123456789abcdef" for c in value)):
        f.refuse(f"{f.of}.secret must be {2 * TOKEN_BYTES} lowercase hexadecimal digits",
                 Refusal.BAD_TOKEN)
    return value


def _code(f: Fields, length: int) -> str:
    value = f.raw("code")
    code = value.upper() if isinstance(value, str) else ""
    if len(code) != length or not all(c in INVITE_ALPHABET for c in code):
        f.refuse(f"a code is {length} characters from {INVITE_ALPHABET}", Refusal.BAD_CODE)
    return code


def _choice(f: Fields, name: str, allowed: tuple[str, ...]) -> str:
    value = f.raw(name)
    if value not in allowed:
        f.refuse(f"{f.of}.{name} must be one of {', '.join(allowed)}")
    assert isinstance(value, str)
    return value
