"""A search position as bare masks, seen from the side to move, with the move effects.

Search makes thousands of hypothetical positions; building full ``ConquidState`` values with
events for each would cost more than evaluating them. A ``Pos`` holds only what the AI needs
and applies the four move kinds exactly as the rules do (tests check the two agree).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.conquid.rules.board import Board
from game.conquid.rules.game import (
    BLOCK,
    Acquire,
    Conquer,
    ConquidState,
    Move,
    Vanquish,
)


@dataclass(frozen=True, slots=True)
class Pos:
    """The side to move (``seat``) owns ``mine``; the other side owns ``theirs``."""

    board: Board
    seat: int
    mine: int
    theirs: int

    @classmethod
    def of(cls, state: ConquidState) -> Pos:
        seat = state.to_move
        return cls(state.board, seat, state.owned[seat], state.owned[1 - seat])

    @property
    def empty(self) -> int:
        board = self.board
        return board.valid & ~(self.mine | self.theirs | board.all_bases)

    def passed(self) -> Pos:
        """The same cells with the other side to move."""
        return Pos(self.board, 1 - self.seat, self.theirs, self.mine)

    def acquire(self, cells: int) -> Pos:
        return Pos(self.board, 1 - self.seat, self.theirs, self.mine | cells)

    def conquer_gain(self) -> int:
        """Every enemy cell a Conquer would take, all waves together."""
        board = self.board
        mine = self.mine
        takeable = self.theirs & ~(board.interiors[0] | board.interiors[1])
        gained = 0
        while True:
            taken = takeable & board.at_least_two_neighbours(mine)
            if not taken:
                return gained
            gained |= taken
            mine |= taken
            takeable ^= taken

    def conquer(self, gain: int | None = None) -> Pos:
        gain = self.conquer_gain() if gain is None else gain
        return Pos(self.board, 1 - self.seat, self.theirs & ~gain, self.mine | gain)

    def vanquish(self, block: int) -> Pos:
        return Pos(self.board, 1 - self.seat, self.theirs & ~block, self.mine & ~block)

    def play(self, move: Move) -> Pos:
        """The position after ``move`` (known legal; Conquest is never played through here)."""
        if isinstance(move, Acquire):
            return self.acquire(self.board.mask_of(move.cells))
        if isinstance(move, Conquer):
            return self.conquer()
        if isinstance(move, Vanquish):
            return self.vanquish(block_mask(self.board, move.corner[0], move.corner[1]))
        raise ValueError(f"{move} does not lead to a search position")


def block_mask(board: Board, row: int, col: int) -> int:
    """The 4x4 vanquish block whose top-left cell is (row, col), assumed on the board."""
    line = ((1 << BLOCK) - 1) << col
    mask = 0
    for r in range(row, row + BLOCK):
        mask |= line << (r * board.stride)
    return mask
