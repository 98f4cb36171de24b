"""Hand-made Piously positions on the default temple, for the AI tests.

Default rooms (axial q,r): P 2,-4 2,-3 3,-4 4,-4 | I 3,-3 4,-3 5,-3 6,-3 |
O 2,-2 2,-1 3,-2 3,-1 | U 2,0 3,0 4,-2 4,-1 | S 0,0 1,0 1,1 2,1 | L 1,2 2,2 3,2 3,3 |
Y -1,4 0,2 0,3 1,3. The chain I 3,-3, P 2,-3, O 2,-2 and 2,-1, U 2,0, S 2,1, L 1,2, Y 0,2
touches every room.
"""

from __future__ import annotations

from typing import Final

from game.piously.rules.position import decode
from game.piously.rules.state import PiouslyState

LAYOUT: Final = "2,-4r0 3,-3r0 2,-2r0 2,0r0 0,0r0 1,2r0 -1,4r0"
CHAIN: Final = ("3,-3", "2,-3", "2,-2", "2,-1", "2,0", "2,1", "1,2", "0,2")
NOBODY_OWNS: Final = "." * 14


def position(
    white: tuple[str, ...],
    black: tuple[str, ...],
    pieces: tuple[str, str],
    to_move: str = "w",
    owners: str = NOBODY_OWNS,
    artworks: tuple[str, ...] = ("-",) * 7,
    actions: int = 3,
) -> PiouslyState:
    objects = " ".join((*pieces, *artworks))
    return decode(
        f"play {to_move} a{actions} c0 t10 l0|{LAYOUT}|s-|w{' '.join(white)}|"
        f"b{' '.join(black)}|o{objects}|{owners}"
    )


def chain_without(*gaps: str) -> tuple[str, ...]:
    return tuple(h for h in CHAIN if h not in gaps)


WIN_BY_BLESS: Final = position(chain_without("2,-1"), ("4,-3", "5,-3"), ("2,-1", "3,3"))
"""White stands on the chain's only gap: blessing it wins."""

WIN_BY_WALK: Final = position(chain_without("2,-1"), ("4,-3", "5,-3"), ("3,-1", "3,3"))
"""White is one step from the chain's only gap: a step and a blessing win."""

WIN_BY_SPELL: Final = position(
    chain_without("2,-1"),
    ("4,-3", "5,-3"),
    ("6,-3", "3,3"),
    owners="wb" + "." * 12,
    artworks=("2,-3", *("-",) * 6),
)
"""White's gap is four steps away, but White owns the Priestess and its artwork stands on
the chain: extending the region onto the gap wins at once."""

BLOCK: Final = position(
    ("4,-3", "5,-3", "6,-3"),
    chain_without("2,-1"),
    ("3,-1", "1,0"),
)
"""Black, next to its chain's only gap (2,-1), wins next turn unless White blocks it."""

NO_POISONED_CLAIM: Final = position(
    ("2,-4", "3,-4", "4,-4"),
    (*chain_without("2,-3"), "4,-3", "3,-2"),
    ("2,-3", "2,-2"),
)
"""White stands on the only way into the Pink room for Black's chain, and can claim its
spells. Taking either hands Black the other: the Purify blesses the hex under White's piece,
the Priestess (dropped next to Black's piece) extends the chain into the room. Both win, and
Black's chain is too thick to cut in one turn: the only defence is to stay and claim nothing."""

TWO_TURNS: Final = position(chain_without("2,-1", "0,2"), ("4,-3", "5,-3"), ("3,-1", "6,-3"))
"""White's chain has two gaps three steps apart, in the Orange and Yellow rooms: six actions,
so two turns, and Black is far from both and from winning."""
