"""Forts and Ruins as the application sees it: its one ``GamePlugin`` (in ``game.catalog``).

Everything heavy is a loader with a plain import inside (see ``game.plugin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.core.analysis import Analyst
from game.core.registry import AnyGame
from game.forts.info import INFO
from game.forts.view.actions import ACTIONS
from game.plugin import (
    ComputerLevels,
    GamePlugin,
    GameText,
    HighScores,
    ScoreRules,
    SeedFormat,
    SeedRules,
)

if TYPE_CHECKING:
    from game.ui.view import ViewFactory


def _rules() -> AnyGame:
    from game.forts.rules.game import GAME

    return GAME


def _view() -> ViewFactory:
    from game.forts.view.board import FortsView

    return FortsView


def _computers() -> ComputerLevels:
    from game.forts.ai import LEVELS

    return ComputerLevels(LEVELS, {})


def _analyst() -> Analyst:
    from game.forts.analyst import FortsAnalyst

    return FortsAnalyst()


def _text() -> GameText:
    from game.forts.view import words

    return words



def _scores() -> ScoreRules:
    from game.forts.view import words

    return words


def _seeds() -> SeedRules:
    from game.forts.rules import seeds

    return seeds


PLUGIN: Final = GamePlugin(
    info=INFO,
    actions=ACTIONS,
    rules=_rules,
    view=_view,
    text=_text,
    computers=_computers,
    analyst=_analyst,
    course=("forts.json",),
    scores=HighScores(("Turns survived", "Forts built", "Peak forts"), _scores),
    seeds=SeedFormat(_seeds),
    resigned="Gave up the run",
)
