"""Computer players for Forts and Ruins: a random legal placer and the helper.

The helper is an expectimax over one whole turn: every placement (cell and value), then the six
die rolls that follow, each resulting position scored by an evaluation of how long the network
should last: living forts, how many distinct values guard each fort (one roll kills every
territory of its value, so a fort guarded by one value dies with it), the room left to grow and
the empty cells one or two placements away from spawning a fort. A position where the game is
over (no living fort, or nowhere left to place) scores 0.

The value of a placed territory only matters when the die shows it, so per cell the helper
resolves each roll twice (the new territory killed or kept) and scores every value from those.
Cells are tried most promising first; once the budget is spent the best so far is played. One
scored position is one node of the budget, so a node-limited run is reproducible. (Looking a
second turn ahead for the best few placements was measured too: no gain over 30 seeded games
at five times the cost, so the search stops at one turn and the evaluation carries the rest.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from game.core.player import Budget, Decision, Player
from game.forts.rules.board import (
    DEAD,
    EMPTY,
    FORT,
    VALUES,
    Geometry,
    frontier,
    geometry,
    is_territory,
    living_network,
    resolve_roll,
    spawn_sites,
)
from game.forts.rules.game import GAME, FortsState, Move, Place, Roll


@dataclass(frozen=True)
class Weights:
    """The helper's evaluation weights (a living position scores ``alive`` plus the terms)."""

    alive: float = 1000.0
    fort: float = 300.0
    guarded_fort: float = 80.0
    """Per fort with two or more distinct territory values around it."""
    value_kinds: float = 15.0
    """Per distinct territory value in the network."""
    room: float = 25.0
    """Per empty cell the next placement could use, up to ``room_cap``."""
    room_cap: int = 12
    site_one: float = 50.0
    """Per empty cell one placement short of spawning a fort."""
    site_two: float = 10.0
    """Per empty cell two placements short of spawning a fort."""
    territory: float = 4.0


def evaluate(cells: list[int], geo: Geometry, weights: Weights) -> float:
    """How promising a position at rest (after a roll) is; 0 when the game is over."""
    living = _living(cells)
    shape = _shape(cells, geo, weights, living)
    return 0.0 if shape is None else shape + _diversity(cells, geo, weights, living)


def _living(cells: Sequence[int]) -> list[int]:
    return [i for i, code in enumerate(cells) if 1 <= code <= FORT]


def _shape(cells: list[int], geo: Geometry, weights: Weights, living: list[int]) -> float | None:
    """The terms that do not depend on territory values; None if no fort or no room is left."""
    forts = sum(1 for i in living if cells[i] == FORT)
    room = {n for i in living for n in geo.ring[i] if cells[n] == EMPTY}
    if not forts or not room:
        return None
    site_one = site_two = 0
    for site in {n for i in living for n in geo.orth[i] if cells[n] == EMPTY}:
        missing = 0
        for n in geo.orth[site]:
            code = cells[n]
            if code == EMPTY:
                missing += 1
            elif code > FORT:
                missing = 9
                break
        site_one += missing == 1
        site_two += missing == 2
    return (
        weights.alive
        + weights.fort * forts
        + weights.territory * (len(living) - forts)
        + weights.room * min(len(room), weights.room_cap)
        + weights.site_one * site_one
        + weights.site_two * site_two
    )


def _diversity(cells: list[int], geo: Geometry, weights: Weights, living: list[int]) -> float:
    """The terms that do: distinct values in the network and around each fort."""
    guarded = 0
    for fort in living:
        if cells[fort] == FORT:
            around = {cells[n] for n in geo.ring[fort] if 1 <= cells[n] <= 6}
            guarded += len(around) >= 2
    kinds = len({cells[i] for i in living} - {FORT})
    return weights.guarded_fort * guarded + weights.value_kinds * kinds


def _after(cells: list[int], geo: Geometry, roll: int) -> list[int]:
    rolled = list(cells)
    resolve_roll(rolled, geo, roll)
    return rolled


def _candidates(cells: Sequence[int], anywhere: bool, geo: Geometry) -> tuple[list[int], bool]:
    """Cells worth trying, most promising first (the order a tight budget cuts), and whether
    they touch the living network (in the anywhere variant, only when no such cell is left)."""
    indices = frontier(cells, geo, living_network(cells, geo))
    connected = bool(indices) or not anywhere
    if not connected:
        indices = [i for i, code in enumerate(cells) if code == EMPTY]

    def priority(i: int) -> tuple[int, int, int]:
        near_fort = any(cells[n] == FORT for n in geo.ring[i])
        living = sum(1 for n in geo.ring[i] if 1 <= cells[n] <= FORT)
        return (-int(near_fort), -living, i)

    return sorted(indices, key=priority), connected


class HelperPlayer:
    """Expectimax over one turn (placement, then the six rolls) with ``evaluate`` at the leaves."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()

    @property
    def name(self) -> str:
        return "helper"

    def choose(self, state: FortsState, budget: Budget, rng: random.Random) -> Decision[Move]:
        if state.rolling:
            return Decision(Roll(rng.choice(VALUES)))
        geo = geometry(state.rows, state.cols)
        cells = list(state.cells)
        candidates, connected = _candidates(cells, state.anywhere, geo)
        best: tuple[float, Place] | None = None
        for index in candidates:
            if best is not None and budget.exhausted:
                break
            row, col = geo.coord(index)
            for value, expected in self._cell_values(cells, geo, index, connected, budget):
                if best is None or expected > best[0]:
                    best = (expected, Place(value, row, col))
        if best is None:
            raise ValueError("the helper was asked to move in a finished game")
        return Decision(best[1], score=best[0], nodes=budget.nodes, depth=1, line=(best[1],))

    def _cell_values(
        self, cells: list[int], geo: Geometry, index: int, connected: bool, budget: Budget
    ) -> list[tuple[int, float]]:
        """The expected evaluation of each value placed on ``index``, in value order."""
        weights = self.weights
        placed = list(cells)
        placed[index] = VALUES[0] if connected else DEAD + VALUES[0]
        for site in spawn_sites(placed, geo):
            placed[site] = FORT
        killed: dict[int, float] = {}
        kept: dict[tuple[int, int], float] = {}
        for roll in VALUES:
            dead = list(placed)
            dead[index] = DEAD + roll
            killed[roll] = evaluate(_after(dead, geo, roll), geo, weights)
            budget.spend()
            if not connected:
                continue
            alive = list(placed)
            alive[index] = 2 if roll == 1 else 1
            rest = _after(alive, geo, roll)
            living = _living(rest)
            shape = _shape(rest, geo, weights, living)
            starved = not is_territory(rest[index])
            for value in VALUES:
                if value != roll:
                    if not starved:
                        rest[index] = value
                    kept[roll, value] = (
                        0.0 if shape is None else shape + _diversity(rest, geo, weights, living)
                    )
                    budget.spend()
        if not connected:
            stranded = sum(killed.values()) / len(VALUES)
            return [(value, stranded) for value in VALUES]
        return [
            (value, (killed[value] + sum(kept[r, value] for r in VALUES if r != value)) / 6)
            for value in VALUES
        ]


class RandomPlayer:
    """A uniformly random legal cell with a random value: the baseline the helper must beat."""

    @property
    def name(self) -> str:
        return "random"

    def choose(self, state: FortsState, budget: Budget, rng: random.Random) -> Decision[Move]:
        move = GAME.random_move(state, rng)
        if move is None:
            raise ValueError("the random player was asked to move in a finished game")
        budget.spend()
        return Decision(move, nodes=1)


LEVELS: Final[dict[str, Callable[[], Player[FortsState, Move]]]] = {
    "random": RandomPlayer,
    "helper": HelperPlayer,
}
"""Computer levels by name, weakest first."""
