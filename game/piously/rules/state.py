"""A Piously position as an immutable value, and its compact text form.

Seats: 0 is White, 1 is Black. Objects are numbered: the two player pieces (0 White, 1 Black),
then the seven artworks by room (``ARTWORK + room``). An artwork not on the board is in its
owner's hand. Spells are owned by nobody (-1) until claimed. ``cast`` is a bit mask of the
spells the side to move has cast this turn (cleared, i.e. recharged, when the turn ends).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Final

from game.core.protocol import Outcome
from game.piously.rules.hexes import Hex
from game.piously.rules.spellbook import SPELLS
from game.piously.rules.temple import ROOMS, Temple

WHITE: Final = 0
BLACK: Final = 1
NOBODY: Final = -1
SEAT_NAMES: Final = ("White", "Black")
ARTWORK: Final = 2
"""Object number of room 0's artwork; room r's artwork is ``ARTWORK + r``."""
OBJECTS: Final = ARTWORK + ROOMS
ACTIONS_PER_TURN: Final = 3


class Phase(enum.Enum):
    TEMPLE = "temple"
    """Black arranges the seven rooms."""
    PLACE = "place"
    """White, then Black, puts their piece on a free hex."""
    PLAY = "play"


def object_name(obj: int) -> str:
    if obj < ARTWORK:
        return f"{SEAT_NAMES[obj]}'s piece"
    return f"the {SPELLS[2 * (obj - ARTWORK)].name} artwork"


@dataclass(frozen=True)
class PiouslyState:
    phase: Phase = Phase.TEMPLE
    to_move: int = BLACK
    temple: Temple | None = None
    auras: tuple[frozenset[Hex], frozenset[Hex]] = (frozenset(), frozenset())
    """White's aura hexes, Black's aura hexes."""
    objects: tuple[Hex | None, ...] = (None,) * OBJECTS
    owners: tuple[int, ...] = (NOBODY,) * len(SPELLS)
    actions: int = ACTIONS_PER_TURN
    cast: int = 0
    turn: int = 0
    """Turns completed since play began (each player's turn counts one)."""
    turn_limit: int = 0
    verdict: Outcome | None = None
    """The rules' verdict, worked out when the move that made this position was applied."""

    @cached_property
    def object_at(self) -> Mapping[Hex, int]:
        return {h: obj for obj, h in enumerate(self.objects) if h is not None}

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, name) for name in _FIELDS))

    def __hash__(self) -> int:
        """The dataclass's own hash (the same value), remembered: searches that merge
        transpositions hash a position several times."""
        return self._hash

    def aura(self, h: Hex) -> int | None:
        if h in self.auras[WHITE]:
            return WHITE
        if h in self.auras[BLACK]:
            return BLACK
        return None

    def piece(self, seat: int) -> Hex | None:
        return self.objects[seat]

    @property
    def built(self) -> Temple:
        """The temple, once Black has built it (every phase but the first)."""
        if self.temple is None:
            raise ValueError("the temple is not built yet")
        return self.temple

    def has_cast(self, spell: int) -> bool:
        return bool(self.cast >> spell & 1)

    def in_hand(self, seat: int) -> tuple[int, ...]:
        """Rooms whose artwork ``seat`` owns and holds off the board."""
        return rooms_in_hand(self.owners, self.objects, seat)


def rooms_in_hand(
    owners: tuple[int, ...], objects: tuple[Hex | None, ...], seat: int
) -> tuple[int, ...]:
    """``PiouslyState.in_hand`` from the two fields it reads (searches remember it by them)."""
    return tuple(
        room
        for room in range(ROOMS)
        if owners[2 * room] == seat and objects[ARTWORK + room] is None
    )


_FIELDS: Final = tuple(f.name for f in fields(PiouslyState))
_DERIVED: Final = tuple(
    name for name, value in vars(PiouslyState).items() if isinstance(value, cached_property)
)
"""What a state works out from its fields and keeps (``evolve`` drops them)."""


def evolve(state: PiouslyState, **changes: object) -> PiouslyState:
    """``dataclasses.replace`` for states, several times faster: the engine makes one or two
    new states per move, so this is on every search's hot path. Cached derived values (like
    ``object_at``) are not carried over."""
    new = object.__new__(PiouslyState)
    values = new.__dict__
    values.update(state.__dict__)
    for name in _DERIVED:
        values.pop(name, None)
    values.update(changes)
    return new
