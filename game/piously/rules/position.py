"""The compact text form of a Piously position (record digests, tests, puzzles)."""

from __future__ import annotations

import re
from typing import Final

from game.piously.rules.hexes import Hex, format_hex, read_hex
from game.piously.rules.regions import verdict
from game.piously.rules.spellbook import SPELLS
from game.piously.rules.state import OBJECTS, Phase, PiouslyState, evolve
from game.piously.rules.temple import ROOMS, Temple, read_placement

_OWNER_CHARS: Final = ".wb"
_HEAD_RE: Final = re.compile(
    r"(temple|place|play) ([wb]) a(\d{1,3}) c(\d{1,5}) t(\d{1,6}) l(\d{1,6})"
)


def encode(state: PiouslyState) -> str:
    """``play w a3 c0 t4 l0|<layout>|s<shovel>|w<hexes>|b<hexes>|o<objects>|<owners>``.

    The layout is seven placements (``q,r`` anchor and ``r`` rotation) or ``-`` before the
    temple is built; ``-`` also marks a missing Shovel or an object off the board; owners are
    one of ``. w b`` per spell.
    """
    head = (
        f"{state.phase.value} {'wb'[state.to_move]} a{state.actions} c{state.cast} "
        f"t{state.turn} l{state.turn_limit}"
    )
    temple = state.temple
    layout = " ".join(str(p) for p in temple.layout) if temple else "-"
    shovel = format_hex(temple.shovel) if temple and temple.shovel is not None else "-"
    white, black = (" ".join(format_hex(h) for h in sorted(side)) for side in state.auras)
    objects = " ".join("-" if h is None else format_hex(h) for h in state.objects)
    owners = "".join(_OWNER_CHARS[owner + 1] for owner in state.owners)
    return f"{head}|{layout}|s{shovel}|w{white}|b{black}|o{objects}|{owners}"


def decode(text: str) -> PiouslyState:
    """The position ``encode`` wrote, its verdict worked out afresh. Raises ValueError."""
    try:
        state = _decode(text)
    except (ValueError, IndexError) as err:
        raise ValueError(f"not an encoded Piously position: {err}") from None
    return evolve(state, verdict=verdict(state))


def _decode(text: str) -> PiouslyState:
    head, layout, shovel, white, black, objects, owners = text.split("|")
    found = _HEAD_RE.fullmatch(head)
    if found is None:
        raise ValueError("the first field is not the phase, the seat and the counters")
    temple = None
    if layout != "-":
        placements = tuple(read_placement(part) for part in layout.split(" "))
        if len(placements) != ROOMS:
            raise ValueError(f"the layout needs {ROOMS} rooms")
        temple = Temple(placements, None if shovel == "s-" else read_hex(shovel[1:]))
    if len(owners) != len(SPELLS) or set(owners) - set(_OWNER_CHARS):
        raise ValueError("the owners field needs one of '. w b' per spell")
    return PiouslyState(
        phase=Phase(found.group(1)),
        to_move="wb".index(found.group(2)),
        temple=temple,
        auras=(_hexes(white, "w"), _hexes(black, "b")),
        objects=_objects(objects),
        owners=tuple(_OWNER_CHARS.index(char) - 1 for char in owners),
        actions=int(found.group(3)),
        cast=int(found.group(4)),
        turn=int(found.group(5)),
        turn_limit=int(found.group(6)),
    )


def _hexes(text: str, prefix: str) -> frozenset[Hex]:
    if not text.startswith(prefix):
        raise ValueError(f"the aura field must start with {prefix!r}")
    return frozenset(read_hex(part) for part in text[1:].split(" ") if part)


def _objects(text: str) -> tuple[Hex | None, ...]:
    parts = text.removeprefix("o").split(" ")
    if len(parts) != OBJECTS:
        raise ValueError(f"the objects field needs {OBJECTS} entries")
    return tuple(None if part == "-" else read_hex(part) for part in parts)
