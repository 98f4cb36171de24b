"""Hints: a computer player suggests a move, shown as a preview the player confirms."""

from __future__ import annotations

from collections.abc import Callable

from game.client.app.services import Services
from game.client.match.computer import ComputerSeat
from game.client.match.table import Table
from game.client.view import Feedback, GameView, Suggests, SuggestsLine
from game.core.match import Match
from game.plugin import GamePlugin

TOPIC = "hint"
"""Message topic: the hint being looked for, or found."""
LEVEL = "normal"
"""Hints come from this computer level, or from the strongest a game has without it."""


def hint_level(levels: list[str]) -> str | None:
    """The computer level hints come from: ``LEVEL``, else the strongest on offer."""
    if LEVEL in levels:
        return LEVEL
    return levels[-1] if levels else None


class Hints:
    """Asks the table for a hint and shows the one that comes back on the board."""

    def __init__(self, services: Services, match: Match, plugin: GamePlugin, view: GameView,
                 feedback: Callable[[Feedback], None]) -> None:
        self.services, self.match, self.plugin, self.view = services, match, plugin, view
        self.feedback = feedback
        """Shows what the view said of the suggested move (as a person's selection)."""

    def level(self) -> str | None:
        return hint_level(self.services.computers.levels(self.match.game.info.id))

    def seat(self) -> ComputerSeat:
        """The computer that suggests moves. Raises ValueError when the game has none."""
        level = self.level()
        if level is None:
            raise ValueError(f"there are no hints for {self.match.game.info.title} yet")
        return self.services.computers.seat(self.match.game.info.id, level)

    def stopped(self) -> None:
        self.services.toasts.end(TOPIC)  # no longer looking

    def ask(self, table: Table, refuse: Callable[[str], None]) -> None:
        """Ask a computer player for a move; it arrives as a preview to confirm."""
        try:
            started = table.ask_hint()
        except ValueError as err:
            refuse(str(err))
            return
        if started:
            self.services.toasts.show("Looking for a good move...", topic=TOPIC)

    def poll(self, table: Table, refuse: Callable[[str], None]) -> None:
        """The hint, once found: said in words, and previewed on the board."""
        try:
            line = table.poll_hint()
        except Exception as err:  # the seat's message is written for people
            self.stopped()
            refuse(f"no hint this time: {err}")
            return
        if line is None:
            return
        move = line[0]
        words = self.plugin.describe(self.match.game.format_move(move), self.match.state)
        self.services.toasts.show(f"Hint: {words}", "good", TOPIC)
        if isinstance(self.view, SuggestsLine):
            self.feedback(self.view.suggest_line(line))
        elif isinstance(self.view, Suggests):
            self.feedback(self.view.suggest(move))
