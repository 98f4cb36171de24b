"""Text about Conquid, apart from its board view: the rules as the help screen shows them, a
move in words, and the per-seat figure (the plug-in hands these out; no pygame here).
"""

from __future__ import annotations

from typing import Any, Final

from game.conquid.rules.game import Acquire, Conquest, ConquidState, Vanquish, parse_move
from game.conquid.view.typed import moves_from as moves_from  # the move box reads it
from game.core.pictures import HelpPicture
from game.core.text import counted

HELP_TEXT: Final = (
    "<b>Goal.</b> Build an unbroken chain of your cells from your base to a cell touching "
    "your opponent's base, then declare <b>Conquest</b>. Cells touch only along edges, "
    "never at corners.<br>"
    '<img src="conquest">'
    "<b>A turn</b> is exactly one of:<br>"
    "<b>Acquire (A)</b>: claim three empty cells anywhere (all that remain when fewer than "
    "three are left). Click cells to select or deselect them.<br>"
    "<b>Conquer (C)</b>: every enemy cell with two or more of your cells among its four "
    "neighbours becomes yours; newly taken cells count at once, so conquests cascade in "
    "waves. A conquer that takes nothing is a pass.<br>"
    "<b>Vanquish (V)</b>: empty a 4x4 block whose 16 cells are all empty, all yours or all "
    "your opponent's, when at least four of your cells border it from outside. Click the "
    "block's top-left cell; legal corners are marked.<br>"
    "<b>Conquest (Q)</b>: when your chain links the bases, declare it and win. The path is "
    "shown before you confirm.<br>"
    '<img src="cascade"><img src="vanquish">'
    "<b>Bases</b> never change owner and never count for conquering, vanquishing or "
    "surrounding.<br><br>"
    "<b>Controls.</b> Choose a move kind with its key or button, preview it on the board, "
    "then press <b>Return</b> (or Confirm) to play it. <b>U</b> or a right click clears the "
    "selection. Ctrl+Z / Left takes back the last move, Ctrl+Y / Right plays it again, "
    "Up reviews the game, Space skips an animation, Esc pauses. Every key can be changed "
    "in Settings.<br><br>"
    "<b>Boards.</b> Small 7x14 with 1x1 bases (quick), medium 14x28 with 2x2 bases "
    "(standard), large 21x42 with 3x3 bases (the official size), or a custom size."
)


HELP_PICTURES: Final = {
    "conquest": HelpPicture(
        "14/14/14/4XxxxxO4/14/14/14 1 10", ("Q",),
        "Conquest: a chain of your cells links your base to a cell beside the other base."),
    "cascade": HelpPicture(
        "14/6xxx5/6ooo5/4X1x2O4/14/14/14 1 10", ("C",),
        "Conquer: each cell taken flanks the next; the row fell in three waves (dots: the "
        "last move)."),
    "vanquish": HelpPicture(
        "10oooo/10oooo/10oooo/4X4Ooooo/10xxx1/14/14 1 10", ("A 4,13 6,0 6,1", "C", "V 0,10"),
        "Vanquish: four of your cells bordered the enemy's 4x4 block; it is empty now."),
}
"""The positions the help pictures (``game.core.pictures``)."""


def figure(state: Any, seat: int) -> str:
    """A short per-seat figure for the side panel."""
    assert isinstance(state, ConquidState)
    return counted(state.count(seat), "cell")


def describe(notation: str) -> str:
    """A move (not a resignation or a draw: the plug-in words those) in words, for the
    replay list and toasts. Raises NotationError."""
    move = parse_move(notation)
    if isinstance(move, Acquire):
        return "Acquire " + "  ".join(f"{r},{c}" for r, c in move.cells)
    if isinstance(move, Vanquish):
        return f"Vanquish {move.corner[0]},{move.corner[1]}"
    return "Conquest" if isinstance(move, Conquest) else "Conquer"
