"""Hand-written Conquid positions (``decode_state`` text) for the AI tests."""

from __future__ import annotations

from typing import Final

from game.conquid.rules.game import ConquidState, decode_state

EMPTY_ROW: Final = "28"

# Player 1 to move owns a chain along row 3: declaring conquest wins.
WIN_NOW: Final = "14/14/14/4XxxxxO4/14/14/14 1 6"

# Player 2 owns a chain along row 3; only player 1's Conquer (taking 3,6) breaks it.
BREAK_BY_CONQUER: Final = "14/14/6x7/4XooooO4/6x7/14/14 1 6"

# Player 2's chain runs along row 6 through a 4x4 block of its cells (rows 6-9, cols 10-13)
# that four of player 1's cells border from below: only ``V 6,10`` breaks it.
BREAK_BY_VANQUISH: Final = "/".join(
    [EMPTY_ROW] * 6
    + ["4XX" + "o" * 16 + "OO4", "4XX4oooo8OO4", "10oooo14", "10oooo14", "10xxxx14"]
    + [EMPTY_ROW] * 3
) + " 1 20"


def position(text: str) -> ConquidState:
    return decode_state(text)

# Player 1 to move needs two more cells (3,7 and 3,8) for a chain nobody can break.
CHAIN_IN_ONE: Final = "14/14/14/4Xxx2O4/14/14/14 1 4"
