"""What a game is to the application: one typed ``GamePlugin`` value per game.

Each game declares its plug-in in ``game/<name>/plugin.py`` (``GamePlugin.declare``) and
``game.catalog`` lists them, the one list of games. The plug-in holds what is known without
loading the game (its info, its move actions and keys, its seat colours, its lesson files,
the columns of its high-score table) and loaders for the rest, found by the one shape every
game package has: its rules, its board view, its computer players, its review engine, its
text (help, move wording, the per-seat figure, how runs rank) and how its seeds read. Each is
imported when first asked for, so the menu's first frame waits for none of them; a part not
where the shape says fails the catalog's tests, and the PyInstaller spec bundles every module
the plug-ins name (``GamePlugin.modules``), which no import scan could see.
"""

from __future__ import annotations

import datetime
import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from game.client.app.commands import ViewAction
from game.core.errors import GameError
from game.core.match import ABORT, DRAW, LEFT, RESIGN, TIMEOUT, meta_word
from game.core.player import Limit, Player
from game.core.protocol import GameInfo, MoveResult
from game.core.registry import AnyGame, Registry
from game.core.review.analysis import Analyst

if TYPE_CHECKING:
    from game.client.view import ViewFactory

RGB = tuple[int, int, int]
AnyPlayer = Player[Any, Any]

_ENDINGS = {DRAW: "Draw agreed", TIMEOUT: "Lost on time", LEFT: "Left the game",
            ABORT: "Game aborted"}
"""The meta moves other than a resignation, in words (a resignation's are the game's)."""


@dataclass(frozen=True)
class ComputerLevels:
    """A game's computer players: a factory per level name, and each level's own budget."""

    levels: Mapping[str, Callable[[], AnyPlayer]]
    limits: Mapping[str, Limit]


class GameText(Protocol):
    """Text about a game (the four games' ``view/words.py`` modules are such objects)."""

    @property
    def HELP_TEXT(self) -> str:
        """The rules as the help screen shows them (pygame_gui's HTML subset)."""
        ...

    def describe(self, notation: str) -> str:
        """A move (not a resignation or a draw) in words. Raises NotationError."""
        ...

    def figure(self, state: Any, seat: int) -> str:
        """A short per-seat figure for the side panel (Conquid: the cell count)."""
        ...


@runtime_checkable
class DescribesAt(Protocol):
    """Text that words a move better knowing the position before it (Piously names a hex by
    its room and the label the board shows, which the notation alone cannot)."""

    def describe_at(self, before: Any, notation: str) -> str:
        """A move in words, knowing the position before it. Raises NotationError."""
        ...


@runtime_checkable
class Explains(Protocol):
    """Text that says what a move changed that belongs to a given seat (an opponent's spell
    that removed the aura under your piece), so a person watching learns what it cost them."""

    def explain(self, before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]:
        """Lines about what the move changed that ``viewer`` (a seat) owns; () if nothing."""
        ...


class ScoreRules(Protocol):
    """How a game's finished runs rank (``HighScores``)."""

    def final_score(self, state: Any) -> tuple[int, ...]:
        """The figures of a finished position, compared as they stand (higher is better)."""
        ...

    def table_name(self, options: Mapping[str, object]) -> str:
        """The table a game with these options ranks in (board size and variant)."""
        ...

    def summary(self, state: Any) -> str:
        """One line on the run's result for the game-over banner."""
        ...


class SeedRules(Protocol):
    """A game whose seeds have a form of their own."""

    def normalise_seed(self, text: str) -> str:
        """The normal form of a typed seed; raises ValueError with a message for the player."""
        ...

    def daily_seed(self, date: datetime.date) -> str:
        """Everyone's seed for a date."""
        ...


@dataclass(frozen=True)
class HighScores:
    """A game that keeps a high-score table (``game.client.files.scores``)."""

    score_columns: tuple[str, ...]
    """Column titles for the figures ``final_score`` returns, most important first."""
    load: Callable[[], ScoreRules]

    def final_score(self, state: Any) -> tuple[int, ...]:
        return self.load().final_score(state)

    def table_name(self, options: Mapping[str, object]) -> str:
        return self.load().table_name(options)

    def summary(self, state: Any) -> str:
        return self.load().summary(state)


@dataclass(frozen=True)
class SeedFormat:
    """A game whose seeds have a form of their own (``game.client.match.solo``): typed seeds are
    normalised, and there is a seed of the day."""

    load: Callable[[], SeedRules]

    def normalise_seed(self, text: str) -> str:
        return self.load().normalise_seed(text)

    def daily_seed(self, date: datetime.date) -> str:
        return self.load().daily_seed(date)


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
    text: Callable[[], GameText]
    """Imports the game's text: help, move wording, per-seat figure."""
    computers: Callable[[], ComputerLevels] | None = None
    """Imports the computer players; None for a game with none."""
    analyst: Callable[[], Analyst] | None = None
    """Imports the review's engine (``game.core.review.analysis``); None for a game with none."""
    course: tuple[str, ...] = ()
    """Its lesson and puzzle files in ``assets/learn``."""
    scores: HighScores | None = None
    seeds: SeedFormat | None = None
    seat_colours: tuple[RGB, ...] | None = None
    """Sides with colours of their own, which the rules and help name (Push Fight's White
    and Brown): the player colours from the settings do not apply to this game."""
    resigned: str = "Resigned"
    """A resignation in words (a solo run's is giving up)."""
    modules: tuple[str, ...] = ()
    """The modules the loaders import, for the PyInstaller spec (``declare`` fills it)."""

    @classmethod
    def declare(
        cls,
        info: GameInfo,
        actions: tuple[ViewAction, ...],
        *,
        view: str,
        computers: bool = True,
        analyst: bool = True,
        scores: tuple[str, ...] | None = None,
        seeds: bool = False,
        **data: Any,
    ) -> GamePlugin:
        """A plug-in found by the one shape every game package has (``game.<id>``): its rules
        at ``rules.game:GAME``, its board view ``view.board:<view>``, its text (help, move
        words, the figure, and a solo game's ranking of runs) ``view.words``, its computer
        players ``ai`` (``LEVELS`` and, where levels have budgets of their own,
        ``DEFAULT_LIMITS``), its review engine ``analyst:ANALYST``, its seed rules
        ``rules.seeds``. ``scores``: the high-score table's column titles, for a game that
        keeps one; ``data``: the other fields (course, seat colours, ...)."""
        package = f"game.{info.id}"
        rules, board, text = (f"{package}.rules.game:GAME", f"{package}.view.board:{view}",
                              f"{package}.view.words")
        players = f"{package}.ai" if computers else None
        engine = f"{package}.analyst:ANALYST" if analyst else None
        seed_rules = f"{package}.rules.seeds" if seeds else None
        named = [ref for ref in (rules, board, text, players, engine, seed_rules) if ref]
        return cls(
            info=info,
            actions=actions,
            rules=loader(rules),
            view=loader(board),
            text=loader(text),
            computers=None if players is None else _levels(players),
            analyst=None if engine is None else loader(engine),
            scores=None if scores is None else HighScores(scores, loader(text)),
            seeds=None if seed_rules is None else SeedFormat(loader(seed_rules)),
            modules=tuple(dict.fromkeys(ref.partition(":")[0] for ref in named)),
            **data,
        )

    @property
    def id(self) -> str:
        return self.info.id

    def help(self) -> str:
        """The rules as the help screen shows them."""
        return self.text().HELP_TEXT

    def describe(self, notation: str, before: Any = None) -> str:
        """A move's notation in words, for the move list, the last-move line and toasts (the
        notation itself if it is not a move of this game). Given the position ``before`` the
        move, a game's text that can use it (``DescribesAt``) words the move from it."""
        word = meta_word(notation)
        if word == RESIGN:
            return self.resigned
        if word is not None:
            return _ENDINGS[word]
        text = self.text()
        try:
            if before is not None and isinstance(text, DescribesAt):
                return text.describe_at(before, notation)
            return text.describe(notation)
        except GameError:  # not a move of this game, or not one from ``before``
            return notation

    def explain(self, before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]:
        """What the move from ``before`` changed that seat ``viewer`` owns, in lines for that
        player; () when the game's text does not say (``Explains``) or nothing changed."""
        text = self.text()
        return text.explain(before, result, viewer) if isinstance(text, Explains) else ()

    def figure(self, state: Any, seat: int) -> str:
        """A short per-seat figure for the side panel (Conquid: the cell count)."""
        return self.text().figure(state, seat)


def loader(ref: str) -> Callable[[], Any]:
    """A function that imports what ``ref`` names (``"module:attribute"`` or ``"module"``)."""
    module, _, attribute = ref.partition(":")

    def load() -> Any:
        loaded = importlib.import_module(module)
        return getattr(loaded, attribute) if attribute else loaded

    return load


def _levels(module: str) -> Callable[[], ComputerLevels]:
    """Loads a computer players' module as ``ComputerLevels`` (its ``LEVELS`` and, if it has
    them, its ``DEFAULT_LIMITS``)."""
    load = loader(module)

    def levels() -> ComputerLevels:
        players = load()
        return ComputerLevels(players.LEVELS, getattr(players, "DEFAULT_LIMITS", {}))

    return levels


def registry(plugins: Iterable[GamePlugin]) -> Registry:
    """The games of these plug-ins, in order: each one's rules load when first used."""
    games = Registry()
    for plugin in plugins:
        games.register_later(plugin.info, plugin.rules)
    return games
