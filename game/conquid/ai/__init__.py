"""Conquid computer players, pure: the clock lives in the Budget, chance in the caller's rng.

``LEVELS`` maps a level name to a factory, so the client and the arena can list levels
without knowing this game; ``DEFAULT_LIMITS`` gives each level a budget that keeps it
within its time target on the large board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from game.conquid.ai.players import EasyPlayer, RandomPlayer, SearchPlayer
from game.core.player import Limit, Player

NORMAL_PLANS: Final = ("rrr", "rrb", "rbb", "bbb", "frr", "fbb", "srr", "sbb", "eee", "rrr", "bbb")
HARD_PLANS: Final = (*NORMAL_PLANS, "ree", "bee", "fee", "see", "rrr", "rrb", "bbr", "bbb")
HARD_REPLIES: Final = ("rrr", "rrb", "bbb", "frr", "srr", "eee")


def normal() -> SearchPlayer:
    return SearchPlayer("normal", NORMAL_PLANS)


def hard() -> SearchPlayer:
    return SearchPlayer("hard", HARD_PLANS, HARD_REPLIES)


LEVELS: Final[dict[str, Callable[[], Player[Any, Any]]]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": normal,
    "hard": hard,
}

DEFAULT_LIMITS: Final[dict[str, Limit]] = {
    "random": Limit(nodes=1),
    "easy": Limit(time=0.5, nodes=100),
    "normal": Limit(time=0.8, nodes=2_000),
    "hard": Limit(time=2.5, nodes=20_000),
}

__all__ = ["DEFAULT_LIMITS", "LEVELS", "EasyPlayer", "RandomPlayer", "SearchPlayer"]
