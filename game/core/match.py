"""A match: one game being played, with its full history, undo/redo and game-agnostic endings.

The rules are pure functions over states; a match is the small mutable object around them that
the client, the arena and the record loader share. It keeps every position so that replay,
undo and branching are list operations, and it handles the endings every game has in common
(resignation and a draw by agreement) so that no game re-implements them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from game.core.chance import seeded_choice
from game.core.errors import GameOverError, IllegalMoveError, OptionsError
from game.core.protocol import CHANCE, Game, MoveResult, Outcome, OutcomeReason

RESIGN: Final = "resign"
"""Record token: the side to move resigns."""
DRAW: Final = "draw"
"""Record token: the side to move offered a draw and the opponent accepted."""
META_MOVES: Final = (RESIGN, DRAW)


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
        self._states: list[Any] = [game.new_state(self.options) if start is None else start]
        self._moves: list[str] = []
        self._results: list[MoveResult[Any]] = []
        self._endings: list[Outcome | None] = [None]
        self._redo: list[str] = []

    # -- reading -------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def ply(self) -> int:
        """How many moves (chance and meta moves included) have been played."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(self._moves)

    @property
    def results(self) -> tuple[MoveResult[Any], ...]:
        return tuple(self._results)

    @property
    def outcome(self) -> Outcome | None:
        return self._endings[-1] or self.game.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    def state_at(self, ply: int) -> Any:
        """The position after ``ply`` moves (0 is the start)."""
        return self._states[ply]

    def outcome_at(self, ply: int) -> Outcome | None:
        return self._endings[ply] or self.game.outcome(self._states[ply])

    @property
    def chance_moves_played(self) -> int:
        return sum(1 for state in self._states[:-1] if self.game.to_move(state) == CHANCE)

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

    def resign(self) -> Outcome:
        """The side to move resigns; in a solo game the player abandons the run."""
        self._check_not_over()
        seat = self._deciding_seat()
        winner = None if self.game.info.players == 1 else 1 - seat
        return self._end(RESIGN, Outcome(winner, OutcomeReason.RESIGN))

    def agree_draw(self) -> Outcome:
        """The side to move offered a draw and the opponent accepted it."""
        self._check_not_over()
        if self.game.info.players == 1:
            raise IllegalMoveError("a solo game cannot be drawn")
        self._deciding_seat()
        return self._end(DRAW, Outcome(None, OutcomeReason.DRAW_AGREED))

    def play_text(self, text: str) -> None:
        """Play one record token: a move's notation, or a meta move."""
        if text == RESIGN:
            self.resign()
        elif text == DRAW:
            self.agree_draw()
        else:
            self.play(text)

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
        text = self._moves.pop()
        self._states.pop()
        self._endings.pop()
        self._results.pop()
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
            if move in META_MOVES:
                raise IllegalMoveError(f"{move!r} is not a board move; use resign or draw")
            move = self.game.parse_move(move)
        result = self.game.apply(self.state, move)
        self._states.append(result.state)
        self._moves.append(self.game.format_move(move))
        self._results.append(result)
        self._endings.append(None)
        return result

    def _end(self, token: str, outcome: Outcome) -> Outcome:
        self._results.append(MoveResult(self.state, (), outcome))
        self._states.append(self.state)
        self._moves.append(token)
        self._endings.append(outcome)
        self._redo.clear()
        return outcome

    def _check_not_over(self) -> None:
        outcome = self.outcome
        if outcome is not None:
            raise GameOverError(f"the game is over ({outcome.reason.label})")

    def _deciding_seat(self) -> int:
        seat = self.to_move
        if seat == CHANCE:
            raise IllegalMoveError("wait for the dice to be rolled")
        return int(seat)
