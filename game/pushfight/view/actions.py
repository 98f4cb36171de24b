"""Push Fight's move actions and their default keys, apart from the view.

The composition root registers every game's keys in the input table at start (the settings
screen lists and rebinds them) without importing the views, which load on first use.
"""

from __future__ import annotations

from typing import Final

from game.client.app.commands import ViewAction

STANDARD: Final = "standard"
RANDOM: Final = "random"

ACTIONS: Final = (
    ViewAction(STANDARD, "Standard", ("s",), "place your pieces in the standard setup"),
    ViewAction(RANDOM, "Random", ("r",), "a random safe setup for your pieces"),
)
