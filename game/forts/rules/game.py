"""Forts and Ruins (docs/rules.md): a solo game of placing territories against a die.

Coordinates are (row, col), 0-based, row 0 at the top. Notation (context-free, parses back):

- ``4 3,5``  place a territory of value 4 on row 3, column 5 (the player's move);
- ``roll 4`` the die shows 4 (the chance move that follows every placement).

A turn is a placement, after which step 1 (simultaneous fort spawn) is applied and the die is
due (``to_move`` is CHANCE); the roll performs steps 2-4 and hands the turn back, or ends the
game when no living fort or no legal placement remains. Placements must touch (8-neighbourhood)
the living network: the living cells 8-connected to a living fort. The "anywhere" variant
accepts any empty cell; a territory placed out of touch with the network dies at once.

Events, in waves, for the renderer: ``Placed`` (and ``TerritoriesDied`` STRANDED in the
variant), ``FortsSpawned``; then ``DieRolled``, ``TerritoriesDied`` ROLL, ``FortsRuined``,
``TerritoriesDied`` NO_FORT. Empty steps emit nothing; waves count up without gaps.

The score (``score``) is read from the state: turns survived (completed turns after which a
fort still lived), forts built (spawned, the starting fort not counted) and the peak of living
forts at any moment.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from game.core.errors import GameOverError, IllegalMoveError, NotationError
from game.core.protocol import (
    CHANCE,
    Event,
    Game,
    GameInfo,
    MoveResult,
    Outcome,
)
from game.forts.info import INFO, NO_LIVING_FORTS, NO_PLACEMENT, PRESETS
from game.forts.rules.board import (
    DEAD,
    EMPTY,
    FORT,
    RUIN,
    VALUES,
    frontier,
    geometry,
    is_living,
    living_network,
    resolve_roll,
    spawn_sites,
)

Coord = tuple[int, int]



def start_cell(rows: int, cols: int) -> Coord:
    """The starting fort: (4,4) on 9x18, the middle row and the same share of width elsewhere."""
    return rows // 2, 4 * cols // 18


# -- moves -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """The player's move: a territory of ``value`` on (``row``, ``col``)."""

    value: int
    row: int
    col: int

    @property
    def cell(self) -> Coord:
        return self.row, self.col

    def __str__(self) -> str:
        return f"{self.value} {self.row},{self.col}"


@dataclass(frozen=True)
class Roll:
    """The chance move: the die shows ``value``."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


Move = Place | Roll

_NUMBER: Final = r"(-?\d{1,9})"
_PLACE_RE: Final = re.compile(rf"{_NUMBER} +{_NUMBER} *, *{_NUMBER}", re.ASCII)
_ROLL_RE: Final = re.compile(rf"roll +{_NUMBER}", re.IGNORECASE | re.ASCII)


def parse_move(text: str) -> Move:
    """Read ``4 3,5`` or ``roll 4``. Raises NotationError."""
    cleaned = text.strip()
    if match := _ROLL_RE.fullmatch(cleaned):
        return Roll(int(match.group(1)))
    if match := _PLACE_RE.fullmatch(cleaned):
        value, row, col = (int(group) for group in match.groups())
        return Place(value, row, col)
    raise NotationError(
        f"{text.strip()[:40]!r} is not a Forts and Ruins move: write a value and a cell "
        "like '4 3,5', or a die roll like 'roll 4'"
    )


# -- state -------------------------------------------------------------------------------


@dataclass(frozen=True)
class FortsState:
    """A position: the grid (codes of ``game.forts.rules.board``), the phase and the score counters.

    ``rolling`` is true between a placement and its die roll. ``turns`` counts completed
    turns, ``forts_built`` the forts spawned, ``peak_forts`` the most living forts at once.
    """

    rows: int
    cols: int
    cells: tuple[int, ...]
    anywhere: bool = False
    rolling: bool = False
    turns: int = 0
    forts_built: int = 0
    peak_forts: int = 1
    last_roll: int | None = None

    def code(self, row: int, col: int) -> int:
        return self.cells[row * self.cols + col]

    @property
    def living_forts(self) -> int:
        return self.cells.count(FORT)


_CHARS: Final = ".123456FR" + "?" + "?abcdef"
"""Encoding characters indexed by cell code ('?' marks codes that never occur)."""
_CODES: Final = {char: code for code, char in enumerate(_CHARS) if char != "?"}


def encode(state: FortsState) -> str:
    """Compact text: ``9x18:net:place:t0:b0:p1:r-:<rows joined by '/'>``."""
    grid = "".join(_CHARS[code] for code in state.cells)
    rows = "/".join(grid[r * state.cols : (r + 1) * state.cols] for r in range(state.rows))
    return ":".join(
        (
            f"{state.rows}x{state.cols}",
            "any" if state.anywhere else "net",
            "roll" if state.rolling else "place",
            f"t{state.turns}",
            f"b{state.forts_built}",
            f"p{state.peak_forts}",
            f"r{state.last_roll or '-'}",
            rows,
        )
    )


def decode(text: str) -> FortsState:
    """The state ``encode`` wrote (for tests, puzzles and debugging). Raises ValueError."""
    try:
        size, variant, phase, turns, built, peak, last, rows = text.split(":")
        height, width = (int(part) for part in size.split("x"))
        lines = rows.split("/")
        if len(lines) != height or any(len(line) != width for line in lines):
            raise ValueError("the grid does not match the board size")
        if variant not in ("net", "any") or phase not in ("place", "roll"):
            raise ValueError("unknown variant or phase")
        return FortsState(
            rows=height,
            cols=width,
            cells=tuple(_CODES[char] for char in "".join(lines)),
            anywhere=variant == "any",
            rolling=phase == "roll",
            turns=int(turns.removeprefix("t")),
            forts_built=int(built.removeprefix("b")),
            peak_forts=int(peak.removeprefix("p")),
            last_roll=None if last == "r-" else int(last.removeprefix("r")),
        )
    except (KeyError, ValueError) as err:
        raise ValueError(f"not an encoded Forts and Ruins position: {err}") from None


def position(picture: Sequence[str], anywhere: bool = False) -> FortsState:
    """A state drawn as rows of encoding characters, the player to place (for tests, puzzles)."""
    state = decode(
        f"{len(picture)}x{len(picture[0]) if picture else 0}:net:place:t0:b0:p1:r-:"
        + "/".join(picture)
    )
    return replace(state, anywhere=anywhere, peak_forts=state.living_forts)


# -- events ------------------------------------------------------------------------------


class DeathCause(enum.Enum):
    ROLL = "roll"
    """Step 2: the territory's value came up."""
    NO_FORT = "no-fort"
    """Step 4: its group has no living fort."""
    STRANDED = "stranded"
    """Anywhere variant: placed out of touch with the living network."""


class Placed(Event):
    cell: Coord
    value: int


class FortsSpawned(Event):
    cells: tuple[Coord, ...]


class DieRolled(Event):
    value: int


class TerritoriesDied(Event):
    cells: tuple[Coord, ...]
    cause: DeathCause


class FortsRuined(Event):
    cells: tuple[Coord, ...]


# -- placement legality (also the UI's helpers) ------------------------------------------


class Problem(enum.Enum):
    """Why a placement is refused; ``str`` of the member is the message for the player."""

    GAME_OVER = "the game is over"
    ROLL_DUE = "the die must be rolled first"
    BAD_VALUE = "a territory's value is 1 to 6"
    OFF_BOARD = "that cell is off the board"
    OCCUPIED = "that cell is already taken"
    DEAD_CELL = "that cell is dead: nothing can be built there again"
    NOT_CONNECTED = "a territory must touch the living network (a fort's group), diagonals count"

    def __str__(self) -> str:
        return self.value


def placeable_cells(state: FortsState) -> tuple[Coord, ...]:
    """Every cell a territory may go on now, in board order (empty while the die is due)."""
    if state.rolling:
        return ()
    geo = geometry(state.rows, state.cols)
    if state.anywhere:
        indices = [i for i, code in enumerate(state.cells) if code == EMPTY]
    else:
        indices = frontier(state.cells, geo, living_network(state.cells, geo))
    return tuple(geo.coord(i) for i in indices)


def placement_problem(state: FortsState, value: int, row: int, col: int) -> Problem | None:
    """Why placing ``value`` on (row, col) is refused, or None if it is legal."""
    if _outcome(state) is not None:
        return Problem.GAME_OVER
    if state.rolling:
        return Problem.ROLL_DUE
    if value not in VALUES:
        return Problem.BAD_VALUE
    geo = geometry(state.rows, state.cols)
    if not geo.on_board(row, col):
        return Problem.OFF_BOARD
    code = state.code(row, col)
    if is_living(code):
        return Problem.OCCUPIED
    if code != EMPTY:
        return Problem.DEAD_CELL
    if not state.anywhere and not _touches_network(state, geo.index(row, col)):
        return Problem.NOT_CONNECTED
    return None


def _touches_network(state: FortsState, index: int) -> bool:
    geo = geometry(state.rows, state.cols)
    network = living_network(state.cells, geo)
    return any(n in network for n in geo.ring[index])


class CellKind(enum.Enum):
    EMPTY = "empty"
    FORT = "fort"
    TERRITORY = "territory"
    RUIN = "ruin"
    DEAD_TERRITORY = "dead-territory"


@dataclass(frozen=True)
class CellView:
    """What to draw in one cell: its kind, a territory's value, and whether it takes a placement."""

    kind: CellKind
    value: int | None = None
    placeable: bool = False

    @property
    def living(self) -> bool:
        return self.kind in (CellKind.FORT, CellKind.TERRITORY)


def cell_views(state: FortsState) -> tuple[tuple[CellView, ...], ...]:
    """The board as rows of ``CellView``, for drawing."""
    placeable = set(placeable_cells(state))
    return tuple(
        tuple(
            _view(state.code(row, col), (row, col) in placeable) for col in range(state.cols)
        )
        for row in range(state.rows)
    )


def _view(code: int, placeable: bool) -> CellView:
    if code == EMPTY:
        return CellView(CellKind.EMPTY, placeable=placeable)
    if code == FORT:
        return CellView(CellKind.FORT)
    if code == RUIN:
        return CellView(CellKind.RUIN)
    if code > DEAD:
        return CellView(CellKind.DEAD_TERRITORY, code - DEAD)
    return CellView(CellKind.TERRITORY, code)


# -- score -------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Score:
    """A run's result: ordered by turns survived, then forts built, then peak living forts."""

    turns_survived: int
    forts_built: int
    peak_forts: int


def score(state: FortsState) -> Score:
    """The score so far: a turn counts as survived if a fort still lived after its roll."""
    lost_last = state.turns > 0 and state.living_forts == 0
    return Score(state.turns - lost_last, state.forts_built, state.peak_forts)


# -- the game ----------------------------------------------------------------------------


_DIE: Final = tuple((Roll(value), 1 / 6) for value in VALUES)


def _outcome(state: FortsState) -> Outcome | None:
    if state.rolling:
        return None
    if FORT not in state.cells:
        return Outcome(None, NO_LIVING_FORTS)
    if not placeable_cells(state):
        return Outcome(None, NO_PLACEMENT)
    return None


def _coords(indices: Sequence[int], cols: int) -> tuple[Coord, ...]:
    return tuple(divmod(i, cols) for i in indices)


class FortsGame(Game[FortsState, Move]):
    """The rules of Forts and Ruins as the pure game protocol."""

    info: GameInfo = INFO

    def new_state(self, options: Mapping[str, object]) -> FortsState:
        checked = INFO.new_game_options(options)
        rows, cols = PRESETS[str(checked["board"])]
        cells = [EMPTY] * (rows * cols)
        row, col = start_cell(rows, cols)
        cells[row * cols + col] = FORT
        return FortsState(rows, cols, tuple(cells), anywhere=bool(checked["anywhere"]))

    def to_move(self, state: FortsState) -> int:
        return CHANCE if state.rolling else 0

    def outcome(self, state: FortsState) -> Outcome | None:
        return _outcome(state)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return str(move)

    def check_move(self, state: FortsState, move: Move) -> None:
        if isinstance(move, Place):
            problem = placement_problem(state, move.value, move.row, move.col)
            if problem is Problem.GAME_OVER:
                raise GameOverError(str(problem))
            if problem is not None:
                raise IllegalMoveError(f"cannot place {move}: {problem}")
            return
        if _outcome(state) is not None:
            raise GameOverError(str(Problem.GAME_OVER))
        if not state.rolling:
            raise IllegalMoveError("the die is rolled only after a placement")
        if move.value not in VALUES:
            raise IllegalMoveError(f"a die shows 1 to 6, not {move.value}")

    def apply_unchecked(self, state: FortsState, move: Move) -> MoveResult[FortsState]:
        if isinstance(move, Place):
            return _place(state, move)
        return _roll(state, move.value)

    def legal_moves(self, state: FortsState) -> Iterator[Move]:
        if _outcome(state) is not None:
            return
        if state.rolling:
            yield from (roll for roll, _ in _DIE)
            return
        for row, col in placeable_cells(state):
            for value in VALUES:
                yield Place(value, row, col)

    def random_move(self, state: FortsState, rng: random.Random) -> Move | None:
        if _outcome(state) is not None:
            return None
        if state.rolling:
            return Roll(rng.choice(VALUES))
        row, col = rng.choice(placeable_cells(state))
        return Place(rng.choice(VALUES), row, col)

    def chance_outcomes(self, state: FortsState) -> Sequence[tuple[Move, float]]:
        return _DIE if state.rolling and _outcome(state) is None else ()

    def encode(self, state: FortsState) -> str:
        return encode(state)

    def decode(self, text: str) -> FortsState:
        return decode(text)


def _place(state: FortsState, move: Place) -> MoveResult[FortsState]:
    geo = geometry(state.rows, state.cols)
    cells = list(state.cells)
    index = geo.index(move.row, move.col)
    events: list[Event] = [Placed(cell=move.cell, value=move.value, wave=0)]
    if state.anywhere and not _touches_network(state, index):
        cells[index] = DEAD + move.value
        events.append(TerritoriesDied(cells=(move.cell,), cause=DeathCause.STRANDED, wave=1))
    else:
        cells[index] = move.value
    spawned = spawn_sites(cells, geo)
    for i in spawned:
        cells[i] = FORT
    if spawned:
        events.append(FortsSpawned(cells=_coords(spawned, geo.cols), wave=len(events)))
    new = replace(
        state,
        cells=tuple(cells),
        rolling=True,
        forts_built=state.forts_built + len(spawned),
        peak_forts=max(state.peak_forts, cells.count(FORT)),
    )
    return MoveResult(new, tuple(events))


def _roll(state: FortsState, value: int) -> MoveResult[FortsState]:
    geo = geometry(state.rows, state.cols)
    cells = list(state.cells)
    deaths = resolve_roll(cells, geo, value)
    events: list[Event] = [DieRolled(value=value, wave=0)]
    if deaths.rolled:
        died = _coords(deaths.rolled, geo.cols)
        events.append(TerritoriesDied(cells=died, cause=DeathCause.ROLL, wave=len(events)))
    if deaths.ruined:
        events.append(FortsRuined(cells=_coords(deaths.ruined, geo.cols), wave=len(events)))
    if deaths.starved:
        died = _coords(deaths.starved, geo.cols)
        events.append(TerritoriesDied(cells=died, cause=DeathCause.NO_FORT, wave=len(events)))
    new = replace(
        state, cells=tuple(cells), rolling=False, turns=state.turns + 1, last_roll=value
    )
    return MoveResult(new, tuple(events), _outcome(new))


GAME: Final = FortsGame()
