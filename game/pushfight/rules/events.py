"""What a Push Fight move does, as events the board view animates in wave order.

Squares are named (``d3``); ``board.INDEX_OF`` and ``board.coords`` turn them into places.
Waves: setup placements 0; the first slide 0, the second 1; the push 2; a fall 3; the anchor 4.
"""

from __future__ import annotations

from typing import Final

from game.core.protocol import Event

SLIDE_WAVES: Final = (0, 1)
PUSH_WAVE: Final = 2
FALL_WAVE: Final = 3
ANCHOR_WAVE: Final = 4


class PiecePlaced(Event):
    """A piece put on the board during setup."""

    square: str
    side: int
    pusher: bool


class PieceSlid(Event):
    """A piece slid through empty squares; ``path`` runs from start to end, corners included."""

    path: tuple[str, ...]
    side: int
    pusher: bool


class PiecesPushed(Event):
    """A square piece pushed: ``line`` holds the squares of every piece that shifted, pusher
    first, before the push; each moved one square towards ``direction``."""

    pusher_from: str
    pusher_to: str
    line: tuple[str, ...]
    direction: str


class PieceFell(Event):
    """The last piece of a pushed line left the board from ``square`` towards ``direction``."""

    square: str
    side: int
    pusher: bool
    direction: str


class AnchorPlaced(Event):
    """The anchor now sits on the piece on ``square``."""

    square: str
