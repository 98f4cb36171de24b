"""Conquid as the application sees it: its one ``GamePlugin`` (in ``game.catalog``), declared
as data: the modules of its parts are named here once and imported when first used."""

from __future__ import annotations

from typing import Final

from game.conquid.info import INFO
from game.conquid.view.actions import ACTIONS
from game.plugin import GamePlugin

PLUGIN: Final = GamePlugin.declare(
    INFO,
    ACTIONS,
    rules="game.conquid.rules.game:GAME",
    view="game.conquid.view.board:ConquidView",
    text="game.conquid.view.words",
    computers="game.conquid.ai",
    analyst="game.conquid.analyst:ANALYST",
    course=("conquid.json", "conquid-puzzles.json"),
)
