"""A match: one game being played, with its full history, undo/redo and game-agnostic endings.

The rules are pure functions over states; a match is the small mutable object around them that
the client, the arena and the record loader share. It handles the endings every game has in
common (resignation, a draw by agreement, and the longest game a record may hold,
``GameInfo.max_plies``) so that no game re-implements them.

Memory per move stays small whatever the game: a match keeps the moves' notation, the current
position and one position every ``CHECKPOINT_EVERY`` moves; any other position (and any
move's events, for the replay's animations) is re-played from the checkpoint before it, and
the last stretch re-played is kept so that stepping through a replay costs one move a step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, overload

from game.core.chance import seeded_choice
from game.core.errors import GameOverError, IllegalMoveError, OptionsError
from game.core.protocol import CHANCE, Game, MoveResult, Outcome, OutcomeReason

RESIGN: Final = "resign"
"""Record token: ``resign N``, seat N resigns (at any time: online, also on the other's turn).
Alone, as format 1 wrote it, the side to move resigned."""
DRAW: Final = "draw"
"""Record token: the players agreed a draw."""
TIMEOUT: Final = "time"
"""Record token: ``time N``, seat N let its correspondence deadline pass and lost."""
LEFT: Final = "left"
"""Record token: ``left N``, seat N was gone on its own turn too long and lost."""
ABORT: Final = "abort"
"""Record token: the game was called off before both sides had moved; nobody won."""
META_MOVES: Final = (RESIGN, DRAW, TIMEOUT, LEFT, ABORT)
"""The words that start a meta move: an ending that is no board move."""
_SEATED: Final = {RESIGN: OutcomeReason.RESIGN, TIMEOUT: OutcomeReason.TIME,
                  LEFT: OutcomeReason.LEFT}
CHECKPOINT_EVERY: Final = 32
"""Positions between two kept ones: re-playing this many moves is far below a frame."""


def meta_word(text: str) -> str | None:
    """The meta move ``text`` is (``RESIGN``, ``DRAW``, ...), or None for a board move."""
    word, _, seat = text.partition(" ")
    if word in (DRAW, ABORT):
        return word if not seat else None
    if word == RESIGN and not seat:
        return word
    return word if word in _SEATED and seat in ("0", "1") else None


@dataclass(frozen=True)
class Seat:
    """Who sits at one seat: a person, or a computer player of some level."""

    name: str
    kind: str = "human"
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        return data


class Match:
    """A game in progress (or finished): states, move texts, results and the outcome."""

    def __init__(
        self,
        game: Game[Any, Any],
        options: Mapping[str, object] | None = None,
        seats: tuple[Seat, ...] | None = None,
        seed: str | None = None,
        created: str = "",
        start: Any = None,
    ) -> None:
        """``start``: a position to begin from instead of the options' new game (a lesson's,
        a puzzle's); the options must still describe its board."""
        try:
            self.options = game.info.validate_options(options or {})
        except ValueError as err:
            raise OptionsError(str(err)) from None
        if game.info.has_chance and seed is None:
            raise OptionsError(f"{game.info.title} needs a seed for its dice")
        self.game = game
        self.seats = seats or tuple(Seat(name) for name in game.info.seat_names)
        if len(self.seats) != game.info.players:
            raise OptionsError(f"{game.info.title} is played by {game.info.players} player(s)")
        self.seed = seed
        self.created = created
        self.start = start
        self._state: Any = game.new_state(self.options) if start is None else start
        self._checkpoints: list[Any] = [self._state]
        """The position after every ``CHECKPOINT_EVERY``-th move (0 included)."""
        self._moves: list[str] = []
        self._chance = bytearray()
        """1 for each move that was a die roll."""
        self._movers: list[int] = []
        """Who made each move (``mover``): kept as it is played, so that a list of the
        moves never has to play the game again to know whose each one was."""
        self._endings: list[Outcome | None] = [None]
        self._last: MoveResult[Any] | None = None
        """The last move's result while it is still known (None after an undo)."""
        self._stretch: tuple[int, list[Any]] = (0, [self._state])
        """The last stretch of positions re-played: its first ply and its positions."""
        self._redo: list[str] = []

    # -- reading -------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self._state

    @property
    def ply(self) -> int:
        """How many moves (chance and meta moves included) have been played."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(self._moves)

    @property
    def results(self) -> Results:
        """Each move's result (its events), re-played on demand: ``results[ply]``."""
        return Results(self)

    @property
    def outcome(self) -> Outcome | None:
        return self.outcome_at(self.ply)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    def mover(self, index: int) -> int:
        """Who made move ``index`` (0 is the first): a seat, or ``CHANCE`` for the dice (for
        a meta move, whoever was to move then)."""
        return self._movers[index]

    def last_turn_start(self, seat: int) -> int | None:
        """The ply at which ``seat``'s last turn began, or None if it has made no move: a turn
        is the moves one side makes in a row (one, or several where a turn is several)."""
        ply = self.ply
        while ply > 0 and self._movers[ply - 1] != seat:
            ply -= 1
        if ply == 0:
            return None
        while ply > 0 and self._movers[ply - 1] == seat:
            ply -= 1
        return ply

    def state_at(self, ply: int) -> Any:
        """The position after ``ply`` moves (0 is the start)."""
        if not 0 <= ply <= self.ply:
            raise IndexError(f"there is no position after {ply} moves")
        if ply == self.ply:
            return self._state
        first, states = self._stretch
        if not first <= ply < first + len(states):
            first = ply - ply % CHECKPOINT_EVERY
            states = [self._checkpoints[first // CHECKPOINT_EVERY]]
            for index in range(first, min(first + CHECKPOINT_EVERY, self.ply) - 1):
                states.append(self._replay(index, states[-1]).state)
            self._stretch = (first, states)
        return states[ply - first]

    def result_at(self, index: int) -> MoveResult[Any]:
        """What move ``index`` (0 is the first) did: the position it made and its events."""
        if not 0 <= index < self.ply:
            raise IndexError(f"there is no move {index}")
        if index == self.ply - 1 and self._last is not None:
            return self._last
        return self._replay(index, self.state_at(index))

    def outcome_at(self, ply: int) -> Outcome | None:
        ending = self._endings[ply] or self.game.outcome(self.state_at(ply))
        if ending is None and ply >= self.game.info.max_plies:
            return Outcome(None, OutcomeReason.TURN_LIMIT)
        return ending

    @property
    def chance_moves_played(self) -> int:
        return self._chance.count(1)

    # -- playing -------------------------------------------------------------------------

    def play(self, move: object) -> MoveResult[Any]:
        """Play a move (a move value or its notation). Raises NotationError/IllegalMoveError."""
        result = self._play(move)
        self._redo.clear()
        return result

    def play_chance(self) -> MoveResult[Any]:
        """Roll for the chance player from the match seed, and play the roll."""
        if self.to_move != CHANCE:
            raise IllegalMoveError("it is not time to roll the dice")
        assert self.seed is not None  # guaranteed for games with chance
        outcomes = self.game.chance_outcomes(self.state)
        return self.play(seeded_choice(self.seed, self.chance_moves_played, outcomes))

    def resign(self, seat: int | None = None) -> Outcome:
        """``seat`` resigns, at any time; None: the side to move (a solo player abandons)."""
        return self._forfeit(RESIGN, seat)

    def forfeit(self, word: str, seat: int) -> Outcome:
        """``seat`` loses without a board move: on time (``TIMEOUT``) or gone (``LEFT``)."""
        if word not in (TIMEOUT, LEFT):
            raise ValueError(f"{word!r} is not a forfeit")
        return self._forfeit(word, seat)

    def agree_draw(self) -> Outcome:
        """The players agreed a draw."""
        self._check_not_over()
        if self.game.info.players == 1:
            raise IllegalMoveError("a solo game cannot be drawn")
        self._deciding_seat()
        return self._end(DRAW, Outcome(None, OutcomeReason.DRAW_AGREED))

    def abort(self) -> Outcome:
        """Call the game off: nobody wins (online, before both sides have moved)."""
        self._check_not_over()
        return self._end(ABORT, Outcome(None, OutcomeReason.ABORTED))

    def play_text(self, text: str) -> None:
        """Play one record token: a move's notation, or a meta move."""
        word = meta_word(text)
        if word is None:
            self.play(text)
        elif word == DRAW:
            self.agree_draw()
        elif word == ABORT:
            self.abort()
        else:
            _, _, seat = text.partition(" ")
            self._forfeit(word, int(seat) if seat else None)

    # -- history -------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> str:
        """Take back the last move (of any kind) and return its notation for redo."""
        if not self._moves:
            raise IllegalMoveError("there is no move to take back")
        before = self.state_at(self.ply - 1)
        text = self._moves.pop()
        self._chance.pop()
        self._movers.pop()
        self._endings.pop()
        del self._checkpoints[self.ply // CHECKPOINT_EVERY + 1 :]
        first, states = self._stretch
        self._stretch = (first, states[: max(0, self.ply + 1 - first)])
        self._state = before
        self._last = None
        self._redo.append(text)
        return text

    def redo(self) -> str:
        """Play again the last move taken back."""
        if not self._redo:
            raise IllegalMoveError("there is no move to play again")
        text = self._redo.pop()
        redo, self._redo = self._redo, []
        self.play_text(text)
        self._redo = redo
        return text

    def branch(self, ply: int) -> Match:
        """A new match that starts like this one and stops after ``ply`` moves."""
        if not 0 <= ply <= self.ply:
            raise IllegalMoveError(f"there is no position after {ply} moves")
        fork = Match(self.game, self.options, self.seats, self.seed, self.created, self.start)
        for text in self._moves[:ply]:
            fork.play_text(text)
        return fork

    # -- internals -----------------------------------------------------------------------

    def _play(self, move: object) -> MoveResult[Any]:
        self._check_not_over()
        if isinstance(move, str):
            if meta_word(move) is not None:
                raise IllegalMoveError(f"{move!r} is not a board move; use resign or draw")
            move = self.game.parse_move(move)
        chance = self.to_move == CHANCE
        result = self.game.apply(self.state, move)
        self._push(self.game.format_move(move), result, None, chance)
        return result

    def _forfeit(self, word: str, seat: int | None) -> Outcome:
        self._check_not_over()
        players = self.game.info.players
        if seat is None:
            seat = self._deciding_seat()
        elif not 0 <= seat < players:
            raise IllegalMoveError(f"there is no seat {seat} in {self.game.info.title}")
        winner = None if players == 1 else 1 - seat
        return self._end(f"{word} {seat}", Outcome(winner, _SEATED[word]))

    def _end(self, token: str, outcome: Outcome) -> Outcome:
        self._push(token, MoveResult(self.state, (), outcome), outcome, False)
        self._redo.clear()
        return outcome

    def _push(
        self, text: str, result: MoveResult[Any], ending: Outcome | None, chance: bool
    ) -> None:
        self._moves.append(text)
        self._chance.append(chance)
        self._movers.append(self.game.to_move(self._state))
        self._endings.append(ending)
        self._state = result.state
        self._last = result
        if self.ply % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(result.state)

    def _replay(self, index: int, before: Any) -> MoveResult[Any]:
        """Move ``index`` played again from the position before it (known to be legal)."""
        text = self._moves[index]
        if meta_word(text) is not None:
            return MoveResult(before, (), self._endings[index + 1])
        return self.game.apply(before, self.game.parse_move(text))

    def _check_not_over(self) -> None:
        outcome = self.outcome
        if outcome is not None:
            raise GameOverError(f"the game is over ({outcome.reason.label})")

    def _deciding_seat(self) -> int:
        seat = self.to_move
        if seat == CHANCE:
            raise IllegalMoveError("wait for the dice to be rolled")
        return int(seat)


class Results(Sequence[MoveResult[Any]]):
    """A match's move results as a read-only sequence, each re-played when asked for."""

    def __init__(self, match: Match) -> None:
        self._match = match

    def __len__(self) -> int:
        return self._match.ply

    @overload
    def __getitem__(self, index: int) -> MoveResult[Any]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[MoveResult[Any]]: ...

    def __getitem__(self, index: int | slice) -> MoveResult[Any] | Sequence[MoveResult[Any]]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        return self._match.result_at(index + len(self) if index < 0 else index)

    def __iter__(self) -> Iterator[MoveResult[Any]]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]
