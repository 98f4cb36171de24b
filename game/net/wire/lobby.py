"""The protocol's public side: profiles, the lobby, quick match, challenges, spectators and
ratings, as frozen dataclasses whose fields declare their JSON form (as
``game.net.wire.messages`` does, whose table messages they sit beside on the same connection).

A connection may ``identify`` as a named player (a name bound to a secret the client keeps);
rated games, challenges, blocks and the queue need it. ``decode_client``/``decode_server``
read both the table messages and these. docs/online.md describes each one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Final, TypeAlias

from game.net.wire import messages as m
from game.net.wire.codec import dump, size_of
from game.net.wire.form import Hidden, Later, OneOf, Whole, Wire
from game.net.wire.limits import MAX_MESSAGE_BYTES
from game.net.wire.messages import ChatText, Count, Id, Name, UnixTime

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


class GameRecord(Wire):
    """A player's record in one game: games finished, won and lost, and the rating."""

    game: Id
    played: Count
    won: Count
    lost: Count
    rating: Rating
    deviation: Rating
    provisional: bool


class RecentGame(Wire):
    """One finished game of a profile: where to replay it (table and round), against whom,
    the result for the profile's player (``won``, ``lost``, ``drawn``), rated or not."""

    table: Id
    round: Count
    game: Id
    opponent: Name
    result: Annotated[str, OneOf(("won", "lost", "drawn"))]
    rated: bool


class Standing(Wire):
    """One row of a leaderboard."""

    name: Name
    rating: Rating
    deviation: Rating
    played: Count


class Blocking(Wire):
    """Player ``name`` and whether they are blocked (``on``): the fields of ``Block`` and
    ``Blocked``."""

    name: Name
    on: bool


# -- what a client sends ---------------------------------------------------------------


class Identify(Wire, type="identify"):
    """Be the player ``name`` on this server: the first ``identify`` claims a free name and
    binds it to ``secret`` (128 random bits the client made and keeps in its user data
    folder); later ones must bring the same secret. The server keeps only its hash."""

    name: Name
    secret: Secret


class Link(Wire, type="link"):
    """Ask for a one-time code that binds this name to another machine's secret."""



class Redeem(Wire, type="redeem"):
    """On the second machine: bind ``secret`` (its own) to ``name`` with a one-time code
    from ``link``. The first machine's secret keeps working."""

    name: Name
    code: Annotated[LinkCode, Hidden()]
    secret: Secret


class Browse(Wire, type="browse"):
    """Follow the lobby: the open seats now (``lobby``), then each change (``listed``,
    ``unlisted``) until the connection closes. ``game`` None: every game."""

    game: Id | None


class List(Wire, type="list"):
    """List the free seat of the table this connection created, publicly; ``rated`` asks
    for a rated game (both players must be identified; taking the seat is agreeing)."""

    rated: bool


class Take(Wire, type="take"):
    """Take the listed seat of ``table`` (as ``join`` does with its code)."""

    table: Id
    name: Name


class Seek(Wire, type="seek"):
    """Join the quick-match queue of ``game`` with this clock (a queue per game and clock),
    default options; ``rated`` players are only paired with rated ones."""

    game: Id
    clock: m.Clock
    rated: bool


class Unseek(Wire, type="unseek"):
    """Leave the queue."""



class Challenge(Wire, type="challenge"):
    """Challenge the identified player ``name`` to ``game`` (default options) with this
    clock; the challenge lapses after ``CHALLENGE_SECONDS`` unanswered."""

    name: Name
    game: Id
    clock: m.Clock
    rated: bool


class Reply(Wire, type="reply"):
    """Accept or decline challenge ``id``."""

    id: Id
    accept: bool


class Watch(Wire, type="watch"):
    """Watch ``table`` (its id is its watch code) read-only, holding ``have`` moves of round
    ``round`` (None and 0 the first time: the round in play): answered like ``attach``, with
    ``watching``. A ``round`` before the one in play asks for that round, sent whole."""

    table: Id
    round: Annotated[Count | None, Later()] = None
    have: Count = 0


class Remark(Wire, type="remark"):
    """A line in the spectators' chat of the watched table (players do not see it)."""

    text: ChatText


class Block(Blocking, type="block"):
    """Block (``on``) or unblock player ``name``: a blocked player cannot challenge you and
    you no longer receive their chat or remarks."""


class AskProfile(Wire, type="profile?"):
    """Ask for the profile of ``name``."""

    name: Name


class AskLeaderboard(Wire, type="leaderboard?"):
    """Ask for the leaderboard of ``game``."""

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


class Identified(Wire, type="identified"):
    """This connection is the player ``name`` (``new``: the name was just claimed)."""

    name: Name
    new: bool


class Linked(Wire, type="linked"):
    """The one-time code for ``redeem`` on another machine, and when it expires."""

    code: LinkCode
    expires: UnixTime


class Lobby(Wire, type="lobby"):
    """The open seats now (after ``browse``), newest first, and the listed tables whose seat
    was taken and whose game goes on (to watch)."""

    seats: tuple[Listing, ...]
    playing: tuple[Listing, ...] = ()


class Playing(Wire, type="playing"):
    """The listed seat of ``table`` was taken: its game goes on, to watch (followers)."""

    table: Id


class Listed(Wire, type="listed"):
    """A seat was listed (to every browsing connection)."""

    seat: Listing


class Unlisted(Wire, type="unlisted"):
    """``table`` leaves the lobby: its game ended, its seat expired, or it was removed."""

    table: Id


class Queued(Wire, type="queued"):
    """You wait in the queue of ``game``; ``waiting`` players are in it, you included."""

    game: Id
    waiting: Count


class Matched(Wire, type="matched"):
    """A game was found for you (quick match or an accepted challenge) against ``opponent``:
    send ``join`` with ``code`` (as for an invite) to take your seat."""

    code: m.InviteCode
    opponent: Name
    rated: bool


class Challenged(Wire, type="challenged"):
    """``by`` challenges you (``id`` to ``reply``), until ``expires``."""

    id: Id
    by: Name
    game: Id
    clock: m.Clock
    rated: bool
    expires: UnixTime


class ChallengeOver(Wire, type="challenge-over"):
    """Challenge ``id`` ended without a game: ``declined`` or ``expired`` (to the
    challenger; an accepted one is answered with ``matched``)."""

    id: Id
    why: Annotated[str, OneOf(("declined", "expired"))]


class Watching(Wire, type="watching"):
    """The watched table as it stands (no seat, no token): followed by ``moves`` as needed,
    then every ``moved``, ``ended`` and ``presence`` the players get, and a new
    ``watching`` when a round starts. ``clocks``: with a real-time clock, both seats' time
    left (ms) as it was sent (the side to move's runs from then on), as a ``table`` has it;
    ``ratings``: after a rated round, as its ``ended`` said (optional, as in ``table``)."""

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
    ratings: m.Ratings = None


class Remarked(Wire, type="remarked"):
    """A spectator (``name``, or null when not identified) said ``text``."""

    name: Name | None
    text: ChatText


class Blocked(Blocking, type="blocked"):
    """``name`` is now blocked (``on``) or not."""


class Profile(Wire, type="profile"):
    """A player's record per game and their most recent finished games, newest first."""

    name: Name
    games: tuple[GameRecord, ...] = ()
    recent: tuple[RecentGame, ...] = ()


class Leaderboard(Wire, type="leaderboard"):
    """The ratings of ``game``: the established ones best first, then the provisional
    ones (a deviation above ``glicko2.PROVISIONAL_DEVIATION``) best first."""

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
