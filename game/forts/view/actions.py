"""Forts and Ruins' move actions (one per value) and their default keys, apart from the view.

The composition root registers every game's keys in the input table at start (the settings
screen lists and rebinds them) without importing the views, which load on first use.
"""

from __future__ import annotations

from typing import Final

from game.client.app.commands import ViewAction
from game.forts.rules.board import VALUES

VALUE_NAMES: Final[dict[int, str]] = {
    1: "orange", 2: "sky blue", 3: "green", 4: "yellow", 5: "blue", 6: "purple",
}
"""The names of the values' colours (``draw.VALUE_RGB``)."""

ACTIONS: Final = tuple(
    ViewAction(f"value{value}", f"Value {value}", (str(value), f"[{value}]"),
               f"build {VALUE_NAMES[value]} territories of value {value}")
    for value in VALUES
)
