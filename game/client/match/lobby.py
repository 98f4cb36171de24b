"""The public lobby of a server as the UI thread knows it: open seats and games in play,
challenges in and out, the player's name there, profiles, leaderboards and blocks; and a
watched table. No pygame, no game's name: the scenes draw it, the network thread
(``game.net.lobby_session``, ``game.net.session``) talks to the server.

The lobby's state changes only in ``pump`` (once a frame), from what the server said; every
request goes out at once and its answer comes back as a message, so nothing here waits.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from game.client.match.clocks import counted_down
from game.client.match.online import EVENTS_PER_FRAME, provisional, served_match
from game.core.match import Match
from game.core.registry import Registry
from game.net.glicko2 import PROVISIONAL_DEVIATION
from game.net.identities import Identities, Identity, IdentityError
from game.net.wire import lobby as lb
from game.net.wire import messages as m

REMARK_LINES: Final = 6
LOBBY_REFUSALS: Final = {
    "not-identified": "claim your name on this server first (Profile and ratings)",
}
"""Refusals said better here than in the server's words."""


class LobbyLink(Protocol):
    """What the lobby asks of its connection (``game.net.lobby_session.LobbySession``)."""

    def send(self, message: Any) -> None: ...

    def identify(self, name: str, secret: str) -> None: ...

    def events(self, limit: int | None = None) -> list[Any]: ...

    def close(self, wait: float = 0.0) -> None: ...


@dataclass
class Sent:
    """A challenge we made, until it is answered or lapses."""

    name: str
    game: str
    expires: float


@dataclass
class Lobby:
    """One server's lobby, followed through one connection (see the module docstring)."""

    link: LobbyLink
    url: str
    identities: Identities
    clock: Callable[[], float] = time.time
    state: str = "connecting"
    reason: str = ""
    name: str | None = None
    """The name this connection is identified as (None: not yet, or not claimed)."""
    seats: list[lb.Listing] = field(default_factory=list)
    playing: list[lb.Listing] = field(default_factory=list)
    challenges: list[lb.Challenged] = field(default_factory=list)
    """Challenges to us still open, oldest first."""
    sent: list[Sent] = field(default_factory=list)
    matched: list[lb.Matched] = field(default_factory=list)
    """Accepted challenges of ours: the scene joins each with its code."""
    profile: lb.Profile | None = None
    leaderboard: lb.Leaderboard | None = None
    link_code: tuple[str, int] | None = None
    blocked: set[str] = field(default_factory=set)
    """Names blocked from here (the server keeps them; this is what we did)."""
    notices: list[tuple[str, str]] = field(default_factory=list)
    """(text, "good" or "error") for the scene to show, oldest first."""

    # -- requests ------------------------------------------------------------------------

    def claim(self, name: str) -> None:
        """Identify as ``name``: the secret held for this server, or a new one (stored
        before it is sent: a name claimed is never lost with the app)."""
        try:
            identity = self.identities.claim(self.url, name)
        except (IdentityError, OSError) as err:
            self.notices.append((str(err), "error"))
            return
        self.link.identify(identity.name, identity.secret)

    def export(self) -> str | None:
        """The line that brings this server's name to another machine (``adopt`` there), or
        None when none is held here. Raises ValueError with the reason when the names file
        cannot be read."""
        try:
            return self.identities.export(self.url)
        except IdentityError as err:
            raise ValueError(str(err)) from None

    def adopt(self, name: str, secret: str) -> None:
        """Hold ``name`` with the ``secret`` exported on another machine, and identify with
        it. Raises ValueError with the reason when the line is not an exported name or the
        names file cannot be written."""
        try:
            identity = self.identities.adopt(self.url, f"{name.strip()}\t{secret}")
        except (IdentityError, OSError) as err:
            raise ValueError(str(err)) from None
        self.link.identify(identity.name, identity.secret)

    def identity(self) -> Identity | None:
        """The name and secret this machine holds for this server, if any."""
        try:
            return self.identities.get(self.url)
        except IdentityError as err:
            self.notices.append((str(err), "error"))
            return None

    def challenge(self, name: str, game: str, clock: m.Clock, rated: bool) -> None:
        self.link.send(lb.Challenge(name, game, clock, rated))
        self.sent.append(Sent(name, game, self.clock() + lb.CHALLENGE_SECONDS))

    def decline(self, challenge: lb.Challenged) -> None:
        self.link.send(lb.Reply(challenge.id, False))
        self.drop_challenge(challenge.id)

    def drop_challenge(self, challenge_id: str) -> None:
        self.challenges = [c for c in self.challenges if c.id != challenge_id]

    def ask_profile(self, name: str) -> None:
        self.link.send(lb.AskProfile(name))

    def ask_leaderboard(self, game: str) -> None:
        self.link.send(lb.AskLeaderboard(game))

    def block(self, name: str, on: bool) -> None:
        self.link.send(lb.Block(name, on))

    def ask_link_code(self) -> None:
        self.link.send(lb.Link())

    def redeem(self, name: str, code: str) -> None:
        """Bring ``name`` to this machine with a one-time code from the other one: this
        machine's own secret is bound to it (made and stored first)."""
        try:
            identity = self.identities.claim(self.url, name)
        except (IdentityError, OSError) as err:
            self.notices.append((str(err), "error"))
            return
        self.link.send(lb.Redeem(name, code, identity.secret))
        self.link.identify(identity.name, identity.secret)

    def close(self) -> None:
        self.link.close()

    # -- what the server said ------------------------------------------------------------

    def pump(self) -> bool:
        """Take in what the connection heard; True when anything changed."""
        from game.net import session as s

        changed = self._expire()
        for event in self.link.events(EVENTS_PER_FRAME):
            changed = True
            if isinstance(event, s.Link):
                self.state, self.reason = event.state, event.reason
            elif isinstance(event, s.Heard):
                self._heard(event.message)
        return changed

    def _expire(self) -> bool:
        now = self.clock()
        before = len(self.challenges) + len(self.sent)
        self.challenges = [c for c in self.challenges if c.expires > now]
        self.sent = [c for c in self.sent if c.expires > now]
        return len(self.challenges) + len(self.sent) != before

    def _heard(self, message: Any) -> None:
        if isinstance(message, lb.Identified):
            self.name = message.name
            self.notices.append((f"You are {message.name} on this server"
                                 + (" (name claimed)" if message.new else ""), "good"))
        elif isinstance(message, lb.Lobby):
            self.seats, self.playing = list(message.seats), list(message.playing)
        elif isinstance(message, lb.Listed):
            self._unlist(message.seat.table)
            self.seats.insert(0, message.seat)
        elif isinstance(message, lb.Playing):
            taken = next((s for s in self.seats if s.table == message.table), None)
            if taken is not None:  # (none: already in play, as a fresh ``lobby`` said)
                self._unlist(message.table)
                self.playing.insert(0, taken)
        elif isinstance(message, lb.Unlisted):
            self._unlist(message.table)
        elif isinstance(message, lb.Challenged):
            self.challenges = [*self.challenges, message]
            self.notices.append((f"{message.by} challenges you", "good"))
        elif isinstance(message, lb.ChallengeOver):
            self.sent = self.sent[1:]  # the server names no player: the oldest one
            self.notices.append((f"Your challenge was {message.why}", "error"))
        elif isinstance(message, lb.Matched):
            sent = next((c for c in self.sent if c.name == message.opponent), None)
            if sent is not None:  # a quick match's pairing is its own session's business
                self.sent.remove(sent)
                self.matched.append(message)
        elif isinstance(message, lb.Profile):
            self.profile = message
        elif isinstance(message, lb.Leaderboard):
            self.leaderboard = message
        elif isinstance(message, lb.Linked):
            self.link_code = (message.code, message.expires)
        elif isinstance(message, lb.Blocked):
            (self.blocked.add if message.on else self.blocked.discard)(message.name)
            self.notices.append((f"{message.name} is {'blocked' if message.on else 'unblocked'}",
                                 "good"))
        elif isinstance(message, m.Error):
            if message.of == lb.Identify.TYPE:
                self.name = None
            if message.of == lb.Challenge.TYPE and self.sent:
                self.sent.pop()
            reason = LOBBY_REFUSALS.get(message.code, message.reason)
            self.notices.append((reason[:1].upper() + reason[1:], "error"))

    def _unlist(self, table: str) -> None:
        self.seats = [s for s in self.seats if s.table != table]
        self.playing = [s for s in self.playing if s.table != table]


def clock_text(clock: m.Clock) -> str:
    """A clock as a player reads it."""
    if clock.base is not None:
        return f"{clock.label} live"
    if clock.move is None:
        return "no clock"
    days = clock.move / 86_400
    return f"{days:g} day{'s' if days != 1 else ''} per move"


def seat_line(seat: lb.Listing, title: str, defaults: Mapping[str, Any]) -> str:
    """One line of the lobby for a listed seat or a game in play (only the options that
    differ from the game's ``defaults`` are named)."""
    options = ", ".join(f"{k} {v}" for k, v in seat.options.items()
                        if defaults.get(k) != v) or "standard"
    rating = "" if seat.rating is None else f" ({seat.rating})"
    rated = "rated" if seat.rated else "casual"
    return f"{seat.host}{rating}  ·  {title}, {options}  ·  {rated}, {clock_text(seat.clock)}"


def standing_line(number: int, row: lb.Standing) -> str:
    """One row of a leaderboard; a provisional rating (too few games yet) is marked."""
    mark = provisional(row.deviation > PROVISIONAL_DEVIATION)
    return (f"{number}. {row.name}  ·  {row.rating} ±{row.deviation}{mark}  ·  "
            f"{row.played} game{'' if row.played == 1 else 's'}")


class Spectator:
    """A watched table, read-only: what the server sends a spectator (no seat, no token),
    and its own chat, the spectators' remarks. Pumped once a frame by the watching scene."""

    def __init__(self, session: Any, games: Registry,
                 ticks: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.games = games
        self.ticks = ticks
        self.state: lb.Watching | None = None
        self.moves: tuple[str, ...] = ()
        self.clocks: tuple[int, int] | None = None
        """Both seats' real-time clocks (ms left) as the server last said, or None."""
        self.clocks_at = 0.0
        """When they arrived (``ticks``): the running one has gone down since."""
        self.remarks: list[tuple[str, str]] = []
        self.link = "connecting"
        self.reason = ""
        self.heard: list[str] = []

    def pump(self) -> bool:
        from game.net import session as s

        events = self.session.events(EVENTS_PER_FRAME)
        for event in events:
            if isinstance(event, s.Watched):
                self.state, self.moves = event.state, event.moves
                self.clocks, self.clocks_at = event.clocks, event.clocks_at
            elif isinstance(event, s.Link):
                self.link, self.reason = event.state, event.reason
            elif isinstance(event, s.Heard):
                message = event.message
                if isinstance(message, lb.Remarked):
                    said = (message.name or "a spectator", message.text)
                    self.remarks = [*self.remarks, said][-REMARK_LINES:]
                elif isinstance(message, m.Error):
                    self.heard.append(message.reason[:1].upper() + message.reason[1:])
        return bool(events)

    @property
    def ready(self) -> bool:
        """The table and every move it had when we came are here: time to show it."""
        return self.state is not None and len(self.moves) >= self.state.ply

    def clock_left(self, seat: int, running: int | None) -> float | None:
        """Seconds left on ``seat``'s real-time clock now (``running``: the seat whose clock
        runs, None once the game is over or while a seat is free), or None without one."""
        return counted_down(self.clocks, self.clocks_at, seat, running, self.ticks())

    def new_match(self, created: str = "") -> Match:
        """The watched round as the server holds it."""
        assert self.state is not None
        return served_match(self.games, self.state, self.moves, created)

    def remark(self, text: str) -> str | None:
        """Say ``text`` to the other spectators; returns why not, or None."""
        text = " ".join(text.split())[:200]
        if not text:
            return "say something first"
        self.session.remark(text)
        return None

    def close(self) -> None:
        self.session.close()


def open_lobby(online: Any, url: str) -> Lobby:
    """The lobby of the server at ``url``, followed through a connection of its own on the
    app's one network thread (``online``: ``game.client.match.online.OnlinePlay``),
    identified with the name this machine holds there, if any."""
    from game.net.lobby_session import LobbySession

    session = LobbySession(online.network(), url, online.games, None, online.wake)
    lobby = Lobby(session, url, Identities(online.paths.data))
    held = lobby.identity()
    if held is not None:
        session.identity = (held.name, held.secret)
    session.start()
    return lobby


def open_spectator(online: Any, url: str, table: str, round_: int | None) -> Spectator:
    """A session watching ``table`` (no seat, no token) on the app's one network thread
    (``online``: ``game.client.match.online.OnlinePlay``); ``round_``: an earlier round, sent
    whole."""
    from game.net.session import Session, Watch

    session = Session(online.network(), url, "Spectator", online.games, online.wake)
    session.start(Watch(table, round_))
    return Spectator(session, online.games)
