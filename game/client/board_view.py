"""What every game's view keeps the same way (``game.client.view.GameView``'s setters): the
animation speed, whether the player may select, and the area to draw in.

A game's view subclasses ``BoardView`` and says what the area and a dropped selection mean
for it (``_fit``, ``_reset_selection``).
"""

from __future__ import annotations

import pygame


class BoardView:
    """The setters a scene calls on any game's view (see the module's docstring)."""

    def __init__(self, area: pygame.Rect) -> None:
        self._speed = 1.0
        """The animations' speed: 1 as designed, 0 none."""
        self._area = pygame.Rect(area)
        self._interactive = True

    def set_speed(self, speed: float) -> None:
        self._speed = speed

    def set_interactive(self, on: bool) -> None:
        """Hand the board to the player or take it back; either way the pending selection is
        dropped."""
        self._interactive = on
        self._reset_selection()

    def layout(self, rect: pygame.Rect) -> None:
        self._area = pygame.Rect(rect)
        self._fit()

    def _fit(self) -> None:
        """Fit the board to ``_area``."""
        raise NotImplementedError

    def _reset_selection(self) -> None:
        raise NotImplementedError
