"""The pages a seat at an online table is taken from (play online, the lobby): while a seat
is waited for, a box over the page says what for, with Cancel alone under it; Back (its
button, Cancel or Esc) stops the waiting, else leaves the page."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.app.scene import Pop, Scene, Transition
from game.client.draw import fonts, palette
from game.client.match.online import OnlineGame
from scenes.common import button, centred_box, veiled_box
from scenes.online.games import trying_again

Line = tuple[str, int, tuple[int, int, int]]
"""A line of the waiting box: its words, their size and colour (over 40: bold)."""


class SeatPage(Scene):
    """A page where a seat is taken, and waited for in a box over the page."""

    box_height = 260
    """The waiting box's height (at most: a low window has it lower)."""

    def waiting(self) -> bool:
        """A seat (or anything else the box shows) is being waited for."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Stop waiting: the seat is given up."""
        raise NotImplementedError

    def waiting_lines(self, width: int) -> list[Line]:
        """What the box says, in lines at most ``width`` wide."""
        raise NotImplementedError

    def back(self) -> Transition | None:
        """Back, Cancel or Esc: while waiting, stop and show the page again; else leave."""
        if not self.waiting():
            return Pop()
        self.cancel()
        self._build_root()
        return None

    def cancel_button(self, size: tuple[int, int], row: int, tooltip: str) -> Any:
        """The waiting box's Cancel button, for a window of ``size``."""
        box = centred_box(size, 620, self.box_height)
        return button(self, pygame.Rect(box.centerx - 80, box.bottom - row - 16, 160, row),
                      "Cancel", tooltip)

    def draw_waiting(self, surface: pygame.Surface) -> None:
        box = centred_box(surface.get_size(), 620, self.box_height)
        veiled_box(surface, box)
        y = box.y + 24
        for text, size, colour in self.waiting_lines(box.w - 32):
            words = fonts.fit(text, size, colour, box.w - 32, size > 40)
            surface.blit(words, words.get_rect(midtop=(box.centerx, y)))
            y += words.get_height() + 14


def connecting(pending: OnlineGame, width: int) -> list[Line]:
    """The box's lines while the seat's link is not up yet: connecting, and why it is
    tried again, if it is (whole where it fits in ``width``)."""
    trouble = trying_again(pending)
    reason = fonts.wrap(trouble, 20, width)[:3] if trouble else []
    return [("Connecting...", 30, palette.TEXT), *((part, 20, palette.MUTED) for part in reason)]
