"""Forts and Ruins as the application sees it: its one ``GamePlugin`` (in ``game.catalog``).

Everything heavy is a loader with a plain import inside (see ``game.plugin``)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from game.core.registry import AnyGame
from game.forts.info import INFO
from game.forts.view.actions import ACTIONS
from game.plugin import ComputerLevels, GamePlugin, HighScores, SeedFormat

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


def _help() -> str:
    from game.forts.view.words import HELP_TEXT

    return HELP_TEXT


def _describe(notation: str) -> str:
    from game.forts.view.words import describe

    return describe(notation)


def _figure(state: Any, seat: int) -> str:
    from game.forts.view.words import figure

    return figure(state, seat)


def _final_score(state: Any) -> tuple[int, ...]:
    from game.forts.view.words import final_score

    return final_score(state)


def _table_name(options: Mapping[str, object]) -> str:
    from game.forts.view.words import table_name

    return table_name(options)


def _summary(state: Any) -> str:
    from game.forts.view.words import summary

    return summary(state)


def _normalise_seed(text: str) -> str:
    from game.forts.rules.seeds import normalise_seed

    return normalise_seed(text)


def _daily_seed(date: datetime.date) -> str:
    from game.forts.rules.seeds import daily_seed

    return daily_seed(date)


PLUGIN: Final = GamePlugin(
    info=INFO,
    actions=ACTIONS,
    rules=_rules,
    view=_view,
    computers=_computers,
    help=_help,
    describe=_describe,
    figure=_figure,
    course=("forts.json",),
    scores=HighScores(("Turns survived", "Forts built", "Peak forts"), _final_score,
                      _table_name, _summary),
    seeds=SeedFormat(_normalise_seed, _daily_seed),
)
