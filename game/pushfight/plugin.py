"""Push Fight as the application sees it: its one ``GamePlugin`` (in ``game.catalog``).

Everything heavy is a loader with a plain import inside (see ``game.plugin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.core.analysis import Analyst
from game.core.registry import AnyGame
from game.plugin import ComputerLevels, GamePlugin, GameText
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


def _analyst() -> Analyst:
    from game.pushfight.analyst import PushFightAnalyst

    return PushFightAnalyst()


def _text() -> GameText:
    from game.pushfight.view import words

    return words



PLUGIN: Final = GamePlugin(
    info=INFO,
    actions=ACTIONS,
    rules=_rules,
    view=_view,
    text=_text,
    computers=_computers,
    analyst=_analyst,
    course=("pushfight.json", "pushfight-puzzles.json"),
    seat_colours=(WHITE_RGB, BROWN_RGB),
)
