"""A registry of games by id, built explicitly by the composition root (``game.catalog``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from game.core.protocol import Game
from game.core.text import quote

AnyGame = Game[Any, Any]


class Registry:
    """Games by id, in the order they were registered (the menu's order)."""

    def __init__(self, games: Iterable[AnyGame] = ()) -> None:
        self._games: dict[str, AnyGame] = {}
        for game in games:
            self.register(game)

    def register(self, game: AnyGame) -> None:
        if game.info.id in self._games:
            raise ValueError(f"a game with id {game.info.id!r} is already registered")
        self._games[game.info.id] = game

    def get(self, game_id: str) -> AnyGame:
        """The game with this id. Raises KeyError with a readable message."""
        try:
            return self._games[game_id]
        except KeyError:
            raise KeyError(f"unknown game {quote(game_id)}") from None

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def __iter__(self) -> Iterator[AnyGame]:
        return iter(self._games.values())

    def __len__(self) -> int:
        return len(self._games)
