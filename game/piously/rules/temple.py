"""The temple: seven tetrahex rooms placed on the hex grid, and the Shovel's singleton hex.

Each room has a fixed shape (docs/piously.md gives them, in the default layout). A room is
placed by an anchor (where its first hex goes) and a rotation in 60-degree steps; rooms are
never mirrored. The building rules, checked when Black builds and whenever the Stonemason moves
a room: no two rooms overlap, each room shares an edge with at least two other rooms, and the
28 room hexes are connected. The Shovel's hex counts for none of these.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final, NamedTuple

from game.piously.rules.bitboard import Bitboard, moved
from game.piously.rules.hexes import (
    DIRECTIONS,
    TABLE_RADIUS,
    Hex,
    axial,
    flood,
    format_hex,
    hex_at,
    on_table,
    read_hex,
    rotate,
)

ROOM_LETTERS: Final = "PIOUSLY"
ROOM_NAMES: Final = ("Pink", "Indigo", "Orange", "Umber", "Sapphire", "Lime", "Yellow")
ROOMS: Final = 7
SHOVEL: Final = 7
"""What ``Temple.room_of`` reports for the Shovel's hex: it belongs to no room."""

_DEFAULT_HEXES: Final = (
    ((2, -4), (2, -3), (3, -4), (4, -4)),
    ((3, -3), (4, -3), (5, -3), (6, -3)),
    ((2, -2), (2, -1), (3, -2), (3, -1)),
    ((2, 0), (3, 0), (4, -2), (4, -1)),
    ((0, 0), (1, 0), (1, 1), (2, 1)),
    ((1, 2), (2, 2), (3, 2), (3, 3)),
    ((-1, 4), (0, 2), (0, 3), (1, 3)),
)
SHAPES: Final = tuple(
    tuple(hex_at(q - hexes[0][0], r - hexes[0][1]) for q, r in hexes) for hexes in _DEFAULT_HEXES
)
"""Each room's hexes as offsets from its anchor (its first hex), unrotated."""
ROTATED: Final = tuple(
    tuple(tuple(rotate(h, k) for h in shape) for k in range(6)) for shape in SHAPES
)
"""``ROTATED[room][k]``: the room's offsets turned ``k`` x 60 degrees clockwise."""
_HALOS: Final = tuple(
    tuple(
        tuple(sorted({o + d for o in offsets for d in DIRECTIONS} - set(offsets)))
        for offsets in turned
    )
    for turned in ROTATED
)
"""``_HALOS[room][k]``: offsets next to the turned room but outside it."""


def room_label(room: int) -> str:
    """``Pink (P)``, for messages."""
    return f"{ROOM_NAMES[room]} ({ROOM_LETTERS[room]})"


class Placement(NamedTuple):
    """Where one room lies: its first hex at ``anchor``, turned ``rotation`` x 60 degrees.
    A named tuple rather than a dataclass: layouts are hashed on every lookup of the search
    caches keyed by a temple's shape, and a tuple hashes in C (to the same value as the
    frozen dataclass it was, ``hash((anchor, rotation))``)."""

    anchor: Hex
    rotation: int = 0

    def hexes(self, room: int) -> tuple[Hex, ...]:
        """The room's hexes, in shape order (a moved room maps contents by this order)."""
        return tuple(self.anchor + o for o in ROTATED[room][self.rotation % 6])

    def __str__(self) -> str:
        return f"{format_hex(self.anchor)}r{self.rotation}"


def read_placement(text: str) -> Placement:
    """A placement as ``str`` writes it (``3,-1r2``), in any case. Raises ValueError."""
    anchor, _, rotation = text.lower().partition("r")
    if rotation not in ("0", "1", "2", "3", "4", "5"):
        raise ValueError(f"{text[:20]!r} needs a turn r0 to r5, like 3,-1r2")
    return Placement(read_hex(anchor), int(rotation))


Layout = tuple[Placement, ...]
"""Seven placements, in ``ROOM_LETTERS`` order."""

DEFAULT_LAYOUT: Final[Layout] = tuple(Placement(hex_at(*hexes[0]), 0) for hexes in _DEFAULT_HEXES)


@dataclass(frozen=True)
class Temple:
    """A built temple: the rooms' placements and, once summoned, the Shovel's hex."""

    layout: Layout
    shovel: Hex | None = None

    @cached_property
    def room_of(self) -> Mapping[Hex, int]:
        """Every hex of the board and its room (``SHOVEL`` for the singleton)."""
        rooms = {h: room for room, p in enumerate(self.layout) for h in p.hexes(room)}
        if self.shovel is not None:
            rooms[self.shovel] = SHOVEL
        return rooms

    @cached_property
    def adjacency(self) -> Mapping[Hex, tuple[Hex, ...]]:
        """Each hex of the board and its neighbours on the board (regions walk this)."""
        room_of = self.room_of
        return {h: tuple(h + d for d in DIRECTIONS if h + d in room_of) for h in room_of}

    @cached_property
    def room_moves_cache(self) -> dict[int, tuple[Placement, ...]]:
        """Memo of ``room_moves`` (a pure function of this temple)."""
        return {}

    @cached_property
    def room_can_move_cache(self) -> dict[int, bool]:
        """Memo of ``room_can_move``: asked far more often than the whole list is wanted."""
        return {}

    @cached_property
    def _hash(self) -> int:
        return hash((self.layout, self.shovel))

    def __hash__(self) -> int:
        """The dataclass's own hash, remembered: searches hash every position they keep,
        and a temple's seven placements each cost a call."""
        return self._hash

    @cached_property
    def room_hexes(self) -> tuple[tuple[Hex, ...], ...]:
        return tuple(p.hexes(room) for room, p in enumerate(self.layout))

    def has(self, h: Hex) -> bool:
        return h in self.room_of

    def moved(self, room: int, placement: Placement) -> Temple:
        layout = list(self.layout)
        layout[room] = placement
        return Temple(tuple(layout), self.shovel)


# -- the building rules ------------------------------------------------------------------


def layout_problem(layout: Sequence[Placement]) -> str | None:
    """Why ``layout`` breaks the building rules, or None when it is a valid temple."""
    if len(layout) != ROOMS:
        return f"a temple has {ROOMS} rooms, not {len(layout)}"
    occupied: dict[Hex, int] = {}
    for room, placement in enumerate(layout):
        for h in placement.hexes(room):
            if not on_table(h):
                return f"the {room_label(room)} room lies off the table"
            if h in occupied:
                other = room_label(occupied[h])
                return f"the {other} and {room_label(room)} rooms overlap"
            occupied[h] = room
    for room, touched in enumerate(_touching(occupied)):
        if len(touched) < 2:
            count = "no other room" if not touched else "only one other room"
            return f"the {room_label(room)} room touches {count}: each room must touch two"
    if len(_components(occupied)) > 1:
        return "the temple is split in parts: every room must be reachable from every other"
    return None


def _touching(occupied: Mapping[Hex, int]) -> list[set[int]]:
    touched: list[set[int]] = [set() for _ in range(ROOMS)]
    for h, room in occupied.items():
        for d in DIRECTIONS:
            other = occupied.get(h + d)
            if other is not None and other != room:
                touched[room].add(other)
    return touched


def _components(occupied: Mapping[Hex, int]) -> list[set[Hex]]:
    """Edge-connected parts of a set of hexes."""
    left = set(occupied)
    parts: list[set[Hex]] = []
    while left:
        part = flood(left, left.pop())
        left -= part
        parts.append(part)
    return parts


# -- moving a room (the Stonemason) --------------------------------------------------------


def room_moves(temple: Temple, room: int) -> tuple[Placement, ...]:
    """Every placement ``room`` may be moved to, the building rules kept (its own excluded).

    Remembered per temple, which is shared by every position until a room or the Shovel
    moves, so searches pay for it once.
    """
    cache = temple.room_moves_cache
    if room not in cache:
        cache[room] = tuple(_room_moves(temple, room))
    return cache[room]


def room_can_move(temple: Temple, room: int) -> bool:
    """Whether ``room`` may be moved anywhere: ``bool(room_moves(...))``, but the search stops
    at the first placement found. Whether the Stonemason can be cast is asked at every random
    move, on a temple often new (the last cast moved a room), where the whole list is rarely
    wanted."""
    if room in temple.room_moves_cache:
        return bool(temple.room_moves_cache[room])
    cache = temple.room_can_move_cache
    if room not in cache:
        cache[room] = next(_room_moves(temple, room), None) is not None
    return cache[room]


def _room_moves(temple: Temple, room: int) -> Iterator[Placement]:
    """The search behind ``room_moves``, in its order. The other six rooms are examined
    once; then, for each turn of the room, the spots where it would overlap a room or touch
    too few are ruled out for all spots at once, as sets of hexes on a bitboard, so only the
    spots that pass those cost a check of their own."""
    rest = {h: r for h, r in temple.room_of.items() if r != room and r != SHOVEL}
    touch = _touching(rest)
    if any(not touch[r] for r in range(ROOMS) if r != room):
        return  # a room left touching nothing cannot reach two neighbours again
    needy = [r for r in range(ROOMS) if r != room and len(touch[r]) == 1]
    part_of_room: dict[int, int] = {}
    for index, part in enumerate(_components(rest)):
        for h in part:
            part_of_room[rest[h]] = index
    parts = set(part_of_room.values())
    board = Bitboard.around(temple.room_of, margin=_REACH)
    others = [r for r in range(ROOMS) if r != room]
    rooms = {r: board.bits(temple.room_hexes[r]) for r in others}
    standing = board.bits(rest)
    blocked = standing if temple.shovel is None else standing | board.bits((temple.shovel,))
    frontier = 0
    for d in DIRECTIONS:
        frontier |= moved(standing, board.shift(d))
    frontier &= ~blocked
    current = temple.layout[room]
    for rotation in range(6):
        back = [board.shift(-o) for o in ROTATED[room][rotation]]
        anchors = overlap = 0
        for shift in back:
            anchors |= moved(frontier, shift)  # a hex of the room next to the temple
            overlap |= moved(blocked, shift)
        anchors &= ~overlap
        halo = [board.shift(-o) for o in _HALOS[room][rotation]]
        near = {}  # the anchors where the room turned so would touch room r
        once = twice = 0
        for r in others:
            bits = 0
            for shift in halo:
                bits |= moved(rooms[r], shift)
            near[r] = bits
            twice |= once & bits
            once |= bits
        anchors &= twice  # touching two rooms at least
        for r in needy:
            anchors &= near[r]  # and every room that would be left touching only one
        for bit, anchor in board.members(anchors):
            if len(parts) > 1 and {part_of_room[r] for r in others if near[r] & bit} != parts:
                continue
            placement = Placement(anchor, rotation)
            if placement == current or not _within_table(placement, room):
                continue
            if temple.shovel is not None and not _shovel_attached(
                temple.shovel, rest, placement.hexes(room)
            ):
                continue
            yield placement


_REACH: Final = 6
"""Room around the temple on the Stonemason's bitboard: its search moves a set of hexes at
most 4 along q or r (a step off the temple then back by a turned room's offset, 1 + 3; or
back by a halo's, 4), so no set spills off the board or wraps into the next row."""


def move_problem(temple: Temple, room: int, placement: Placement) -> str | None:
    """Why the Stonemason may not move ``room`` to ``placement``, or None."""
    if placement == temple.layout[room]:
        return "the room must move or turn"
    layout = list(temple.layout)
    layout[room] = placement
    problem = layout_problem(layout)
    if problem is not None:
        return problem
    if temple.shovel is not None:
        if temple.shovel in placement.hexes(room):
            return "the room would cover the Shovel's hex"
        rest = {h: r for h, r in temple.room_of.items() if r not in (room, SHOVEL)}
        if not _shovel_attached(temple.shovel, rest, placement.hexes(room)):
            return "the Shovel's hex would be left floating free of the temple"
    return None


def _shovel_attached(shovel: Hex, rest: Mapping[Hex, int], moved: Iterable[Hex]) -> bool:
    around = {shovel + d for d in DIRECTIONS}
    return any(h in rest for h in around) or any(h in around for h in moved)


def _within_table(placement: Placement, room: int) -> bool:
    q, r = axial(placement.anchor)
    if abs(q) <= TABLE_RADIUS - 4 and abs(r) <= TABLE_RADIUS - 4:
        return True
    return all(on_table(h) for h in placement.hexes(room))


# -- layouts -------------------------------------------------------------------------------


def random_layout(rng: random.Random) -> Layout:
    """A valid temple drawn with ``rng``: rooms laid one by one against the ones placed.

    Each room prefers a spot touching two rooms already down, so the result usually passes at
    the first try; a failed try is simply drawn again.
    """
    while True:
        order = list(range(ROOMS))
        rng.shuffle(order)
        occupied: dict[Hex, int] = {}
        layout: list[Placement | None] = [None] * ROOMS
        for room in order:
            if not occupied:
                placement = Placement(hex_at(0, 0), rng.randrange(6))
            else:
                placement = rng.choice(_spots(room, occupied))
            layout[room] = placement
            for h in placement.hexes(room):
                occupied[h] = room
        built = tuple(p for p in layout if p is not None)
        if layout_problem(built) is None:
            return built


def _spots(room: int, occupied: Mapping[Hex, int]) -> list[Placement]:
    frontier = {h + d for h in occupied for d in DIRECTIONS} - set(occupied)
    snug: list[Placement] = []
    loose: list[Placement] = []
    for rotation in range(6):
        offsets = ROTATED[room][rotation]
        halo = _HALOS[room][rotation]
        for anchor in sorted({f - o for f in frontier for o in offsets}):
            if any(anchor + o in occupied for o in offsets):
                continue
            touched = {occupied[anchor + o] for o in halo if anchor + o in occupied}
            (snug if len(touched) >= 2 else loose).append(Placement(anchor, rotation))
    return snug or loose
