"""Piously as the application sees it: its one ``GamePlugin`` (listed in ``game.catalog``).

Everything heavy is a loader with a plain import inside (see ``game.plugin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from game.core.registry import AnyGame
from game.piously.info import INFO
from game.piously.view.actions import ACTIONS
from game.plugin import ComputerLevels, GamePlugin

if TYPE_CHECKING:
    from game.ui.view import ViewFactory


def _rules() -> AnyGame:
    from game.piously.rules.game import GAME

    return GAME


def _view() -> ViewFactory:
    from game.piously.view.board import PiouslyView

    return PiouslyView


def _computers() -> ComputerLevels:
    from game.piously.ai import DEFAULT_LIMITS, LEVELS

    return ComputerLevels(LEVELS, DEFAULT_LIMITS)


def _help() -> str:
    from game.piously.view.help import HELP_TEXT

    return HELP_TEXT


def _describe(notation: str) -> str:
    from game.piously.view.words import describe

    return describe(notation)


def _figure(state: Any, seat: int) -> str:
    from game.piously.view.words import figure

    return figure(state, seat)


PLUGIN: Final = GamePlugin(
    info=INFO,
    actions=ACTIONS,
    rules=_rules,
    view=_view,
    computers=_computers,
    help=_help,
    describe=_describe,
    figure=_figure,
    course=("piously.json",),
)
