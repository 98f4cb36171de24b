"""Piously as the application sees it: its one ``GamePlugin`` (in ``game.catalog``).

Everything heavy is a loader with a plain import inside (see ``game.plugin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.core.analysis import Analyst
from game.core.registry import AnyGame
from game.piously.info import INFO
from game.piously.view.actions import ACTIONS, SEAT_COLOURS
from game.plugin import ComputerLevels, GamePlugin, GameText

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


def _analyst() -> Analyst:
    from game.piously.analyst import PiouslyAnalyst

    return PiouslyAnalyst()


def _text() -> GameText:
    from game.piously.view import words

    return words


PLUGIN: Final = GamePlugin(
    info=INFO,
    actions=ACTIONS,
    rules=_rules,
    view=_view,
    text=_text,
    computers=_computers,
    analyst=_analyst,
    course=("piously.json",),
    seat_colours=SEAT_COLOURS,
)
