"""Positions a game's help shows as pictures, as data, so the help is no wall of text.

A picture is a position in the game's own text form and the moves played from it; the help
draws the result with the game's own board view, the last turn marked as in play, so a
picture can never show a position the rules would not reach. The help text places it with
``<img src="name">`` (``game.client.draw.richtext``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HelpPicture:
    position: str
    """The starting position (``Game.encode``'s text)."""
    moves: tuple[str, ...] = ()
    """Moves played from it, in notation."""
    caption: str = ""
    marked: int = 1
    """How many of the last moves the board marks (a Forts turn is a placement and a die)."""
