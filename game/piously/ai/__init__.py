"""Piously computer players, pure: the clock lives in the Budget, chance in the caller's rng.

``LEVELS`` maps a level name to a factory, so the client and the arena can list levels
without knowing this game; ``DEFAULT_LIMITS`` gives each level a budget that keeps it within
its time target per turn (normal and hard spend it on the turn's first move, then play the
rest of their plan at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from game.core.player import Limit, Player
from game.piously.ai.players import EasyPlayer, PlanningPlayer
from game.piously.ai.turns import Shape

NORMAL_SHAPE: Final = Shape(width=5, depth=7, casts_per_spell=6)
HARD_SHAPE: Final = NORMAL_SHAPE
"""Hard's own turns, at the first and third levels, are searched as normal's."""
HARD_REPLIES: Final = NORMAL_SHAPE
"""The opponent's answer is searched as normal would search it: the best reply by the same
evaluation, so against normal the prediction is close to the move it will make."""
HARD_KEEP: Final = 10
"""How many of its best turns hard answers and follows up (about 300 nodes each)."""


def normal() -> PlanningPlayer:
    return PlanningPlayer("normal", NORMAL_SHAPE)


def hard() -> PlanningPlayer:
    return PlanningPlayer("hard", HARD_SHAPE, HARD_REPLIES, keep=HARD_KEEP, reserve=0.25)


LEVELS: Final[dict[str, Callable[[], Player[Any, Any]]]] = {
    "easy": EasyPlayer,
    "normal": normal,
    "hard": hard,
}

DEFAULT_LIMITS: Final[dict[str, Limit]] = {
    "easy": Limit(time=0.5, nodes=400),
    "normal": Limit(time=0.9, nodes=1_500),
    "hard": Limit(time=4.0, nodes=6_000),
}
"""Nodes bind first on an idle machine, so games reproduce: normal's median turn takes 139
nodes, and hard's 6,000 took at most 2.3 s (a median turn 0.65 s); the clock only caps a turn
on a slow or busy machine."""

__all__ = ["DEFAULT_LIMITS", "LEVELS", "EasyPlayer", "PlanningPlayer"]
