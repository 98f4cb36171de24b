"""Piously as the application sees it: its one ``GamePlugin`` (in ``game.catalog``), declared
as data: the modules of its parts are named here once and imported when first used."""

from __future__ import annotations

from typing import Final

from game.piously.info import INFO
from game.piously.view.actions import ACTIONS, SEAT_COLOURS
from game.plugin import GamePlugin

PLUGIN: Final = GamePlugin.declare(
    INFO,
    ACTIONS,
    rules="game.piously.rules.game:GAME",
    view="game.piously.view.board:PiouslyView",
    text="game.piously.view.words",
    computers="game.piously.ai",
    analyst="game.piously.analyst:ANALYST",
    course=("piously.json",),
    seat_colours=SEAT_COLOURS,
)
