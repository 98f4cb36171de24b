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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Final

from game.core.errors import NotationError
from game.piously.rules import spellbook as book
from game.piously.rules.hexes import DIRECTION_NAMES, Hex, format_hex, parse_hex
from game.piously.rules.temple import ROOM_LETTERS, ROOMS, Layout, Placement

# -- set-up and actions ----------------------------------------------------------------------


@dataclass(frozen=True)
class BuildTemple:
    layout: Layout

    def __str__(self) -> str:
        return "temple " + " ".join(
            f"{ROOM_LETTERS[room]}{p}" for room, p in enumerate(self.layout)
        )


@dataclass(frozen=True)
class PlacePiece:
    hex: Hex

    def __str__(self) -> str:
        return f"place {format_hex(self.hex)}"


@dataclass(frozen=True)
class Step:
    """Move the piece to an adjacent hex with no object (one action)."""

    to: Hex

    def __str__(self) -> str:
        return f"move {format_hex(self.to)}"


@dataclass(frozen=True)
class Bless:
    """Give the hex under the piece your aura (one action)."""

    def __str__(self) -> str:
        return "bless"


@dataclass(frozen=True)
class Flip:
    """Turn the opponent's aura under the piece into yours (two actions)."""

    def __str__(self) -> str:
        return "flip"


@dataclass(frozen=True)
class Drop:
    """Put the artwork of ``room`` from your hand onto an adjacent free hex (one action)."""

    room: int
    hex: Hex

    def __str__(self) -> str:
        return f"drop {ROOM_LETTERS[self.room]} {format_hex(self.hex)}"


@dataclass(frozen=True)
class PickUp:
    """Take your artwork of ``room`` back from an adjacent hex (one action)."""

    room: int

    def __str__(self) -> str:
        return f"pickup {ROOM_LETTERS[self.room]}"


@dataclass(frozen=True)
class EndTurn:
    """End the turn; ``claim`` is the spell taken from the room you stand in, if any."""

    claim: int | None = None

    def __str__(self) -> str:
        return "end" if self.claim is None else f"end take {book.SPELLS[self.claim].name}"


# -- casts -----------------------------------------------------------------------------------


class Cast:
    """Base of the fourteen cast moves: ``spell`` says which spell each one casts."""

    spell: ClassVar[int]

    def arguments(self) -> str:
        return ""

    def __str__(self) -> str:
        args = self.arguments()
        return f"cast {book.SPELLS[self.spell].name}" + (f" {args}" if args else "")


@dataclass(frozen=True)
class Priestess(Cast):
    spell: ClassVar[int] = book.PRIESTESS
    hex: Hex

    def arguments(self) -> str:
        return format_hex(self.hex)


@dataclass(frozen=True)
class Purify(Cast):
    spell: ClassVar[int] = book.PURIFY
    hex: Hex

    def arguments(self) -> str:
        return format_hex(self.hex)


@dataclass(frozen=True)
class Illusionist(Cast):
    spell: ClassVar[int] = book.ILLUSIONIST
    rooms: tuple[int, ...]
    """Sorted, without repeats (``illusionist`` builds it so)."""

    def arguments(self) -> str:
        return " ".join(ROOM_LETTERS[room] for room in self.rooms)


def illusionist(rooms: Iterable[int]) -> Illusionist:
    """An Illusionist cast over ``rooms``, in canonical order."""
    return Illusionist(tuple(sorted(set(rooms))))


@dataclass(frozen=True)
class Imprint(Cast):
    spell: ClassVar[int] = book.IMPRINT


@dataclass(frozen=True)
class Opportunist(Cast):
    spell: ClassVar[int] = book.OPPORTUNIST
    recharge: int

    def arguments(self) -> str:
        return book.SPELLS[self.recharge].name


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


@dataclass(frozen=True)
class Upset(Cast):
    spell: ClassVar[int] = book.UPSET
    pattern: tuple[int | None, ...]
    """Auras for your hex, then its neighbours N, NE, SE, S, SW, NW (None: no aura)."""

    def arguments(self) -> str:
        return "".join(_AURA_CHARS[-1 if a is None else a] for a in self.pattern)


@dataclass(frozen=True)
class Stonemason(Cast):
    spell: ClassVar[int] = book.STONEMASON
    room: int
    placement: Placement

    def arguments(self) -> str:
        return f"{ROOM_LETTERS[self.room]} {self.placement}"


@dataclass(frozen=True)
class Shovel(Cast):
    spell: ClassVar[int] = book.SHOVEL_SPELL
    to: Hex

    def arguments(self) -> str:
        return format_hex(self.to)


@dataclass(frozen=True)
class Locksmith(Cast):
    spell: ClassVar[int] = book.LOCKSMITH
    source: Hex
    to: Hex

    def arguments(self) -> str:
        return f"{format_hex(self.source)} {format_hex(self.to)}"


@dataclass(frozen=True)
class Leap(Cast):
    spell: ClassVar[int] = book.LEAP
    hex: Hex

    def arguments(self) -> str:
        return format_hex(self.hex)


@dataclass(frozen=True)
class Yeoman(Cast):
    spell: ClassVar[int] = book.YEOMAN
    moves: tuple[tuple[Hex, Hex], ...]
    """(from, to) per object moved, sorted by ``from`` (``yeoman`` builds it so)."""

    def arguments(self) -> str:
        return " ".join(f"{format_hex(a)}>{format_hex(b)}" for a, b in self.moves)


def yeoman(moves: Iterable[tuple[Hex, Hex]]) -> Yeoman:
    """A Yeoman cast moving objects ((from, to) hexes), in canonical order."""
    return Yeoman(tuple(sorted(moves)))


@dataclass(frozen=True)
class Yoke(Cast):
    spell: ClassVar[int] = book.YOKE
    hex: Hex
    direction: int
    """Index into ``DIRECTIONS`` (N, NE, SE, S, SW, NW)."""

    def arguments(self) -> str:
        return f"{format_hex(self.hex)} {DIRECTION_NAMES[self.direction]}"


Move = BuildTemple | PlacePiece | Step | Bless | Flip | Drop | PickUp | EndTurn | Cast
_AURA_CHARS: Final = "WB."

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


def _hex(text: str) -> Hex:
    h = parse_hex(text)
    if h is None:
        raise ValueError(f"{text[:12]!r} is not a hex (write q,r like 2,-3)")
    return h


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


def _count(args: list[str], count: int) -> list[str]:
    if len(args) != count:
        raise ValueError(f"expected {count} argument(s), found {len(args)}")
    return args


def _temple(args: list[str]) -> BuildTemple:
    _count(args, ROOMS)
    layout: list[Placement] = []
    for room, part in enumerate(args):
        if part[:1].upper() != ROOM_LETTERS[room]:
            raise ValueError(f"rooms come in the order {' '.join(ROOM_LETTERS)}")
        anchor, _, rotation = part[1:].lower().partition("r")
        if rotation not in ("0", "1", "2", "3", "4", "5"):
            raise ValueError(f"{part[:20]!r} needs a turn r0 to r5")
        layout.append(Placement(_hex(anchor), int(rotation)))
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
    spell, rest = _spell(args[0]), args[1:]
    return _CAST_PARSERS[spell](rest)


def _usurper(args: list[str]) -> Usurper:
    removed, _, grown = " ".join(args).partition("+")
    out = [_hex(part) for part in removed.split()]
    into = tuple(_hex(part) for part in grown.split())
    if len(out) != 2 or len(into) > 2:
        raise ValueError("the Usurper removes two auras, then grows at most two")
    return Usurper((out[0], out[1]), into)


def _upset(args: list[str]) -> Upset:
    pattern = _count(args, 1)[0].upper()
    if len(pattern) != 7 or set(pattern) - set(_AURA_CHARS):
        raise ValueError("the Upset pattern is 7 of W, B or . (your hex, then N to NW)")
    return Upset(tuple(None if char == "." else _AURA_CHARS.index(char) for char in pattern))


def _stonemason(args: list[str]) -> Stonemason:
    room, placement = _count(args, 2)
    anchor, _, rotation = placement.lower().partition("r")
    if rotation not in ("0", "1", "2", "3", "4", "5"):
        raise ValueError("the room's new place needs a turn r0 to r5, like 3,-1r2")
    return Stonemason(_room(room), Placement(_hex(anchor), int(rotation)))


def _yeoman(args: list[str]) -> Yeoman:
    if not args:
        raise ValueError("the Yeoman moves at least one object (from>to)")
    pairs = []
    for part in args:
        source, arrow, target = part.partition(">")
        if not arrow:
            raise ValueError(f"{part[:20]!r} is not from>to")
        pairs.append((_hex(source), _hex(target)))
    return yeoman(pairs)


def _yoke(args: list[str]) -> Yoke:
    h, way = _count(args, 2)
    if way.upper() not in DIRECTION_NAMES:
        raise ValueError(f"{way[:8]!r} is not a direction ({' '.join(DIRECTION_NAMES)})")
    return Yoke(_hex(h), DIRECTION_NAMES.index(way.upper()))


def _illusionist(args: list[str]) -> Illusionist:
    if not args:
        raise ValueError("the Illusionist needs at least one room")
    return illusionist(_room(part) for part in args)


def _bare(make: Callable[[], Move]) -> Callable[[list[str]], Move]:
    """A parser for a move that takes no arguments."""

    def parse(args: list[str]) -> Move:
        _count(args, 0)
        return make()

    return parse


_PARSERS: Final[dict[str, Callable[[list[str]], Move]]] = {
    "temple": _temple,
    "place": lambda a: PlacePiece(_hex(_count(a, 1)[0])),
    "move": lambda a: Step(_hex(_count(a, 1)[0])),
    "bless": _bare(Bless),
    "flip": _bare(Flip),
    "drop": lambda a: Drop(_room(_count(a, 2)[0]), _hex(a[1])),
    "pickup": lambda a: PickUp(_room(_count(a, 1)[0])),
    "end": _end,
    "cast": _cast,
}
_CAST_PARSERS: Final[dict[int, Callable[[list[str]], Move]]] = {
    book.PRIESTESS: lambda a: Priestess(_hex(_count(a, 1)[0])),
    book.PURIFY: lambda a: Purify(_hex(_count(a, 1)[0])),
    book.ILLUSIONIST: _illusionist,
    book.IMPRINT: _bare(Imprint),
    book.OPPORTUNIST: lambda a: Opportunist(_spell(_count(a, 1)[0])),
    book.OVERWORK: _bare(Overwork),
    book.USURPER: _usurper,
    book.UPSET: _upset,
    book.STONEMASON: _stonemason,
    book.SHOVEL_SPELL: lambda a: Shovel(_hex(_count(a, 1)[0])),
    book.LOCKSMITH: lambda a: Locksmith(_hex(_count(a, 2)[0]), _hex(a[1])),
    book.LEAP: lambda a: Leap(_hex(_count(a, 1)[0])),
    book.YEOMAN: _yeoman,
    book.YOKE: _yoke,
}
