"""Computer-vs-computer demo games, watchable from the menu, one game after another."""

from __future__ import annotations

from game.client.app.scene import Scene
from game.client.app.services import Services
from game.client.files import storage
from game.core.match import Match, Seat

DEMO_LEVELS = ("normal", "hard")
"""The two seats of a demo: a fair fight that still ends in a few minutes."""


def next_demo(services: Services, after: str | None = None) -> Scene | None:
    """The play scene of a new demo of the two-player game after ``after`` that has computer
    players, if any."""
    candidates = [
        game
        for game in services.games
        if game.info.players == 2
        and game.info.id in services.views
        and set(DEMO_LEVELS) <= set(services.computers.levels(game.info.id))
    ]
    if not candidates:
        return None
    ids = [game.info.id for game in candidates]
    index = (ids.index(after) + 1) % len(ids) if after in ids else 0
    game = candidates[index]
    seats = tuple(Seat(f"Computer ({level})", "computer", level) for level in DEMO_LEVELS)
    match = Match(game, {}, seats, created=storage.now_iso())
    return services.scenes.play(services, match, demo=True)
