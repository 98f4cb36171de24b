"""Piously's rules as the help screen shows them, with every spell's text from the rules."""

from __future__ import annotations

from typing import Final

from game.core.pictures import HelpPicture
from game.piously.rules.spellbook import SPELLS
from game.piously.rules.temple import ROOM_NAMES

_KINDS: Final = ("artwork", "bewitchment")

_SPELL_LIST: Final = "<br>".join(
    f"<b>{info.name}</b> ({ROOM_NAMES[info.room]} {_KINDS[info.kind]}): {info.text}"
    for info in SPELLS
)

HELP_TEXT: Final = (
    "<b>Goal.</b> Link your auras into one region that touches all seven rooms of the "
    "temple: Pink, Indigo, Orange, Umber, Sapphire, Lime and Yellow.<br>"
    '<img src="win" tall>'
    "<b>Set-up.</b> Black builds the temple: drag rooms onto the grid (they snap), turn the "
    "grabbed room with <b>R</b> or the mouse wheel, or take the <b>Default</b> or a "
    "<b>Random</b> (<b>N</b>) layout. Every room must touch at least two others and the "
    "temple must hold together; the reason is shown while it does not. <b>Return</b> builds "
    "it. Then White, then Black click a free hex to place their piece. White plays first."
    "<br><br>"
    "<b>A turn</b> has three actions. <b>Move</b>: click a dot next to your piece (1 action). "
    "<b>Bless</b>: click your own piece or press <b>B</b>: an empty hex under you gets your "
    "aura (1 action), an opponent's aura is flipped (2 actions). <b>Drop</b> (<b>D</b>, or "
    "click the artwork's spell) and <b>Pick up</b> (<b>P</b>; with two in reach, then a "
    "click on one) move an artwork you own to or from a hex next to you (1 action). A click "
    "on the board means a step: it never picks up. Spells cost no action: each "
    "may be cast once a turn. <b>E</b> ends the turn.<br><br>"
    "<b>The board.</b> Every hex carries a label: its room's letter and a number (P1 to "
    "Y4; the Shovel's hex is Sh). Moves, hints and reasons name hexes by these labels, and "
    "a label stays with its hex when the Stonemason moves the room. Pieces are pawns, auras "
    "are discs, artworks are squares with their room's letter, framed in their owner's "
    "colour. The last turn stays marked until the next one begins: each hex it changed "
    "ringed in white, each slide an arrow, each action numbered in order.<br>"
    '<img src="temple" tall>'
    "<b>Claims.</b> Ending your turn in a room whose two spells nobody owns lets you claim "
    "one of them in the panel over the spells: its <b>artwork</b> (1) or its "
    "<b>bewitchment</b> (2), or neither (3); the other player gets the other one. An "
    "artwork works only while it stands on one of its owner's auras; its spell acts from its "
    "linked region (the auras joined to the hex it stands on). A bewitchment works from your "
    "piece.<br><br>"
    "<b>Charged spells.</b> A spell is <b>charged</b> (ready) unless its owner cast it this "
    "turn; every spell recharges when a turn ends. A claimed spell is charged at once: the "
    "other player can cast the spell they received in the turn that starts right then, the "
    "claimer theirs from their next turn. An artwork starts in its owner's hand: put it down "
    "next to your piece (1 action) on one of your auras before its spell can be cast.<br><br>"
    "<b>Casting.</b> Click a spell in the panel (a green frame: castable now; hover for its "
    "text and why it cannot be cast). Each choice's legal targets are outlined; once the "
    "cast is whole the board shows a preview: <b>Return</b> casts, <b>U</b> (or a right "
    "click) steps back a choice and cancels from the first. The Stonemason's room follows "
    "the pointer: green dots mark where it fits turned as it is, <b>R</b> or the wheel "
    "turns it, a click places it.<br>"
    '<img src="leap" tall><img src="stonemason" tall>'
    "<b>Hints.</b> A hint (and a lesson's <b>Show me</b>) is drawn on the board in green, "
    "where it acts: <b>Return</b> plays it, <b>U</b> drops it and leaves a half-made cast "
    "as it was.<br><br>"
    "<b>The spells.</b><br>" + _SPELL_LIST + "<br><br>"
    "<b>Controls.</b> Hover a hex to see its room, aura and object. Ctrl+Z / Left takes back "
    "a move, Ctrl+Y / Right plays it again, Up reviews the game, Space skips an animation, "
    "Esc pauses. Every key can be changed in Settings."
)


_LAYOUT: Final = "play w a3 c0 t12 l0|2,-4r0 3,-3r0 2,-2r0 2,0r0 0,0r0 1,2r0 -1,4r0|s-|"
"""The default temple, White to play with three actions (the start of a position's text)."""

HELP_PICTURES: Final = {
    "win": HelpPicture(
        _LAYOUT + "w0,3 1,1 1,2 2,-3 2,-2 2,0 3,-3|b3,-1 4,-3 4,-1 5,-3|o2,-1 5,-3 - - - - - - -"
        "|..............", ("bless",),
        "A win: White blessed the gap under the piece, joining two regions into one that "
        "touches all seven rooms."),
    "temple": HelpPicture(
        _LAYOUT + "w1,1 2,1|b2,0 3,0|o2,1 3,0 - - - - - - -|..............", (),
        "The temple: seven rooms of four hexes, each hex labelled by its room's letter and "
        "a number."),
    "leap": HelpPicture(
        _LAYOUT + "w2,-4|b2,2|o2,-4 2,2 - - - - - - -|..........bw..", ("cast Leap 2,2",),
        "The Leap: White swapped places with Black's piece at the far end of a straight, "
        "unbroken line."),
    "stonemason": HelpPicture(
        _LAYOUT + "w-1,4|b5,-3|o1,1 5,-3 - - - - -1,4 - -|........wb....",
        ("cast Stonemason Y -2,3r1",),
        "The Stonemason: White moved the Yellow room, its aura and artwork too; every room "
        "still touches two others."),
}
"""The positions the help pictures (``game.core.pictures``), taken from the lessons."""
