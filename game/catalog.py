"""The composition root's list of games: the one place that knows every game module."""

from __future__ import annotations

from game.conquid.rules import GAME as CONQUID
from game.core.registry import Registry
from game.forts.rules import GAME as FORTS
from game.piously.rules import GAME as PIOUSLY
from game.pushfight.rules import GAME as PUSHFIGHT


def all_games() -> Registry:
    """Every playable game, in menu order."""
    return Registry([CONQUID, PUSHFIGHT, FORTS, PIOUSLY])
