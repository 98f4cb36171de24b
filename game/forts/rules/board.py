"""Forts and Ruins grid arithmetic on flat tuples of cell codes, shared by the rules and the AI.

A board is a row-major sequence of small ints (codes below), so the search can copy and
mutate plain lists while the rules keep immutable tuples. Neighbour tables are computed once
per board size. Every function here is one step of the rules (docs/rules.md), nothing more.
"""

from __future__ import annotations

import functools
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Final

EMPTY: Final = 0
"""Codes 1-6 are living territories of that value."""
FORT: Final = 7
RUIN: Final = 8
DEAD: Final = 10
"""Codes 11-16 are dead territories: ``DEAD + value`` (the value stays for drawing)."""

VALUES: Final = (1, 2, 3, 4, 5, 6)


def is_living(code: int) -> bool:
    return 1 <= code <= FORT


def is_territory(code: int) -> bool:
    return 1 <= code <= 6


@dataclass(frozen=True)
class Geometry:
    """Neighbour tables of one board size: ``orth[i]`` (4 sides) and ``ring[i]`` (8 around)."""

    rows: int
    cols: int
    orth: tuple[tuple[int, ...], ...]
    ring: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def coord(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols


@functools.lru_cache(maxsize=32)
def geometry(rows: int, cols: int) -> Geometry:
    """The neighbour tables for a ``rows`` x ``cols`` board (cached: boards share them)."""

    def around(row: int, col: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        return tuple(
            (row + dr) * cols + col + dc
            for dr, dc in steps
            if 0 <= row + dr < rows and 0 <= col + dc < cols
        )

    orth_steps = ((-1, 0), (0, -1), (0, 1), (1, 0))
    ring_steps = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
    cells = [(row, col) for row in range(rows) for col in range(cols)]
    return Geometry(
        rows,
        cols,
        tuple(around(row, col, orth_steps) for row, col in cells),
        tuple(around(row, col, ring_steps) for row, col in cells),
    )


def spawn_sites(cells: Sequence[int], geo: Geometry) -> list[int]:
    """Step 1: empty cells whose on-board orthogonal neighbours are all living, in one pass."""
    return [
        i
        for i, code in enumerate(cells)
        if code == EMPTY and all(1 <= cells[n] <= FORT for n in geo.orth[i])
    ]


def living_network(cells: Sequence[int], geo: Geometry) -> set[int]:
    """Every living cell 8-connected to a living fort (the cells a placement must touch)."""
    seen = {i for i, code in enumerate(cells) if code == FORT}
    stack = list(seen)
    while stack:
        for n in geo.ring[stack.pop()]:
            if n not in seen and 1 <= cells[n] <= FORT:
                seen.add(n)
                stack.append(n)
    return seen


def frontier(cells: Sequence[int], geo: Geometry, network: set[int]) -> list[int]:
    """Empty cells 8-adjacent to ``network``, in board order."""
    return [
        i
        for i, code in enumerate(cells)
        if code == EMPTY and any(n in network for n in geo.ring[i])
    ]


def groups(cells: Sequence[int], geo: Geometry) -> list[list[int]]:
    """The 8-connected groups of living cells."""
    seen: set[int] = set()
    found: list[list[int]] = []
    for start, code in enumerate(cells):
        if start in seen or not 1 <= code <= FORT:
            continue
        seen.add(start)
        group = [start]
        stack = [start]
        while stack:
            for n in geo.ring[stack.pop()]:
                if n not in seen and 1 <= cells[n] <= FORT:
                    seen.add(n)
                    group.append(n)
                    stack.append(n)
        found.append(group)
    return found


@dataclass(frozen=True)
class RollDeaths:
    """What steps 2-4 killed, as cell indices in board order."""

    rolled: tuple[int, ...]
    ruined: tuple[int, ...]
    starved: tuple[int, ...]


def resolve_roll(cells: MutableSequence[int], geo: Geometry, value: int) -> RollDeaths:
    """Steps 2-4 for a die showing ``value``, done in place on ``cells``."""
    rolled = tuple(i for i, code in enumerate(cells) if code == value)
    for i in rolled:
        cells[i] = DEAD + value
    ruined: list[int] = []
    starved: list[int] = []
    for group in groups(cells, geo):
        forts = [i for i in group if cells[i] == FORT]
        if not forts:
            starved.extend(group)
        elif len(forts) == len(group):
            ruined.extend(group)
    for i in ruined:
        cells[i] = RUIN
    for i in starved:
        cells[i] += DEAD
    return RollDeaths(rolled, tuple(sorted(ruined)), tuple(sorted(starved)))
