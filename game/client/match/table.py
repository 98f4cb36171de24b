"""The table a match is played at, without a screen: whose turn, the dice, the seats that move
by themselves, hints, take back, resign and draw, the autosave and the high-score entry.

The play scene shows a table and hands it the moves people make; everything else that moves
the match happens here, so a new kind of seat (a remote player) is one more ``MovingSeat``
beside the computers, and a test can drive a whole game without a window. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.client.files import scores, storage
from game.client.match.computer import ComputerSeat
from game.core.errors import GameError
from game.core.match import Match
from game.core.player import Decision
from game.core.protocol import CHANCE, MoveResult
from game.plugin import HighScores


class MovingSeat(Protocol):
    """A seat whose moves arrive by themselves: a computer thinking in a worker process, or
    (later) a player at another table. Asked for a move when its turn comes, polled each
    frame, never blocking."""

    def start(self, match: Match) -> None:
        """Its turn has come in ``match`` (which it must not change)."""
        ...

    def poll(self) -> Decision[Any] | None:
        """Its move, once (None until it has one). Raises with a message for people."""
        ...

    def cancel(self) -> None:
        """Forget the turn it was asked for (the move was taken back)."""
        ...

    @property
    def stalled(self) -> bool:
        """True once it is far past its time without answering (a stopped or hung worker)."""
        ...

    def close(self) -> None: ...


class Autosave(Protocol):
    """Where the table keeps its match after every move (``game.client.files.autosaves``)."""

    def keep(self, match: Match) -> None: ...


@dataclass(frozen=True)
class Played:
    """A move the table played: what the board shows next (it animates ``result``)."""

    before: Any
    result: MoveResult[Any]


class Table:
    """One match and the seats around it (see the module's docstring)."""

    def __init__(self, match: Match, seats: Mapping[int, MovingSeat],
                 report: Callable[[str], None], autosave: Autosave | None = None,
                 hints: Callable[[], ComputerSeat] | None = None,
                 high_scores: tuple[HighScores, Callable[[], Path]] | None = None,
                 hint_stopped: Callable[[], None] = lambda: None) -> None:
        """``seats``: the seats that move by themselves, by seat number; ``report``: tells the
        player of a seat that failed (it is then played by a person); ``hints``: makes the
        computer that suggests moves (raising ValueError with the reason if there is none);
        ``high_scores``: the game's table and where it is kept, to enter a finished run;
        ``hint_stopped``: a hint being looked for was given up (its move is gone)."""
        self.match = match
        self.seats = dict(seats)
        self.report = report
        self.autosave = autosave
        self._make_hinter = hints
        self._hint_stopped = hint_stopped
        self._hinter: ComputerSeat | None = None
        self._hint_for: int | None = None
        """The move number the hint being computed is for."""
        self._thinking_for: int | None = None
        self._decision: Decision[Any] | None = None
        self.high_scores = high_scores
        self._kept = (match.moves, match.outcome)
        """The match as last kept: a resumed game is in its file already."""
        self.ranked: str | None = None
        """What became of a finished run in the high-score table (games that keep one)."""

    # -- whose turn ----------------------------------------------------------------------

    def human_to_move(self) -> bool:
        mover = self.match.to_move
        return not self.match.is_over and mover != CHANCE and mover not in self.seats

    @property
    def has_human(self) -> bool:
        """Take back returns to a person's turn, so a game of computers alone has none."""
        return len(self.seats) < len(self.match.seats)

    def wait_reason(self) -> str:
        """Why a person may not move now."""
        if self.match.is_over:
            return "the game is over"
        if self.match.to_move == CHANCE:
            return "wait for the dice"
        return f"wait: {self.match.seats[self.match.to_move].name} is thinking"

    def draw_possible(self) -> bool:
        """A draw needs two people at the table: the computer never accepts one."""
        seats = self.match.seats
        return len(seats) == 2 and not any(seat.is_computer for seat in seats)

    @property
    def hinting(self) -> bool:
        return self._hint_for is not None

    def waiting(self) -> bool:
        """Whether a move is due that no person makes (a seat, the dice) or a hint is coming."""
        return (not self.match.is_over and not self.human_to_move()) or self.hinting

    # -- moves ---------------------------------------------------------------------------

    def play(self, move: object) -> Played:
        """A person's move. Raises GameError with the rules' reason."""
        before = self.match.state
        result = self.match.play(move)
        self.after_move()
        return Played(before, result)

    def advance(self, busy: bool) -> Played | None:
        """The dice or a moving seat's move, when due and the board is ready (not ``busy``
        animating the last one); polls the seats without ever blocking."""
        if self.match.is_over:
            return None
        if self.match.to_move == CHANCE:
            return None if busy else self._roll()
        seat = self.seats.get(self.match.to_move)
        if seat is None:
            return None
        if self._thinking_for != self.match.ply:
            self._thinking_for = self.match.ply
            self._decision = None
            seat.start(self.match)
        if self._decision is None:
            try:
                self._decision = seat.poll()
            except Exception as err:  # the seat's message is written for people
                self.report(f"The computer player failed: {err}")
                self.seats.pop(self.match.to_move)
                return None
        if self._decision is None or busy:
            return None
        move, self._decision = self._decision.move, None
        try:
            return self.play(move)
        except GameError as err:
            self.report(f"The computer player failed: {err}")
            self.seats.pop(self.match.to_move)
            return None

    def stalled(self) -> int | None:
        """The seat to move, when its watchdog says it stopped answering; else None."""
        mover = self.match.to_move
        seat = None if self.match.is_over else self.seats.get(mover)
        return mover if seat is not None and seat.stalled else None

    def restart(self, number: int) -> None:
        """Ask a seat again, afresh (a computer player starts a new worker)."""
        seat = self.seats.get(number)
        if seat is not None:
            seat.cancel()
        self._thinking_for = None

    def to_person(self, number: int) -> None:
        """A person plays this seat from now on."""
        seat = self.seats.pop(number, None)
        if seat is not None:
            seat.close()
        self._thinking_for, self._decision = None, None

    def _roll(self) -> Played:
        """Roll the dice from the match seed."""
        before = self.match.state
        result = self.match.play_chance()
        self.after_move()
        return Played(before, result)

    def take_back(self) -> str:
        """Take back the last move, and the moving seats' after it, back to a person's turn;
        returns the notation of the last move taken back. Raises ValueError with the reason."""
        if not self.has_human:
            raise ValueError("only a person's moves can be taken back")
        if not self.match.can_undo:
            raise ValueError("there is no move to take back")
        self._stop_thinking()
        undone = self.match.undo()
        while self.match.can_undo and not self.human_to_move() and self.seats:
            undone = self.match.undo()
        self.after_move()
        return undone

    def redo(self) -> Played:
        """Play the last move taken back again. Raises ValueError with the reason."""
        if not self.has_human:
            raise ValueError("only a person's moves can be played again")
        if not self.match.can_redo:
            raise ValueError("there is no move to play again")
        self._stop_thinking()
        before = self.match.state
        self.match.redo()
        self.after_move()
        return Played(before, self.match.results[-1])

    def resign(self) -> None:
        self.match.resign()
        self.after_move()

    def draw_refusal(self) -> str | None:
        """Why no draw can be offered now, or None."""
        if self.match.is_over:
            return "the game is over"
        if len(self.match.seats) < 2:
            return "a solo game cannot be drawn"
        if 1 - self.match.to_move in self.seats:
            return "the computer plays on: it never accepts a draw"
        return None

    def agree_draw(self) -> None:
        self.match.agree_draw()
        self.after_move()

    def _stop_thinking(self) -> None:
        for seat in self.seats.values():
            seat.cancel()
        self._thinking_for = None
        self._decision = None
        self.cancel_hint()

    def after_move(self) -> None:
        """After every change to the match: the hint is stale, the autosave and the
        high-score table learn of it (once per change, however often this is called)."""
        self.cancel_hint()
        kept = (self.match.moves, self.match.outcome)
        if self.autosave is None or kept == self._kept:
            return
        self._kept = kept
        self._rank()
        self.autosave.keep(self.match)

    def _rank(self) -> None:
        """Once a run is over, enter it in its game's high-score table if it is genuine."""
        if self.high_scores is None or self.ranked is not None or not self.match.is_over:
            return
        kept, path = self.high_scores
        try:
            entered = scores.enter(path(), self.match, kept, storage.now_iso()[:10])
        except ValueError as err:
            self.ranked = f"Not ranked: {err}"
        except OSError as err:
            self.ranked = f"High score not saved: {err.strerror or err}"
        else:
            self.ranked = (f"High score: #{entered.place} on {entered.table}" if entered.place
                           else f"Not in the top {scores.CAP} on {entered.table}")

    # -- hints ---------------------------------------------------------------------------

    def ask_hint(self) -> bool:
        """Start looking for a move for the side to move; False if already looking.
        Raises ValueError when the game has no hints (``hints`` says so)."""
        if self._make_hinter is None:
            raise ValueError(f"there are no hints for {self.match.game.info.title} yet")
        if self._hinter is None:
            self._hinter = self._make_hinter()
        if self._hint_for == self.match.ply:
            return False  # already thinking about this position
        self._hint_for = self.match.ply
        self._hinter.start(self.match)
        return True

    def poll_hint(self) -> tuple[object, ...] | None:
        """The hinted move once found (once), followed by the rest of the line the computer
        plans (a Piously turn's later actions), which a view may draw. Raises with a message
        for people if it failed."""
        if self._hinter is None or self._hint_for is None:
            return None
        try:
            decision = self._hinter.poll()
        except Exception:
            self._hint_for = None
            self._hinter.cancel()
            raise
        if decision is None:
            return None
        self._hint_for = None
        line: tuple[object, ...] = tuple(decision.line)
        return line if line and line[0] == decision.move else (decision.move,)

    def cancel_hint(self) -> bool:
        """Stop looking for a hint; True if one was being looked for."""
        looking = self._hinter is not None and self._hint_for is not None
        if looking and self._hinter is not None:
            self._hinter.cancel()
            self._hint_stopped()
        self._hint_for = None
        return looking

    def close(self) -> None:
        """Stop every seat's worker (the scene is leaving)."""
        for seat in [*self.seats.values(), *([self._hinter] if self._hinter else [])]:
            seat.close()
