"""Text about Piously, apart from its board view: its help (from ``help``), a move in words,
what a move did to the other player's things, and the per-seat figure (the plug-in hands
these out, and the view words its hints and marks with them; no pygame here).

A move is worded with the position before it when there is one (``describe_at``): hexes are
then named by the labels the board draws ("P2", see ``game.piously.rules.names``), objects
by what stands there. Without a position (``describe``) the words say what kind of move it
was and leave places out: a coordinate is never shown to a player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.core.protocol import MoveResult
from game.piously.rules import moves as m
from game.piously.rules.casting import overwork_gain
from game.piously.rules.events import (
    AuraChanged,
    ObjectMoved,
    RoomMoved,
    SpellCast,
    SpellClaimed,
)
from game.piously.rules.hexes import DIRECTIONS, Hex
from game.piously.rules.names import hex_name, room_word
from game.piously.rules.spellbook import SPELLS, partner
from game.piously.rules.state import ARTWORK, SEAT_NAMES, Phase, PiouslyState, object_name
from game.piously.rules.temple import ROOM_NAMES
from game.piously.view.help import HELP_PICTURES as HELP_PICTURES  # the help draws them
from game.piously.view.help import HELP_TEXT as HELP_TEXT  # the plug-in reads it here
from game.piously.view.typed import notation_of as notation_of  # the move box reads them
from game.piously.view.typed import typed_forms as typed_forms

WAYS = ("up", "up and right", "down and right", "down", "down and left", "up and left")
"""The six directions (``DIRECTIONS`` order) as a player sees them on the flat-topped board."""
KINDS = ("artwork", "bewitchment")
"""A spell's kind (``Kind``) in words."""


def spell_title(spell: int) -> str:
    """"the Locksmith (Lime artwork)"."""
    info = SPELLS[spell]
    return f"the {info.name} ({ROOM_NAMES[info.room]} {KINDS[info.kind]})"


def _and(words: Sequence[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class _Places:
    """Names hexes, and what stands on them, in one position (or says nothing without)."""

    def __init__(self, before: PiouslyState | None) -> None:
        self.before = before if before is not None and before.temple is not None else None

    def at(self, h: Hex, prefix: str = "") -> str:
        """`` on P2`` (with ``prefix`` " on"), or nothing without a position."""
        return f"{prefix} {hex_name(self.before.built, h)}" if self.before else ""

    def hexes(self, hexes: Iterable[Hex]) -> str:
        if self.before is None:
            return ""
        temple = self.before.built
        return _and([hex_name(temple, h) for h in hexes])

    def thing(self, h: Hex, default: str = "an object") -> str:
        """The object on ``h`` before the move ("the Leap artwork", "Black's piece")."""
        if self.before is None:
            return default
        obj = self.before.object_at.get(h)
        return default if obj is None else object_name(obj)

    def mine(self) -> Hex | None:
        return self.before.objects[self.before.to_move] if self.before else None


def describe_move(move: m.Move, before: PiouslyState | None = None) -> str:
    """A move in words, for the move list, the last-move line, hints and toasts; with
    ``before`` (the position it is played in) places are named as the board labels them."""
    places = _Places(before)
    if isinstance(move, m.BuildTemple):
        return "Built the temple"
    if isinstance(move, m.PlacePiece):
        return "Placed the piece" + places.at(move.hex, " on")
    if isinstance(move, m.Step):
        return "Moved" + (places.at(move.to, " to") or " one hex")
    if isinstance(move, m.Bless | m.Flip):
        me = places.mine()
        if isinstance(move, m.Bless):
            return "Blessed" + (places.at(me) if me is not None else " the hex under the piece")
        return "Flipped the aura" + (places.at(me, " on") if me is not None else " under the piece")
    if isinstance(move, m.Drop):
        return f"Put down the {SPELLS[2 * move.room].name} artwork" + places.at(move.hex, " on")
    if isinstance(move, m.PickUp):
        art = before.objects[ARTWORK + move.room] if before is not None else None
        return (f"Picked up the {SPELLS[2 * move.room].name} artwork"
                + (places.at(art, " from") if art is not None else ""))
    if isinstance(move, m.EndTurn):
        return _end_turn(move, before)
    assert isinstance(move, m.Cast)
    detail = _cast_detail(move, places)
    return f"Cast the {SPELLS[move.spell].name}" + (f": {detail}" if detail else "")


def _end_turn(move: m.EndTurn, before: PiouslyState | None) -> str:
    if move.claim is None:
        return "Ended the turn"
    if before is None:
        return f"Ended the turn, claiming {spell_title(move.claim)}"
    other = SEAT_NAMES[1 - before.to_move]
    return (f"Ended the turn, claiming {spell_title(move.claim)}; {other} gets the "
            f"{SPELLS[partner(move.claim)].name}")


def _cast_detail(move: m.Cast, places: _Places) -> str:
    """What a cast did, in a few words (empty when its name says it all)."""
    if isinstance(move, m.Priestess):
        return "blessed" + (places.at(move.hex) or " a hex next to the region")
    if isinstance(move, m.Purify):
        if places.before is None:
            return "blessed the hex under an object"
        return f"blessed{places.at(move.hex)}, under {places.thing(move.hex)}"
    if isinstance(move, m.Illusionist):
        names = [ROOM_NAMES[room] for room in move.rooms]
        return f"flipped the auras of the {_and(names)} room{'s' * (len(names) > 1)}"
    if isinstance(move, m.Imprint):
        other = SEAT_NAMES[1 - places.before.to_move] if places.before else "the other"
        return f"copied the pattern around {other}'s piece"
    if isinstance(move, m.Opportunist):
        return f"recharged the {SPELLS[move.recharge].name}"
    if isinstance(move, m.Overwork):
        if places.before is None:
            return "an action for each object next to the piece"
        gain = overwork_gain(places.before)
        return f"gained {gain} action{'s' * (gain != 1)}"
    if isinstance(move, m.Usurper):
        removed = places.hexes(move.removed) or "two auras"
        grown = places.hexes(move.grown) or f"{len(move.grown)} hexes"
        return f"removed {removed}" + (f", grew onto {grown}" if move.grown else "")
    if isinstance(move, m.Upset):
        me = places.mine()
        return "rearranged the auras" + (places.at(me, " on and around") if me is not None
                                         else " around the piece")
    if isinstance(move, m.Stonemason):
        return f"moved {room_word(move.room)}" + _new_neighbours(move, places.before)
    if isinstance(move, m.Shovel):
        return "moved the Shovel's hex" + places.at(move.to, " to")
    if isinstance(move, m.Locksmith):
        return (f"moved {places.thing(move.source)}" + places.at(move.source, " from")
                + places.at(move.to, " to"))
    if isinstance(move, m.Leap):
        return f"swapped places with {places.thing(move.hex)}" + places.at(move.hex, " on")
    if isinstance(move, m.Yeoman):
        moved = [places.thing(a) + places.at(a, " from") + places.at(b, " to")
                 for a, b in move.moves]
        return "moved " + _and(moved)
    assert isinstance(move, m.Yoke)
    me = places.mine()
    to = places.at(me + DIRECTIONS[move.direction], " to") if me is not None else ""
    return f"stepped {WAYS[move.direction]}{to} with {places.thing(move.hex)}"


def _new_neighbours(move: m.Stonemason, before: PiouslyState | None) -> str:
    """`` next to the Lime and Yellow rooms``: where a moved room now lies."""
    if before is None or before.temple is None:
        return ""
    temple = before.temple.moved(move.room, move.placement)
    room_of = temple.room_of
    touched = sorted({room_of[h + d] for h in temple.room_hexes[move.room] for d in DIRECTIONS
                      if h + d in room_of and room_of[h + d] not in (move.room, len(ROOM_NAMES))})
    return f" next to the {_and([ROOM_NAMES[room] for room in touched])} rooms" if touched else ""


def describe(notation: str) -> str:
    """A move (not a resignation or a draw: the plug-in words those) in words, without a
    position, for the replay list and toasts. Raises NotationError."""
    return describe_move(m.parse_move(notation))


def describe_at(before: Any, notation: str) -> str:
    """A move in words, knowing the position before it: hexes named by the labels the board
    shows. Raises NotationError."""
    state = before if isinstance(before, PiouslyState) else None
    return describe_move(m.parse_move(notation), state)


def explain(before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]:
    """What the other player's move did to ``viewer``'s things: auras taken or removed (under
    their piece or artwork, said so), their piece or artworks moved, a room moved with their
    things in it, a spell handed to them. Empty for the viewer's own moves."""
    if not isinstance(before, PiouslyState) or before.phase is not Phase.PLAY:
        return ()
    if before.to_move == viewer or before.temple is None:
        return ()
    spells = [e.spell for e in result.events if isinstance(e, SpellCast)]
    cause = f"The {SPELLS[spells[0]].name}" if spells else SEAT_NAMES[before.to_move]
    temple = before.temple
    lines: list[str] = []
    for verb, gone in (("took", False), ("removed", True)):
        hexes = [e.hex for e in result.events if isinstance(e, AuraChanged)
                 and e.before == viewer and (e.after is None) == gone]
        if hexes:
            named = sorted(hex_name(temple, h) + _under(before, h, viewer) for h in hexes)
            lines.append(f"{cause} {verb} your aura on {named[0]}" if len(named) == 1
                         else f"{cause} {verb} {len(named)} of your auras: {_and(named)}")
    for event in result.events:
        if isinstance(event, ObjectMoved) and _owns(before, event.obj, viewer):
            if event.source is not None and event.target is not None:
                lines.append(f"{cause} moved your {_own_object(event.obj)} from "
                             f"{hex_name(temple, event.source)} to "
                             f"{hex_name(result.state.built, event.target)}")
        elif isinstance(event, RoomMoved) and _room_holds(before, event.room, viewer):
            lines.append(f"{cause} moved {room_word(event.room)} with your things in it")
        elif isinstance(event, SpellClaimed) and event.seat == viewer:
            use = ("put it on one of your auras to cast it" if event.spell % 2 == 0
                   else "it is charged for your turn")
            lines.append(f"You get {spell_title(event.spell)}: {use}")
    return tuple(lines)


def _under(before: PiouslyState, h: Hex, viewer: int) -> str:
    obj = before.object_at.get(h)
    if obj is None or not _owns(before, obj, viewer):
        return ""
    return f" (under your {_own_object(obj)})"


def _owns(state: PiouslyState, obj: int, seat: int) -> bool:
    """``seat``'s piece, or an artwork ``seat`` owns."""
    if obj < ARTWORK:
        return obj == seat
    return state.owners[2 * (obj - ARTWORK)] == seat


def _own_object(obj: int) -> str:
    return "piece" if obj < ARTWORK else f"{SPELLS[2 * (obj - ARTWORK)].name} artwork"


def _room_holds(state: PiouslyState, room: int, seat: int) -> bool:
    for h in state.built.room_hexes[room]:
        obj = state.object_at.get(h)
        if h in state.auras[seat] or (obj is not None and _owns(state, obj, seat)):
            return True
    return False


def figure(state: Any, seat: int) -> str:
    """A short per-seat figure for the side panel."""
    assert isinstance(state, PiouslyState)
    if state.phase is Phase.TEMPLE:
        return "builds" if seat == 1 else "waits"
    spells = sum(1 for owner in state.owners if owner == seat)
    auras = len(state.auras[seat])
    return f"{auras} aura{'s' * (auras != 1)} · {spells} spell{'s' * (spells != 1)}"
