"""Conquid's move actions and their default keys, apart from the view.

The composition root registers every game's keys in the input table at start (the settings
screen lists and rebinds them) without importing the views, which load on first use.
"""

from __future__ import annotations

from typing import Final

from game.client.app.commands import ViewAction

ACQUIRE: Final = "acquire"
CONQUER: Final = "conquer"
VANQUISH: Final = "vanquish"
CONQUEST: Final = "conquest"

ACTIONS: Final = (
    ViewAction(ACQUIRE, "Acquire", ("a",), "claim three empty cells"),
    ViewAction(CONQUER, "Conquer", ("c",), "take enemy cells flanked by two of yours"),
    ViewAction(VANQUISH, "Vanquish", ("v",), "empty a uniform 4x4 block"),
    ViewAction(CONQUEST, "Conquest", ("q",), "declare a chain from base to base"),
)
