"""The authoritative table: one game between two seats, as a pure state machine.

The server hands a table one message at a time, with the connection it came from and the time
(``now``, Unix seconds: the table has no clock of its own); the table answers with an
``Output``: the entries to store, then the messages to send and the connections to close. The
server stores ``store`` *before* it sends anything, so no player ever hears of a move that a
crash could lose; if storing fails it drops the table and restores it from what was stored.

Every change goes through an entry (``game.net.wire.entries``) and ``_apply``, both live and when a
restarted server rebuilds the table from its entries, so the two can never differ. Board moves
are parsed and played as move values through ``Match.play``; the meta moves (resign, draw,
abort, forfeits) are only made by their own messages, never from move text, so nobody can
resign or agree a draw for the other player by sending the word as a move. A refusal changes
nothing and answers an ``error`` carrying the rules' own reason.

Players are known by their seat in the table's first game (round zero); a rematch swaps the
sides, so in round ``r`` the player who started at seat ``p`` sits at seat ``p ^ (r % 2)``.

A takeback is offered and answered like a draw (lichess's consent model): once the other
player agrees, the asker's last turn goes, and the other's turn since if they have moved
(``takeback_ply``), so the asker is to move again where their turn began. It is stored as an
``Undone`` entry, so the round read back from storage has lost those moves too.

The server, not the table, computes a rated round's new ratings once it has ended; it hands
them to ``rate``, which stores them as a ``Rated`` entry of the round, so every later
``table`` of that round (a player coming back, after a restart too) says them again.

With a real-time clock (``game.net.clocks``) the side to move's time runs once both seats are
taken. Every stored move carries both times left, so a restarted table resumes them as stored.
Any message of a player that arrives after a flag fell, and ``tick`` (the server calls it when
``flag_at`` comes, whoever is connected), ends the round on time (``time N``) instead; but a
player who has not made their first move of the round is never lost on time: when their
``FIRST_MOVE_SECONDS`` or their time runs out first, the round is aborted (lichess). The
server calls ``sent`` once a stored change has gone out: the answering player's time runs
from then, less their measured network round trip (bounded), so the time spent storing and
sending a move and the network's time are charged to nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.core.errors import GameError, IllegalMoveError, NotationError
from game.core.match import ABORT, DRAW, LEFT, RESIGN, TIMEOUT, Match, Seat, meta_word
from game.core.protocol import Outcome
from game.core.record import Online, Record
from game.core.registry import AnyGame, Registry
from game.core.text import printable, quote
from game.net.clocks import GameClock
from game.net.randomness import (
    Randomness,
    coin,
    new_invite_code,
    new_token,
    token_hash,
    token_matches,
)
from game.net.wire.codes import CloseCode, ProtocolError, Refusal
from game.net.wire.entries import Entry, Opened, Played, Rated, Rematch, Sat, Undone
from game.net.wire.limits import (
    FIRST_MOVE_SECONDS,
    INVITE_SECONDS,
    MAX_LAG_CREDIT_SECONDS,
    TAKEBACK_WAIT_SECONDS,
)
from game.net.wire.messages import (
    Abort,
    Answer,
    Attach,
    Chat,
    Claim,
    ClientMessage,
    Create,
    Declined,
    Ended,
    Ending,
    Error,
    Invite,
    Join,
    Move,
    Moved,
    Offer,
    Offered,
    OfferKind,
    Pending,
    Presence,
    RatingChange,
    Resign,
    Said,
    Seated,
    ServerMessage,
    TableState,
    TakenBack,
    moves_messages,
)

Conn = Hashable
"""Whatever the server uses to tell its connections apart."""


@dataclass(frozen=True)
class Send:
    """Send ``message`` on connection ``to``."""

    to: Conn
    message: ServerMessage


@dataclass(frozen=True)
class Output:
    """What one message made the table do: store these entries first (in order, all or none),
    then send these messages and close these connections."""

    store: tuple[Entry, ...] = ()
    send: tuple[Send, ...] = ()
    close: tuple[tuple[Conn, CloseCode], ...] = ()


@dataclass(frozen=True)
class Player:
    name: str
    token_hash: str


class Table:
    """One table: its game, its players, the current round's match and who is connected."""

    def __init__(self, table_id: str, game: AnyGame, opened: Opened,
                 randomness: Randomness) -> None:
        """Use ``create`` or ``restore``."""
        self.id = table_id
        self.game = game
        self.options = dict(opened.options)
        self.clock = opened.clock
        self.randomness = randomness
        self._code = opened.code
        self._code_expires = opened.expires
        self._players: list[Player | None] = [None, None]
        self.round = 0
        self.match = self._new_match()
        self._turn_since = opened.at
        """When the side to move began its turn (a move, a join, a new round)."""
        self._movers: set[int] = set()
        """Seats that made a board move this round (abort is only allowed while one has not)."""
        self._offer: Pending | None = None
        self._conns: dict[Conn, int] = {}
        """Connection -> player (seat in the first game)."""
        self._gone_since = [opened.at, opened.at]
        self._clocks = GameClock.fresh(self.clock.base) if self.clock.base is not None else None
        self._times: list[tuple[int, int]] = []
        """With a real-time clock, both times left after each move of the round (what a
        takeback gives back)."""
        self._asked: dict[int, float] = {}
        """Seat -> when it last asked to take back (or was declined), since the last move."""
        self._unsent = False
        """Whether the last output stored something that ``sent`` has not yet confirmed."""
        self.ratings: tuple[RatingChange, RatingChange] | None = None
        """After the round ended rated: each seat's new rating and its change (``rate``)."""

    # -- making ---------------------------------------------------------------------------

    @classmethod
    def create(
        cls, table_id: str, request: Create, conn: Conn, now: float, games: Registry,
        randomness: Randomness, code_taken: Callable[[str], bool] = lambda code: False,
    ) -> tuple[Table | None, Output]:
        """A new table for ``request`` with its creator seated (``Seated``, ``Invite`` and the
        table's state go to ``conn``), or None and the refusal. ``code_taken`` says whether an
        invite code is in use elsewhere on the server, so a new one is drawn instead."""
        try:
            game = _two_player_game(games, request.game)
            options = _checked_options(game, request.options)
        except ProtocolError as err:
            return None, _refusal(conn, err)
        code = new_invite_code(randomness)
        for _ in range(100):
            if not code_taken(code):
                break
            code = new_invite_code(randomness)
        at = _stamp(now)
        opened = Opened(game.info.id, game.info.rules_version, options, request.clock, code,
                        int(at) + INVITE_SECONDS, at)
        seat = coin(randomness) if request.seat is None else request.seat
        token = new_token(randomness)
        sat = Sat(seat, request.name, token_hash(token), at)
        table = cls(table_id, game, opened, randomness)
        table._apply(sat)
        table._conns[conn] = seat
        sends = (Send(conn, Seated(table_id, seat, token)),
                 Send(conn, Invite(code, opened.expires)), *table._state_for(conn, 0, 0, at))
        return table, Output(store=(opened, sat), send=sends)

    @classmethod
    def restore(cls, table_id: str, entries: Iterable[Entry], games: Registry,
                randomness: Randomness, now: float) -> Table:
        """The table its stored entries describe, nobody connected (each player counts as
        gone from ``now``). Raises ValueError if the entries are not a table's."""
        items = iter(entries)
        opened = next(items, None)
        if not isinstance(opened, Opened):
            raise ValueError(f"table {quote(table_id)} does not start with its opening")
        game = games.get(opened.game)
        if opened.rules != game.info.rules_version:
            raise ValueError(f"table {quote(table_id)} was played by other rules")
        table = cls(table_id, game, opened, randomness)
        for entry in items:
            try:
                table._apply(entry)
            except (GameError, ValueError) as err:
                raise ValueError(f"table {quote(table_id)}: {entry} cannot be applied: "
                                 f"{printable(str(err), 160)}") from None
        table._gone_since = [now, now]
        if table._clocks is not None:  # the time the server was down is nobody's
            table._clocks = table._clocks.resume(now)
        return table

    # -- reading --------------------------------------------------------------------------

    @property
    def invite(self) -> Invite | None:
        """The invite code while a seat is free and the table open (expiry not judged here)."""
        if None in self._players and not self.match.is_over:
            return Invite(self._code, self._code_expires)
        return None

    @property
    def connections(self) -> frozenset[Conn]:
        return frozenset(self._conns)

    def seat_of(self, conn: Conn) -> int | None:
        """The seat ``conn`` plays this round, or None."""
        player = self._conns.get(conn)
        return None if player is None else self._seat(player)

    def names(self) -> tuple[str | None, str | None]:
        """The players' public names, by seat this round."""
        first, second = (self._players[self._player(seat)] for seat in (0, 1))
        return (None if first is None else first.name, None if second is None else second.name)

    def moves(self) -> tuple[str, ...]:
        return self.match.moves

    def record(self, server: str) -> Record:
        """The current round as a record (format 2) saying where it was played; no token."""
        names = tuple(name or "" for name in self.names())
        return Record.of(self.match, Online(server, self.id, names))

    @property
    def flag_at(self) -> float | None:
        """When the side to move's real-time clock runs out while the round is on, or None:
        the server calls ``tick`` then."""
        if self._clocks is None or self.match.is_over:
            return None
        first = self._first_move_by()
        flag = self._clocks.flag_at
        return flag if first is None or flag is None else min(flag, first)

    def clocks(self, now: float) -> tuple[int, int] | None:
        """Each seat's real-time clock at ``now`` (ms left), or None without one."""
        return None if self._clocks is None else self._clocks.now_left(now)

    @property
    def is_idle(self) -> bool:
        """Nobody is connected and the round is over: the server may forget the table."""
        return not self._conns and self.match.is_over

    # -- handling -------------------------------------------------------------------------

    def handle(self, conn: Conn, message: ClientMessage, now: float) -> Output:
        """Process one message from ``conn`` at time ``now``."""
        try:
            output = self._handle(conn, message, _stamp(now))
        except ProtocolError as err:
            return _refusal(conn, err)
        self._unsent = bool(output.store)
        return output

    def tick(self, now: float) -> Output:
        """The time is ``now``: if the side to move's flag has fallen, it loses on time."""
        output = self._flag(_stamp(now)) or Output()
        self._unsent = bool(output.store)
        return output

    def sent(self, now: float, lags: Mapping[Conn, float] | None = None) -> None:
        """What the last ``handle`` or ``tick`` stored has gone out, at ``now``: the running
        clock counts from then, and forgives its player the network round trip (``lags``:
        seconds by connection, as measured; at most ``MAX_LAG_CREDIT_SECONDS``): the move
        takes half of it to reach them and theirs the other half to come back."""
        if self._unsent and self._clocks is not None and self._clocks.running is not None:
            mover = self._player(self._clocks.running)
            lag = max((lag for conn, lag in (lags or {}).items()
                       if self._conns.get(conn) == mover), default=0.0)
            credit = min(max(lag, 0.0), MAX_LAG_CREDIT_SECONDS)
            self._clocks = self._clocks.resume(_stamp(now + credit))
        self._unsent = False

    def rate(self, ratings: tuple[RatingChange, RatingChange], now: float) -> Output:
        """The round that just ended was rated (the server computes ratings, not the table):
        its changes are stored with it, and every later ``table`` of the round says them."""
        rated = Rated(self.round, ratings, _stamp(now))
        self._apply(rated)
        return Output(store=(rated,))

    def refuse(self, conn: Conn, err: ProtocolError) -> Output:
        """The ``error`` answer for a message the server could not even read."""
        return _refusal(conn, err)

    def disconnect(self, conn: Conn, now: float) -> Output:
        """``conn`` closed: its player is gone from ``now`` and the other is told."""
        player = self._conns.pop(conn, None)
        if player is None:
            return Output()
        self._gone_since[player] = _stamp(now)
        return Output(send=self._to_others(player, Presence(self._seat(player), False)))

    def _handle(self, conn: Conn, message: ClientMessage, now: float) -> Output:
        if isinstance(message, Join):
            return self._join(conn, message, now)
        if isinstance(message, Attach):
            return self._attach(conn, message, now)
        player = self._conns.get(conn)
        if player is None:
            raise ProtocolError(Refusal.NOT_SEATED, "join or attach to a seat first",
                                message.TYPE)
        seat = self._seat(player)
        if not isinstance(message, Chat):
            flagged = self._flag(now)
            if flagged is not None:
                return flagged
        if isinstance(message, Move):
            return self._move(conn, seat, message, now)
        if isinstance(message, Chat):
            return Output(send=self._to_all(Said(seat, message.text)))
        if isinstance(message, Offer):
            return self._offer_made(seat, message, now)
        if isinstance(message, Answer):
            return self._answer(seat, message, now)
        if isinstance(message, (Resign, Abort, Claim)):
            return self._ending(seat, message, now)
        raise ProtocolError(Refusal.BAD_MESSAGE, f"{message.TYPE} is not sent to a table",
                            message.TYPE)

    def _join(self, conn: Conn, message: Join, now: float) -> Output:
        if conn in self._conns:
            raise ProtocolError(Refusal.SEATED, "you already have a seat at this table", "join")
        invite = self.invite
        if invite is None or message.code != self._code:
            raise ProtocolError(Refusal.BAD_CODE, "this invite code is not valid (any more)",
                                "join")
        if now > invite.expires:
            raise ProtocolError(Refusal.BAD_CODE, "this invite code has expired", "join")
        player = self._players.index(None)
        token = new_token(self.randomness)
        sat = Sat(player, message.name, token_hash(token), now)
        self._apply(sat)
        self._conns[conn] = player
        seat = self._seat(player)
        sends = [Send(conn, Seated(self.id, seat, token)), *self._state_for(conn, 0, 0, now)]
        for other in self._conns:
            if other != conn:
                sends.extend(self._state_for(other, self.round, self.match.ply, now))
        return Output(store=(sat,), send=tuple(sends))

    def _attach(self, conn: Conn, message: Attach, now: float) -> Output:
        if message.table != self.id:
            raise ProtocolError(Refusal.NO_TABLE, f"this is table {quote(self.id)}", "attach")
        found = [p for p, who in enumerate(self._players)
                 if who is not None and token_matches(message.token, who.token_hash)]
        if not found:
            raise ProtocolError(Refusal.BAD_TOKEN, "this token holds no seat at this table",
                                "attach")
        player = found[0]
        if self._conns.get(conn, player) != player:
            raise ProtocolError(Refusal.SEATED, "this connection holds the other seat",
                                "attach")
        close = tuple((old, CloseCode.REPLACED) for old, p in self._conns.items()
                      if p == player and old != conn)
        for old, _ in close:
            del self._conns[old]
        was_here = bool(close) or conn in self._conns
        self._conns[conn] = player
        sends = list(self._state_for(conn, message.round, message.have, now))
        if self.invite is not None:  # the creator came back before anyone joined
            sends.append(Send(conn, self.invite))
        if not was_here:
            sends.extend(self._to_others(player, Presence(self._seat(player), True)))
        return Output(send=tuple(sends), close=close)

    def _move(self, conn: Conn, seat: int, message: Move, now: float) -> Output:
        match = self.match
        if message.ply < match.ply:
            if self._same_move(message, seat):
                return Output(send=(Send(conn, Moved(self.round, message.ply, seat,
                                                     match.moves[message.ply])),))
            raise ProtocolError(Refusal.STALE, f"move {message.ply + 1} was already played "
                                f"({quote(match.moves[message.ply])}); the table has "
                                f"{match.ply} moves", "move")
        if message.ply > match.ply:
            raise ProtocolError(Refusal.STALE, f"the table has only {match.ply} moves; attach "
                                "again to catch up", "move")
        self._check_playing(message.TYPE)
        self._check_both_seated(message.TYPE)
        if match.to_move != seat:
            raise ProtocolError(Refusal.NOT_YOUR_TURN, "it is not your turn", "move")
        if meta_word(message.move) is not None:
            raise ProtocolError(Refusal.NOTATION, f"{quote(message.move)} is not a board move; "
                                f"send a {meta_word(message.move)} message instead", "move")
        try:
            move = self.game.parse_move(message.move)
            self.game.check_move(match.state, move)
        except NotationError as err:
            raise ProtocolError(Refusal.NOTATION, str(err), "move") from None
        except IllegalMoveError as err:
            raise ProtocolError(Refusal.ILLEGAL, str(err), "move") from None
        return self._play_live(Played(self.round, match.ply, self.game.format_move(move), now),
                               seat, move)

    def _offer_made(self, seat: int, message: Offer, now: float) -> Output:
        self._check_both_seated(message.TYPE)
        if message.kind is OfferKind.REMATCH:
            if not self.match.is_over:
                raise ProtocolError(Refusal.GAME_ON, "a rematch is offered once the game is "
                                    "over", message.TYPE)
        else:
            self._check_playing(message.TYPE)
        if self._offer == Pending(message.kind, 1 - seat):
            return self._accept(seat, message.kind, now)
        if message.kind is OfferKind.TAKEBACK:
            self._check_takeback(seat, now)
            self._asked[seat] = now
        self._offer = Pending(message.kind, seat)
        return Output(send=self._to_all(Offered(message.kind, seat)))

    def _check_takeback(self, seat: int, now: float) -> None:
        """Refuse asking to take back before one's first move, or too soon again."""
        takeback_ply(self.match, seat)
        asked = self._asked.get(seat)
        if asked is not None and now < asked + TAKEBACK_WAIT_SECONDS:
            wait = int(asked + TAKEBACK_WAIT_SECONDS - now) + 1
            raise ProtocolError(Refusal.TOO_SOON, f"you asked to take back a moment ago: ask "
                                f"again in {wait} s, or after the next move", Offer.TYPE)

    def _answer(self, seat: int, message: Answer, now: float) -> Output:
        if self._offer != Pending(message.kind, 1 - seat):
            raise ProtocolError(Refusal.NO_OFFER, f"there is no {message.kind.value} offer to "
                                "answer", message.TYPE)
        if message.accept:
            return self._accept(seat, message.kind, now)
        self._offer = None
        if message.kind is OfferKind.TAKEBACK:  # the wait to ask again counts from here
            self._asked[1 - seat] = now
        return Output(send=self._to_all(Declined(message.kind, seat)))

    def _accept(self, seat: int, kind: OfferKind, now: float) -> Output:
        if kind is OfferKind.DRAW:
            return self._play_live(Played(self.round, self.match.ply, DRAW, now), seat)
        if kind is OfferKind.TAKEBACK:
            return self._take_back(1 - seat, now)
        rematch = Rematch(self.round + 1, now)
        self._apply(rematch)
        sends = [send for conn in self._conns for send in self._state_for(conn, 0, 0, now)]
        return Output(store=(rematch,), send=tuple(sends))

    def _ending(self, seat: int, message: Resign | Abort | Claim, now: float) -> Output:
        """Resign, abort or claim: a meta move only its own message makes."""
        self._check_playing(message.TYPE)
        if isinstance(message, Abort):
            if len(self._movers) == 2:
                raise ProtocolError(Refusal.TOO_LATE, "both sides have moved: resign or offer "
                                    "a draw instead", "abort")
            token = ABORT
        else:
            self._check_both_seated(message.TYPE)
            token = f"{RESIGN} {seat}" if isinstance(message, Resign) else self._claim(seat, now)
        return self._play_live(Played(self.round, self.match.ply, token, now), seat)

    def _take_back(self, asker: int, now: float) -> Output:
        """The other player agreed: back to where the asker's last turn began."""
        ply = takeback_ply(self.match, asker)
        clocks = None
        if self._clocks is not None:
            clocks = self._times[ply - 1] if ply > 0 else GameClock.fresh(
                self.clock.base or 0).left
        undone = Undone(self.round, ply, now, clocks)
        self._apply(undone)
        message = TakenBack(self.round, ply, asker, clocks)
        return Output(store=(undone,), send=self._to_all(message))

    def _flag(self, now: float) -> Output | None:
        """The round lost on time by the side to move, if its real-time flag has fallen; or
        aborted, if that side has not made its first move and its time for it is up."""
        if self._clocks is None or self.match.is_over or None in self._players:
            return None
        first = self._first_move_by()
        if first is not None and (now >= first or self._clocks.fallen(now) is not None):
            return self._play_live(Played(self.round, self.match.ply, ABORT, now),
                                   self.match.to_move)
        seat = self._clocks.fallen(now)
        if seat is None:
            return None
        return self._play_live(Played(self.round, self.match.ply, f"{TIMEOUT} {seat}", now),
                               seat)

    def _first_move_by(self) -> float | None:
        """With a real-time clock running for a side that has made no board move this round:
        when its time for a first move runs out (its turn began when its clock started)."""
        clocks = self._clocks
        if clocks is None or clocks.running is None or clocks.running in self._movers:
            return None
        return clocks.since + FIRST_MOVE_SECONDS

    def _play_live(self, played: Played, seat: int, move: Any = None) -> Output:
        """Apply a move made now and announce it, stored with the clocks it left."""
        self._apply(played, move)
        if self._clocks is not None:
            played = replace(played, clocks=self._clocks.left)
        return self._announce(played, seat)

    def _claim(self, seat: int, now: float) -> str:
        other = 1 - seat
        if self.match.to_move != other:
            raise ProtocolError(Refusal.CANNOT_CLAIM, "you can only claim on the other "
                                "player's turn", "claim")
        if self.clock.move is not None and now >= self._turn_since + self.clock.move:
            return f"{TIMEOUT} {other}"
        player = self._player(other)
        if player not in self._conns.values():
            gone = now - max(self._gone_since[player], self._turn_since)
            if gone >= self.clock.gone:
                return f"{LEFT} {other}"
            wait = int(self.clock.gone - gone) + 1
            raise ProtocolError(Refusal.CANNOT_CLAIM, f"the other player may still come back: "
                                f"claim in {wait} s", "claim")
        raise ProtocolError(Refusal.CANNOT_CLAIM, "the other player is here and within their "
                            "time", "claim")

    # -- applying -------------------------------------------------------------------------

    def _apply(self, entry: Entry, move: Any = None) -> None:
        """Make the change ``entry`` records (``move``: the parsed board move, when known)."""
        if isinstance(entry, Sat):
            if self._players[entry.seat] is not None:
                raise ValueError(f"seat {entry.seat} is taken")
            self._players[entry.seat] = Player(entry.name, entry.token_hash)
            self.match.seats = self._seats()
            self._turn_since = entry.at
            if self._clocks is not None and None not in self._players:
                self._clocks = self._clocks.run(self.match.to_move, entry.at)
        elif isinstance(entry, Played):
            if (entry.round, entry.ply) != (self.round, self.match.ply):
                raise ValueError(f"move {entry.ply} of round {entry.round} is out of order")
            mover = self.match.to_move
            self._play(entry.move, move)
            self._turn_since = entry.at
            self._offer = None
            self._asked.clear()
            self._charge(mover, entry)
        elif isinstance(entry, Undone):
            if entry.round != self.round or not 0 <= entry.ply < self.match.ply:
                raise ValueError(f"round {entry.round} cannot go back to move {entry.ply}")
            while self.match.ply > entry.ply:
                self.match.undo()
            self._movers = {self.match.mover(ply) for ply in range(entry.ply)
                            if meta_word(self.match.moves[ply]) is None}
            del self._times[entry.ply:]
            self._turn_since = entry.at
            self._offer = None
            if self._clocks is not None:
                left = entry.clocks or self._clocks.left
                self._clocks = replace(self._clocks, left=left).run(self.match.to_move,
                                                                     entry.at)
        elif isinstance(entry, Rated):
            if entry.round != self.round or not self.match.is_over or self.ratings is not None:
                raise ValueError(f"round {entry.round} cannot be rated now")
            self.ratings = entry.ratings
        elif isinstance(entry, Rematch):
            if entry.round != self.round + 1 or not self.match.is_over:
                raise ValueError(f"round {entry.round} cannot start now")
            self.round = entry.round
            self.ratings = None
            self.match = self._new_match()
            self._movers = set()
            self._times = []
            self._asked.clear()
            self._turn_since = entry.at
            self._offer = None
            if self.clock.base is not None:
                self._clocks = GameClock.fresh(self.clock.base).run(self.match.to_move, entry.at)
        else:
            raise ValueError("a table is opened only once")

    def _charge(self, mover: int, entry: Played) -> None:
        """The real-time clocks after ``entry``: the mover charged (and, their turn over,
        given the increment); the times it stores, when it has them, are the truth."""
        if self._clocks is None:
            return
        over = self.match.is_over
        clocks = self._clocks.moved(mover, entry.at, over or self.match.to_move != mover,
                                    0 if over else self.clock.increment)
        if entry.clocks is not None:
            clocks = replace(clocks, left=entry.clocks)
        self._times.append(clocks.left)
        self._clocks = clocks.run(None, entry.at) if over else clocks

    def _play(self, text: str, move: Any) -> None:
        """One token, through the match's own methods: a board move is a move value."""
        word = meta_word(text)
        seat = self.match.to_move
        if word is None:
            self.match.play(self.game.parse_move(text) if move is None else move)
            self._movers.add(seat)
        elif word == DRAW:
            self.match.agree_draw()
        elif word == ABORT:
            self.match.abort()
        elif word == RESIGN:
            self.match.resign(int(text.split()[1]))
        else:
            self.match.forfeit(word, int(text.split()[1]))

    # -- helpers --------------------------------------------------------------------------

    def _new_match(self) -> Match:
        return Match(self.game, self.options, self._seats())

    def _seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(name or self.game.info.seat_names[seat])
                     for seat, name in enumerate(self.names()))

    def _seat(self, player: int) -> int:
        return player ^ (self.round & 1)

    def _player(self, seat: int) -> int:
        return seat ^ (self.round & 1)

    def _same_move(self, message: Move, seat: int) -> bool:
        """Whether ``message`` is this seat's own move at its ply, sent again."""
        played = self.match.moves[message.ply]
        if meta_word(played) is not None or meta_word(message.move) is not None:
            return False
        if self.game.to_move(self.match.state_at(message.ply)) != seat:
            return False
        try:
            return self.game.format_move(self.game.parse_move(message.move)) == played
        except NotationError:
            return False

    def _check_playing(self, of: str) -> None:
        outcome = self.match.outcome
        if outcome is not None:
            raise ProtocolError(Refusal.GAME_OVER, f"the game is over ({outcome.reason.label})",
                                of)

    def _check_both_seated(self, of: str) -> None:
        if None in self._players:
            raise ProtocolError(Refusal.WAITING, "nobody has joined yet", of)

    def _announce(self, played: Played, seat: int) -> Output:
        sends = list(self._to_all(Moved(played.round, played.ply, seat, played.move,
                                        played.clocks)))
        outcome = self.match.outcome
        if outcome is not None:
            sends.extend(self._to_all(Ended(self.round, _ending(outcome))))
        return Output(store=(played,), send=tuple(sends))

    def _state_for(self, conn: Conn, round_: int, have: int,
                   now: float) -> tuple[Send, ...]:
        """The table's state for ``conn`` and the moves it lacks, given what it holds."""
        match = self.match
        seat = self.seat_of(conn)
        assert seat is not None
        here = {self._seat(p) for p in self._conns.values()}
        deadline = None
        if self.clock.move is not None and not match.is_over and None not in self._players:
            deadline = int(self._turn_since + self.clock.move)
        state = TableState(
            self.id, self.game.info.id, self.game.info.rules_version, self.options, self.clock,
            self.round, seat, self.names(), (0 in here, 1 in here), match.ply,
            None if match.outcome is None else _ending(match.outcome), self._offer, deadline,
            self.clocks(now), ratings=self.ratings,
        )
        start = have if round_ == self.round and have <= match.ply else 0
        chunks = moves_messages(self.round, start, match.moves[start:])
        return (Send(conn, state), *(Send(conn, chunk) for chunk in chunks))

    def _to_all(self, message: ServerMessage) -> tuple[Send, ...]:
        return tuple(Send(conn, message) for conn in self._conns)

    def _to_others(self, player: int, message: ServerMessage) -> tuple[Send, ...]:
        return tuple(Send(conn, message) for conn, p in self._conns.items() if p != player)


def takeback_ply(match: Match, seat: int) -> int:
    """How many moves the round keeps if ``seat`` takes back its last turn: the moves before
    that turn began (the other side's turn since, if any, goes too, so ``seat`` is to move
    again). Raises ProtocolError when ``seat`` has made no move to take back."""
    ply = match.last_turn_start(seat)
    if ply is None:
        raise ProtocolError(Refusal.NO_MOVE, "you have no move to take back yet", Offer.TYPE)
    return ply


def _refusal(conn: Conn, err: ProtocolError) -> Output:
    return Output(send=(Send(conn, Error.of_error(err)),))


def _ending(outcome: Outcome) -> Ending:
    return Ending(outcome.winner, outcome.reason.value, outcome.reason.label)


def _stamp(now: float) -> float:
    """``now`` to the millisecond, as entries store it, so live and restored tables agree."""
    return round(now * 1000) / 1000


def _two_player_game(games: Registry, game_id: str) -> AnyGame:
    if game_id not in games:
        raise ProtocolError(Refusal.UNKNOWN_GAME, f"this server has no game {quote(game_id)}",
                            Create.TYPE)
    game = games.get(game_id)
    if game.info.players != 2:
        raise ProtocolError(Refusal.UNKNOWN_GAME, f"{game.info.title} is played alone",
                            Create.TYPE)
    return game


def _checked_options(game: AnyGame, raw: Mapping[str, object]) -> dict[str, Any]:
    """The options as the setup screen checks them: by making the match they describe."""
    try:
        return dict(Match(game, raw).options)
    except GameError as err:
        raise ProtocolError(Refusal.BAD_OPTIONS, str(err), Create.TYPE) from None

