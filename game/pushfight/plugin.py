"""Push Fight as the application sees it: its one ``GamePlugin`` (in ``game.catalog``), declared
as data: the modules of its parts are named here once and imported when first used."""

from __future__ import annotations

from typing import Final

from game.plugin import GamePlugin
from game.pushfight.info import INFO
from game.pushfight.view.actions import ACTIONS
from game.pushfight.view.colours import BROWN_RGB, WHITE_RGB

PLUGIN: Final = GamePlugin.declare(
    INFO,
    ACTIONS,
    rules="game.pushfight.rules.game:GAME",
    view="game.pushfight.view.board:PushFightView",
    text="game.pushfight.view.words",
    computers="game.pushfight.ai",
    analyst="game.pushfight.analyst:ANALYST",
    course=("pushfight.json", "pushfight-puzzles.json"),
    seat_colours=(WHITE_RGB, BROWN_RGB),
)
