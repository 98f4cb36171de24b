"""Push Fight's sides have colours of their own, which its rules and help name (White and
Brown): the board draws them, and the plug-in says so, so the player colours from the
settings do not apply. Apart from the view, so the plug-in reads them without loading it."""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

WHITE_RGB: Final[RGB] = (236, 236, 230)
BROWN_RGB: Final[RGB] = (168, 108, 60)
