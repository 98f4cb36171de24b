"""Push Fight as the application sees it: its one ``GamePlugin`` (listed in ``game.catalog``).

Everything heavy is a loader with a plain import inside (see ``game.plugin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from game.core.registry import AnyGame
from game.plugin import ComputerLevels, GamePlugin
from game.pushfight.info import INFO
from game.pushfight.view.actions import ACTIONS
from game.pushfight.view.colours import BROWN_RGB, WHITE_RGB

if TYPE_CHECKING:
    from game.ui.view import ViewFactory


def _rules() -> AnyGame:
    from game.pushfight.rules.game import GAME

    return GAME


def _view() -> ViewFactory:
    from game.pushfight.view.board import PushFightView

    return PushFightView


def _computers() -> ComputerLevels:
    from game.pushfight.ai import LEVELS

    return ComputerLevels(LEVELS, {})


def _help() -> str:
    from game.pushfight.view.words import HELP_TEXT

    return HELP_TEXT


def _describe(notation: str) -> str:
    from game.pushfight.view.words import describe

    return describe(notation)


def _figure(state: Any, seat: int) -> str:
    from game.pushfight.view.words import figure

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
    course=("pushfight.json", "pushfight-puzzles.json"),
    seat_colours=(WHITE_RGB, BROWN_RGB),
)
