"""Forts and Ruins' plug-in (in ``game.catalog``): its parts found by the package's shape."""

from __future__ import annotations

from typing import Final

from game.forts.info import INFO
from game.forts.view.actions import ACTIONS
from game.plugin import GamePlugin

PLUGIN: Final = GamePlugin.declare(
    INFO, ACTIONS, view="FortsView", course=("forts.json",), seeds=True,
    scores=("Turns survived", "Forts built", "Peak forts"), resigned="Gave up the run",
)
