"""The fourteen spells as data: each room's artwork and bewitchment, with the seed's text.

A spell's id is ``room * 2 + kind`` (kind 0 the artwork, 1 the bewitchment), so a room's pair
is ``2 * room`` and ``2 * room + 1``. Names are unique and appear in the move notation.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from game.piously.rules.temple import ROOMS


class Kind(enum.IntEnum):
    ARTWORK = 0
    BEWITCHMENT = 1


@dataclass(frozen=True)
class SpellInfo:
    id: int
    name: str
    room: int
    kind: Kind
    text: str
    """What the spell does, close to the seed's wording (help screens, tooltips)."""


_TABLE: Final = (
    (
        "Priestess",
        "Extend the linked region by one aura on any hex adjacent to it "
        "(an opponent aura there is replaced).",
    ),
    (
        "Purify",
        "Bless the hex under an adjacent object (the other player's piece or an "
        "artwork) without an action: an empty hex gets your aura, an opponent aura is flipped.",
    ),
    (
        "Illusionist",
        "Choose any rooms that hold a hex of the linked region; in each, flip every "
        "aura to the opposite colour, your own included.",
    ),
    (
        "Imprint",
        "Copy the auras under the opponent and its six neighbours onto your hex and your "
        "neighbours, same orientation; empty hexes are copied too, missing hexes copy nothing.",
    ),
    (
        "Opportunist",
        "Choose a room holding a hex of the linked region and recharge the spell you "
        "own of that room, if you cast it this turn (never the Opportunist itself).",
    ),
    ("Overwork", "Gain one action for each artwork or player piece next to you."),
    (
        "Usurper",
        "Remove two auras of the linked region from the board (the region is measured "
        "again after the first), then extend it up to twice as the Priestess does.",
    ),
    (
        "Upset",
        "Rearrange the auras under you and on your adjacent hexes as you please, without "
        "flipping any.",
    ),
    (
        "Stonemason",
        "Choose a room holding a hex of the linked region and move the whole room "
        "anywhere, turned if you like, with its auras and objects, keeping the building rules.",
    ),
    (
        "Shovel",
        "Summon the singleton hex to a space without a hex next to you (not while you "
        "stand on it); its aura and object stay on it. The first cast creates it.",
    ),
    (
        "Locksmith",
        "Move an object standing on a hex of the linked region (the Locksmith itself "
        "included) to any hex without an object.",
    ),
    (
        "Leap",
        "Swap places with any object in one of your rows (the three straight lines "
        "through your hex), if no space without a hex lies between you.",
    ),
    (
        "Yeoman",
        "Choose any rooms holding a hex of the linked region; in each, move the objects "
        "inside it to any hexes of the same room.",
    ),
    (
        "Yoke",
        "Choose any object but your own piece; move your piece and that object one hex in "
        "the same direction, both onto free hexes (or the one the other is leaving).",
    ),
)

SPELLS: Final = tuple(
    SpellInfo(index, name, index // 2, Kind(index % 2), text)
    for index, (name, text) in enumerate(_TABLE)
)
assert len(SPELLS) == 2 * ROOMS
BY_NAME: Final = {info.name.lower(): info for info in SPELLS}

PRIESTESS, PURIFY, ILLUSIONIST, IMPRINT, OPPORTUNIST, OVERWORK, USURPER, UPSET = range(8)
STONEMASON, SHOVEL_SPELL, LOCKSMITH, LEAP, YEOMAN, YOKE = range(8, 14)


def spell_of(room: int, kind: Kind) -> int:
    return room * 2 + kind


def partner(spell: int) -> int:
    """The other spell of the same room."""
    return spell ^ 1


def is_artwork(spell: int) -> bool:
    return spell % 2 == Kind.ARTWORK
