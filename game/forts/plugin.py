"""Forts and Ruins as the application sees it: its one ``GamePlugin`` (in ``game.catalog``),
declared as data: the modules of its parts are named here once and imported when first used."""

from __future__ import annotations

from typing import Final

from game.forts.info import INFO
from game.forts.view.actions import ACTIONS
from game.plugin import GamePlugin

PLUGIN: Final = GamePlugin.declare(
    INFO,
    ACTIONS,
    rules="game.forts.rules.game:GAME",
    view="game.forts.view.board:FortsView",
    text="game.forts.view.words",
    computers="game.forts.ai",
    analyst="game.forts.analyst:ANALYST",
    scores=(("Turns survived", "Forts built", "Peak forts"), "game.forts.view.words"),
    seeds="game.forts.rules.seeds",
    course=("forts.json",),
    resigned="Gave up the run",
)
