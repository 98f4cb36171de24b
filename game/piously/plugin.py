"""Piously's plug-in (in ``game.catalog``): its parts found by the package's shape."""

from __future__ import annotations

from typing import Final

from game.piously.info import INFO
from game.piously.view.actions import ACTIONS, SEAT_COLOURS
from game.plugin import GamePlugin

PLUGIN: Final = GamePlugin.declare(
    INFO, ACTIONS, view="PiouslyView", course=("piously.json",), seat_colours=SEAT_COLOURS
)
