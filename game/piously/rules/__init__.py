"""Piously's rules, pure: hex geometry, the temple, the state, moves, spells and the game.

``GAME`` is the protocol object the registry holds; the other names are the queries the
client and the computer players use (they never re-derive a rule).
"""

from game.piously.info import INFO
from game.piously.rules.game import GAME, PiouslyGame, move_problem

__all__ = ["GAME", "INFO", "PiouslyGame", "move_problem"]
