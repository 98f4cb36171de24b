"""Push Fight's plug-in (in ``game.catalog``): its parts found by the package's shape."""

from __future__ import annotations

from typing import Final

from game.plugin import GamePlugin
from game.pushfight.info import INFO
from game.pushfight.view.actions import ACTIONS
from game.pushfight.view.colours import BROWN_RGB, WHITE_RGB

PLUGIN: Final = GamePlugin.declare(
    INFO, ACTIONS, view="PushFightView", course=("pushfight.json", "pushfight-puzzles.json"),
    seat_colours=(WHITE_RGB, BROWN_RGB),
)
