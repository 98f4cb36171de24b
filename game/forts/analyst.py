"""The review's engine for Forts and Ruins (solo), pure: a node budget, no clock, no dice.

A run is scored by the turns it survives, so the verdict is in those points: ``points`` is
the expected final number of turns survived, this run's turns so far plus the turns a
position is expected to last. That expectation comes from the helper's search
(``game.forts.ai``): the expected evaluation of the best placement over the six rolls that
follow it, made turns by a straight line fitted on helper games (``points_left``,
``tools/fit_win_chance.py --solo``). Asked between a placement and its roll (the position
the played placement made), the analyst averages the same evaluation over the six rolls, so
the review can set the played placement's points against the best one's: the difference is
the placement's loss in expected final points.

``value`` is a chance the run lives on through the coming roll: the share of the six rolls
after which it still has a fort and room to place (the best placement's, before a placement).
``line`` is the best placement alone (the dice decide what follows). No proofs: dice.

A node is a position scored, as the helper counts them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.core.analysis import Evaluation, Line
from game.core.player import Budget, Limit
from game.forts.ai import HelperPlayer, Weights, evaluate
from game.forts.info import DEFAULT_PRESET
from game.forts.points_left import LINES
from game.forts.rules.board import VALUES, geometry, resolve_roll
from game.forts.rules.game import GAME, FortsState, Place, score

VERSION: Final = "1"
QUICK_BUDGET: Final = 2_000
"""Positions scored per evaluation in a quick review (docs/review.md)."""
DEEP_BUDGET: Final = 4 * QUICK_BUDGET
WEIGHTS: Final = Weights()


@dataclass(frozen=True)
class Expected:
    """The search's own verdict: the expected evaluation (the helper's units), the share of
    rolls survived, and the best placement (None between a placement and its roll)."""

    expected: float
    survival: float
    best: Place | None
    nodes: int


class FortsAnalyst:
    """Forts and Ruins' ``Analyst`` (``game.core.analysis``): points, not a win chance."""

    quick_budget = QUICK_BUDGET
    deep_budget = DEEP_BUDGET

    def __init__(self, lines: Mapping[str, Line] = LINES) -> None:
        self.lines = lines

    @property
    def version(self) -> str:
        fitted = ",".join(f"{name}:{line.slope:.6g}/{line.intercept:.6g}"
                          for name, line in sorted(self.lines.items()))
        return f"{VERSION}/{fitted}"

    def evaluate(self, state: FortsState, budget: int) -> Evaluation:
        found = search(state, budget)
        points = score(state).turns_survived + self.line(state).points(found.expected)
        best = () if found.best is None else (GAME.format_move(found.best),)
        return Evaluation(found.survival, best, None, found.nodes, points)

    def final_points(self, state: FortsState) -> float:
        """The points a finished run scores: the turns it survived."""
        return float(score(state).turns_survived)

    def score(self, state: FortsState, budget: int) -> float:
        """The expected evaluation the line is fitted on."""
        return search(state, budget).expected

    def line(self, state: FortsState) -> Line:
        """The line of the board the run is played on (the default one's for another)."""
        return self.lines.get(f"{state.rows}x{state.cols}", self.lines[DEFAULT_PRESET])


def search(state: FortsState, nodes: int) -> Expected:
    """The verdict on ``state`` (not over) within ``nodes``: before a placement, the best
    one's; between a placement and its roll, that placement's."""
    budget = Budget(Limit(nodes=nodes))
    if state.rolling:
        expected, survival = _over_rolls(state, budget)
        return Expected(expected, survival, None, budget.nodes)
    decision = HelperPlayer(WEIGHTS).choose(state, budget, random.Random(0))
    assert isinstance(decision.move, Place)
    placed = GAME.apply_unchecked(state, decision.move).state
    expected, survival = _over_rolls(placed, budget)
    return Expected(expected, survival, decision.move, budget.nodes)


def _over_rolls(state: FortsState, budget: Budget) -> tuple[float, float]:
    """The evaluation averaged over the six rolls, and the share of rolls the run survives."""
    geo = geometry(state.rows, state.cols)
    total = 0.0
    alive = 0
    for roll in VALUES:
        cells = list(state.cells)
        resolve_roll(cells, geo, roll)
        value = evaluate(cells, geo, WEIGHTS)
        budget.spend()
        total += value
        alive += value > 0
    return total / len(VALUES), alive / len(VALUES)


ANALYST: Final = FortsAnalyst()
"""The analyst the plug-in loads."""
