"""Looking back during a game: an earlier position shown read-only (a click in the move
list), and what the screen says of it. The game goes on underneath: the next move that
no one here makes waits until the player is back at the game."""

from __future__ import annotations

from collections.abc import Callable

from game.client.widgets.movelist import History
from game.core.match import Match


class LookBack:
    """Which position is shown, and the words for it."""

    def __init__(self, match: Match, history: History, back_key: Callable[[], str]) -> None:
        self.match, self.history = match, history
        self.back_key = back_key
        """The key that returns to the game, as the player reads it."""
        self.ply: int | None = None
        """The moves played up to the position shown, or None: the game as it stands."""

    @property
    def shown(self) -> int:
        return self.match.ply if self.ply is None else self.ply

    def name(self) -> str:
        """The position shown, as the player counts: "move N" or "the start"."""
        self.history.sync(self.match)
        turn = None if not self.ply else self.history.turn_of(self.ply - 1)
        if turn is None:
            return "the start"
        return f"move {turn.number or self.history.turn_now(self.match)}"

    def counter(self) -> str:
        """The panel's counter for the position shown: "Move N" or "The start"."""
        name = self.name()
        return name[:1].upper() + name[1:]

    def last(self) -> str:
        """The move that led to the position shown, in words (every action of its turn up
        to it), or nothing at the start."""
        if not self.ply:
            return ""
        turn = self.history.turn_of(self.ply - 1)
        if turn is None:
            return ""
        return "; ".join(action.words for action in turn.actions if action.ply < self.ply)

    def top_line(self) -> str:
        return (f"Looking at {self.name()} (of {self.history.played()})  ·  "
                f"{self.back_key()} back to the game")

    def status(self) -> str:
        return (f"Looking back at {self.name()}: the board is as it was then. "
                f"{self.back_key()} or the bar above the moves returns to the game.")

    def refusal(self) -> str:
        return f"you are looking at {self.name()}: {self.back_key()} goes back to the game"

    def toast(self) -> str:
        return f"Looking at {self.name()}: click another, or {self.back_key()} for the game"
