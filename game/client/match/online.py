"""An online game as the UI thread sees it: the table the server holds, the link's state, the
opponent as one more moving seat, and what the network thread has to say.

The network thread (``game.net.session``) owns the protocol client; this side only drains its
queue once a frame (``OnlineGame.pump``), never blocks and never awaits. The opponent's moves
reach the play scene's table through ``RemoteSeat``, a ``MovingSeat`` like a computer's: they
arrive and animate like any other. Nothing here knows a game: moves are notation and record
tokens, played through the match.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol
from urllib.parse import urlsplit

from game.client.files import autosaves, chats, tickets
from game.client.files.chats import Said
from game.client.files.paths import Paths
from game.client.files.writer import BackgroundWriter
from game.client.match.clocks import counted_down
from game.core.match import Match, Seat, meta_word
from game.core.player import Decision
from game.core.record import Online
from game.core.registry import Registry

CHAT_BURST: Final = 4
CHAT_WINDOW: Final = 10.0
"""At most ``CHAT_BURST`` lines of one's own in ``CHAT_WINDOW`` seconds (flood control)."""
CHAT_LONGEST: Final = 200
CLOSE_SECONDS: Final = 2.0
"""How long closing the app waits for each table's connection to close cleanly."""
LAPSING: Final = ("draw", "takeback")
"""Offers that lapse when a move is played (a rematch is offered once the game is over)."""
EVENTS_PER_FRAME: Final = 50
"""The most network events one frame takes in: a flood (thousands of presence changes or
offers) is spread over frames instead of freezing one (``bench/online_flood.py``)."""


class Session(Protocol):
    """What the UI asks of a network session (``game.net.session.Session``)."""

    url: str

    def move(self, ply: int, text: str) -> None: ...

    def resign(self) -> None: ...

    def offer(self, kind: Any) -> None: ...

    def answer(self, kind: Any, accept: bool) -> None: ...

    def abort(self) -> None: ...

    def claim(self) -> None: ...

    def chat(self, text: str) -> None: ...

    def events(self, limit: int | None = None) -> list[Any]: ...

    def start(self, how: Any) -> None: ...

    def close(self, wait: float = 0.0) -> None: ...


class OnlineGame:
    """One seat at one online table, as the UI thread knows it (see the module docstring)."""

    def __init__(self, session: Session, games: Registry, paths: Paths, name: str,
                 hosted: bool = False, clock: Callable[[], float] = time.time,
                 ticks: Callable[[], float] = time.monotonic,
                 writer: BackgroundWriter | None = None) -> None:
        """``writer``: stores the chat off the frame (the app's; one of its own if none)."""
        self.session = session
        self.games = games
        self.paths = paths
        self.name = name
        self.hosted = hosted
        self.clock = clock
        self.state: Any = None
        """The server's last ``table`` message (``game.net.wire.messages.TableState``)."""
        self.moves: tuple[str, ...] = ()
        """Every move of the round the server holds (acknowledged moves only)."""
        self.kept: tickets.Kept | None = None
        self.invite: tuple[str, int] | None = None
        """The invite code and when it expires, while the other seat is free."""
        self.link = "connecting"
        self.link_reason = ""
        self.offer: tuple[str, int] | None = None
        """A pending offer: its kind and who made it."""
        self.taken_back: list[tuple[int, int]] = []
        """Takebacks agreed at the table, not yet shown: the moves the round keeps and the
        seat that asked (``moves`` has already lost the rest)."""
        self.chat: list[Said] = []
        """The last ``chats.KEPT_LINES`` lines said at this table, kept across restarts."""
        self.chat_kept = True
        """Whether new lines are stored (not over a kept chat that could not be read)."""
        self.writer = writer or BackgroundWriter()
        self.muted = False
        self._said_at: list[float] = []
        self.heard: list[Any] = []
        """Messages for the scene to show (refusals, declined offers, presence)."""
        self.gone_since: float | None = None
        """When the opponent's connection went, by this machine's clock (None: here)."""
        self.waiting: int | None = None
        """Players in the quick-match queue while we wait in it (us included)."""
        self._last_table: Any = None
        self.ticks = ticks
        self.clocks: tuple[int, int] | None = None
        """Both seats' real-time clocks (ms left) as the server last said, or None."""
        self.clocks_at = 0.0
        """When they arrived (``ticks``): the running one has gone down since."""
        self.ratings: tuple[Any, Any] | None = None
        """After a rated round: each seat's new rating and its change
        (``game.net.wire.messages.RatingChange``), as the server said with the result."""

    # -- what the scene reads ------------------------------------------------------------

    @property
    def table_id(self) -> str | None:
        return None if self.state is None else str(self.state.table)

    @property
    def seat(self) -> int | None:
        return None if self.state is None else int(self.state.seat)

    @property
    def round(self) -> int:
        return 0 if self.state is None else int(self.state.round)

    @property
    def seated(self) -> bool:
        """Both seats are taken: the game can start."""
        return self.state is not None and None not in self.state.names

    @property
    def rated(self) -> bool:
        """The round is rated, as the server says (an older server never says so)."""
        return self.state is not None and bool(self.state.rated)

    def rating_lines(self) -> list[str]:
        """After a rated round: each player's rating change and new rating, provisional ones
        marked ("Ada +12  1512 (provisional)": a narrow card wraps the mark, never the
        figures apart); none until the server has said them."""
        if self.ratings is None:
            return []
        return [f"{self._name(seat)} {said.change:+d}  {said.rating}"
                f"{provisional(said.provisional)}" for seat, said in enumerate(self.ratings)]

    def here(self, seat: int) -> bool:
        return self.state is not None and bool(self.state.here[seat])

    def details(self) -> Online | None:
        """Where this game is played, for its record (public facts only, never the token)."""
        if self.state is None:
            return None
        names = tuple(name or "?" for name in self.state.names)
        return Online(self.session.url, self.state.table, names)

    def new_match(self, created: str = "") -> Match:
        """A match of this round as the server holds it."""
        assert self.state is not None
        return served_match(self.games, self.state, self.moves, created)

    def clock_left(self, seat: int, running: int | None) -> float | None:
        """Seconds left on ``seat``'s real-time clock now (``running``: the seat whose clock
        runs, None once the game is over), or None without one. The server counts from when
        its message reached us, so we count from its arrival too."""
        return counted_down(self.clocks, self.clocks_at, seat,
                            running if self.seated else None, self.ticks())

    def deadline(self) -> int | None:
        return None if self.state is None else self.state.deadline

    def claimable_in(self) -> float | None:
        """Seconds until the win can be claimed from an opponent gone on their turn (0: now),
        or None while they are here or it is not their turn."""
        state, mine = self.state, self.seat
        if state is None or mine is None or state.ending is not None or self.gone_since is None:
            return None
        if not self.seated:
            return None
        gone: float = state.clock.gone
        return max(0.0, gone - (self.clock() - self.gone_since))

    # -- sending -------------------------------------------------------------------------

    def send_move(self, ply: int, text: str) -> None:
        self.session.move(ply, text)

    def resign(self) -> None:
        self.session.resign()

    def offer_draw(self) -> None:
        from game.net.wire.messages import OfferKind

        self.session.offer(OfferKind.DRAW)

    def offer_rematch(self) -> None:
        from game.net.wire.messages import OfferKind

        self.session.offer(OfferKind.REMATCH)

    def ask_takeback(self) -> None:
        """Ask the other player to take back our last turn (nothing goes unless they agree)."""
        from game.net.wire.messages import OfferKind

        self.session.offer(OfferKind.TAKEBACK)

    def takeback_asked(self) -> bool:
        """Our takeback offer waits for the other player's answer."""
        return self.offer == ("takeback", self.my_seat)

    def answer(self, accept: bool) -> None:
        """Answer the other player's pending offer."""
        from game.net.wire.messages import OfferKind

        if self.offer is not None:
            self.session.answer(OfferKind(self.offer[0]), accept)
            self.offer = None

    def abort(self) -> None:
        self.session.abort()

    def claim(self) -> None:
        self.session.claim()

    @property
    def can_sit_again(self) -> bool:
        """The link is lost for good (another window took the seat, the server refused us)
        and the seat's ticket is known: the player may sit here again."""
        return self.link == "lost" and getattr(self.session, "ticket", None) is not None

    def sit_again(self) -> None:
        """Sit at this seat again, as the player asked (another window holding it is then
        the one replaced)."""
        if self.can_sit_again:
            self.link, self.link_reason = "connecting", ""
            self.session.start(self.session.ticket)  # type: ignore[attr-defined]

    @property
    def my_seat(self) -> int:
        """Our seat this round, from the server or, until it speaks, from the kept ticket."""
        if self.state is not None:
            return int(self.state.seat)
        return 0 if self.kept is None else self.kept.seat

    def offered_to_me(self) -> str | None:
        """The kind of offer the other player made and we have not answered, or None."""
        if self.offer is None or self.offer[1] == self.my_seat:
            return None
        return self.offer[0]

    def say(self, text: str) -> str | None:
        """Send a chat line; returns why it was not sent (flood control, empty), or None."""
        text = " ".join(text.split())[:CHAT_LONGEST]
        if not text:
            return "say something first"
        now = self.clock()
        self._said_at = [t for t in self._said_at if now - t < CHAT_WINDOW]
        if len(self._said_at) >= CHAT_BURST:
            return f"wait a few seconds: at most {CHAT_BURST} lines in {CHAT_WINDOW:.0f} s"
        self._said_at.append(now)
        self.session.chat(text)
        return None

    # -- receiving -----------------------------------------------------------------------

    def pump(self) -> bool:
        """Take in what the network thread said (``EVENTS_PER_FRAME`` at most: the rest
        come with the next frames); True if anything changed."""
        from game.net import session as s
        from game.net.wire import messages as m

        events = self.session.events(EVENTS_PER_FRAME)
        for event in events:
            if isinstance(event, s.Seated):
                self.session.url = event.url
            elif isinstance(event, s.Invited):
                self.invite = (event.code, event.expires)
            elif isinstance(event, s.Link):
                self.link, self.link_reason = event.state, event.reason
            elif isinstance(event, s.TableNow):
                self._table(event.state, event.moves, event)
            elif isinstance(event, s.Heard):
                self._heard(event.message, m)
            elif isinstance(event, s.Queued):
                self.waiting = event.waiting
        return bool(events)

    def _table(self, state: Any, moves: tuple[str, ...], event: Any) -> None:
        """The client sends its last ``table`` message again with every move: only a new one
        says who is here and what is offered (``presence``, ``offered``, ``declined`` and the
        moves themselves keep both up to date in between)."""
        before, fresh = self.state, state is not self._last_table
        self._last_table = state
        played = len(moves) > len(self.moves)
        if fresh:
            self.state = state
            self.offer = (None if state.offer is None
                          else (state.offer.kind.value, state.offer.seat))
            other = 1 - state.seat
            if state.here[other] or state.names[other] is None:
                self.gone_since = None
            elif self.gone_since is None:
                self.gone_since = self.clock()
        elif played and self.offer is not None and self.offer[0] in LAPSING:
            self.offer = None  # a draw or takeback offer lapses when a move is played
        self.moves = moves
        self.clocks, self.clocks_at = event.clocks, event.clocks_at
        self.ratings = event.ratings
        if None not in state.names:
            self.invite = None
        if before is None or before.seat != state.seat or before.round != state.round:
            self._keep_ticket()

    def _keep_ticket(self) -> None:
        """Store (or update) this seat's ticket, once the session has one."""
        ticket = getattr(self.session, "ticket", None)
        if ticket is None or self.state is None:
            return
        kept = tickets.Kept(self.session.url, ticket.table, self.state.seat, ticket.token,
                            self.name, self.state.round, self.hosted)
        if kept != self.kept:
            try:
                tickets.keep(self.paths, kept)
            except OSError as err:
                self.heard.append(f"The seat could not be kept: {err.strerror or err}")
            self.kept = kept

    def _heard(self, message: Any, m: Any) -> None:
        if isinstance(message, m.Said):
            if not self.muted:
                said = Said(self._name(message.seat), message.text)
                self.chat = [*self.chat, said][-chats.KEPT_LINES:]
                self._keep_chat()
        elif isinstance(message, m.Offered):
            self.offer = (message.kind.value, message.seat)
        elif isinstance(message, m.TakenBack):
            if self.state is not None and message.round == self.state.round:
                self.offer = None
                self.moves = self.moves[:message.ply]
                self.taken_back.append((message.ply, message.seat))
        elif isinstance(message, m.Declined):
            self.offer = None
            if message.seat != self.seat:
                self.heard.append(f"{self._name(message.seat)} declined the "
                                  f"{message.kind.value}")
        elif isinstance(message, m.Presence):
            if self.state is not None and message.seat != self.seat:
                here = list(self.state.here)
                here[message.seat] = message.here
                self.state = _with_here(self.state, tuple(here))
                self.gone_since = None if message.here else self.clock()
        elif isinstance(message, m.Error):
            self.heard.append(message.reason[:1].upper() + message.reason[1:])

    def take_kept_chat(self, table: str) -> None:
        """Show again what was said at ``table`` before the app closed; a kept chat that
        cannot be read is said why, left as it is, and not written over."""
        try:
            self.chat = chats.load(self.paths, table)
        except chats.ChatRefused as err:
            self.chat_kept = False
            self.heard.append(f"{str(err)[:1].upper()}{str(err)[1:]}; new lines are not kept")

    def _keep_chat(self) -> None:
        """Store the chat as it now is, in the writer's thread (in the order heard)."""
        table = self.table_id
        if not self.chat_kept or table is None:
            return
        lines, paths = list(self.chat), self.paths

        def job() -> str | None:
            try:
                chats.store(paths, table, lines)
            except OSError as err:
                return f"The chat could not be kept: {err.strerror or err}"
            return None

        self.writer.submit(job, self.heard.append)

    def _name(self, seat: int) -> str:
        if self.state is None:
            return "The other player"
        return str(self.state.names[seat] or "The other player")

    def close(self, wait: float = 0.0) -> None:
        self.session.close(wait)


def provisional(marked: bool) -> str:
    """The mark after a provisional rating (too few games yet), wherever one is shown: the
    leaderboard, a profile, the result of a rated game."""
    return " (provisional)" if marked else ""


def served_match(games: Registry, state: Any, moves: Sequence[str], created: str = "") -> Match:
    """A match of a table's round as the server holds it: its game, options, the names at its
    seats ("?" for an empty one) and its moves."""
    names = tuple(Seat(name or "?") for name in state.names)
    match = Match(games.get(state.game), state.options, names, created=created)
    for text in moves:
        match.play_text(text)
    return match


def _with_here(state: Any, here: tuple[bool, bool]) -> Any:
    from dataclasses import replace

    return replace(state, here=here)


class RemoteSeat:
    """The player at the other end: their moves are the server's, taken one at a time as the
    table asks (a ``game.client.match.table.MovingSeat``). Meta moves (resign, draw...) are not
    theirs to make here: the play scene plays those tokens itself."""

    def __init__(self, game: OnlineGame) -> None:
        self.game = game
        self._match: Match | None = None

    def start(self, match: Match) -> None:
        self._match = match

    def poll(self) -> Decision[Any] | None:
        match = self._match
        if match is None or match.ply >= len(self.game.moves):
            return None
        text = self.game.moves[match.ply]
        if meta_word(text) is not None:
            return None
        return Decision(match.game.parse_move(text))

    def cancel(self) -> None:
        self._match = None

    @property
    def stalled(self) -> bool:
        """Never: a person may think for days; an opponent who left is the claim's business
        (the presence dot and the claim offer), not the computer watchdog's."""
        return False

    def close(self) -> None:
        self._match = None


# -- the services: network thread, this machine's server, tables nearby ------------------


class HostedServer(Protocol):
    """This machine's table server, running in a thread while a player hosts."""

    url: str
    """Where this app's own client connects (loopback)."""
    addresses: tuple[str, ...]
    """Where other machines reach it (``host:port``), for the player to read out."""

    def announce(self, code: str, game: str, options: str, host: str, rules: int) -> None: ...

    def withdraw(self) -> None: ...

    def stop(self) -> None: ...


class Browser(Protocol):
    def tables(self) -> list[Any]:
        """The tables found (``game.net.lan.Announced``: ``problem(rules)`` says why one
        cannot be played here)."""
        ...

    def close(self) -> None: ...


class OnlinePlay:
    """What the online scenes share: one network thread, this machine's server while hosting,
    and the LAN browser. The composition root hands in how to start the last two (the
    generic client imports no server)."""

    def __init__(self, games: Registry, paths: Paths,
                 hosting: Callable[[int | None], HostedServer] | None = None,
                 browsing: Callable[[Callable[[], None]], Browser] | None = None,
                 wake: Callable[[], None] = lambda: None,
                 writer: BackgroundWriter | None = None) -> None:
        """``wake``: wakes the app's loop from another thread when news arrives (the app
        layer's ``game.client.app.wake.wake``; none for a loop that never sleeps);
        ``writer``: the app's, which stores each game's chat off the frame; ``hosting``:
        starts this machine's server, trying the port given first (None: the usual one)."""
        self.games = games
        self.paths = paths
        self.wake = wake
        self.writer = writer or BackgroundWriter()
        self._hosting = hosting
        self._browsing = browsing
        self._network: Any = None
        self.hosted: HostedServer | None = None
        self._host_lock = threading.Lock()
        """Held while this machine's server starts or stops (``serve_kept`` starts it in a
        thread of its own)."""
        self._starting: threading.Thread | None = None
        self.games_open: list[OnlineGame] = []

    @property
    def can_host(self) -> bool:
        return self._hosting is not None

    def host_server(self, port: int | None = None) -> HostedServer:
        """This machine's server, started on first use (on ``port`` if it is free). Raises
        OSError/RuntimeError-like exceptions with a reason for people when it cannot start."""
        with self._host_lock:
            if self.hosted is None:
                if self._hosting is None:
                    raise RuntimeError("this build cannot host tables")
                self.hosted = self._hosting(port)
            return self.hosted

    def serve_kept(self) -> None:
        """The app has started: if this machine hosts a table whose game is not over, its
        server starts again at once (in a thread: the window does not wait for it), on the
        port its players know, so they sit again without the host doing anything."""
        seats = hosted_seats(self.paths)
        if not seats or self._hosting is None or self._starting is not None:
            return
        port = port_of(seats[0].url)

        def start() -> None:
            # a port taken, a database held by another copy of the app: resuming the game
            # tries again and tells the player why
            with contextlib.suppress(Exception):
                self.host_server(port)

        self._starting = threading.Thread(target=start, name="hosting", daemon=True)
        self._starting.start()

    def browse(self) -> Browser | None:
        return None if self._browsing is None else self._browsing(self.wake)

    def network(self) -> Any:
        """The one network thread (``game.net.session.Network``), made on first use."""
        from game.net.session import Network

        if self._network is None:
            self._network = Network()
        return self._network

    def open(self, url: str, name: str, start: Any, hosted: bool = False,
             identity: tuple[str, str] | None = None) -> OnlineGame:
        """A new session at ``url``, taking its seat as ``start`` says (``game.net.session``:
        ``Host``, ``Join``, a ``Ticket``, or the lobby's ``Take``, ``Seek``, ``Accept``),
        identified as ``identity``'s name first when given."""
        from game.net.session import Session

        session = Session(self.network(), url, name, self.games, self.wake, identity)
        game = OnlineGame(session, self.games, self.paths, name, hosted, writer=self.writer)
        session.start(start)
        self.games_open.append(game)
        return game

    def resume(self, kept: tickets.Kept) -> OnlineGame:
        """Sit again at a kept seat (this machine's server started first if it was hosted)."""
        from game.net.client import Ticket

        url = kept.url
        if kept.hosted:
            url = self.host_server(port_of(kept.url)).url
        game = self.open(url, kept.name, Ticket(kept.table, kept.seat, kept.token),
                         kept.hosted)
        game.kept = kept
        game.take_kept_chat(kept.table)
        return game

    def stop(self) -> None:
        """The app is closing: leave every table (seats are kept) and stop the threads."""
        for game in self.games_open:
            game.close(wait=CLOSE_SECONDS)
        self.games_open = []
        if self._network is not None:
            self._network.stop()
            self._network = None
        with self._host_lock:  # a server still starting is stopped once it listens
            if self.hosted is not None:
                self.hosted.stop()
                self.hosted = None


def port_of(url: str) -> int | None:
    """The port of a ``ws://`` address, or None without a readable one."""
    try:
        return urlsplit(url).port
    except ValueError:
        return None


def hosted_seats(paths: Paths) -> list[tickets.Kept]:
    """This machine's seats at the tables it hosts whose games are not over, the most
    recently played first."""
    seats = []
    for kept in autosaves.unfinished(paths):
        ticket = None if kept.online is None else tickets.find(paths, kept.online.table)
        if ticket is not None and ticket.hosted:
            seats.append(ticket)
    return seats
