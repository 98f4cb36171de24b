"""The public side of a table server: named players, the lobby, quick match, challenges,
spectators, blocks, results and ratings, on top of the tables (``TableHub``).

Everything shared lives in the database (``SocialStore``): listings, the queue, names,
blocks, results and ratings; changes reach every process through the storage's ``publish``
as small JSON notes with a ``kind``. A process only ever acts for its own connections: it
pairs a queue pair only if one of the two is connected to it, creates the table for that one
and tells the other (``matched``, with the invite code to ``join``). Results are counted by
the process serving the table, once (the results table's key), and ratings are computed
there from the players' ratings before the round: no client ever sends a rating.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Final, TypeAlias, TypeVar

from game.net.glicko2 import PROVISIONAL_DEVIATION, Rating
from game.net.matchmaking import Seeker, pair
from game.net.server.hub import LiveTable, TableHub, halt
from game.net.server.limits import PerAddress, Window
from game.net.server.rounds import EarlierRounds
from game.net.server.session import Session
from game.net.storage import Storage, StorageError
from game.net.storage.common import SqlStorage
from game.net.storage.social import Finished, SocialStore, listing_json
from game.net.table import Output, Send
from game.net.wire import lobby as lb
from game.net.wire import messages as m
from game.net.wire.codec import Fields
from game.net.wire.codes import ProtocolError, Refusal
from game.net.wire.limits import INVITE_ALPHABET

PAIR_SECONDS: Final = 0.5
"""How often each process looks at the queues."""
LOBBY_ACTIONS: Final = (20, 60.0)
"""Every lobby message but challenges and remarks: per connection, per minute."""
CHALLENGES: Final = (5, 60.0)
CHATS: Final = (10, 10.0)
"""Chat lines and spectator remarks per connection."""
OLD_ROUNDS: Final = (10, 60.0)
"""Earlier rounds of a rematch asked per address per minute (each may cost a replay)."""
LINK_GUESSES: Final = (10, 60.0)
"""Wrong link codes or secrets per address per minute."""
PLAYING_SECONDS: Final = 24 * 3600.0
"""A listed game in play stays in the lobby's games to watch at most this long."""
STALE_SEEKER_SECONDS: Final = 10 * PAIR_SECONDS
"""A queued player whose process has not looked at the queue this long is dropped from it
(that process died)."""
MAX_GUESSERS: Final = 10_000
"""Addresses whose wrong guesses are remembered before quiet ones are forgotten."""
M = TypeVar("M")
LOBBY_KINDS: Final = (lb.Identify, lb.Link, lb.Redeem, lb.Browse, lb.List, lb.Take,
                      lb.Seek, lb.Unseek, lb.Watch, lb.Block, lb.AskProfile,
                      lb.AskLeaderboard)


@dataclasses.dataclass(eq=False)
class Visitor:
    """What the public side knows of one connection."""

    name: str | None = None
    blocks: set[str] = dataclasses.field(default_factory=set)
    browsing: bool = False
    game_filter: str | None = None
    held: list[str] | None = None
    """While its ``lobby`` is being read: the lobby's changes heard meanwhile, sent after it
    in order (sent before it, an ``unlisted`` would be undone by an older ``lobby``)."""
    watching: str | None = None
    seeker: str | None = None
    lobby: Window = dataclasses.field(default_factory=lambda: Window(*LOBBY_ACTIONS))
    challenges: Window = dataclasses.field(default_factory=lambda: Window(*CHALLENGES))
    chats: Window = dataclasses.field(default_factory=lambda: Window(*CHATS))


@dataclasses.dataclass(frozen=True)
class OpenChallenge:
    id: str
    by: str
    to: str
    game: str
    clock: m.Clock
    rated: bool
    expires: int


Handler: TypeAlias = Callable[[Session, Visitor, M, float], Awaitable[None]]
"""What a lobby message of type ``M`` is handled by: its connection, what the lobby knows
of it, the message and the time."""


class LobbyHub(TableHub):
    """``TableHub`` plus the lobby's messages."""

    def __init__(self, storage: Storage, *args: Any, clock: Callable[[], float] = time.time,
                 **kwargs: Any) -> None:
        super().__init__(storage, *args, clock=clock, **kwargs)
        if not isinstance(storage, SqlStorage):
            raise StorageError("the lobby needs an SQL storage")
        if not isinstance(self.queries, SqlStorage):
            raise StorageError("the lobby needs an SQL storage")
        self.social = SocialStore(self.queries)
        self.rounds = EarlierRounds(partial(self._call, self.queries.load), self.replay)
        self._old_rounds = PerAddress(*OLD_ROUNDS)
        self._visitors: dict[Session, Visitor] = {}
        self._watchers: dict[str, set[Session]] = {}
        self._shown: dict[str, tuple[int, tuple[str | None, str | None]]] = {}
        self._challenges: dict[str, OpenChallenge] = {}
        self._secret_guesses: dict[str, Window] = {}
        self._pairer: asyncio.Task[None] | None = None
        self._notes: set[asyncio.Task[None]] = set()
        self._last_note: asyncio.Task[None] | None = None
        """The latest note's task: each note waits for the one before, so that every
        connection hears the lobby's changes in the order they were made (a seat's
        ``unlisted`` never before its ``listed``)."""
        self._listed_here: dict[str, bool] = {}
        """Tables this process listed, and whether rated: their listing goes when their seat
        is taken (a table served elsewhere later keeps its listing until its invite code
        expires)."""
        self._deserted: dict[str, bool] = {}
        """Listings withdrawn because their host left, and whether rated: listed again when
        the host comes back to the seat."""
        self.pairing_delays: deque[float] = deque(maxlen=1000)
        """Seconds from the older seeker's ``seek`` to its pair's table, the latest ones."""
        self._handlers = dict((
            _handler(lb.Identify, self._identify), _handler(lb.Link, self._link),
            _handler(lb.Redeem, self._redeem), _handler(lb.Browse, self._browse),
            _handler(lb.List, self._list), _handler(lb.Take, self._take),
            _handler(lb.Seek, self._seek), _handler(lb.Unseek, self._unseek),
            _handler(lb.Challenge, self._challenge), _handler(lb.Reply, self._reply),
            _handler(lb.Watch, self._watch), _handler(lb.Remark, self._remark),
            _handler(lb.Block, self._block), _handler(lb.AskProfile, self._ask_profile),
            _handler(lb.AskLeaderboard, self._ask_leaderboard)))
        """Each lobby message's handler, by its type."""

    async def start(self, address: str) -> None:
        await super().start(address)
        self._pairer = asyncio.create_task(self._pair_loop())

    async def stop(self) -> None:
        await halt(self._pairer)
        await super().stop()

    def _visitor(self, session: Session) -> Visitor:
        return self._visitors.setdefault(session, Visitor())

    # -- the transport's calls -----------------------------------------------------------

    async def receive(self, session: Session, data: str | bytes) -> None:
        message = await self._decoded(session, data, lb.decode_client)
        if message is None:
            return
        if isinstance(message, m.ClientMessage):
            await self._handle(session, message)
            return
        if not session.greeted.is_set():
            await _refuse(session, Refusal.HELLO_FIRST, "say hello first", message.TYPE)
            return
        visitor = self._visitor(session)
        if isinstance(message, LOBBY_KINDS) and not visitor.lobby.allow(time.monotonic()):
            await _refuse(session, Refusal.RATE_LIMITED,
                          "too many lobby requests: wait a little", message.TYPE)
            return
        try:
            await self._handlers[type(message)](session, visitor, message, self.clock())
        except ProtocolError as err:
            await session.send(lb.encode(m.Error.of_error(err)))
        except StorageError:
            await session.send(lb.encode(m.Error(Refusal.INTERNAL.value,
                                                 "the server could not do that now",
                                                 message.TYPE)))

    async def _handle(self, session: Session, message: m.ClientMessage) -> None:
        """A table message, with the player's identified name where a name is asked for
        (nobody plays under a claimed name but its owner) and a limit on chat."""
        visitor = self._visitors.get(session)
        if isinstance(message, (m.Create, m.Join)) and session.greeted.is_set():
            if visitor is not None and visitor.name is not None:
                message = dataclasses.replace(message, name=visitor.name)
            elif await self._name_claimed(message.name):
                await _refuse(session, Refusal.NAME_TAKEN, "this name belongs to a player "
                              "of this server: identify as them, or choose another name",
                              message.TYPE)
                return
        if isinstance(message, m.Chat) and not self._visitor(session).chats.allow(
                time.monotonic()):
            await _refuse(session, Refusal.RATE_LIMITED, "too many chat lines: wait a little",
                          message.TYPE)
            return
        await super()._handle(session, message)
        if isinstance(message, m.Attach):
            await self._list_again(session)

    async def _name_claimed(self, name: str) -> bool:
        """A claimed name is its owner's everywhere, unrated tables included."""
        try:
            return await self._call(self.social.claimed, name)
        except StorageError:
            return False  # the table itself will say what the database does

    async def gone(self, session: Session) -> None:
        visitor = self._visitors.pop(session, None)
        if visitor is not None:
            self._stop_watching(session, visitor)
            if visitor.seeker is not None:
                with contextlib.suppress(StorageError):
                    await self._call(self.social.leave_queue, visitor.seeker)
        await super().gone(session)
        await self._withdraw_deserted(session.table_id)

    async def _withdraw_deserted(self, table_id: str | None) -> None:
        """A listed seat whose host left (cancelled, closed the app, lost the link) leaves
        the lobby at once: nobody would be there to play the player who takes it. The host
        coming back to the seat lists it again."""
        live = self._live.get(table_id or "")
        if (live is None or live.table.id not in self._listed_here or live.invite is None
                or live.table.connections):
            return
        self._deserted[live.table.id] = self._listed_here.pop(live.table.id)
        with contextlib.suppress(StorageError):
            if await self._call(self.social.withdraw, live.table.id):
                await self._announce({"kind": "unlisted", "table": live.table.id})

    async def _list_again(self, session: Session) -> None:
        """The host of a withdrawn listing came back to its seat (a dropped link, the app
        started again): its seat is listed again, if it is still free."""
        rated = self._deserted.pop(session.table_id or "", None)
        if rated is not None:
            with contextlib.suppress(ProtocolError, StorageError):
                await self._list(session, self._visitor(session), lb.List(rated), self.clock())

    # -- the lobby's messages --------------------------------------------------------------

    async def _link(self, session: Session, visitor: Visitor, message: lb.Link,
                    now: float) -> None:
        name = _named(visitor, message.TYPE)
        code = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(lb.LINK_LENGTH))
        expires = int(now) + lb.LINK_SECONDS
        await self._call(self.social.add_link, name, code, float(expires), now)
        await session.send(lb.encode(lb.Linked(code, expires)))

    async def _redeem(self, session: Session, visitor: Visitor, message: lb.Redeem,
                      now: float) -> None:
        self._guess_allowed(session, message.TYPE)
        if not await self._call(self.social.redeem, message.name, message.code,
                                message.secret, now):
            self._guess_counted(session)
            raise ProtocolError(Refusal.BAD_CODE, "no such link code for this name",
                                message.TYPE)
        await self._identify(session, visitor, lb.Identify(message.name, message.secret), now)

    async def _browse(self, session: Session, visitor: Visitor, message: lb.Browse,
                      now: float) -> None:
        visitor.browsing, visitor.game_filter, visitor.held = True, message.game, []
        try:
            seats = await self._listings(message.game, now, playing=False)
            playing = await self._listings(message.game, now, playing=True)
            await session.send(lb.encode(lb.lobby_message(seats, playing)))
        finally:
            while visitor.held:  # (one more may arrive while one is sent)
                await session.send(visitor.held.pop(0))
            visitor.held = None

    async def _unseek(self, session: Session, visitor: Visitor, message: lb.Unseek,
                      now: float) -> None:
        if visitor.seeker is not None:
            await self._call(self.social.leave_queue, visitor.seeker)
            visitor.seeker = None

    async def _block(self, session: Session, visitor: Visitor, message: lb.Block,
                     now: float) -> None:
        name = _named(visitor, message.TYPE)
        await self._call(self.social.block, name, message.name, message.on)
        visitor.blocks = await self._call(self.social.blocks, name)
        await session.send(lb.encode(lb.Blocked(message.name, message.on)))
        # both sides at once, on every process: the blocked player's connections too
        await self._announce({"kind": "blocks", "names": [name, message.name]})

    async def _ask_profile(self, session: Session, visitor: Visitor, message: lb.AskProfile,
                           now: float) -> None:
        await session.send(lb.encode(await self._call(self._profile, message.name)))

    async def _ask_leaderboard(self, session: Session, visitor: Visitor,
                               message: lb.AskLeaderboard, now: float) -> None:
        board = await self._call(self.social.leaderboard, message.game,
                                 PROVISIONAL_DEVIATION, lb.MAX_BOARD)
        await session.send(lb.encode(lb.Leaderboard(message.game, tuple(
            lb.Standing(s.name, round(s.rating.rating), round(s.rating.deviation), s.played)
            for s in board))))

    async def _listings(self, game: str | None, now: float, *, playing: bool
                        ) -> tuple[lb.Listing, ...]:
        rows = await self._call(self.social.listings, game, now, lb.MAX_LISTED, playing)
        return tuple(_listing(json.loads(row)) for row in rows)

    async def _identify(self, session: Session, visitor: Visitor, message: lb.Identify,
                        now: float) -> None:
        self._guess_allowed(session, message.TYPE)
        new = await self._call(self.social.identify, message.name, message.secret, now)
        if new is None:
            self._guess_counted(session)
            raise ProtocolError(Refusal.NAME_TAKEN, "this name belongs to another player",
                                message.TYPE)
        visitor.name = message.name
        visitor.blocks = await self._call(self.social.blocks, message.name)
        await session.send(lb.encode(lb.Identified(message.name, new)))

    def _guess_allowed(self, session: Session, of: str) -> None:
        window = self._secret_guesses.setdefault(session.address, Window(*LINK_GUESSES))
        if window.is_full(time.monotonic()):
            raise ProtocolError(Refusal.RATE_LIMITED, "too many wrong secrets or codes from "
                                "your address: wait a minute", of)

    def _guess_counted(self, session: Session) -> None:
        now = time.monotonic()
        if len(self._secret_guesses) > MAX_GUESSERS:  # forget addresses that went quiet
            for address in [a for a, w in self._secret_guesses.items() if w.is_idle(now)]:
                del self._secret_guesses[address]
        self._secret_guesses.setdefault(session.address, Window(*LINK_GUESSES)).allow(now)

    def _profile(self, name: str) -> lb.Profile:
        """Runs on the storage thread."""
        games = tuple(lb.GameRecord(s.game, s.played, s.won, s.lost, round(s.rating.rating),
                                    round(s.rating.deviation), s.rating.provisional)
                      for s in self.social.standings(name))
        recent = []
        for table_id, round_, game, first, second, winner, rated in self.social.recent(
                name, lb.MAX_RECENT):
            seat = 0 if first == name else 1
            result = "drawn" if winner is None else ("won" if winner == seat else "lost")
            recent.append(lb.RecentGame(table_id, int(round_), game,
                                        second if seat == 0 else first, result, bool(rated)))
        return lb.Profile(name, games, tuple(recent))

    # -- lobby listings ------------------------------------------------------------------

    async def _list(self, session: Session, visitor: Visitor, message: lb.List,
                    now: float) -> None:
        live = self._live.get(session.table_id or "")
        seat = None if live is None else live.table.seat_of(session)
        invite = None if live is None else live.table.invite
        if live is None or seat is None or invite is None:
            raise ProtocolError(Refusal.NOT_SEATED, "create a table first: its free seat is "
                                "what is listed", message.TYPE)
        if message.rated:
            _named(visitor, message.TYPE)
        table = live.table
        host = table.names()[seat] or ""
        rating = None
        if visitor.name is not None:
            standing = await self._call(self.social.standing, visitor.name, table.game.info.id)
            rating = round(standing.rating.rating)
        listing = lb.Listing(table.id, table.game.info.id, table.options, table.clock, host,
                             message.rated, rating)
        text = listing_json(listing.to_json())
        await self._call(self.social.list_seat, table.id, table.game.info.id, host, text,
                         invite.code, message.rated, float(invite.expires))
        if visitor.name is not None:
            await self._note_seat(live, session, visitor.name, rated=message.rated)
        self._listed_here[table.id] = message.rated
        await self._announce({"kind": "listed", "listing": listing.to_json()})
        if not visitor.browsing:  # the acknowledgement (browsers hear it with everyone)
            await session.send(lb.encode(lb.Listed(listing)))

    async def _take(self, session: Session, visitor: Visitor, message: lb.Take,
                    now: float) -> None:
        found = await self._call(self.social.listed, message.table, now)
        if found is None:
            raise ProtocolError(Refusal.NOT_LISTED, "this seat is no longer open",
                                message.TYPE)
        code, rated = found
        if rated:
            _named(visitor, message.TYPE)
        await self._handle(session, m.Join(code, message.name))

    async def _note_seat(self, live: LiveTable, session: Session, name: str,
                         rated: bool | None) -> None:
        """Remember which identified player sits where (results are counted by name);
        ``rated`` None: as rated as the table already is (a taken rated listing, a match)."""
        seat = live.table.seat_of(session)
        if seat is None:
            return
        player = seat ^ (live.table.round & 1)
        if rated is None:
            held, was_rated = await self._call(self.social.seats, live.table.id)
            rated = bool(held) and was_rated
        await self._call(self.social.seat, live.table.id, player, name, rated)

    # -- quick match and challenges ------------------------------------------------------

    async def _seek(self, session: Session, visitor: Visitor, message: lb.Seek,
                    now: float) -> None:
        if session.table_id is not None:
            raise ProtocolError(Refusal.SEATED, "this connection has a seat: seek from "
                                "another one", message.TYPE)
        if message.game not in self._hosted:
            raise ProtocolError(Refusal.UNKNOWN_GAME, "this server has no such game",
                                message.TYPE)
        name = _named(visitor, message.TYPE)
        standing = await self._call(self.social.standing, name, message.game)
        if visitor.seeker is None:
            visitor.seeker = f"{self.owner}-{id(session):x}"
        clock = message.clock
        queue = json.dumps([message.game, clock.gone, clock.move, clock.base, clock.increment])
        waiting = await self._call(self.social.enqueue, visitor.seeker, name, queue,
                                   standing.rating.rating, message.rated, now)
        await session.send(lb.encode(lb.Queued(message.game, waiting)))

    async def _pair_loop(self) -> None:
        while True:
            await asyncio.sleep(PAIR_SECONDS)
            with contextlib.suppress(StorageError):
                await self._pair_once()

    async def _pair_once(self) -> None:
        mine = {v.seeker: s for s, v in self._visitors.items() if v.seeker is not None}
        if not mine:
            return
        now = self.clock()
        queues = await self._call(self.social.queues, self.owner, now, STALE_SEEKER_SECONDS)
        for queue, rows in queues.items():
            if not any(row.seeker in mine for row in rows):
                continue
            names = {row.seeker: row.name for row in rows}
            blocks = {row.name: self._visitors[mine[row.seeker]].blocks
                      for row in rows if row.seeker in mine}
            seekers = [Seeker(row.seeker, row.rating, row.since, row.rated) for row in rows]

            for first, second in pair(seekers, now, _meeting(names, blocks)):
                local, other = (first, second) if first.key in mine else (second, first)
                if not await self._call(self.social.take_pair, first.key, second.key):
                    continue
                game, *clock = json.loads(queue)
                await self._start_match(mine[local.key], names[other.key], game,
                                        m.Clock(*clock), first.rated, now)
                self.pairing_delays.append(now - min(first.since, second.since))

    async def _start_match(self, session: Session, opponent: str, game: str,
                           clock: m.Clock, rated: bool, now: float) -> None:
        """Create the table for ``session``'s player, and tell ``opponent`` the code."""
        visitor = self._visitor(session)
        visitor.seeker = None
        name = visitor.name or ""
        await self._create(session, m.Create(game, {}, None, name, clock), now)
        live = self._live.get(session.table_id or "")
        if live is None or live.invite is None:
            return
        await self._call(self.social.seat, live.table.id,
                         live.table.seat_of(session) or 0, name, rated)
        await self._announce({"kind": "matched", "to": opponent, "by": name,
                              "code": live.invite, "rated": rated})

    async def _challenge(self, session: Session, visitor: Visitor, message: lb.Challenge,
                         now: float) -> None:
        name = _named(visitor, message.TYPE)
        if not visitor.challenges.allow(time.monotonic()):
            raise ProtocolError(Refusal.RATE_LIMITED, "too many challenges: wait a little",
                                message.TYPE)
        if message.game not in self._hosted:
            raise ProtocolError(Refusal.UNKNOWN_GAME, "this server has no such game",
                                message.TYPE)
        if message.name == name or not await self._call(self.social.exists, message.name):
            raise ProtocolError(Refusal.NO_PLAYER, "there is no such player", message.TYPE)
        if message.name in visitor.blocks:
            raise ProtocolError(Refusal.BLOCKED, "you cannot challenge this player",
                                message.TYPE)
        challenge = OpenChallenge(secrets.token_hex(8), name, message.name, message.game,
                                  message.clock, message.rated,
                                  int(now) + lb.CHALLENGE_SECONDS)
        await self._announce({"kind": "challenge", **dataclasses.asdict(challenge)})

    async def _reply(self, session: Session, visitor: Visitor, message: lb.Reply,
                     now: float) -> None:
        name = _named(visitor, message.TYPE)
        challenge = self._challenges.get(message.id)
        if challenge is None or challenge.to != name or challenge.expires <= now:
            raise ProtocolError(Refusal.NO_CHALLENGE, "no such challenge is open",
                                message.TYPE)
        if message.accept and session.table_id is not None:
            raise ProtocolError(Refusal.SEATED, "this connection has a seat: answer from "
                                "another one", message.TYPE)
        await self._announce({"kind": "challenge-gone", "id": challenge.id})
        if not message.accept:
            await self._announce({"kind": "challenge-over", "to": challenge.by,
                                  "id": challenge.id, "why": "declined"})
        else:
            await self._start_match(session, challenge.by, challenge.game, challenge.clock,
                                    challenge.rated, now)

    # -- spectators ----------------------------------------------------------------------

    async def _watch(self, session: Session, visitor: Visitor, message: lb.Watch,
                     now: float) -> None:
        if session.table_id is not None:
            raise ProtocolError(Refusal.SEATED, "players see their own table", message.TYPE)
        live = await self._serve(session, message.table, now, _unwatchable(message.table))
        if live is None:
            return  # refused, or sent to the process that serves it
        if message.round is not None and message.round < live.table.round:
            if not self._old_rounds.allow(session.address, time.monotonic()):
                raise ProtocolError(Refusal.RATE_LIMITED, "too many earlier rounds asked from "
                                    "your address: wait a minute", message.TYPE)
            for text in await self.rounds.texts(live.table, message.round):
                session.post(text)
            return
        self._stop_watching(session, visitor)
        visitor.watching = message.table
        self._watchers.setdefault(message.table, set()).add(session)
        table = live.table
        start = message.have if (message.round == table.round
                                 and message.have <= table.match.ply) else 0
        session.post(lb.encode(self._watching(live)))
        for chunk in m.moves_messages(table.round, start, table.moves()[start:]):
            session.post(lb.encode(chunk))

    def _watching(self, live: LiveTable) -> lb.Watching:
        table = live.table
        outcome = table.match.outcome
        ending = None if outcome is None else m.Ending(outcome.winner, outcome.reason.value,
                                                       outcome.reason.label)
        self._shown[table.id] = (table.round, table.names())
        return lb.Watching(table.id, table.game.info.id, table.game.info.rules_version,
                           table.options, table.clock, table.round, table.names(),
                           table.match.ply, ending, len(self._watchers.get(table.id, ())),
                           table.clocks(self.clock()), table.ratings)

    def _stop_watching(self, session: Session, visitor: Visitor) -> None:
        if visitor.watching is not None:
            watchers = self._watchers.get(visitor.watching, set())
            watchers.discard(session)
            if not watchers:
                self._watchers.pop(visitor.watching, None)
                self._shown.pop(visitor.watching, None)
            visitor.watching = None

    async def _remark(self, session: Session, visitor: Visitor, message: lb.Remark,
                      now: float) -> None:
        if visitor.watching is None:
            raise ProtocolError(Refusal.NOT_SEATED, "watch a table first", message.TYPE)
        if not visitor.chats.allow(time.monotonic()):
            raise ProtocolError(Refusal.RATE_LIMITED, "too many remarks: wait a little",
                                message.TYPE)
        text = lb.encode(lb.Remarked(visitor.name, message.text))
        for watcher in list(self._watchers.get(visitor.watching, ())):
            other = self._visitors.get(watcher)
            if visitor.name is None or other is None or visitor.name not in other.blocks:
                watcher.post(text)

    # -- what tables do, seen from the lobby ---------------------------------------------

    async def _carry_out(self, live: LiveTable | None, output: Output) -> Output:
        if live is not None:
            output = dataclasses.replace(output, send=tuple(
                send for send in output.send if not self._muted(live, send)))
            with contextlib.suppress(StorageError):  # (then unrated: the table says the rest)
                await self._note_new_seats(live)
                output = await self._say_rated(live, output)
        output = await super()._carry_out(live, output)
        if live is None or not self._watchers.get(live.table.id):
            return output
        table = live.table
        texts: list[str] = []
        if self._shown.get(table.id) != (table.round, table.names()):
            texts.append(lb.encode(self._watching(live)))
        for send in output.send:
            if isinstance(send.message, (m.Moved, m.TakenBack, m.Ended, m.Presence)):
                text = lb.encode(send.message)
                if text not in texts:
                    texts.append(text)
        for watcher in list(self._watchers.get(table.id, ())):
            for text in texts:  # queued: a spectator never holds up the table
                watcher.post(text)
        return output

    async def _note_new_seats(self, live: LiveTable) -> None:
        """Note the identified players who just took a seat at ``live`` (created, joined or
        came back), before their ``table`` message leaves: it says whether the round is
        rated, which takes both players' names."""
        for conn in live.table.connections:
            visitor = self._visitors.get(conn) if isinstance(conn, Session) else None
            if (isinstance(conn, Session) and conn.table_id != live.table.id
                    and visitor is not None and visitor.name is not None):
                await self._note_seat(live, conn, visitor.name, rated=None)

    async def _say_rated(self, live: LiveTable, output: Output) -> Output:
        """``output`` with its ``table`` messages saying whether the round is rated: both
        seats held by identified players who agreed (as ``_store`` rates it)."""
        if not any(isinstance(send.message, m.TableState) for send in output.send):
            return output
        held, rated = await self._call(self.social.seats, live.table.id)
        if len(held) != 2 or not rated:
            return output
        return dataclasses.replace(output, send=tuple(
            Send(send.to, dataclasses.replace(send.message, rated=True))
            if isinstance(send.message, m.TableState) else send for send in output.send))

    def _muted(self, live: LiveTable, send: Send) -> bool:
        """A chat line to a player who blocked its sender (or was blocked by them)."""
        if not isinstance(send.message, m.Said) or not isinstance(send.to, Session):
            return False
        hearer = self._visitors.get(send.to)
        speaker = next((self._visitors.get(conn) for conn in live.table.connections
                        if isinstance(conn, Session)
                        and live.table.seat_of(conn) == send.message.seat), None)
        return (hearer is not None and speaker is not None and speaker.name is not None
                and speaker.name in hearer.blocks)

    async def _store(self, live: LiveTable, output: Output) -> Output:
        """Store, then count a round that has just ended; the ``ended`` of a rated round
        then carries both players' new ratings, stored with the round first (``Table.rate``)
        so that whoever comes back to it hears them too."""
        was_finished = live.finished
        output = await super()._store(live, output)
        table = live.table
        if table.id in self._listed_here:
            await self._relist(live)
        outcome = table.match.outcome
        if was_finished or outcome is None or outcome.reason.value == "aborted":
            return output
        ratings = None
        with contextlib.suppress(StorageError):
            held, rated = await self._call(self.social.seats, table.id)
            if len(held) == 2:
                by_seat = (held[table.round & 1], held[1 - (table.round & 1)])
                changes = await self._call(self.social.record, Finished(
                    table.id, table.round, table.game.info.id, by_seat, outcome.winner,
                    rated, self.clock()))
                if rated and changes is not None:
                    ratings = _rating_changes(changes)
        if ratings is None:
            return output
        await super()._store(live, table.rate(ratings, self.clock()))
        return _with_ratings(output, ratings)

    async def _relist(self, live: LiveTable) -> None:
        """A listed table changed: its seat taken, it moves to the games in play; its game
        over, it leaves the lobby."""
        table_id = live.table.id
        with contextlib.suppress(StorageError):
            if live.finished:
                self._listed_here.pop(table_id, None)
                if await self._call(self.social.unlist, table_id):
                    await self._announce({"kind": "unlisted", "table": table_id})
            elif live.invite is None and await self._call(
                    self.social.mark_playing, table_id, self.clock() + PLAYING_SECONDS):
                await self._announce({"kind": "playing", "table": table_id})

    # -- notes between processes ---------------------------------------------------------

    async def _announce(self, note: dict[str, Any]) -> None:
        await self._call(self.queries.publish, json.dumps(note, separators=(",", ":")))

    def _note_lobby(self, text: str) -> None:
        with contextlib.suppress(ValueError):
            note = json.loads(text)
            if isinstance(note, dict) and isinstance(note.get("kind"), str):
                task = asyncio.get_running_loop().create_task(
                    self._heard_note(note, self._last_note))
                self._last_note = task
                self._notes.add(task)
                task.add_done_callback(self._notes.discard)
                return
        super()._note_lobby(text)

    async def _heard_note(self, note: dict[str, Any],
                          after: asyncio.Task[None] | None) -> None:
        """A note from any process: pass it on to this process's connections it concerns,
        once the note heard before it (``after``) was passed on."""
        if after is not None:
            await asyncio.wait([after])
        kind = note["kind"]
        with contextlib.suppress(KeyError, TypeError, ValueError, ProtocolError):
            if kind == "listed":
                listing = _listing(note["listing"])
                text = lb.encode(lb.Listed(listing))
                await self._to_browsers(text, listing.game)
            elif kind == "playing":
                await self._to_browsers(lb.encode(lb.Playing(note["table"])), None)
            elif kind == "unlisted":
                await self._to_browsers(lb.encode(lb.Unlisted(note["table"])), None)
            elif kind == "matched":
                text = lb.encode(lb.Matched(note["code"], note["by"], bool(note["rated"])))
                await self._to_named(note["to"], text)
            elif kind == "challenge":
                fields = dict(note)
                fields.pop("kind")
                fields["clock"] = m.Clock(**fields["clock"])
                challenge = OpenChallenge(**fields)
                self._challenges[challenge.id] = challenge
                await self._to_named(challenge.to, lb.encode(lb.Challenged(
                    challenge.id, challenge.by, challenge.game, challenge.clock,
                    challenge.rated, challenge.expires)), unless_blocked=challenge.by)
                asyncio.get_running_loop().call_later(
                    lb.CHALLENGE_SECONDS, self._expire, challenge.id)
            elif kind == "blocks":
                await self._reload_blocks({str(n) for n in note["names"]})
            elif kind == "challenge-gone":
                self._challenges.pop(note["id"], None)
            elif kind == "challenge-over":
                await self._to_named(note["to"], lb.encode(lb.ChallengeOver(note["id"],
                                                                            note["why"])))

    async def _reload_blocks(self, names: set[str]) -> None:
        """A block changed between two of ``names``: their connections here learn it."""
        with contextlib.suppress(StorageError):
            for visitor in list(self._visitors.values()):
                if visitor.name in names:
                    visitor.blocks = await self._call(self.social.blocks, visitor.name)

    def _expire(self, challenge_id: str) -> None:
        challenge = self._challenges.pop(challenge_id, None)
        if challenge is not None:
            text = lb.encode(lb.ChallengeOver(challenge.id, "expired"))
            task = asyncio.get_running_loop().create_task(self._to_named(challenge.by, text))
            self._notes.add(task)
            task.add_done_callback(self._notes.discard)

    async def _to_browsers(self, text: str, game: str | None) -> None:
        for session, visitor in list(self._visitors.items()):
            if visitor.browsing and (game is None or visitor.game_filter in (None, game)):
                if visitor.held is not None:
                    visitor.held.append(text)
                else:
                    await session.send(text)

    async def _to_named(self, name: str, text: str, unless_blocked: str | None = None) -> None:
        for session, visitor in list(self._visitors.items()):
            if visitor.name == name and (unless_blocked is None
                                         or unless_blocked not in visitor.blocks):
                await session.send(text)


def _handler(kind: type[M], handle: Handler[M]) -> tuple[type[Any], Handler[Any]]:
    """An entry of the lobby's handlers, checked (by mypy) to take messages of ``kind``."""
    return kind, handle


def remove_name(storage: Storage, name: str) -> list[str]:
    """The operator's ``serve --remove NAME``: the name can no longer be used, and its
    listed seats and queue places are gone (running servers learn it at once)."""
    if not isinstance(storage, SqlStorage):
        raise StorageError("the lobby needs an SQL storage")
    tables = SocialStore(storage).remove(name)
    for table_id in tables:
        storage.publish(json.dumps({"kind": "unlisted", "table": table_id}))
    return tables


def _meeting(names: dict[str, str], blocks: dict[str, set[str]]
             ) -> Callable[[str, str], bool]:
    """Whether two seekers may be paired: not the same player, and neither blocked the
    other (as far as this process knows: it knows its own players' blocks)."""
    def may_meet(a: str, b: str) -> bool:
        return (names[a] != names[b] and names[b] not in blocks.get(names[a], ())
                and names[a] not in blocks.get(names[b], ()))
    return may_meet


def _unwatchable(code: str) -> ProtocolError:
    """Why nobody can watch by ``code``, which names no table: an invite code given by
    mistake is told apart by its shape alone, so that watching never tells anyone whether an
    invite code is in use (guessing them is limited where they are used: ``join``)."""
    if m.invite_shaped(code):
        return ProtocolError(Refusal.INVITE_CODE, "that is an invite code: use Join",
                             lb.Watch.TYPE)
    return ProtocolError(Refusal.NO_TABLE, "no table has this watch code", lb.Watch.TYPE)


def _named(visitor: Visitor, of: str) -> str:
    if visitor.name is None:
        raise ProtocolError(Refusal.NOT_IDENTIFIED, "identify with your player name first", of)
    return visitor.name


def _listing(value: object) -> lb.Listing:
    return lb.Listing.read(Fields({"seat": value}, "listed"), "seat")


async def _refuse(session: Session, code: Refusal, reason: str, of: str | None) -> None:
    await session.send(lb.encode(m.Error(code.value, reason, of)))


def _rating_changes(changes: tuple[tuple[Rating, Rating], ...]
                    ) -> tuple[m.RatingChange, m.RatingChange]:
    """Each seat's rating after the round, and the change as the players will read it (the
    rounded figures' difference)."""
    first, second = (m.RatingChange(round(after.rating), round(after.rating)
                                    - round(before.rating), after.provisional)
                     for before, after in changes)
    return first, second


def _with_ratings(output: Output, ratings: tuple[m.RatingChange, m.RatingChange]) -> Output:
    """``output`` with its ``ended`` carrying ``ratings``."""
    return dataclasses.replace(output, send=tuple(
        Send(send.to, dataclasses.replace(send.message, ratings=ratings))
        if isinstance(send.message, m.Ended) else send for send in output.send))
