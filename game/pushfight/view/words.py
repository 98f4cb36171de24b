"""Text about Push Fight, apart from its board view: the rules as the help screen shows them, a
move in words, and the per-seat figure (the plug-in hands these out; no pygame here).
"""

from __future__ import annotations

from typing import Any, Final

from game.core.pictures import HelpPicture
from game.core.text import counted
from game.pushfight.rules.board import NO_ANCHOR, square_name
from game.pushfight.rules.game import State
from game.pushfight.rules.notation import Setup, Turn, parse_move

HELP_TEXT: Final = (
    "<b>Goal.</b> Push one of your opponent's pieces off the board. A player who cannot "
    "push at all on their turn loses too.<br>"
    '<img src="push-off">'
    "<b>The board</b> has 26 squares in four ranks; the corners are holes. Thick <b>rails</b> "
    "run along the top of c4-g4 and the bottom of b1-f1: nothing crosses a rail. Every other "
    "edge, the short ends and the holes included, is open: a piece pushed across it falls.<br>"
    "<br><b>Pieces.</b> Each side has three <b>square</b> pieces (pushers) and two "
    "<b>round</b> ones. White's pieces carry a ring, Brown's a cross.<br><br>"
    "<b>Setup.</b> White places five pieces on files a-d, then Brown on files e-h. Click a "
    "piece in the tray under the board, then a square of your half, or drag it there (or "
    "just click squares: square pieces come first). Click a placed piece to pick it up "
    "again. <b>S</b> places the standard setup, <b>R</b> a random safe one. Press "
    "<b>Return</b> to confirm.<br><br>"
    "<b>A turn</b> is up to two moves, then exactly one push. <b>Move:</b> click one of "
    "your pieces to see every empty square it can reach (dots; it may turn corners), then "
    "click one, or drag the piece there. <b>Push:</b> click one of your square pieces, then "
    "the occupied square next to it (or drag onto it): the whole line shifts one square. "
    "A push may not move the <b>anchored</b> piece (the gold anchor, on the last pusher) "
    "and the line may not cross a rail. <b>U</b> or a right click takes back the last step "
    "of the turn; <b>Return</b> plays the turn.<br>"
    '<img src="turn">'
    "<b>Controls.</b> <b>F</b> flips the board (in replays too). The last turn stays "
    "marked: the squares it left and reached, its moves and push as arrows, and a piece "
    "pushed off where it fell. H asks for a hint. "
    "Ctrl+Z / Left takes back a whole turn, Ctrl+Y / Right plays it again, Up reviews the "
    "game, Space skips an animation, Esc pauses. Every key can be changed in Settings."
)

_STANDARD: Final = ".ox.....OXX....OOX.....ox. w 2"
"""Both standard setups placed, White to move."""
HELP_PICTURES: Final = {
    "push-off": HelpPicture(
        _STANDARD, ("c2-d2", "f3-f2", "d2-c1,c1-d1"),
        "White slid to c1 and pushed the bottom rank: Brown's piece fell through the hole "
        "at g1 (ringed), and Brown lost."),
    "turn": HelpPicture(
        _STANDARD, ("c2-b2,d3-e3",),
        "A turn: one move (c2 to b2), then the push d3 into e3; the line shifted one "
        "square and the anchor sits on the pusher."),
}
"""The positions the help pictures (``game.core.pictures``)."""


def figure(state: Any, seat: int) -> str:
    """A short per-seat figure for the side panel."""
    assert isinstance(state, State)
    if state.in_setup:
        return "setting up" if state.to_move == seat else (
            "set up" if seat < state.to_move else "sets up next")
    count = bin((state.white, state.brown)[seat]).count("1")
    anchored = state.anchor != NO_ANCHOR and state.owner(state.anchor) == seat
    return counted(count, "piece") + ("  ·  anchor" if anchored else "")


def describe(notation: str) -> str:
    """A move (not a resignation or a draw: the plug-in words those) in words, for the
    replay list and toasts. Raises NotationError."""
    move = parse_move(notation)
    if isinstance(move, Setup):
        return "Setup " + notation.split(" ", 1)[1]
    assert isinstance(move, Turn)
    moves = ", ".join(f"{square_name(a)}-{square_name(b)}" for a, b in move.slides)
    push = f"push {square_name(move.push[0])}-{square_name(move.push[1])}"
    return f"Move {moves}; {push}" if moves else push.capitalize()
