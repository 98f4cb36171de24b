"""The side panel's controls beyond the move buttons, for a game played here: which apply
to this game and its seats, in rows of the panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.view import Flips, GameView
from game.core.match import Match

REMATCH = "rematch"
"""Side-panel only: once the game is over, start another with the same players and board."""
Row = list[tuple[str, str, str]]
"""A row of buttons: (words, command, tooltip) each."""


@dataclass(frozen=True)
class Live:
    """What decides which buttons are live."""

    match: Match
    human: bool
    """A person here is to move, at the game (not looking back)."""
    confirm: bool
    """A move waits to be confirmed."""
    people: bool
    """People play at this screen."""
    looking: bool
    """An earlier position is shown (a take back or redo would not be the one seen)."""
    animating: bool
    """Pieces are moving (what Skip ends)."""
    human_only: set[str]
    """The commands only the person to move may give."""
    offers: Callable[[str], bool]
    """Whether the board lets a button be live."""


def rows(people: bool, draw: bool, hint: bool, over: bool, wide: bool,
         key: Callable[[str, str], str], tip: Callable[[str, str], str],
         looks: Sequence[tuple[str, str, str]] = ()) -> list[Row]:
    """Take back and Redo where ``people`` play here; the endings (a draw where the game
    has ``draw`` offers), a ``hint``, Save, Review, Rematch once ``over``, Pause; three a
    row in a ``wide`` panel, else two (the move list needs the height more). The ways of
    looking (``looks``: Flip board, which has its key) take a free place in a row, never
    a row of their own."""
    found: list[Row] = []
    if people:
        found.append([("Take back", c.TAKE_BACK, tip(inp.PLAY, c.TAKE_BACK)),
                      ("Redo", c.REDO, tip(inp.PLAY, c.REDO))])
    rest = [("Resign", c.RESIGN, "Give up this game")] if people else []
    if draw:
        rest.append(("Offer draw", c.OFFER_DRAW, tip(inp.PLAY, c.OFFER_DRAW)))
    if people and hint:
        rest.append(("Hint", c.HINT, tip(inp.PLAY, c.HINT)))
    rest += [("Save", c.SAVE, tip(inp.GLOBAL, c.SAVE)),
             ("Review", inp.REVIEW, tip(inp.PLAY, inp.REVIEW))]
    if over:  # a rematch applies only then
        rest.append(("Rematch", REMATCH, "A new game with the same players and board"))
    per_row = 3 if wide else 2
    spare = list(looks)
    if spare and (len(rest) + 1) % per_row:  # a free place in Pause's row
        rest.append(spare.pop(0))
    if spare and found and len(found[0]) < per_row:  # or beside Take back and Redo
        found[0].append(spare.pop(0))
    rest.append((f"Pause ({key(inp.PLAY, c.BACK)})", c.BACK,
                 "Save, settings, help or back to the menu"))
    return found + [rest[i:i + per_row] for i in range(0, len(rest), per_row)]


def flip_row(view: object, key_tip: str) -> Row:
    """The Flip board button where the board turns round (``Flips``): the rows give it a
    free place if they have one (F and the message strip name it anyway)."""
    if not isinstance(view, Flips):
        return []
    return [("Flip board", c.FLIP_BOARD, "Turn the board round. " + key_tip)]


def human_only(view: GameView) -> set[str]:
    """The commands only the person to move may give: the view's moves, choosing and
    confirming one, resigning, offering a draw and asking for a hint."""
    moves = {action.id for action in view.actions}
    return moves | {c.SELECT, c.CONFIRM, c.RESIGN, c.OFFER_DRAW, c.HINT}


def enabled(name: str, live: Live) -> bool:
    """Whether the panel button ``name`` applies now, as ``live`` says of the game."""
    if name == c.CONFIRM:  # only when a move waits to be confirmed
        return live.confirm and live.offers(name)
    if name in live.human_only:
        return live.human and live.offers(name)
    return {
        c.TAKE_BACK: live.match.can_undo and live.people and not live.looking,
        c.REDO: live.match.can_redo and live.people and not live.looking,
        c.CLEAR: live.human,
        c.SKIP: live.animating,
        REMATCH: live.match.is_over,
    }.get(name, True)
