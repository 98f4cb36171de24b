"""Conquid as the application sees it: its one ``GamePlugin`` (in ``game.catalog``).

Everything heavy is a loader with a plain import inside (see ``game.plugin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.conquid.info import INFO
from game.conquid.view.actions import ACTIONS
from game.core.analysis import Analyst
from game.core.registry import AnyGame
from game.plugin import ComputerLevels, GamePlugin, GameText

if TYPE_CHECKING:
    from game.ui.view import ViewFactory


def _rules() -> AnyGame:
    from game.conquid.rules.game import GAME

    return GAME


def _view() -> ViewFactory:
    from game.conquid.view.board import ConquidView

    return ConquidView


def _computers() -> ComputerLevels:
    from game.conquid.ai import DEFAULT_LIMITS, LEVELS

    return ComputerLevels(LEVELS, DEFAULT_LIMITS)


def _analyst() -> Analyst:
    from game.conquid.analyst import ConquidAnalyst

    return ConquidAnalyst()


def _text() -> GameText:
    from game.conquid.view import words

    return words



PLUGIN: Final = GamePlugin(
    info=INFO,
    actions=ACTIONS,
    rules=_rules,
    view=_view,
    text=_text,
    computers=_computers,
    analyst=_analyst,
    course=("conquid.json", "conquid-puzzles.json"),
)
