"""The protocol's public side: profiles, the lobby, quick match, challenges, spectators and
ratings, as frozen dataclasses whose fields declare their JSON form (as ``game.net.messages`` does,
whose table messages they sit beside on the same connection).

A connection may ``identify`` as a named player (a name bound to a secret the client keeps);
rated games, challenges, blocks and the queue need it. ``decode_client``/``decode_server``
read both the table messages and these. docs/online.md describes each one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Final, TypeAlias

from game.net import messages as m
from game.net.codec import dump, size_of
from game.net.limits import MAX_MESSAGE_BYTES
from game.net.messages import ChatText, Count, Id, Name, UnixTime
from game.net.wire import Later, OneOf, Whole, Wire

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

Rating: TypeAlias = Annotated[int, Whole(0, m.MAX_RATING)]
Secret: TypeAlias = m.Token
"""A player's secret: 128 random bits in hexadecimal, as a seat's token."""
LinkCode: TypeAlias = Annotated[str, m.Code(LINK_LENGTH, "a code")]


@dataclass(frozen=True)
class Listing(Wire):
    """An open seat in the lobby: the table, its game, options and clock, the host's public
    name (and rating in that game when identified), and whether the game will be rated."""

    table: Id
    game: Id
    options: m.Options
    clock: m.Clock
    host: Name
    rated: bool
    rating: Annotated[Rating | None, Later()] = None


@dataclass(frozen=True)
class GameRecord(Wire):
    """A player's record in one game: games finished, won and lost, and the rating."""

    game: Id
    played: Count
    won: Count
    lost: Count
    rating: Rating
    deviation: Rating
    provisional: bool


@dataclass(frozen=True)
class RecentGame(Wire):
    """One finished game of a profile: where to replay it (table and round), against whom,
    the result for the profile's player (``won``, ``lost``, ``drawn``), rated or not."""

    table: Id
    round: Count
    game: Id
    opponent: Name
    result: Annotated[str, OneOf(("won", "lost", "drawn"))]
    rated: bool


@dataclass(frozen=True)
class Standing(Wire):
    """One row of a leaderboard."""

    name: Name
    rating: Rating
    deviation: Rating
    played: Count


# -- what a client sends ---------------------------------------------------------------


@dataclass(frozen=True)
class Identify(Wire):
    """Be the player ``name`` on this server: the first ``identify`` claims a free name and
    binds it to ``secret`` (128 random bits the client made and keeps in its user data
    folder); later ones must bring the same secret. The server keeps only its hash."""

    TYPE: ClassVar[str] = "identify"
    name: Name
    secret: Secret = field(repr=False)


@dataclass(frozen=True)
class Link(Wire):
    """Ask for a one-time code that binds this name to another machine's secret."""

    TYPE: ClassVar[str] = "link"


@dataclass(frozen=True)
class Redeem(Wire):
    """On the second machine: bind ``secret`` (its own) to ``name`` with a one-time code
    from ``link``. The first machine's secret keeps working."""

    TYPE: ClassVar[str] = "redeem"
    name: Name
    code: LinkCode = field(repr=False)
    secret: Secret = field(repr=False)


@dataclass(frozen=True)
class Browse(Wire):
    """Follow the lobby: the open seats now (``lobby``), then each change (``listed``,
    ``unlisted``) until the connection closes. ``game`` None: every game."""

    TYPE: ClassVar[str] = "browse"
    game: Id | None


@dataclass(frozen=True)
class List(Wire):
    """List the free seat of the table this connection created, publicly; ``rated`` asks
    for a rated game (both players must be identified; taking the seat is agreeing)."""

    TYPE: ClassVar[str] = "list"
    rated: bool


@dataclass(frozen=True)
class Take(Wire):
    """Take the listed seat of ``table`` (as ``join`` does with its code)."""

    TYPE: ClassVar[str] = "take"
    table: Id
    name: Name


@dataclass(frozen=True)
class Seek(Wire):
    """Join the quick-match queue of ``game`` with this clock (a queue per game and clock),
    default options; ``rated`` players are only paired with rated ones."""

    TYPE: ClassVar[str] = "seek"
    game: Id
    clock: m.Clock
    rated: bool


@dataclass(frozen=True)
class Unseek(Wire):
    """Leave the queue."""

    TYPE: ClassVar[str] = "unseek"


@dataclass(frozen=True)
class Challenge(Wire):
    """Challenge the identified player ``name`` to ``game`` (default options) with this
    clock; the challenge lapses after ``CHALLENGE_SECONDS`` unanswered."""

    TYPE: ClassVar[str] = "challenge"
    name: Name
    game: Id
    clock: m.Clock
    rated: bool


@dataclass(frozen=True)
class Reply(Wire):
    """Accept or decline challenge ``id``."""

    TYPE: ClassVar[str] = "reply"
    id: Id
    accept: bool


@dataclass(frozen=True)
class Watch(Wire):
    """Watch ``table`` (its id is its watch code) read-only, holding ``have`` moves of round
    ``round`` (None and 0 the first time: the round in play): answered like ``attach``, with
    ``watching``. A ``round`` before the one in play asks for that round, sent whole."""

    TYPE: ClassVar[str] = "watch"
    table: Id
    round: Annotated[Count | None, Later()] = None
    have: Count = 0


@dataclass(frozen=True)
class Remark(Wire):
    """A line in the spectators' chat of the watched table (players do not see it)."""

    TYPE: ClassVar[str] = "remark"
    text: ChatText


@dataclass(frozen=True)
class Block(Wire):
    """Block (``on``) or unblock player ``name``: a blocked player cannot challenge you and
    you no longer receive their chat or remarks."""

    TYPE: ClassVar[str] = "block"
    name: Name
    on: bool


@dataclass(frozen=True)
class AskProfile(Wire):
    """Ask for the profile of ``name``."""

    TYPE: ClassVar[str] = "profile?"
    name: Name


@dataclass(frozen=True)
class AskLeaderboard(Wire):
    """Ask for the leaderboard of ``game``."""

    TYPE: ClassVar[str] = "leaderboard?"
    game: Id


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
class Identified(Wire):
    """This connection is the player ``name`` (``new``: the name was just claimed)."""

    TYPE: ClassVar[str] = "identified"
    name: Name
    new: bool


@dataclass(frozen=True)
class Linked(Wire):
    """The one-time code for ``redeem`` on another machine, and when it expires."""

    TYPE: ClassVar[str] = "linked"
    code: LinkCode
    expires: UnixTime


@dataclass(frozen=True)
class Lobby(Wire):
    """The open seats now (after ``browse``), newest first, and the listed tables whose seat
    was taken and whose game goes on (to watch)."""

    TYPE: ClassVar[str] = "lobby"
    seats: tuple[Listing, ...]
    playing: tuple[Listing, ...] = ()


@dataclass(frozen=True)
class Playing(Wire):
    """The listed seat of ``table`` was taken: its game goes on, to watch (followers)."""

    TYPE: ClassVar[str] = "playing"
    table: Id


@dataclass(frozen=True)
class Listed(Wire):
    """A seat was listed (to every browsing connection)."""

    TYPE: ClassVar[str] = "listed"
    seat: Listing


@dataclass(frozen=True)
class Unlisted(Wire):
    """``table`` leaves the lobby: its game ended, its seat expired, or it was removed."""

    TYPE: ClassVar[str] = "unlisted"
    table: Id


@dataclass(frozen=True)
class Queued(Wire):
    """You wait in the queue of ``game``; ``waiting`` players are in it, you included."""

    TYPE: ClassVar[str] = "queued"
    game: Id
    waiting: Count


@dataclass(frozen=True)
class Matched(Wire):
    """A game was found for you (quick match or an accepted challenge) against ``opponent``:
    send ``join`` with ``code`` (as for an invite) to take your seat."""

    TYPE: ClassVar[str] = "matched"
    code: m.InviteCode
    opponent: Name
    rated: bool


@dataclass(frozen=True)
class Challenged(Wire):
    """``by`` challenges you (``id`` to ``reply``), until ``expires``."""

    TYPE: ClassVar[str] = "challenged"
    id: Id
    by: Name
    game: Id
    clock: m.Clock
    rated: bool
    expires: UnixTime


@dataclass(frozen=True)
class ChallengeOver(Wire):
    """Challenge ``id`` ended without a game: ``declined`` or ``expired`` (to the
    challenger; an accepted one is answered with ``matched``)."""

    TYPE: ClassVar[str] = "challenge-over"
    id: Id
    why: Annotated[str, OneOf(("declined", "expired"))]


@dataclass(frozen=True)
class Watching(Wire):
    """The watched table as it stands (no seat, no token): followed by ``moves`` as needed,
    then every ``moved``, ``ended`` and ``presence`` the players get, and a new
    ``watching`` when a round starts. ``clocks``: with a real-time clock, both seats' time
    left (ms) as it was sent (the side to move's runs from then on), as a ``table`` has it."""

    TYPE: ClassVar[str] = "watching"
    table: Id
    game: Id
    rules: Count
    options: m.Options
    clock: m.Clock
    round: Count
    names: tuple[Name | None, Name | None]
    ply: Count
    ending: m.Ending | None = None
    spectators: Count = 0
    clocks: m.Clocks = None


@dataclass(frozen=True)
class Remarked(Wire):
    """A spectator (``name``, or null when not identified) said ``text``."""

    TYPE: ClassVar[str] = "remarked"
    name: Name | None
    text: ChatText


@dataclass(frozen=True)
class Blocked(Wire):
    """``name`` is now blocked (``on``) or not."""

    TYPE: ClassVar[str] = "blocked"
    name: Name
    on: bool


@dataclass(frozen=True)
class Profile(Wire):
    """A player's record per game and their most recent finished games, newest first."""

    TYPE: ClassVar[str] = "profile"
    name: Name
    games: tuple[GameRecord, ...] = ()
    recent: tuple[RecentGame, ...] = ()


@dataclass(frozen=True)
class Leaderboard(Wire):
    """The ratings of ``game``: the established ones best first, then the provisional
    ones (a deviation above ``glicko2.PROVISIONAL_DEVIATION``) best first."""

    TYPE: ClassVar[str] = "leaderboard"
    game: Id
    rows: tuple[Standing, ...] = ()


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
    return dump({"type": message.TYPE, **message.to_json()})


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
