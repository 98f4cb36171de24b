"""Accuracy as lichess computes it, from win chances before and after each move.

The formulas are lila's (``modules/analyse/src/main/AccuracyPercent.scala`` and
``modules/common/src/main/Maths.scala`` in lichess-org/lila), written again here over win
chances in [0, 1] instead of centipawns: a move's accuracy falls exponentially with the win
chance it gave away, and a game's accuracy is the mean of a volatility-weighted mean and a
harmonic mean of its moves' accuracies, so one blunder in a calm game costs more than one in
a wild one, and a few blunders are not hidden by many easy moves. ``docs/review.md`` says more.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Final

SCALE: Final = 103.1668100711649
DECAY: Final = 0.04354415386753951
OFFSET: Final = -3.166924740191411
UNCERTAINTY_BONUS: Final = 1.0
"""lila adds one point to every imperfect move "due to imperfect analysis"."""
WINDOW_MIN, WINDOW_MAX = 2, 8
WEIGHT_MIN, WEIGHT_MAX = 0.5, 12.0


def move_accuracy(before: float, after: float) -> float:
    """A move's accuracy in percent from the mover's win chance before and after it (0-1)."""
    if after >= before:
        return 100.0
    lost = (before - after) * 100.0
    raw = SCALE * math.exp(-DECAY * lost) + OFFSET + UNCERTAINTY_BONUS
    return min(100.0, max(0.0, raw))


def game_accuracy(
    chances: Sequence[float], moves: Sequence[tuple[int, float]], seats: int
) -> tuple[float | None, ...]:
    """Each seat's accuracy over a game, in percent (None for a seat with no move).

    ``chances``: one seat's win chance (any fixed seat: only the spread matters) at the start
    and after each move, one more than ``moves``. ``moves``: each move's seat and accuracy.
    """
    if len(chances) != len(moves) + 1:
        raise ValueError("one win chance more than moves is needed")
    if not moves:
        return (None,) * seats
    weights = _volatility([100.0 * chance for chance in chances], len(moves))
    result: list[float | None] = []
    for seat in range(seats):
        mine = [(accuracy, weight) for (who, accuracy), weight in zip(moves, weights, strict=True)
                if who == seat]
        if not mine:
            result.append(None)
            continue
        weighted = sum(a * w for a, w in mine) / sum(w for _, w in mine)
        harmonic = len(mine) / sum(1.0 / max(1.0, a) for a, _ in mine)
        result.append((weighted + harmonic) / 2.0)
    return tuple(result)


def _volatility(percents: Sequence[float], count: int) -> list[float]:
    """Each move's weight: the spread of the win chances in a window around it, clamped.

    As lila does: the window is a tenth of the game (2 to 8 positions); the first moves,
    which no full window precedes, take the first window's weight."""
    size = min(WINDOW_MAX, max(WINDOW_MIN, count // 10))
    first = list(percents[:size])
    windows = [first] * (min(size, len(percents)) - 2)
    if len(percents) <= size:
        windows.append(list(percents))
    else:
        windows.extend(list(percents[i:i + size]) for i in range(len(percents) - size + 1))
    return [min(WEIGHT_MAX, max(WEIGHT_MIN, statistics.pstdev(window))) for window in windows]
