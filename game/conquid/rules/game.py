"""Conquid rules, pure and complete (docs/rules.md).

Move notation (context-free, case-insensitive, coordinates are 0-based ``row,col``):

=========================  =====================================================
``A 3,5 2,5 4,6``           Acquire these cells (three, or all that remain if fewer)
``C``                       Conquer (a conquer that takes nothing is a pass)
``V 6,10``                  Vanquish the 4x4 block whose top-left cell is 6,10
``Q``                       Declare conquest
=========================  =====================================================

A position's text form (``encode``/``decode``) is a FEN-like grid, one row per ``/``, with
``x``/``o`` for player 1's / player 2's cells, ``X``/``O`` for base cells, ``.`` or a digit
run for empty cells, then the side to move (1 or 2) and the number of moves played.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from game.conquid.info import CONQUEST, INFO
from game.conquid.rules.board import PRESETS, Board, Cell, make_board
from game.core.errors import GameOverError, IllegalMoveError, NotationError, OptionsError
from game.core.protocol import (
    Event,
    Game,
    MoveResult,
    Outcome,
    OutcomeReason,
)

__all__ = [
    "GAME",
    "PRESETS",
    "Acquire",
    "Acquired",
    "Board",
    "Cell",
    "Conquer",
    "Conquered",
    "Conquest",
    "ConquestDeclared",
    "ConquidGame",
    "ConquidState",
    "Move",
    "Vanquish",
    "Vanquished",
    "acquire_problem",
    "acquire_size",
    "conquer_waves",
    "conquest_available",
    "conquest_path",
    "make_board",
    "vanquish_corners",
    "vanquish_problem",
]

BLOCK: Final = 4
"""A vanquish block is BLOCK x BLOCK cells."""
MIN_SURROUNDERS: Final = 4


# -- state --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConquidState:
    """A position: who owns which cells, whose turn it is, and how the game stands."""

    board: Board
    owned: tuple[int, int]
    """Each seat's cells as a mask; base cells are never in it (a 3x3 centre is)."""
    to_move: int = 0
    ply: int = 0
    turn_limit: int = 0
    """Moves after which the game is drawn; 0 when the house rule is off."""
    winner: int | None = None
    winner_path: tuple[Cell, ...] = field(default=(), compare=False)
    """The conquest path, recoloured in the winner's base colour (derived from the position)."""

    def owner(self, cell: Cell) -> int | None:
        """Who owns ``cell``: its base's owner for base cells, None when empty."""
        bit = self.board.bit(cell)
        for seat in (0, 1):
            if (self.owned[seat] | self.board.base_masks[seat]) & bit:
                return seat
        return None

    def is_base(self, cell: Cell) -> bool:
        return bool(self.board.bit(cell) & (self.board.base_masks[0] | self.board.base_masks[1]))

    def count(self, seat: int) -> int:
        """How many non-base cells ``seat`` owns."""
        return self.owned[seat].bit_count()

    @property
    def empty_mask(self) -> int:
        board = self.board
        return board.valid & ~(self.owned[0] | self.owned[1] | board.all_bases)

    def empty_cells(self) -> list[Cell]:
        return self.board.cells_of(self.empty_mask)

    def __str__(self) -> str:
        return encode_state(self)


# -- moves --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Acquire:
    """Claim empty cells: three, or every one left when fewer remain."""

    cells: tuple[Cell, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted(self.cells)))

    def __str__(self) -> str:
        return "A " + " ".join(f"{r},{c}" for r, c in self.cells)


@dataclass(frozen=True, slots=True)
class Conquer:
    """Take every enemy cell flanked by two of the mover's cells, repeatedly."""

    def __str__(self) -> str:
        return "C"


@dataclass(frozen=True, slots=True)
class Vanquish:
    """Empty the uniform 4x4 block whose top-left cell is ``corner``."""

    corner: Cell

    def __str__(self) -> str:
        return f"V {self.corner[0]},{self.corner[1]}"


@dataclass(frozen=True, slots=True)
class Conquest:
    """Declare a chain of own cells from one's base to the enemy's: it wins."""

    def __str__(self) -> str:
        return "Q"


Move = Acquire | Conquer | Vanquish | Conquest

_CELL = r"(\d{1,3})\s*,\s*(\d{1,3})"
_ACQUIRE_RE: Final = re.compile(rf"A((?:\s+{_CELL})*)\s*", re.IGNORECASE)
_VANQUISH_RE: Final = re.compile(rf"V\s+{_CELL}\s*", re.IGNORECASE)
_CELL_RE: Final = re.compile(_CELL)


def parse_move(text: str) -> Move:
    """Read a move from its notation. Raises NotationError."""
    stripped = text.strip()
    upper = stripped.upper()
    if upper == "C":
        return Conquer()
    if upper == "Q":
        return Conquest()
    match = _VANQUISH_RE.fullmatch(stripped)
    if match:
        return Vanquish((int(match[1]), int(match[2])))
    match = _ACQUIRE_RE.fullmatch(stripped)
    if match:
        cells = [(int(r), int(c)) for r, c in _CELL_RE.findall(match[1])]
        if not 1 <= len(cells) <= 3:
            raise NotationError("an acquire names one to three cells, as in 'A 3,5 2,5 4,6'")
        return Acquire(tuple(cells))
    raise NotationError(
        f"{text[:40]!r} is not a Conquid move: write 'A r,c r,c r,c', 'C', 'V r,c' or 'Q'"
    )


# -- events -------------------------------------------------------------------------------


class Acquired(Event):
    seat: int
    cells: tuple[Cell, ...]


class _MaskEvent(Event):
    """An event over a cell mask; the cell list is built only if a renderer asks for it."""

    seat: int
    board: Board = field(repr=False, compare=False)
    mask: int = field(repr=False)

    @functools.cached_property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(self.board.cells_of(self.mask))


class Conquered(_MaskEvent):
    """The cells taken in one round (``wave``) of a conquer cascade."""


class Vanquished(_MaskEvent):
    corner: Cell


class ConquestDeclared(Event):
    seat: int
    path: tuple[Cell, ...]
    """From the winner's base to the loser's base."""


# -- rule helpers (shared by the game, the UI and the AI) ----------------------------------


def acquire_size(state: ConquidState) -> int:
    """How many cells an Acquire must claim now: 3, or all that remain when fewer."""
    return min(3, state.empty_mask.bit_count())


def acquire_problem(state: ConquidState, cells: Sequence[Cell]) -> str | None:
    """Why acquiring ``cells`` is illegal, or None when it is legal."""
    board = state.board
    needed = acquire_size(state)
    if needed == 0:
        return "there are no empty cells left to acquire"
    if len(set(cells)) != len(cells):
        return "the cells of an acquire must all be different"
    for cell in cells:
        if not board.on_board(cell):
            return f"cell {cell[0]},{cell[1]} is off the board"
        if board.bit(cell) & board.all_bases:
            return f"cell {cell[0]},{cell[1]} is part of a base"
        if state.owner(cell) is not None:
            return f"cell {cell[0]},{cell[1]} is not empty"
    if len(cells) != needed:
        if needed == 3:
            return "an acquire claims exactly three empty cells"
        return f"only {needed} empty cell(s) remain: acquire all of them"
    return None


def conquer_masks(state: ConquidState) -> list[int]:
    """What a Conquer by the side to move takes, one mask per round of the cascade."""
    board = state.board
    mine, theirs = state.owned[state.to_move], state.owned[1 - state.to_move]
    # The 3x3 centre is surrounded by base cells, so it can neither take nor be taken.
    theirs &= ~(board.interiors[0] | board.interiors[1])
    waves: list[int] = []
    while True:
        taken = theirs & board.at_least_two_neighbours(mine)
        if not taken:
            return waves
        waves.append(taken)
        mine |= taken
        theirs ^= taken


def conquer_waves(state: ConquidState) -> tuple[tuple[Cell, ...], ...]:
    """What a Conquer would take, as cells per wave (empty: the conquer is a pass)."""
    return tuple(tuple(state.board.cells_of(wave)) for wave in conquer_masks(state))


def _block_at(board: Board, corner: Cell) -> int:
    row, col = corner
    if not (0 <= row <= board.rows - BLOCK and 0 <= col <= board.cols - BLOCK):
        return 0
    line = ((1 << BLOCK) - 1) << col
    return sum(line << ((row + r) * board.stride) for r in range(BLOCK))


def vanquish_problem(state: ConquidState, corner: Cell) -> str | None:
    """Why vanquishing the block at ``corner`` is illegal, or None when it is legal."""
    board = state.board
    block = _block_at(board, corner)
    if not block:
        return "the 4x4 block must lie wholly on the board"
    if block & board.all_bases:
        return "a vanquish block cannot hold a base cell"
    mine, theirs = state.owned[state.to_move], state.owned[1 - state.to_move]
    if not any(block & part == block for part in (mine, theirs, state.empty_mask)):
        return "all 16 cells of the block must be in the same state"
    surround = board.grow(block) & ~block
    if (surround & mine).bit_count() < MIN_SURROUNDERS:
        return f"at least {MIN_SURROUNDERS} of your cells must border the block"
    return None


def vanquish_corner_mask(state: ConquidState) -> int:
    """Every legal vanquish corner at once, as a mask (see ``vanquish_corners``)."""
    board = state.board
    mine, theirs = state.owned[state.to_move], state.owned[1 - state.to_move]
    uniform = 0
    for part in (mine, theirs, state.empty_mask):
        part &= ~board.all_bases
        across = part & part >> 1 & part >> 2 & part >> 3
        stride = board.stride
        uniform |= across & across >> stride & across >> 2 * stride & across >> 3 * stride
    if not uniform:
        return 0
    # Count, for every corner at once, the mover's cells among the block's 16 edge
    # neighbours, with a bit-sliced counter that saturates at four.
    ones = twos = fours = 0
    for offset in _surround_offsets(board.stride):
        shifted = mine >> offset if offset >= 0 else mine << -offset
        carry = ones & shifted
        ones ^= shifted
        fours |= twos & carry
        twos ^= carry
    return uniform & fours


@functools.lru_cache(maxsize=32)
def _surround_offsets(stride: int) -> tuple[int, ...]:
    """Bit offsets, from a block's corner, of the 16 cells edging the block from outside."""
    cells = (
        [(-1, c) for c in range(BLOCK)]
        + [(BLOCK, c) for c in range(BLOCK)]
        + [(r, -1) for r in range(BLOCK)]
        + [(r, BLOCK) for r in range(BLOCK)]
    )
    return tuple(r * stride + c for r, c in cells)


def vanquish_corners(state: ConquidState) -> list[Cell]:
    """Every legal vanquish block for the side to move, by top-left cell in reading order."""
    return state.board.cells_of(vanquish_corner_mask(state))


def conquest_available(state: ConquidState, seat: int | None = None) -> bool:
    """Whether ``seat`` (default: the side to move) could declare conquest now."""
    seat = state.to_move if seat is None else seat
    board = state.board
    mine = state.owned[seat] & ~board.interiors[seat]
    return board.reaches(board.base_borders[seat] & mine, mine, board.base_borders[1 - seat])


def conquest_path(state: ConquidState, seat: int | None = None) -> tuple[Cell, ...] | None:
    """One shortest conquest path for ``seat``, own base side first, or None.

    Fewest cells; ties go to the path whose cells come first in reading order, walking back
    from the enemy base, so the same position always shows the same path.

    One breadth-first search whose layers are kept and walked back. Each layer is one
    big-integer step, except along a straight corridor (one cell leading to exactly one
    next cell, no side branch): the search runs down it in a few operations and keeps it as
    a ``(first bit, step, cells)`` run, so a winding chain costs about one step per turn.
    """
    seat = state.to_move if seat is None else seat
    board = state.board
    stride = board.stride
    left = state.owned[seat] & ~board.interiors[seat]  # own cells not reached yet
    target = board.base_borders[1 - seat]
    layer = board.base_borders[seat] & left
    layers: list[int | tuple[int, int, int]] = []
    while layer:
        layers.append(layer)
        if layer & target:
            break
        left ^= layer
        grown = (layer << 1 | layer >> 1 | layer << stride | layer >> stride) & left
        if grown and not grown & (grown - 1) and not layer & (layer - 1):
            first = grown.bit_length() - 1
            step = first - (layer.bit_length() - 1)
            count, run = _corridor(board, first, step, left, target)
            if count:
                layers.append((first, step, count))
                left ^= run
                grown = 1 << (first + count * step)
        layer = grown
    else:
        return None
    end = layers[-1]
    assert isinstance(end, int)
    index = ((end & target) & -(end & target)).bit_length() - 1
    path = [index]
    for previous in reversed(layers[:-1]):
        if isinstance(previous, tuple):
            first, step, count = previous
            path += range(first + (count - 1) * step, first - step, -step)
            index = first
            continue
        for way in (-stride, -1, 1, stride):  # the first neighbour in reading order
            if index + way >= 0 and previous >> (index + way) & 1:
                index += way
                break
        path.append(index)
    path.reverse()
    return board.cells_at(path)


def _corridor(board: Board, first: int, step: int, free: int, stop: int) -> tuple[int, int]:
    """How many cells from bit ``first`` on, in direction ``step`` (+-1 or +-stride), each
    lead a breadth-first search through ``free`` on to just the next one; and their mask.

    The straight run of ``free`` cells from ``first`` is cut at its first cell that has a
    free side neighbour or is in ``stop`` (or at its last cell): the cells before it.
    """
    stride = board.stride
    below = (1 << (first + 1)) - 1  # bits up to and including ``first``
    if step == 1:
        ahead = free >> first
        run = ((~ahead & (ahead + 1)) - 1) << first  # the trailing ones of ``ahead``
    elif step == -1:
        gaps = ~free & below
        run = below & ~((1 << gaps.bit_length()) - 1)
    else:
        column = board.column << (first % stride)
        if step > 0:
            gaps = column & ~below & ~free | 1 << first + step * (board.rows + 1)
            run = column & ~(below >> 1) & ((gaps & -gaps) - 1)
        else:
            gaps = column & below & ~free
            run = column & below & ~((1 << gaps.bit_length()) - 1)
    side = stride if step in (1, -1) else 1
    breaks = run & (free << side | free >> side | stop)
    if breaks:
        hit = (breaks & -breaks).bit_length() - 1 if step > 0 else breaks.bit_length() - 1
        count = (hit - first) // step
    else:
        count = run.bit_count() - 1
    if count <= 0:
        return 0, 0
    cut = first + count * step
    mask = run & ((1 << cut) - 1) if step > 0 else run & ~((1 << (cut + 1)) - 1)
    return count, mask


# -- the game -----------------------------------------------------------------------------




def board_for(options: Mapping[str, object]) -> Board:
    """The board the options ask for. Raises OptionsError."""
    preset = options.get("board", "medium")
    if preset in PRESETS:
        return make_board(*PRESETS[str(preset)])
    if preset != "custom":
        raise OptionsError(f"unknown board {preset!r}")
    sizes = [options.get(name) for name in ("rows", "cols", "base")]
    if not all(isinstance(size, int) and not isinstance(size, bool) for size in sizes):
        raise OptionsError("a custom board needs whole-number rows, columns and base size")
    rows, cols, base = (int(str(size)) for size in sizes)
    return make_board(rows, cols, base)


def initial_state(board: Board, turn_limit: int = 0) -> ConquidState:
    return ConquidState(board, board.interiors, turn_limit=turn_limit)


class ConquidGame(Game[ConquidState, Move]):
    """Conquid as the game protocol (see ``game.core.protocol.Game``)."""

    info = INFO

    def new_state(self, options: Mapping[str, object]) -> ConquidState:
        limit = options.get("turn_limit", 0)
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise OptionsError("the turn limit must be a whole number, 0 for none")
        return initial_state(board_for(options), limit)

    def to_move(self, state: ConquidState) -> int:
        return state.to_move

    def outcome(self, state: ConquidState) -> Outcome | None:
        if state.winner is not None:
            return Outcome(state.winner, CONQUEST)
        if state.turn_limit and state.ply >= state.turn_limit:
            return Outcome(None, OutcomeReason.TURN_LIMIT)
        return None

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return str(move)

    def move_problem(self, state: ConquidState, move: Move) -> str | None:
        """Why ``move`` is illegal in ``state``, or None."""
        outcome = self.outcome(state)
        if outcome is not None:
            return f"the game is over ({outcome.reason.label})"
        if isinstance(move, Acquire):
            return acquire_problem(state, move.cells)
        if isinstance(move, Vanquish):
            return vanquish_problem(state, move.corner)
        if isinstance(move, Conquest) and not conquest_available(state):
            return "no chain of your cells links your base to your opponent's base"
        return None

    def check_move(self, state: ConquidState, move: Move) -> None:
        problem = self.move_problem(state, move)
        if problem is None:
            return
        if self.outcome(state) is not None:
            raise GameOverError(problem)
        raise IllegalMoveError(problem)

    def apply_unchecked(self, state: ConquidState, move: Move) -> MoveResult[ConquidState]:
        seat = state.to_move
        board = state.board
        owned = list(state.owned)
        events: tuple[Event, ...]
        if isinstance(move, Acquire):
            owned[seat] |= board.mask_of(move.cells)
            events = (Acquired(seat=seat, cells=move.cells),)
        elif isinstance(move, Conquer):
            waves = conquer_masks(state)
            for wave in waves:
                owned[seat] |= wave
                owned[1 - seat] &= ~wave
            events = tuple(
                Conquered(wave=index, seat=seat, board=board, mask=wave)
                for index, wave in enumerate(waves)
            )
        elif isinstance(move, Vanquish):
            block = _block_at(board, move.corner)
            owned = [owned[0] & ~block, owned[1] & ~block]
            events = (Vanquished(seat=seat, board=board, mask=block, corner=move.corner),)
        else:
            path = conquest_path(state) or ()
            after = replace(state, ply=state.ply + 1, winner=seat, winner_path=path)
            declared = ConquestDeclared(seat=seat, path=path)
            return MoveResult(after, (declared,), Outcome(seat, CONQUEST))
        after = ConquidState(board, (owned[0], owned[1]), 1 - seat, state.ply + 1, state.turn_limit)
        return MoveResult(after, events, self.outcome(after))

    def legal_moves(self, state: ConquidState) -> Iterator[Move]:
        """Conquest first, then conquer, vanquishes, and the (very many) acquires, lazily."""
        if self.outcome(state) is not None:
            return
        if conquest_available(state):
            yield Conquest()
        yield Conquer()
        for corner in vanquish_corners(state):
            yield Vanquish(corner)
        needed = acquire_size(state)
        if needed:
            for cells in itertools.combinations(state.empty_cells(), needed):
                yield Acquire(cells)

    def random_move(self, state: ConquidState, rng: random.Random) -> Move | None:
        """A random legal move: mostly acquires, sometimes each other kind."""
        if self.outcome(state) is not None:
            return None
        roll = rng.random()
        if roll < 0.05 and conquest_available(state):
            return Conquest()
        if roll < 0.15:
            corners = vanquish_corners(state)
            if corners:
                return Vanquish(rng.choice(corners))
        needed = acquire_size(state)
        if roll < 0.3 or needed == 0:
            return Conquer()
        return Acquire(tuple(rng.sample(state.empty_cells(), needed)))

    def chance_outcomes(self, state: ConquidState) -> Sequence[tuple[Move, float]]:
        return ()

    def encode(self, state: ConquidState) -> str:
        return encode_state(state)

    def decode(self, text: str) -> ConquidState:
        try:
            return decode_state(text)
        except NotationError as err:
            raise ValueError(str(err)) from None


# -- text form ----------------------------------------------------------------------------

_CHARS: Final = {"x": (0, False), "o": (1, False), "X": (0, True), "O": (1, True)}


def encode_state(state: ConquidState) -> str:
    """The position as text: a FEN-like grid, the side to move (1 or 2), moves played."""
    board = state.board
    rows = []
    for row in range(board.rows):
        text, empties = [], 0
        for col in range(board.cols):
            char = _cell_char(state, board.bit((row, col)))
            if char == ".":
                empties += 1
                continue
            if empties:
                text.append(str(empties))
                empties = 0
            text.append(char)
        if empties:
            text.append(str(empties))
        rows.append("".join(text))
    suffix = f" {state.to_move + 1} {state.ply}"
    if state.winner is not None:
        suffix += f" won:{state.winner + 1}"
    return "/".join(rows) + suffix


def _cell_char(state: ConquidState, bit: int) -> str:
    board = state.board
    for seat, (cell_char, base_char) in enumerate((("x", "X"), ("o", "O"))):
        if board.base_masks[seat] & bit:
            return base_char
        if state.owned[seat] & bit:
            return cell_char
    return "."


def decode_state(text: str, turn_limit: int = 0) -> ConquidState:
    """Read a position written by ``encode_state`` (or by hand, for tests and puzzles).

    The bases are checked against the board's geometry. Raises NotationError.
    """
    parts = text.split()
    if len(parts) not in (3, 4) or parts[1] not in ("1", "2") or not parts[2].isdigit():
        raise NotationError("a position is 'grid side-to-move moves-played'")
    grid = [_expand_row(row) for row in parts[0].split("/")]
    if not grid or any(len(row) != len(grid[0]) for row in grid):
        raise NotationError("every row of the grid must have the same number of cells")
    rows, cols = len(grid), len(grid[0])
    bases = [sum(row.count(c) for row in grid) for c in "XO"]
    base_size = next((k for k in range(1, 6) if k * k - max(0, k - 2) ** 2 == bases[0]), 0)
    try:
        board = make_board(rows, cols, base_size)
    except OptionsError as err:
        raise NotationError(f"not a Conquid board: {err}") from None
    owned = [0, 0]
    for r, row in enumerate(grid):
        for c, char in enumerate(row):
            bit = board.bit((r, c))
            if char in _CHARS:
                seat, is_base = _CHARS[char]
                if is_base != bool(board.base_masks[seat] & bit):
                    raise NotationError(f"cell {r},{c}: bases do not match the board size")
                if not is_base:
                    owned[seat] |= bit
            elif char != ".":
                raise NotationError(f"cell {r},{c}: unknown mark {char!r}")
            elif board.all_bases & bit:
                raise NotationError(f"cell {r},{c}: a base cell is never empty")
    for seat in (0, 1):
        if owned[seat] & board.interiors[1 - seat]:
            raise NotationError("a base's centre belongs to the base's owner")
    winner = None
    if len(parts) == 4:
        if parts[3] not in ("won:1", "won:2"):
            raise NotationError("the fourth field, if any, is 'won:1' or 'won:2'")
        winner = int(parts[3][-1]) - 1
    state = ConquidState(board, (owned[0], owned[1]), int(parts[1]) - 1, int(parts[2]), turn_limit)
    if winner is not None:
        path = conquest_path(state, winner) or ()
        state = replace(state, winner=winner, winner_path=path)
    return state


def _expand_row(row: str) -> str:
    return re.sub(r"\d+", lambda m: "." * int(m[0]), row)


GAME: Final = ConquidGame()
