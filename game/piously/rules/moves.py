"""Piously's moves as small frozen values, and their notation (context-free; parses back).

==========================================  =============================================
``temple P2,-4r0 I3,-3r0 ... Y-1,4r0``      Black's temple: every room's anchor and turn
``place 2,-3``                              put the side to move's piece on a hex
``move 2,-3`` / ``bless`` / ``flip``        the actions on the piece
``drop P 2,-3`` / ``pickup P``              put down / take back an artwork (by room letter)
``end`` / ``end take Priestess``            end the turn, claiming a spell or not
``cast Priestess 2,-3``                     a spell with all of its choices (see below)
==========================================  =============================================

Casts: ``Purify 2,-3`` (the object's hex), ``Illusionist P I`` (rooms), ``Imprint``,
``Opportunist Leap`` (the spell recharged), ``Overwork``, ``Usurper 1,2 3,4 + 5,6 7,8``
(two removals, then up to two growths), ``Upset W.B..WB`` (the auras on your hex then its
neighbours N, NE, SE, S, SW, NW; ``.`` none), ``Stonemason P 3,-1r2`` (room and its new
placement), ``Shovel 4,-2``, ``Locksmith 2,-3 5,6`` (from, to), ``Leap 2,-3``,
``Yeoman 1,2>3,4 5,6>5,7`` (objects moved, from>to), ``Yoke 2,-3 NE`` (the object, the way).
Hexes are axial ``q,r``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Final, Generic, TypeVar, get_type_hints

from game.core.errors import NotationError
from game.piously.rules import spellbook as book
from game.piously.rules.hexes import DIRECTION_NAMES, Hex, format_hex, read_hex
from game.piously.rules.temple import ROOM_LETTERS, ROOMS, Layout, Placement, read_placement

# -- the words of the notation ---------------------------------------------------------------

_T = TypeVar("_T")


@dataclass(frozen=True)
class Word(Generic[_T]):
    """How one field of a move is written as a word, and read back (``read`` raises
    ValueError with the reason). A field's type carries its word: ``hex: HexArg``."""

    write: Callable[[_T], str]
    read: Callable[[str], _T]


def _room(text: str) -> int:
    index = ROOM_LETTERS.find(text.upper())
    if len(text) != 1 or index < 0:
        raise ValueError(f"{text[:12]!r} is not a room letter (P I O U S L Y)")
    return index


def _spell(text: str) -> int:
    info = book.BY_NAME.get(text.lower())
    if info is None:
        raise ValueError(f"{text[:20]!r} is not a spell")
    return info.id


def _direction(text: str) -> int:
    if text.upper() not in DIRECTION_NAMES:
        raise ValueError(f"{text[:8]!r} is not a direction ({' '.join(DIRECTION_NAMES)})")
    return DIRECTION_NAMES.index(text.upper())


_AURA_CHARS: Final = "WB."


def _pattern(text: str) -> tuple[int | None, ...]:
    pattern = text.upper()
    if len(pattern) != 7 or set(pattern) - set(_AURA_CHARS):
        raise ValueError("the Upset pattern is 7 of W, B or . (your hex, then N to NW)")
    return tuple(None if char == "." else _AURA_CHARS.index(char) for char in pattern)


HexArg = Annotated[Hex, Word(format_hex, read_hex)]
RoomArg = Annotated[int, Word(ROOM_LETTERS.__getitem__, _room)]
SpellArg = Annotated[int, Word(lambda spell: book.SPELLS[spell].name, _spell)]
DirectionArg = Annotated[int, Word(DIRECTION_NAMES.__getitem__, _direction)]
PlacementArg = Annotated[Placement, Word(str, read_placement)]
PatternArg = Annotated[
    tuple[int | None, ...],
    Word(lambda pattern: "".join(_AURA_CHARS[-1 if a is None else a] for a in pattern), _pattern),
]


def _count(args: list[str], count: int) -> list[str]:
    if len(args) != count:
        raise ValueError(f"expected {count} argument(s), found {len(args)}")
    return args


_WORDS: Final[dict[type, tuple[tuple[str, Word[Any]], ...]]] = {}


def _words(cls: type) -> tuple[tuple[str, Word[Any]], ...]:
    """A move class's fields, in order, each with the word its ``Annotated`` type carries
    (looked up once a class)."""
    words = _WORDS.get(cls)
    if words is None:
        hints = get_type_hints(cls, include_extras=True)
        fields = dataclasses.fields(cls)
        words = _WORDS[cls] = tuple((f.name, hints[f.name].__metadata__[0]) for f in fields)
    return words


_W = TypeVar("_W", bound="Worded")


class Worded:
    """A move written as its ``head`` then one word a field, in order (the field's type says
    how), and read back so. A move whose arguments are not a word a field overrides both
    ``arguments`` and ``read``."""

    head: ClassVar[str]

    def arguments(self) -> str:
        return " ".join(word.write(getattr(self, name)) for name, word in _words(type(self)))

    @classmethod
    def read(cls: type[_W], args: list[str]) -> _W:
        """The move from the words after its head. Raises ValueError."""
        words = _words(cls)
        _count(args, len(words))
        return cls(*(word.read(arg) for (_, word), arg in zip(words, args, strict=True)))

    def __str__(self) -> str:
        args = self.arguments()
        return f"{self.head} {args}" if args else self.head


# -- set-up and actions ----------------------------------------------------------------------


@dataclass(frozen=True)
class BuildTemple:
    layout: Layout

    def __str__(self) -> str:
        return "temple " + " ".join(
            f"{ROOM_LETTERS[room]}{p}" for room, p in enumerate(self.layout)
        )


@dataclass(frozen=True)
class PlacePiece(Worded):
    head: ClassVar[str] = "place"
    hex: HexArg


@dataclass(frozen=True)
class Step(Worded):
    """Move the piece to an adjacent hex with no object (one action)."""

    head: ClassVar[str] = "move"
    to: HexArg


@dataclass(frozen=True)
class Bless(Worded):
    """Give the hex under the piece your aura (one action)."""

    head: ClassVar[str] = "bless"


@dataclass(frozen=True)
class Flip(Worded):
    """Turn the opponent's aura under the piece into yours (two actions)."""

    head: ClassVar[str] = "flip"


@dataclass(frozen=True)
class Drop(Worded):
    """Put the artwork of ``room`` from your hand onto an adjacent free hex (one action)."""

    head: ClassVar[str] = "drop"
    room: RoomArg
    hex: HexArg


@dataclass(frozen=True)
class PickUp(Worded):
    """Take your artwork of ``room`` back from an adjacent hex (one action)."""

    head: ClassVar[str] = "pickup"
    room: RoomArg


@dataclass(frozen=True)
class EndTurn:
    """End the turn; ``claim`` is the spell taken from the room you stand in, if any."""

    claim: int | None = None

    def __str__(self) -> str:
        return "end" if self.claim is None else f"end take {book.SPELLS[self.claim].name}"


# -- casts -----------------------------------------------------------------------------------


class Cast(Worded):
    """Base of the fourteen cast moves: ``spell`` says which spell each one casts."""

    spell: ClassVar[int]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.head = f"cast {book.SPELLS[cls.spell].name}"


@dataclass(frozen=True)
class Priestess(Cast):
    spell: ClassVar[int] = book.PRIESTESS
    hex: HexArg


@dataclass(frozen=True)
class Purify(Cast):
    spell: ClassVar[int] = book.PURIFY
    hex: HexArg


@dataclass(frozen=True)
class Illusionist(Cast):
    spell: ClassVar[int] = book.ILLUSIONIST
    rooms: tuple[int, ...]
    """Sorted, without repeats (``illusionist`` builds it so)."""

    def arguments(self) -> str:
        return " ".join(ROOM_LETTERS[room] for room in self.rooms)

    @classmethod
    def read(cls, args: list[str]) -> Illusionist:
        if not args:
            raise ValueError("the Illusionist needs at least one room")
        return illusionist(_room(part) for part in args)


def illusionist(rooms: Iterable[int]) -> Illusionist:
    """An Illusionist cast over ``rooms``, in canonical order."""
    return Illusionist(tuple(sorted(set(rooms))))


@dataclass(frozen=True)
class Imprint(Cast):
    spell: ClassVar[int] = book.IMPRINT


@dataclass(frozen=True)
class Opportunist(Cast):
    spell: ClassVar[int] = book.OPPORTUNIST
    recharge: SpellArg


@dataclass(frozen=True)
class Overwork(Cast):
    spell: ClassVar[int] = book.OVERWORK


@dataclass(frozen=True)
class Usurper(Cast):
    spell: ClassVar[int] = book.USURPER
    removed: tuple[Hex, Hex]
    grown: tuple[Hex, ...] = ()

    def arguments(self) -> str:
        text = " ".join(format_hex(h) for h in self.removed)
        if self.grown:
            text += " + " + " ".join(format_hex(h) for h in self.grown)
        return text

    @classmethod
    def read(cls, args: list[str]) -> Usurper:
        removed, _, grown = " ".join(args).partition("+")
        out = [read_hex(part) for part in removed.split()]
        into = tuple(read_hex(part) for part in grown.split())
        if len(out) != 2 or len(into) > 2:
            raise ValueError("the Usurper removes two auras, then grows at most two")
        return Usurper((out[0], out[1]), into)


@dataclass(frozen=True)
class Upset(Cast):
    spell: ClassVar[int] = book.UPSET
    pattern: PatternArg
    """Auras for your hex, then its neighbours N, NE, SE, S, SW, NW (None: no aura)."""


@dataclass(frozen=True)
class Stonemason(Cast):
    spell: ClassVar[int] = book.STONEMASON
    room: RoomArg
    placement: PlacementArg


@dataclass(frozen=True)
class Shovel(Cast):
    spell: ClassVar[int] = book.SHOVEL_SPELL
    to: HexArg


@dataclass(frozen=True)
class Locksmith(Cast):
    spell: ClassVar[int] = book.LOCKSMITH
    source: HexArg
    to: HexArg


@dataclass(frozen=True)
class Leap(Cast):
    spell: ClassVar[int] = book.LEAP
    hex: HexArg


@dataclass(frozen=True)
class Yeoman(Cast):
    spell: ClassVar[int] = book.YEOMAN
    moves: tuple[tuple[Hex, Hex], ...]
    """(from, to) per object moved, sorted by ``from`` (``yeoman`` builds it so)."""

    def arguments(self) -> str:
        return " ".join(f"{format_hex(a)}>{format_hex(b)}" for a, b in self.moves)

    @classmethod
    def read(cls, args: list[str]) -> Yeoman:
        if not args:
            raise ValueError("the Yeoman moves at least one object (from>to)")
        pairs = []
        for part in args:
            source, arrow, target = part.partition(">")
            if not arrow:
                raise ValueError(f"{part[:20]!r} is not from>to")
            pairs.append((read_hex(source), read_hex(target)))
        return yeoman(pairs)


def yeoman(moves: Iterable[tuple[Hex, Hex]]) -> Yeoman:
    """A Yeoman cast moving objects ((from, to) hexes), in canonical order."""
    return Yeoman(tuple(sorted(moves)))


@dataclass(frozen=True)
class Yoke(Cast):
    spell: ClassVar[int] = book.YOKE
    hex: HexArg
    direction: DirectionArg
    """Index into ``DIRECTIONS`` (N, NE, SE, S, SW, NW)."""


Move = BuildTemple | PlacePiece | Step | Bless | Flip | Drop | PickUp | EndTurn | Cast
_CASTS: Final[tuple[type[Cast], ...]] = (
    Priestess, Purify, Illusionist, Imprint, Opportunist, Overwork, Usurper,
    Upset, Stonemason, Shovel, Locksmith, Leap, Yeoman, Yoke,
)  # fmt: skip

# -- parsing ---------------------------------------------------------------------------------


def parse_move(text: str) -> Move:
    """Read a move in the notation above (case-insensitive). Raises NotationError."""
    words = text.split()
    if not words or len(text) > 400:
        raise NotationError(f"{text.strip()[:40]!r} is not a Piously move")
    head, args = words[0].lower(), words[1:]
    try:
        return _PARSERS[head](args)
    except KeyError:
        raise NotationError(
            f"{text.strip()[:40]!r} is not a Piously move: start with temple, place, move, "
            "bless, flip, drop, pickup, end or cast"
        ) from None
    except (ValueError, IndexError) as err:
        raise NotationError(f"{text.strip()[:40]!r} is not a Piously move: {err}") from None


def _temple(args: list[str]) -> BuildTemple:
    _count(args, ROOMS)
    layout: list[Placement] = []
    for room, part in enumerate(args):
        if part[:1].upper() != ROOM_LETTERS[room]:
            raise ValueError(f"rooms come in the order {' '.join(ROOM_LETTERS)}")
        layout.append(read_placement(part[1:]))
    return BuildTemple(tuple(layout))


def _end(args: list[str]) -> EndTurn:
    if not args:
        return EndTurn()
    if len(args) != 2 or args[0].lower() != "take":
        raise ValueError("write 'end' or 'end take <spell>'")
    return EndTurn(_spell(args[1]))


def _cast(args: list[str]) -> Move:
    if not args:
        raise ValueError("name the spell")
    return _CAST_PARSERS[_spell(args[0])](args[1:])


_PARSERS: Final[dict[str, Callable[[list[str]], Move]]] = {
    "temple": _temple,
    "end": _end,
    "cast": _cast,
    **{move.head: move.read for move in (PlacePiece, Step, Bless, Flip, Drop, PickUp)},
}
_CAST_PARSERS: Final[dict[int, Callable[[list[str]], Move]]] = {
    cast.spell: cast.read for cast in _CASTS
}
