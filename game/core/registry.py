"""A registry of games by id, built explicitly by the composition root (``game.catalog``).

A game may be registered by its ``GameInfo`` and a loader: its rules module is then imported
when the game itself is first asked for (``get``, iteration), while the menu lists every
game from the infos alone (``infos``), so the first frame waits for no game's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from game.core.protocol import Game, GameInfo
from game.core.text import quote

AnyGame = Game[Any, Any]


class Registry:
    """Games by id, in the order they were registered (the menu's order)."""

    def __init__(self, games: Iterable[AnyGame] = ()) -> None:
        self._infos: dict[str, GameInfo] = {}
        self._games: dict[str, AnyGame] = {}
        self._loaders: dict[str, Callable[[], AnyGame]] = {}
        for game in games:
            self.register(game)

    def register(self, game: AnyGame) -> None:
        self._add(game.info)
        self._games[game.info.id] = game

    def register_later(self, info: GameInfo, load: Callable[[], AnyGame]) -> None:
        """Register a game by its info; ``load`` (importing its rules) runs on first use and
        must give a game with this very info."""
        self._add(info)
        self._loaders[info.id] = load

    def _add(self, info: GameInfo) -> None:
        if info.id in self._infos:
            raise ValueError(f"a game with id {info.id!r} is already registered")
        self._infos[info.id] = info

    def get(self, game_id: str) -> AnyGame:
        """The game with this id. Raises KeyError with a readable message."""
        game = self._games.get(game_id)
        if game is not None:
            return game
        if game_id not in self._infos:
            raise KeyError(f"unknown game {quote(game_id)}")
        game = self._loaders[game_id]()
        if game.info != self._infos[game_id]:
            raise ValueError(f"the game loaded for {quote(game_id)} has another info")
        self._games[game_id] = game
        return game

    def info(self, game_id: str) -> GameInfo:
        """The info of the game with this id, without loading it. Raises KeyError."""
        try:
            return self._infos[game_id]
        except KeyError:
            raise KeyError(f"unknown game {quote(game_id)}") from None

    def infos(self) -> Iterator[GameInfo]:
        """Every game's info, in order, without loading any game."""
        return iter(list(self._infos.values()))

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._infos

    def __iter__(self) -> Iterator[AnyGame]:
        """Every game, in order (loading those not loaded yet)."""
        return iter([self.get(game_id) for game_id in list(self._infos)])

    def __len__(self) -> int:
        return len(self._infos)
