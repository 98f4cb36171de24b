"""What a game's analyst says of a position, and how a review judges a move by it.

An analyst is the review's engine for one game, declared by the plug-in beside its computer
players. It is pure like them: no clock of its own, a node budget only, so a review made twice
with the same budget says the same thing on every machine. Its verdict is a win chance for the
side to move (draws count half), never an engine score: a heuristic score becomes a chance
through a logistic curve fitted per game on arena outcomes (``docs/review.md``), and a position
the search has solved says so as a proof instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

MARGIN: Final = 0.001
"""How close to certain a heuristic verdict may come: only a proof says 0 or 1, so a move
that wins for sure always shows above one that only looks good."""

S = TypeVar("S")


@dataclass(frozen=True)
class Proof:
    """A solved position: the side to move wins (``wins``) or loses in ``plies`` of its own
    turns (1: it wins with its next turn). Draws are never proven here."""

    wins: bool
    plies: int

    def __post_init__(self) -> None:
        if self.plies < 1:
            raise ValueError("a proof is at least one turn long")

    @property
    def text(self) -> str:
        """As the graph, the move list and the command line show it: "wins in 2"."""
        return f"{'wins' if self.wins else 'loses'} in {self.plies}"


@dataclass(frozen=True)
class Evaluation:
    """An analyst's verdict on a position that is not over."""

    value: float
    """The side to move's expected score in [0, 1]: a win chance where draws count half
    (1.0 or 0.0 when ``proof`` says the game is decided)."""
    line: tuple[str, ...]
    """The best move first, then the line the analyst expects, in the record's notation
    (a Piously entry is a whole turn, its actions joined by ``"; "``)."""
    proof: Proof | None = None
    nodes: int = 0
    """Search nodes spent, for the benchmarks."""
    points: float | None = None
    """A solo game's verdict (Forts and Ruins): the expected final score with best play from
    here; ``value`` is then that score as a share of the best the analyst knows of."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.value <= 1.0:
            raise ValueError(f"a win chance is within [0, 1], not {self.value}")

    @property
    def best(self) -> str | None:
        """The best move's notation, None when the analyst saw no move."""
        return self.line[0] if self.line else None


@dataclass(frozen=True)
class Curve:
    """A fitted logistic from an analyst's heuristic score (for the side to move) to the
    side to move's win chance: ``1 / (1 + exp(-(offset + scale * score)))``, kept within
    ``MARGIN`` of 0 and 1 (``tools/fit_win_chance.py`` fits it, ``docs/review.md``)."""

    scale: float
    offset: float = 0.0
    positions: int = 0
    """How many arena positions the fit used (0: not fitted, the scale is a guess)."""

    def chance(self, score: float) -> float:
        exponent = max(-60.0, min(60.0, self.offset + self.scale * score))
        return min(1.0 - MARGIN, max(MARGIN, 1.0 / (1.0 + math.exp(-exponent))))


@dataclass(frozen=True)
class Line:
    """A fitted straight line from a solo analyst's score, and the points a run has already
    earned, to the points it is still expected to earn, never below 0
    (``tools/fit_win_chance.py``): a late position scores as well as an early one but has
    less of the run left."""

    slope: float
    intercept: float = 0.0
    per_point: float = 0.0
    """What each point already earned changes the points to come."""
    positions: int = 0
    """How many positions of computer runs the fit used (0: not fitted, a guess)."""

    def points(self, score: float, earned: float = 0.0) -> float:
        return max(0.0, self.intercept + self.slope * score + self.per_point * earned)


@dataclass(frozen=True)
class Searched:
    """A two-player analyst's search before its curve: a score in its engine's units for the
    side to move (None when proven, or for a position it does not judge), its line, its proof."""

    score: float | None
    line: tuple[str, ...]
    proof: Proof | None
    nodes: int

    def judged(self, curve: Curve) -> Evaluation:
        """The verdict: 1 or 0 when proven, an even chance when not judged, else the curve's."""
        if self.proof is not None:
            value = 1.0 if self.proof.wins else 0.0
        elif self.score is None:
            value = 0.5
        else:
            value = curve.chance(self.score)
        return Evaluation(value, self.line, self.proof, self.nodes)


def fitted_version(version: str, fits: Mapping[str, tuple[float, float]]) -> str:
    """An analyst's version with the two parameters fitted for each kind of position, so
    that a refit makes earlier reviews stale."""
    fitted = ",".join(f"{name}:{a:.6g}/{b:.6g}" for name, (a, b) in sorted(fits.items()))
    return f"{version}/{fitted}"


class CurveAnalyst(Generic[S]):
    """A two-player game's ``Analyst``: its search's score made a win chance by the curve
    fitted for the kind of position (``kind``: Conquid fits one per board size; a game with
    one curve names it "default"). The version names the curves, so a refit makes earlier
    reviews stale."""

    def __init__(self, version: str, search: Callable[[S, int], Searched],
                 curves: Mapping[str, Curve], quick_budget: int,
                 kind: Callable[[S], str] = lambda state: "default") -> None:
        self._version = version
        self._search = search
        self.curves = curves
        self.quick_budget = quick_budget
        self.deep_budget = 4 * quick_budget
        self._kind = kind

    @property
    def version(self) -> str:
        return fitted_version(self._version, {name: (curve.scale, curve.offset)
                                              for name, curve in self.curves.items()})

    def evaluate(self, state: S, budget: int) -> Evaluation:
        return self._search(state, budget).judged(self.curve(state))

    def score(self, state: S, budget: int) -> float | None:
        """The heuristic score the curve is fitted on (None for a proven or unjudged one)."""
        return self._search(state, budget).score

    def curve(self, state: S) -> Curve:
        return self.curves[self._kind(state)]


class Analyst(Protocol):
    """One game's review engine (``GamePlugin.analyst`` loads it)."""

    @property
    def version(self) -> str:
        """Changes whenever the verdicts may change: a stored review made by another version
        is stale (still shown, offered to be redone)."""
        ...

    @property
    def quick_budget(self) -> int:
        """Nodes per evaluation for a quick review: a whole game in about a minute on one
        core, at two evaluations a move (``docs/review.md`` gives the measured times)."""
        ...

    @property
    def deep_budget(self) -> int:
        """Nodes per evaluation for a deep review (four times the quick one)."""
        ...

    def evaluate(self, state: Any, budget: int) -> Evaluation:
        """The verdict on ``state`` (not over, not a chance node) within ``budget`` nodes.
        Given the same budget, the position after any move is judged as deeply as the
        position before it (the review's rule: the played move gets the search the best
        move got), and its value is then the opponent's chance."""
        ...
