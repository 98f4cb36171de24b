"""What the play scene calls its keys: a command's key in the buttons' words and tooltips,
and the message strip under the board while it has no message (the keyboard's ways in,
Help, then the keys of play that apply now). Keys are read from the input table each time,
so a key rebound in the settings shows at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pygame

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.services import Services
from game.client.widgets.panel import move_buttons, turn_info

HINTS: Final = (
    (c.BACK, "pause"), (c.CONFIRM, "confirm"), (c.CLEAR, "clear"),
    (c.TAKE_BACK, "take back"), (c.SKIP, "skip animation"), (c.FLIP_BOARD, "flip board"),
    (inp.REVIEW, "review"))
"""The message strip's keys of play, after the keyboard's ways in and Help (the last give
way first when short; Confirm only while a move waits, the flip only where the board turns
round)."""


class KeyNames:
    """The player's keys for the commands of play, by name."""

    def __init__(self, services: Services, game: str) -> None:
        self.services = services
        self.game = game
        """The game's own input context, where its move kinds have their keys."""

    def name(self, ctx: str, command: str) -> str:
        """The first key of ``command`` in ``ctx``, as a player reads it."""
        keys = self.services.table.keys(ctx, command)
        return inp.pretty(keys[0]) if keys else "unbound"

    def tip(self, ctx: str, command: str) -> str:
        """A button's tooltip: its key, if it has one."""
        keys = self.services.table.keys(ctx, command)
        return f"Key: {inp.pretty(keys[0])}" if keys else ""

    def buttons(self) -> move_buttons.Keys:
        """How the move buttons name their keys."""
        return move_buttons.Keys(lambda action: self.name(self.game, action),
                                 self.name(inp.PLAY, c.CONFIRM),
                                 lambda command: self.tip(inp.PLAY, command))

    def strip(self, surface: pygame.Surface, rect: pygame.Rect, first: list[str],
              hints: Sequence[tuple[str, str]], confirm: bool, flips: bool) -> None:
        """The strip in ``rect``: ``first`` (the keyboard's ways in), Help, then those of
        ``hints`` that apply (Confirm while a move waits, the flip where the board turns)."""
        shown = [f"{self.name(inp.PLAY, command)} {words}" for command, words in hints
                 if (command != c.CONFIRM or confirm) and (command != c.FLIP_BOARD or flips)]
        turn_info.key_strip(surface, rect,
                            [*first, f"{self.name(inp.GLOBAL, c.HELP)} rules", *shown])
