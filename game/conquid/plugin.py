"""Conquid's plug-in (in ``game.catalog``): its parts found by the package's shape."""

from __future__ import annotations

from typing import Final

from game.conquid.info import INFO
from game.conquid.view.actions import ACTIONS
from game.plugin import GamePlugin

PLUGIN: Final = GamePlugin.declare(
    INFO, ACTIONS, view="ConquidView", course=("conquid.json", "conquid-puzzles.json")
)
