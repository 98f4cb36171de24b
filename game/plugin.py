"""What a game is to the application: one typed ``GamePlugin`` value per game.

Each game declares its plug-in in ``game/<name>/plugin.py`` and ``game.catalog`` lists them,
the one list of games. The plug-in holds what is known without loading the game (its info,
its move actions and keys, its seat colours, its lesson files, the columns of its high-score
table) and loaders for the rest: its rules, its board view, its computer players and its
text (help, move wording, the per-seat figure). Each loader is a plain import inside a
function, not ``importlib`` on a name: the menu's first frame waits for none of them, a
misspelt module fails loudly, and PyInstaller still sees every module it must bundle.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.player import Limit, Player
from game.core.protocol import GameInfo
from game.core.registry import AnyGame, Registry
from game.ui.commands import ViewAction

if TYPE_CHECKING:
    from game.ui.view import ViewFactory

RGB = tuple[int, int, int]
AnyPlayer = Player[Any, Any]


@dataclass(frozen=True)
class ComputerLevels:
    """A game's computer players: a factory per level name, and each level's own budget."""

    levels: Mapping[str, Callable[[], AnyPlayer]]
    limits: Mapping[str, Limit]


@dataclass(frozen=True)
class HighScores:
    """A game that keeps a high-score table (``game.ui.scores``)."""

    score_columns: tuple[str, ...]
    """Column titles for the figures ``final_score`` returns, most important first."""
    final_score: Callable[[Any], tuple[int, ...]]
    """The figures of a finished position, compared as they stand (higher is better)."""
    table_name: Callable[[Mapping[str, object]], str]
    """The table a game with these options ranks in (board size and variant)."""
    summary: Callable[[Any], str]
    """One line on the run's result for the game-over banner."""


@dataclass(frozen=True)
class SeedFormat:
    """A game whose seeds have a form of their own (``game.ui.solo``)."""

    normalise_seed: Callable[[str], str]
    """The normal form of a typed seed; raises ValueError with a message for the player."""
    daily_seed: Callable[[datetime.date], str]
    """Everyone's seed for a date."""


@dataclass(frozen=True)
class GamePlugin:
    """One game, as the application sees it (``game/<name>/plugin.py`` declares it)."""

    info: GameInfo
    actions: tuple[ViewAction, ...]
    """The view's move actions with their default keys: the input table and the settings
    screen know them at start, before any view is loaded."""
    rules: Callable[[], AnyGame]
    """Imports the rules and gives the game object, whose info is ``info``."""
    view: Callable[[], ViewFactory]
    """Imports the board view and gives its class (a view is made per screen)."""
    help: Callable[[], str]
    """The rules as the help screen shows them (pygame_gui's HTML subset)."""
    describe: Callable[[str], str]
    """A move's notation in words, for the replay list and toasts."""
    figure: Callable[[Any, int], str]
    """A short per-seat figure for the side panel (Conquid: the cell count)."""
    computers: Callable[[], ComputerLevels] | None = None
    """Imports the computer players; None for a game with none."""
    course: tuple[str, ...] = ()
    """Its lesson and puzzle files in ``assets/learn``."""
    scores: HighScores | None = None
    seeds: SeedFormat | None = None
    seat_colours: tuple[RGB, ...] | None = None
    """Sides with colours of their own, which the rules and help name (Push Fight's White
    and Brown): the player colours from the settings do not apply to this game."""

    @property
    def id(self) -> str:
        return self.info.id


def registry(plugins: Iterable[GamePlugin]) -> Registry:
    """The games of these plug-ins, in order: each one's rules load when first used."""
    games = Registry()
    for plugin in plugins:
        games.register_later(plugin.info, plugin.rules)
    return games
