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
WIN_NODES: Final = 6_000
"""The complete search for a win this turn (normal and hard); most turns need none, since
its bound shows at once that no sequence can win."""
NEAR_WIN_NODES: Final = 14_000
"""More nodes for that search, spent only when it ran out with a win looking near: late in
a game, when the bound cannot prune, some wins of five or more moves need them (a third go
to a second search, deepest first: ``docs/ai.md``)."""
SAMPLE_NODES: Final = 1_500
"""Random plays of the turn (normal and hard) when the complete search ends with neither a
win nor a proof there is none. Taken from ``NEAR_WIN_NODES`` (15,500 before), so the
slowest turns cost what they did: with them the players find every win of the fixture
(the search alone misses 2) and 63 of the fresh set's 64 (the search alone 56;
``docs/ai.md``)."""
THREATENED_NEAR_WIN_NODES: Final = 4_000
"""Hard's ``NEAR_WIN_NODES`` when the opponent threatens a win next turn: those turns also
check every turn weighed with ``THREAT_NODES``, and with the full extra they took 3.6 s
(``docs/ai.md``). They all go to the win search's first order."""
ANSWER_NODES: Final = 400
"""Hard's complete search for the opponent's win after each turn it weighs."""
THREAT_NODES: Final = 2_000
"""Hard's search for the opponent's win were it to pass; when it finds one, the search after
each turn it weighs gets this many nodes instead of ``ANSWER_NODES``."""
PLAN_NODES: Final = 6_000
"""Hard's planning (its turns, their answers and follow-ups)."""
RESCUE_NODES: Final = 6_000
"""Hard's wider search for a turn that stops the opponent's win, when none of the planned
turns does: its turns (``players.RESCUE_SEARCH_NODES``), then the check after each, which
counts as a stop only if it ran its whole ``THREAT_NODES`` (``docs/ai.md``)."""


def normal() -> PlanningPlayer:
    return PlanningPlayer(
        "normal",
        NORMAL_SHAPE,
        win_nodes=WIN_NODES,
        near_win_nodes=NEAR_WIN_NODES,
        sample_nodes=SAMPLE_NODES,
    )


def hard() -> PlanningPlayer:
    return PlanningPlayer(
        "hard",
        HARD_SHAPE,
        HARD_REPLIES,
        keep=HARD_KEEP,
        reserve=0.25,
        win_nodes=WIN_NODES,
        near_win_nodes=NEAR_WIN_NODES,
        sample_nodes=SAMPLE_NODES,
        threatened_near_win_nodes=THREATENED_NEAR_WIN_NODES,
        answer_nodes=ANSWER_NODES,
        threat_nodes=THREAT_NODES,
        plan_nodes=PLAN_NODES,
        rescue_nodes=RESCUE_NODES,
    )


LEVELS: Final[dict[str, Callable[[], Player[Any, Any]]]] = {
    "easy": EasyPlayer,
    "normal": normal,
    "hard": hard,
}

DEFAULT_LIMITS: Final[dict[str, Limit]] = {
    "easy": Limit(time=0.5, nodes=400),
    "normal": Limit(time=8.0, nodes=1_500 + WIN_NODES + NEAR_WIN_NODES + SAMPLE_NODES),
    "hard": Limit(
        time=12.0,
        nodes=WIN_NODES + NEAR_WIN_NODES + SAMPLE_NODES + THREAT_NODES + PLAN_NODES
        + RESCUE_NODES,
    ),
}
"""Nodes bind first, so games reproduce; the clock only caps a turn on a slow or busy
machine (figures in ``docs/benchmarks.md``)."""

__all__ = ["DEFAULT_LIMITS", "LEVELS", "EasyPlayer", "PlanningPlayer"]
