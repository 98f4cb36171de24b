"""The review's engine for Forts and Ruins (solo), pure: a node budget, no clock, no dice.

A run is scored by the turns it survives, so the verdict is in those points: ``points`` is
the expected final number of turns survived. A placement is followed by one of six rolls;
after each, the run has either ended (its turns are then final) or survived the turn and
stands at rest, where the turns it will still last are read off the helper's evaluation
(``game.forts.ai.evaluate``: forts, how well each is guarded, room, sites for new forts) and
the turns already survived (a filling board has fewer left) through a straight line fitted
on helper runs (``points_left``, ``tools/fit_win_chance.py``).
So a placement's points are the average over the six rolls of the turns survived after the
roll plus, when the run goes on, the line's turns: a placement that dies on one roll in six
loses a sixth of the run's future, as it should.

Before a placement the verdict is the best placement's: the helper's own choice first, then
every other legal placement while the budget lasts (the quick budget covers them all on the
boards the game offers). Between a placement and its roll (the position the played placement
made) the verdict is that placement's, by the same formula, so the review can set the played
placement's points against the best one's: the difference is its loss in expected final
points. ``value`` is the chance the run lives on through the coming roll (the best
placement's, before a placement); ``line`` is the best placement alone (the dice decide what
follows); no proofs (dice); ``final_points`` scores a finished run.

A node is a position after a roll scored (six a placement), plus the helper's own.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from game.core.player import Budget, Limit
from game.core.review.analysis import Evaluation, Line, fitted_version
from game.forts.ai import HelperPlayer, Weights, evaluate
from game.forts.info import DEFAULT_PRESET
from game.forts.points_left import LINES
from game.forts.rules.board import VALUES, geometry
from game.forts.rules.game import GAME, FortsState, Place, Roll, score

VERSION: Final = "2"
QUICK_BUDGET: Final = 2_000
"""Positions scored per evaluation in a quick review (docs/review.md)."""
DEEP_BUDGET: Final = 4 * QUICK_BUDGET
WEIGHTS: Final = Weights()


@dataclass(frozen=True)
class Expected:
    """A placement's worth: expected final points and the share of rolls survived."""

    points: float
    survival: float


class FortsAnalyst:
    """Forts and Ruins' ``Analyst`` (``game.core.review.analysis``): points, not a win chance."""

    quick_budget = QUICK_BUDGET
    deep_budget = DEEP_BUDGET

    def __init__(self, lines: Mapping[str, Line] = LINES) -> None:
        self.lines = lines

    @property
    def version(self) -> str:
        return fitted_version(VERSION, {name: (line.slope, line.intercept)
                                        for name, line in self.lines.items()})

    def evaluate(self, state: FortsState, nodes: int) -> Evaluation:
        budget = Budget(Limit(nodes=nodes))
        line = self.line(state)
        if state.rolling:
            found = _over_rolls(state, line, budget)
            return Evaluation(found.survival, (), None, budget.nodes, found.points)
        helper = HelperPlayer(WEIGHTS).choose(state, budget, random.Random(0)).move
        assert isinstance(helper, Place)
        moves = [helper, *(move for move in GAME.legal_moves(state) if move != helper)]
        best: tuple[Expected, Place] | None = None
        for move in moves:
            if best is not None and budget.exhausted:
                break
            assert isinstance(move, Place)
            found = _over_rolls(GAME.apply_unchecked(state, move).state, line, budget)
            if best is None or found.points > best[0].points:
                best = (found, move)
        assert best is not None
        found, move = best
        return Evaluation(found.survival, (GAME.format_move(move),), None, budget.nodes,
                          found.points)

    def final_points(self, state: FortsState) -> float:
        """The points a finished run scores: the turns it survived."""
        return float(score(state).turns_survived)

    def score(self, state: FortsState, budget: int) -> float:
        """What the line is fitted on: the helper's evaluation of a position at rest."""
        return evaluate(list(state.cells), geometry(state.rows, state.cols), WEIGHTS)

    def line(self, state: FortsState) -> Line:
        """The line of the board the run is played on (the default board's for another)."""
        return self.lines.get(f"{state.rows}x{state.cols}", self.lines[DEFAULT_PRESET])


def _over_rolls(state: FortsState, line: Line, budget: Budget) -> Expected:
    """The expected final points of a position waiting for its roll, and the share of rolls
    after which the run goes on."""
    geo = geometry(state.rows, state.cols)
    total = 0.0
    alive = 0
    for roll in VALUES:
        after = GAME.apply_unchecked(state, Roll(roll)).state
        budget.spend()
        points = float(score(after).turns_survived)
        if GAME.outcome(after) is None:
            alive += 1
            points += line.points(evaluate(list(after.cells), geo, WEIGHTS), points)
        total += points
    return Expected(total / len(VALUES), alive / len(VALUES))


ANALYST: Final = FortsAnalyst()
"""The analyst the plug-in loads."""
