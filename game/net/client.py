"""A protocol client (asyncio): the tests, ``net-smoke``, the bench and the app's network
thread all play through it.

It keeps a mirror ``Match`` of the current round, built only from what the server says
(``table``, ``moves``, ``moved``, ``takenback``), so it can never disagree with the server for
long: a gap in the moves it receives makes it attach again and receive exactly the missing
ones. A dropped connection is re-opened by itself (bounded attempts with back-off), attaching
with the number of moves it holds; a move sent but not yet acknowledged is sent again with the
same ply, which the server acknowledges again without playing it twice. A server that says
the table is served by another process (``CloseCode.ELSEWHERE``) is followed there: only to
the same scheme (never from wss:// down to ws://) and, unless told otherwise, the same host,
at most ``MAX_HOPS`` times in a row, after a pause that grows with each redirect.

The reader never dies in silence. A message of a type it does not know, or a field it does
not know, is passed over (a newer server's); anything else it cannot take in (a message it
cannot read, a move the rules refuse, moves it cannot place, a table it cannot play) ends the
link with the reason in ``failure``, failing every waiter with it, so the owner of the client
can say why and sit again (a fresh connection fetches the whole table).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import urllib.parse
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeAlias, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.core.errors import GameError, OptionsError
from game.core.match import Match, Seat
from game.core.registry import Registry
from game.core.text import quote
from game.net.wire import lobby as lb
from game.net.wire import messages as m
from game.net.wire.codes import CloseCode, ProtocolError
from game.net.wire.limits import MAX_MESSAGE_BYTES, PROTOCOL_VERSION, RATE_MESSAGES, RATE_SECONDS

RECONNECT_ATTEMPTS: Final = 40
RECONNECT_FIRST_DELAY: Final = 0.05
RECONNECT_MAX_DELAY: Final = 2.0
RATE_MARGIN: Final = 5
"""Messages kept below the server's flood limit (its window and ours start apart)."""
REPLY_SECONDS: Final = 30.0
"""How long a request waits for its answer before the client gives up on it."""
MOVE_SECONDS: Final = 120.0
"""How long a move waits for its acknowledgement: longer than a server restart, which the
client rides out by reconnecting and sending the move again."""
RECONNECTING: Final = frozenset({
    CloseCode.GOING_AWAY, CloseCode.INTERNAL, 1006, CloseCode.ELSEWHERE,
})
"""Close codes after which trying again can help (others mean the server refused us)."""
MAX_HOPS: Final = 3
"""Redirects followed in a row without reaching a table; then the client stops, saying so."""
REDIRECT_FIRST_DELAY: Final = 0.25
REDIRECT_MAX_DELAY: Final = 15.0
"""The pause before following a redirect, doubling with each one this client followed (two
servers naming each other must not become a storm of connections, each with the token)."""
UNEXPECTED: Final = "unexpected"
"""The code of a ``ClientError`` for something the server sent that cannot be taken in."""
UNPLAYABLE: Final = "unplayable"
"""The code of a ``ClientError`` for a table this app cannot play (a game it does not have,
options or seats its rules refuse): sitting again cannot help."""
REDIRECT: Final = "redirect"
"""The code of a ``ClientError`` for a redirect not followed."""
T = TypeVar("T")
Incoming: TypeAlias = m.ServerMessage | lb.LobbyServerMessage
"""Anything a server sends: table messages and the public side's."""


class ClientError(Exception):
    """The server refused something (``code`` is a ``Refusal`` value, or ``closed``)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{reason} ({code})")
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class Ticket:
    """What it takes to come back to a seat. The token is a secret: never log it."""

    table: str
    seat: int
    token: str

    def __repr__(self) -> str:
        return f"Ticket(table={self.table!r}, seat={self.seat})"


class TableClient:
    """One player's connection to one table."""

    def __init__(self, url: str, name: str, games: Registry, *, client: str = "conquid-arcade",
                 reconnect: bool = True, ping_seconds: float = 20.0,
                 rate: tuple[int, float] | None = (RATE_MESSAGES - RATE_MARGIN, RATE_SECONDS),
                 on_message: Callable[[Incoming], None] | None = None,
                 on_link: Callable[[str], None] | None = None,
                 other_hosts: bool = False) -> None:
        """``on_link``: told ``"reconnecting"`` when a seated link drops, ``"connected"``
        once it is attached again, ``"closed"`` when it will not come back by itself (an
        app shows the link's state from these). ``ping_seconds``: keepalive ping interval
        and timeout; a link silent that long is taken for dead and re-opened. ``rate``: at
        most this many messages in this many seconds, waiting when needed, so that a fast
        program is never closed as a flood (None: no pacing, for a server with other
        limits). ``other_hosts``: follow a redirect to another host than the first (the
        player allowed it)."""
        self.url = url
        self.home_url = url
        """Where the client first connected: tried again when the process it was sent to
        (``ELSEWHERE``) cannot be reached, since another process will take its tables."""
        self.name = name
        self.games = games
        self.client = client
        self.reconnect = reconnect
        self.other_hosts = other_hosts
        self._hops = 0
        """Redirects followed since the last table arrived."""
        self._redirects = 0
        """Redirects followed in this client's life (the pause before the next one grows)."""
        self.failure: ClientError | None = None
        """Why the link ended because of something the server sent (None: it did not)."""
        self.ping_seconds = ping_seconds
        self._rate = rate
        self._sent: deque[float] = deque()
        self._outbox: list[m.ClientMessage | lb.LobbyClientMessage] = []
        """Messages that met a broken link (resign, offers, chat): sent after reattaching."""
        self.on_message = on_message
        self.on_link = on_link
        self.ticket: Ticket | None = None
        self.identity: tuple[str, str] | None = None
        """The player name and secret this connection identifies with (sent again after
        every reconnection, before the seat is taken again)."""
        self.watched: lb.Watching | None = None
        """What a spectator's connection watches (it holds no ticket)."""
        self.invite: m.Invite | None = None
        self.state: m.TableState | None = None
        self.match: Match | None = None
        self.round = 0
        self.ending: m.Ending | None = None
        self.ratings: tuple[m.RatingChange, m.RatingChange] | None = None
        """After a rated round ended: each seat's new rating and its change (as ``ended``
        said, or a ``table`` or ``watching`` of the ended round: the server keeps them)."""
        self.reconnects = 0
        self.closed_with: tuple[int, str] | None = None
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._replies: dict[str, asyncio.Future[Incoming]] = {}
        self._pending: tuple[int, str, asyncio.Future[None]] | None = None
        """The move sent and not yet acknowledged: ply, text, its waiter."""
        self._changed = asyncio.Condition()
        self._closing = False
        self.ack_seconds: list[float] = []
        """For each move acknowledged: seconds from sending it to its acknowledgement."""

    # -- connection ----------------------------------------------------------------------

    async def connect(self) -> m.Welcome:
        """Open the connection and shake hands (raises ClientError on a refusal)."""
        self._closing = False
        self._ws = await self._open()
        waiter = self._expect(m.Welcome.TYPE)
        self._reader = asyncio.create_task(self._read(self._ws))
        rules = {info.id: info.rules_version for info in self.games.infos()}
        await self._send(m.Hello(PROTOCOL_VERSION, rules, self.client))
        welcome = await self._answer(waiter, m.Hello.TYPE)
        assert isinstance(welcome, m.Welcome)
        return welcome

    async def _open(self) -> ClientConnection:
        return await connect(self.url, compression=None, max_size=MAX_MESSAGE_BYTES,
                             open_timeout=10, ping_interval=self.ping_seconds,
                             ping_timeout=self.ping_seconds,
                             close_timeout=min(5.0, self.ping_seconds))

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    def drop(self) -> None:
        """Cut the connection abruptly (no close handshake), as a lost network would."""
        if self._ws is not None:
            self._ws.transport.abort()

    # -- requests ------------------------------------------------------------------------

    async def create(self, game: str, options: dict[str, m.OptionValue] | None = None,
                     seat: int | None = 0, clock: m.Clock | None = None) -> m.Invite:
        """Open a table; returns its invite code once the server seated us."""
        invite = self._expect(m.Invite.TYPE)
        await self._seat(m.Create(game, options or {}, seat, self.name, clock or m.Clock()))
        answer = await self._answer(invite, m.Create.TYPE)
        assert isinstance(answer, m.Invite)
        return answer

    async def join(self, code: str) -> None:
        """Take the free seat an invite code opens; followed once to the process that serves
        the table when the server says it is elsewhere."""
        await self._followed(lambda: self._seat(m.Join(code, self.name)))

    async def _followed(self, act: Callable[[], Awaitable[T]]) -> T:
        """``act``, done again at the process that serves the table when the server closes
        with ``ELSEWHERE`` (identified there too, so the seat counts by name), as far as the
        redirect rules allow (``_follow``)."""
        followed: tuple[int, str] | None = None
        while True:
            try:
                return await act()
            except ClientError:
                moved = self.closed_with
                if moved is None or moved is followed or moved[0] != CloseCode.ELSEWHERE:
                    raise
            followed = moved
            await self._follow(moved[1])
            await self.connect()
            if self.identity is not None:
                await self.identify(*self.identity)

    async def _follow(self, target: str) -> None:
        """Go to ``target`` after a redirect's pause, or raise ClientError ``redirect``
        saying why not (another scheme, another host, too many hops)."""
        self._hops += 1
        if self._hops > MAX_HOPS:
            raise ClientError(REDIRECT, f"the server sent this app elsewhere {MAX_HOPS} "
                                        "times in a row without reaching the table")
        why = redirect_problem(self.home_url, target, self.other_hosts)
        if why is not None:
            raise ClientError(REDIRECT, why)
        delay = min(REDIRECT_FIRST_DELAY * 2 ** self._redirects, REDIRECT_MAX_DELAY)
        self._redirects += 1
        await asyncio.sleep(delay * (0.5 + random.random() / 2))
        self.url = target

    async def attach(self, ticket: Ticket) -> None:
        """Sit again at a seat held before (another device, a restarted app)."""
        self.ticket = ticket
        table = self._expect(m.TableState.TYPE)
        await self._send(self._attach_message(), resent=True)
        await self._answer(table, m.Attach.TYPE)

    async def _seat(self, request: m.Create | m.Join | lb.Take | lb.Reply) -> None:
        seated, table = self._expect(m.Seated.TYPE), self._expect(m.TableState.TYPE)
        await self._send(request)
        also = (m.Join.TYPE,) if isinstance(request, lb.Take) else ()  # the table's refusals
        answer = await self._answer(seated, request.TYPE, *also)
        assert isinstance(answer, m.Seated)
        self.ticket = Ticket(answer.table, answer.seat, answer.token)
        await self._answer(table, request.TYPE)

    # -- the public side: names, listed seats, the queue, challenges, watching ----------

    async def identify(self, name: str, secret: str) -> lb.Identified:
        """Be the named player on this server (raises ClientError ``name-taken``)."""
        answer = await self.ask(lb.Identify(name, secret), lb.Identified.TYPE)
        assert isinstance(answer, lb.Identified)
        self.identity = (name, secret)
        self.name = name
        return answer

    async def ask(self, request: lb.LobbyClientMessage, answer: str) -> Incoming:
        """Send a lobby request and wait for its answer of type ``answer``."""
        waiter = self._expect(answer)
        await self._send(request)
        return await self._answer(waiter, request.TYPE)

    async def tell(self, request: lb.LobbyClientMessage) -> None:
        """Send a lobby message whose answer (if any) arrives through ``on_message``."""
        await self._send(request)

    async def take(self, table: str) -> None:
        """Take the listed seat of ``table`` (followed to the process that serves it)."""
        await self._followed(lambda: self._seat(lb.Take(table, self.name)))

    async def accept(self, challenge: str) -> None:
        """Accept a challenge: this connection takes the seat of the table it opens."""
        await self._seat(lb.Reply(challenge, True))

    async def seek(self, game: str, clock: m.Clock, rated: bool,
                   queued: Callable[[int], None]) -> None:
        """Wait in the quick-match queue until seated: here at once when this connection's
        process makes the table, or by ``join`` with the code a ``matched`` brings.
        ``queued`` hears how many wait (us included). No time limit: closing gives up."""
        seated, table = self._expect(m.Seated.TYPE), self._expect(m.TableState.TYPE)
        matched = self._expect(lb.Matched.TYPE)
        answer = await self.ask(lb.Seek(game, clock, rated), lb.Queued.TYPE)
        assert isinstance(answer, lb.Queued)
        queued(answer.waiting)
        done, _ = await asyncio.wait({seated, matched}, return_when=asyncio.FIRST_COMPLETED)
        if seated in done:
            self._replies.pop(lb.Matched.TYPE, None)
            answer = seated.result()
            assert isinstance(answer, m.Seated)
            self.ticket = Ticket(answer.table, answer.seat, answer.token)
            await self._answer(table, lb.Seek.TYPE)
            return
        self._replies.pop(m.Seated.TYPE, None)
        self._replies.pop(m.TableState.TYPE, None)
        found = matched.result()
        assert isinstance(found, lb.Matched)
        await self.join(found.code)

    async def watch(self, table: str, round_: int | None = None) -> lb.Watching:
        """Watch ``table`` read-only (``round_``: an earlier round, sent whole, once),
        followed to the process that serves it."""
        async def ask() -> lb.Watching:
            self.match, self.watched = None, None
            waiter = self._expect(lb.Watching.TYPE)
            await self._send(lb.Watch(table, round_, 0))
            answer = await self._answer(waiter, lb.Watch.TYPE)
            assert isinstance(answer, lb.Watching)
            return answer

        return await self._followed(ask)

    async def move(self, text: str) -> None:
        """Play ``text`` as the next move; returns once the server acknowledged it (stored).
        Raises ClientError with the rules' reason when it is refused."""
        if self.match is None or self.ticket is None:
            raise ClientError("not-seated", "sit at a table first")
        if self._pending is not None:
            raise ClientError("busy", "the last move is not acknowledged yet")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending = (self.match.ply, text, done)
        refused = self._expect(m.Error.TYPE, of=m.Move.TYPE)
        try:
            await self._pace()
            sent = asyncio.get_running_loop().time()
            await self._send(m.Move(self.match.ply, text), paced=True, resent=True)
            try:
                await asyncio.wait_for(_first(done, refused), MOVE_SECONDS)
            except asyncio.TimeoutError:
                raise ClientError("timeout", "the server did not acknowledge the move") from None
            self.ack_seconds.append(asyncio.get_running_loop().time() - sent)
        finally:
            self._pending = None
            self._replies.pop(f"{m.Error.TYPE}:{m.Move.TYPE}", None)

    async def resign(self) -> None:
        await self._send(m.Resign())

    async def offer(self, kind: m.OfferKind) -> None:
        await self._send(m.Offer(kind))

    async def answer(self, kind: m.OfferKind, accept: bool) -> None:
        await self._send(m.Answer(kind, accept))

    async def claim(self) -> None:
        await self._send(m.Claim())

    async def abort(self) -> None:
        await self._send(m.Abort())

    async def chat(self, text: str) -> None:
        await self._send(m.Chat(text))

    async def wait_until(self, condition: Callable[[], bool], timeout: float = REPLY_SECONDS
                         ) -> None:
        """Wait (bounded) until ``condition`` holds; checked after every server message."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(condition), timeout)

    @property
    def seat(self) -> int | None:
        """Our seat this round (sides swap at each rematch)."""
        return self.state.seat if self.state is not None else None

    @property
    def my_turn(self) -> bool:
        return (self.match is not None and not self.match.is_over
                and self.match.to_move == self.seat)

    # -- plumbing ------------------------------------------------------------------------

    def _expect(self, kind: str, of: str | None = None) -> asyncio.Future[Incoming]:
        key = kind if of is None else f"{kind}:{of}"
        future: asyncio.Future[Incoming] = asyncio.get_running_loop().create_future()
        self._replies[key] = future
        return future

    async def _answer(self, waiter: asyncio.Future[Incoming], of: str, *also: str
                      ) -> Incoming:
        """``waiter``'s message, or ClientError when an ``error`` about ``of`` (or one of
        ``also``) comes first."""
        refusals = [self._expect(m.Error.TYPE, of=kind) for kind in (of, *also)]
        try:
            return await asyncio.wait_for(_first(waiter, *refusals), REPLY_SECONDS)
        except asyncio.TimeoutError:
            raise ClientError("timeout", f"the server did not answer {of}") from None
        finally:
            for kind in (of, *also):
                self._replies.pop(f"{m.Error.TYPE}:{kind}", None)

    async def _send(self, message: m.ClientMessage | lb.LobbyClientMessage, paced: bool = False,
                    resent: bool = False) -> None:
        """Send now; on a broken link, keep the message for the reconnection (a move is
        always sent again then, as ``resent`` says, so it is not kept twice)."""
        if self._ws is None:
            raise ClientError("closed", "not connected")
        if not paced:
            await self._pace()
        try:
            await self._ws.send(lb.encode(message))
        except ConnectionClosed:
            if not resent and self.ticket is not None:
                self._outbox.append(message)

    async def _pace(self) -> None:
        """Wait until one more message fits in the rate window."""
        if self._rate is None:
            return
        limit, seconds = self._rate
        loop = asyncio.get_running_loop()
        while len(self._sent) >= limit:
            wait = self._sent[0] + seconds - loop.time()
            if wait <= 0:
                self._sent.popleft()
            else:
                await asyncio.sleep(wait)
        self._sent.append(loop.time())

    def _attach_message(self) -> m.Attach | lb.Watch:
        """Come back to the seat, or to the watched table, holding the moves we hold."""
        have = self.match.ply if self.match is not None else 0
        if self.ticket is None:
            assert self.watched is not None
            return lb.Watch(self.watched.table, self.round, have)
        return m.Attach(self.ticket.table, self.ticket.token, self.round, have)

    async def _read(self, ws: ClientConnection) -> None:
        """Read until the link is gone for good; whatever goes wrong ends it with a reason."""
        try:
            await self._read_links(ws)
        except asyncio.CancelledError:
            raise
        except ClientError as err:
            await self._give_up(err, self._ws or ws)
        except Exception as err:  # the reader must never die unheard
            await self._give_up(ClientError(UNEXPECTED, "the server sent something this app "
                                            f"cannot take in ({type(err).__name__}: {err})"),
                                self._ws or ws)

    async def _give_up(self, error: ClientError, ws: ClientConnection) -> None:
        """End the link because of what the server sent: every waiter hears ``error``."""
        self.failure = error
        self.closed_with = (CloseCode.POLICY, error.reason)
        self._fail_all(error)
        with contextlib.suppress(Exception):
            await ws.close(CloseCode.POLICY, "unreadable message")
        self._link("closed")
        await self._notify()

    async def _read_links(self, ws: ClientConnection) -> None:
        while True:
            try:
                async for text in ws:
                    try:
                        message = lb.decode_from_server(text)
                    except ProtocolError as err:
                        raise ClientError(UNEXPECTED, "the server sent a message this app "
                                                      f"cannot read: {err.reason}") from None
                    if message is not None:  # None: a newer server's type, passed over
                        await self._receive(message)
            except ConnectionClosed:
                pass
            code, reason = ws.close_code or 1006, ws.close_reason or ""
            self.closed_with = (code, reason)
            if self._closing or not self.reconnect or (
                self.ticket is None and self.watched is None) or (
                code not in RECONNECTING
            ):
                self._fail_all(ClientError("closed", f"connection closed ({code} {reason})"))
                self._link("closed")
                await self._notify()
                return
            self._link("reconnecting")
            if code == CloseCode.ELSEWHERE:
                await self._follow(reason)
            replaced = await self._reopen()
            if replaced is None:
                self._fail_all(ClientError("closed", "the server cannot be reached"))
                self._link("closed")
                await self._notify()
                return
            self._link("connected")
            ws = replaced

    def _link(self, state: str) -> None:
        if self.on_link is not None:
            self.on_link(state)

    async def _reopen(self) -> ClientConnection | None:
        """Connect again, shake hands, attach, and resend the move awaiting its ack."""
        delay = RECONNECT_FIRST_DELAY
        for _ in range(RECONNECT_ATTEMPTS):
            await asyncio.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, RECONNECT_MAX_DELAY)
            try:
                ws = await self._open()
            except (OSError, InvalidHandshake, InvalidStatus, asyncio.TimeoutError):
                self.url = self.home_url
                continue
            rules = {info.id: info.rules_version for info in self.games.infos()}
            try:
                await ws.send(m.encode(m.Hello(PROTOCOL_VERSION, rules, self.client)))
                welcome = lb.decode_from_server(
                    await asyncio.wait_for(ws.recv(), REPLY_SECONDS))
                if not isinstance(welcome, m.Welcome):
                    await ws.close()
                    continue
                self._ws = ws
                if self.identity is not None:  # before the seat: results count by name
                    await ws.send(lb.encode(lb.Identify(*self.identity)))
                await ws.send(lb.encode(self._attach_message()))
                if self._pending is not None:
                    ply, text, _ = self._pending
                    await ws.send(m.encode(m.Move(ply, text)))
                while self._outbox:
                    await ws.send(lb.encode(self._outbox[0]))
                    self._outbox.pop(0)
            except (ConnectionClosed, ProtocolError, asyncio.TimeoutError):
                continue
            self.reconnects += 1
            return ws
        return None

    async def _receive(self, message: Incoming) -> None:
        if isinstance(message, m.TableState):
            self._on_table(message)
        elif isinstance(message, lb.Watching):
            self._on_watching(message)
        elif isinstance(message, m.Moves):
            await self._on_moves(message)
        elif isinstance(message, m.Moved):
            await self._on_moves(m.Moves(message.round, message.ply, (message.move,)))
        elif isinstance(message, m.TakenBack):
            self._on_taken_back(message)
        elif isinstance(message, m.Ended):
            self.ending, self.ratings = message.ending, message.ratings
        elif isinstance(message, m.Invite):
            self.invite = message
        key = message.TYPE
        if isinstance(message, m.Error):
            key = f"{m.Error.TYPE}:{message.of}"
        waiter = self._replies.pop(key, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(message)
        if self.on_message is not None:
            self.on_message(message)
        await self._notify()

    def _on_table(self, state: m.TableState) -> None:
        self._take_in(state)
        self.state = state

    def _on_watching(self, watching: lb.Watching) -> None:
        """A spectator's table."""
        self._take_in(watching)
        self.watched = watching

    def _take_in(self, table: m.TableState | lb.Watching) -> None:
        """A player's or a spectator's table as it stands: a new mirror for a new round (or
        one we hold less of), and the round's ending and rating changes (an older server
        never says them: those ``ended`` said stay while the round is the same)."""
        if table.ratings is not None:
            self.ratings = table.ratings
        elif table.ending is None or table.round != self.round:
            self.ratings = None
        if self.match is None or table.round != self.round or table.ply < self.match.ply:
            self.match = self._mirror(table.game, table.options, table.names)
            self.round = table.round
        self.ending = table.ending
        self._hops = 0

    def _mirror(self, game_id: str, options: Mapping[str, m.OptionValue],
                names: tuple[str | None, str | None]) -> Match:
        """A new mirror of a round, or ClientError ``unplayable`` saying why this app cannot
        play that table."""
        if game_id not in self.games:
            raise ClientError(UNPLAYABLE, "the table is for a game this app does not have "
                                          f"({quote(game_id)})")
        game = self.games.get(game_id)
        if game.info.players != len(names):
            raise ClientError(UNPLAYABLE, f"{game.info.title} is played by "
                                          f"{game.info.players}, not at a table of {len(names)}")
        try:
            return Match(game, options, tuple(Seat(name or "?") for name in names))
        except OptionsError as err:
            raise ClientError(UNPLAYABLE, f"this app's rules refuse the table: {err}") from None

    async def _on_moves(self, moves: m.Moves) -> None:
        match = self.match
        if match is None or moves.round != self.round:
            return
        if moves.start == 0 and match.ply > 0:  # the server says our copy was out of step
            self.match = match = Match(match.game, match.options, match.seats)
        if moves.start > match.ply:  # a gap: ask for exactly what is missing
            if self.ticket is None and self.watched is None:
                raise ClientError(UNEXPECTED, f"the server sent move {moves.start + 1} before "
                                              "the seat was taken, with moves missing")
            await self._send(self._attach_message())
            return
        for ply, text in enumerate(moves.moves, start=moves.start):
            if ply == match.ply:
                try:
                    match.play_text(text)
                except (GameError, ValueError) as err:
                    raise ClientError(UNEXPECTED, "the server sent a move the rules refuse: "
                                                  f"{quote(text)} ({err})") from None
            if self._pending is not None and self._pending[0] == ply:
                _, mine, done = self._pending
                if not done.done():
                    if text == mine:
                        done.set_result(None)
                    else:
                        done.set_exception(ClientError("stale", f"move {ply} was {text}"))

    def _on_taken_back(self, taken: m.TakenBack) -> None:
        """The players agreed to take moves back: the mirror keeps the first ``ply`` (one
        holding fewer catches up with the next moves, or its next ``attach``)."""
        match = self.match
        if match is None or taken.round != self.round:
            return
        while match.ply > taken.ply:
            match.undo()

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def _fail_all(self, error: ClientError) -> None:
        waiters: list[asyncio.Future[Any]] = list(self._replies.values())
        if self._pending is not None:
            waiters.append(self._pending[2])
        self._replies.clear()
        for waiter in waiters:
            if not waiter.done():
                waiter.set_exception(error)
                waiter.exception()  # read here: a waiter nobody awaits any more is no error


def redirect_problem(home: str, target: str, other_hosts: bool = False) -> str | None:
    """Why a redirect from a client whose first address was ``home`` to ``target`` is not
    followed, or None: only to the same scheme (never down to plain ws://) and, unless
    ``other_hosts``, the same host (the seat's token goes wherever the client goes)."""
    unusable = f"the server sent this app to {quote(target)}, which is not a server's address"
    try:
        was, goes = urllib.parse.urlsplit(home), urllib.parse.urlsplit(target)
        host = goes.hostname
        _ = goes.port  # a port that is not a number raises ValueError here
    except ValueError:
        return unusable
    if goes.scheme not in ("ws", "wss") or not host:
        return unusable
    if goes.scheme != was.scheme:
        return (f"the server sent this app from {was.scheme}:// to {goes.scheme}://; it "
                "follows only to the same kind of link")
    if not other_hosts and host.lower() != (was.hostname or "").lower():
        return (f"the server sent this app to another host ({quote(host)}); it follows only "
                "to the same host")
    return None


async def _first(done: asyncio.Future[Any], *refusals: asyncio.Future[Incoming]) -> Any:
    """The result of ``done``, or ClientError when a matching ``error`` comes first."""
    finished, _ = await asyncio.wait({done, *refusals}, return_when=asyncio.FIRST_COMPLETED)
    for refused in refusals:
        if refused in finished and not refused.exception():
            error = refused.result()
            assert isinstance(error, m.Error)
            raise ClientError(error.code, error.reason)
    if done in finished:  # answered, though the link may have failed just after
        return done.result()
    return next(iter(finished)).result()
