"""Pure helpers for a Push Fight interface: where a piece can go, which pushes work and why
not, and a turn built one step at a time with undo, so a view can hint and refuse without
knowing the rules.

Squares are bit indices (``board.INDEX_OF``/``board.square_name`` convert).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import IllegalMoveError
from game.pushfight.rules import engine
from game.pushfight.rules.board import STEPS, VALID, bits
from game.pushfight.rules.engine import MAX_SLIDES, Step
from game.pushfight.rules.game import State
from game.pushfight.rules.notation import Turn
from game.pushfight.rules.steps import legal_pushes, push_problem, reachable, slide, slide_problem


def reachable_squares(state: State, src: int) -> frozenset[int]:
    """The empty squares the piece on ``src`` could slide to (empty if there is no piece)."""
    if state.owner(src) is None:
        return frozenset()
    return frozenset(bits(reachable(state.packed, src)))


def push_options(state: State, src: int) -> dict[int, str | None]:
    """For each square next to ``src``: None if pushing into it is legal, else the reason."""
    return {
        src + step: push_problem(state.packed, state.anchor, state.to_move, src, src + step)
        for step in STEPS
        if VALID >> (src + step) & 1
    }


@dataclass(frozen=True)
class PartialTurn:
    """A turn in the making: the position at the start of the turn and the slides so far."""

    start: State
    slides: tuple[Step, ...] = ()

    @property
    def packed(self) -> int:
        """The board after the slides so far."""
        packed = self.start.packed
        for src, dst in self.slides:
            packed = slide(packed, src, dst)
        return packed

    @property
    def side(self) -> int:
        return self.start.to_move

    @property
    def slides_left(self) -> int:
        return MAX_SLIDES - len(self.slides)

    def board(self) -> State:
        """The position to draw (the start state with the slides made; same side to move)."""
        return State(
            self.packed,
            self.start.anchor,
            self.start.ply,
            self.start.repetition_draw,
            self.start.turn_limit,
        )

    def slide_problem(self, src: int, dst: int) -> str | None:
        if self.start.ending is not None:
            return "the game is over"
        if self.start.in_setup:
            return "place your pieces first"
        if not self.slides_left:
            return "two moves are made; now push"
        return slide_problem(self.packed, self.side, src, dst)

    def slide(self, src: int, dst: int) -> PartialTurn:
        """This turn with one more slide. Raises IllegalMoveError with the reason."""
        problem = self.slide_problem(src, dst)
        if problem:
            raise IllegalMoveError(problem)
        return PartialTurn(self.start, (*self.slides, (src, dst)))

    def undo(self) -> PartialTurn:
        """This turn without its last slide. Raises IllegalMoveError if there is none."""
        if not self.slides:
            raise IllegalMoveError("no move to take back in this turn")
        return PartialTurn(self.start, self.slides[:-1])

    def targets(self, src: int) -> frozenset[int]:
        """Where the side to move may slide the piece on ``src`` now."""
        if not self.slides_left or self.start.ending is not None:
            return frozenset()
        packed = self.packed
        if engine.sides(packed, self.side)[0] >> src & 1:
            return frozenset(bits(reachable(packed, src)))
        return frozenset()

    def pushes(self) -> list[Step]:
        """The legal pushes right now (pusher, target)."""
        if self.start.ending is not None or self.start.in_setup:
            return []
        return legal_pushes(self.packed, self.start.anchor, self.side)

    def push_problem(self, src: int, dst: int) -> str | None:
        if self.start.ending is not None:
            return "the game is over"
        return push_problem(self.packed, self.start.anchor, self.side, src, dst)

    def can_still_push(self) -> bool:
        """Whether some push is still reachable with the slides left (warn before a dead end)."""
        return engine.has_push(self.packed, self.start.anchor, self.side, self.slides_left)

    def finish(self, src: int, dst: int) -> Turn:
        """The complete turn ending with this push. Raises IllegalMoveError with the reason."""
        problem = self.push_problem(src, dst)
        if problem:
            raise IllegalMoveError(problem)
        return Turn(self.slides, (src, dst))
