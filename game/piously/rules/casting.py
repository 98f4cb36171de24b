"""The fourteen spells: whether one can be cast now, the legal choices at each of its steps,
why a cast is refused, and what it does.

A cast must change something: a spell with nothing to act on is refused with the reason and
stays charged (docs/piously.md, the spells). Artwork spells act on their linked region: the
hexes joined to the artwork's hex through the caster's auras.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Final, Generic, TypeVar, overload

from game.piously.rules import moves as m
from game.piously.rules.draft import Draft
from game.piously.rules.events import (
    ActionsChanged,
    RoomMoved,
    ShovelMoved,
    SpellCast,
    SpellRecharged,
)
from game.piously.rules.hexes import DIRECTION_NAMES, DIRECTIONS, Hex, flood, on_table
from game.piously.rules.names import hex_name
from game.piously.rules.regions import border, region_of, rooms_touched
from game.piously.rules.spellbook import (
    ILLUSIONIST,
    IMPRINT,
    LEAP,
    LOCKSMITH,
    OPPORTUNIST,
    OVERWORK,
    PRIESTESS,
    PURIFY,
    SHOVEL_SPELL,
    SPELLS,
    STONEMASON,
    UPSET,
    USURPER,
    YEOMAN,
    YOKE,
    is_artwork,
)
from game.piously.rules.state import ARTWORK, SEAT_NAMES, Phase, PiouslyState
from game.piously.rules.temple import (
    ROOM_NAMES,
    SHOVEL,
    Placement,
    Temple,
    move_problem,
    room_can_move,
    room_label,
    room_moves,
)

SPELL_WAVE: Final = 0
EFFECT_WAVE: Final = 1


def _me(state: PiouslyState) -> Hex:
    me = state.objects[state.to_move]
    assert me is not None
    return me


def _opponent(state: PiouslyState) -> Hex:
    them = state.objects[1 - state.to_move]
    assert them is not None
    return them


def artwork_hex(state: PiouslyState, spell: int) -> Hex | None:
    return state.objects[ARTWORK + SPELLS[spell].room]


def region(state: PiouslyState, spell: int) -> frozenset[Hex]:
    """The linked region of an artwork spell for the side to move (empty if not on its aura)."""
    h = artwork_hex(state, spell)
    return frozenset() if h is None else region_of(state.auras[state.to_move], h)


def readiness(state: PiouslyState, spell: int) -> str | None:
    """Why ``spell`` cannot be cast now whatever its choices, or None."""
    name = SPELLS[spell].name
    if state.verdict is not None:
        return "the game is over"
    if state.phase is not Phase.PLAY:
        return "spells are cast once both pieces are on the board"
    seat = state.to_move
    owner = state.owners[spell]
    if owner != seat:
        return (
            f"nobody owns the {name} yet" if owner < 0 else f"{SEAT_NAMES[owner]} owns the {name}"
        )
    if state.has_cast(spell):
        return f"the {name} was already cast this turn: it recharges when the turn ends"
    if is_artwork(spell):
        h = artwork_hex(state, spell)
        if h is None:
            return f"the {name} artwork is not on the board"
        if state.aura(h) != seat:
            return f"the {name} artwork must stand on one of your auras"
    return None


def cast_problem(state: PiouslyState, spell: int) -> str | None:
    """Why ``spell`` cannot be cast now (not ready, or nothing to act on), or None."""
    return readiness(state, spell) or _NOTHING[spell](state)


def castable(state: PiouslyState) -> list[int]:
    """The spells ``cast_problem`` lets the side to move cast now, in order.

    The same test without its sentences: a random move asks it of every spell, most of
    them not the mover's or spent, so the cheap refusals come first and cost no words."""
    if state.verdict is not None or state.phase is not Phase.PLAY:
        return []
    seat, owners, spent = state.to_move, state.owners, state.cast
    found = []
    for spell in range(len(SPELLS)):
        if owners[spell] != seat or spent >> spell & 1:
            continue
        if is_artwork(spell):
            h = artwork_hex(state, spell)
            if h is None or state.aura(h) != seat:
                continue
        if _NOTHING[spell](state) is None:
            found.append(spell)
    return found


# -- targets: the choices at each step ------------------------------------------------------


def priestess_targets(state: PiouslyState) -> frozenset[Hex]:
    return border(state.built, region(state, PRIESTESS))


def purify_targets(state: PiouslyState) -> frozenset[Hex]:
    me, seat, taken = _me(state), state.to_move, state.object_at
    return frozenset(me + d for d in DIRECTIONS if me + d in taken and state.aura(me + d) != seat)


def illusionist_rooms(state: PiouslyState) -> frozenset[int]:
    return rooms_touched(state.built, region(state, ILLUSIONIST))


def imprint_changes(state: PiouslyState) -> dict[Hex, int | None]:
    """The auras Imprint would write: hex under or next to you -> its new aura."""
    me, them, room_of = _me(state), _opponent(state), state.built.room_of
    changes: dict[Hex, int | None] = {}
    for d in (0, *DIRECTIONS):
        source, target = them + d, me + d
        if source in room_of and target in room_of and state.aura(source) != state.aura(target):
            changes[target] = state.aura(source)
    return changes


def opportunist_spells(state: PiouslyState) -> tuple[int, ...]:
    """Spells the Opportunist may recharge: yours, cast this turn, of a room in its region
    (walked only when some spell of yours was cast: at the start of a turn none was)."""
    spent = [
        spell
        for spell in range(len(SPELLS))
        if spell != OPPORTUNIST and state.owners[spell] == state.to_move and state.has_cast(spell)
    ]
    if not spent:
        return ()
    rooms = rooms_touched(state.built, region(state, OPPORTUNIST))
    return tuple(spell for spell in spent if SPELLS[spell].room in rooms)


def overwork_gain(state: PiouslyState) -> int:
    me, taken = _me(state), state.object_at
    return sum(1 for d in DIRECTIONS if me + d in taken)


def _usurped(state: PiouslyState, removed: Sequence[Hex], grown: Sequence[Hex]) -> frozenset[Hex]:
    """The caster's auras after the Usurper's removals and growths so far."""
    return (state.auras[state.to_move] - set(removed)) | set(grown)


def usurper_removals(state: PiouslyState, removed: Sequence[Hex] = ()) -> frozenset[Hex]:
    """Auras the Usurper may remove next, after ``removed`` (0 or 1 hexes) are gone."""
    h = artwork_hex(state, USURPER)
    if h is None or len(removed) >= 2:
        return frozenset()
    return region_of(_usurped(state, removed, ()), h)


def usurper_growths(
    state: PiouslyState, removed: Sequence[Hex], grown: Sequence[Hex] = ()
) -> frozenset[Hex]:
    """Hexes the Usurper may grow into next, after both removals and ``grown``."""
    h = artwork_hex(state, USURPER)
    if h is None or len(removed) != 2 or len(grown) >= 2:
        return frozenset()
    return border(state.built, region_of(_usurped(state, removed, grown), h))


def upset_hexes(state: PiouslyState) -> tuple[Hex | None, ...]:
    """The seven places of an Upset pattern (your hex, then N to NW); None where no hex is."""
    me, room_of = _me(state), state.built.room_of
    return tuple(h if h in room_of else None for h in (me, *(me + d for d in DIRECTIONS)))


def _region_rooms(state: PiouslyState, spell: int) -> list[int]:
    return sorted(rooms_touched(state.built, region(state, spell)))


def stonemason_rooms(state: PiouslyState) -> tuple[int, ...]:
    """Rooms of the linked region that can be moved somewhere."""
    temple = state.built
    return tuple(room for room in _region_rooms(state, STONEMASON) if room_can_move(temple, room))


def stonemason_placements(state: PiouslyState, room: int) -> tuple[Placement, ...]:
    temple = state.built
    if room not in rooms_touched(temple, region(state, STONEMASON)):
        return ()
    return tuple(room_moves(temple, room))


def shovel_targets(state: PiouslyState) -> frozenset[Hex]:
    me, temple = _me(state), state.built
    if temple.shovel == me:
        return frozenset()
    return frozenset(
        me + d for d in DIRECTIONS if me + d not in temple.room_of and on_table(me + d)
    )


def locksmith_objects(state: PiouslyState) -> frozenset[Hex]:
    taken = state.object_at
    return frozenset(h for h in region(state, LOCKSMITH) if h in taken)


def locksmith_targets(state: PiouslyState) -> frozenset[Hex]:
    taken = state.object_at
    return frozenset(h for h in state.built.room_of if h not in taken)


def leap_targets(state: PiouslyState) -> frozenset[Hex]:
    """Objects in your rows, with no space without a hex between you."""
    me, room_of, taken = _me(state), state.built.room_of, state.object_at
    found = set()
    for d in DIRECTIONS:
        h = me + d
        while h in room_of:
            if h in taken:
                found.add(h)
            h += d
    return frozenset(found)


def yeoman_rooms(state: PiouslyState) -> tuple[int, ...]:
    """Rooms of the linked region holding an object that has somewhere to go."""
    temple, taken = state.built, state.object_at
    rooms = rooms_touched(temple, region(state, YEOMAN))
    return tuple(
        room
        for room in sorted(rooms)
        if 0 < sum(h in taken for h in temple.room_hexes[room]) < len(temple.room_hexes[room])
    )


def yoke_objects(state: PiouslyState) -> frozenset[Hex]:
    """Objects (not your own piece) that can be yoked in at least one direction."""
    me = _me(state)
    return frozenset(h for h in state.object_at if h != me and yoke_directions(state, h))


def yoke_directions(state: PiouslyState, h: Hex) -> tuple[int, ...]:
    """Directions (indices into DIRECTIONS) in which you and the object at ``h`` may move."""
    me, room_of, taken = _me(state), state.built.room_of, state.object_at
    if h == me or h not in taken:
        return ()
    found = []
    for index, d in enumerate(DIRECTIONS):
        mine, theirs = me + d, h + d
        if mine not in room_of or theirs not in room_of:
            continue
        if (mine in taken and mine != h) or (theirs in taken and theirs != me):
            continue
        found.append(index)
    return tuple(found)


# -- nothing to act on ------------------------------------------------------------------------


def _upset_nothing(state: PiouslyState) -> str | None:
    auras = {state.aura(h) for h in upset_hexes(state) if h is not None}
    return (
        "the auras around you are all alike: there is nothing to rearrange"
        if len(auras) < 2
        else None
    )


_NOTHING: Final[dict[int, Callable[[PiouslyState], str | None]]] = {
    PRIESTESS: lambda s: (
        None if priestess_targets(s) else "no hex next to the linked region can take an aura"
    ),
    PURIFY: lambda s: (
        None if purify_targets(s) else "no object next to you stands on a hex you could bless"
    ),
    ILLUSIONIST: lambda s: None if illusionist_rooms(s) else "the linked region lies in no room",
    IMPRINT: lambda s: (
        None
        if imprint_changes(s)
        else "the auras around you already match the ones around your opponent"
    ),
    OPPORTUNIST: lambda s: (
        None
        if opportunist_spells(s)
        else "no spell of yours in the linked region's rooms was cast this turn"
    ),
    OVERWORK: lambda s: None if overwork_gain(s) else "no artwork or piece is next to you",
    USURPER: lambda s: (
        None
        if len(region(s, USURPER)) >= 2
        else "the linked region has fewer than two auras to remove"
    ),
    UPSET: _upset_nothing,
    STONEMASON: lambda s: (
        None
        if any(room_can_move(s.built, room) for room in _region_rooms(s, STONEMASON))
        else "no room of the linked region can move anywhere"
    ),
    SHOVEL_SPELL: lambda s: (
        "you stand on the Shovel's hex: casting it now would do nothing"
        if s.built.shovel == _me(s)
        else None
        if shovel_targets(s)
        else "there is no space without a hex next to you"
    ),
    LOCKSMITH: lambda s: None if locksmith_objects(s) else "no object stands in the linked region",
    LEAP: lambda s: None if leap_targets(s) else "no object lies in your rows",
    YEOMAN: lambda s: (
        None if yeoman_rooms(s) else "no room of the linked region has an object that could move"
    ),
    YOKE: lambda s: (
        None
        if any(yoke_directions(s, h) for h in s.object_at)  # your own piece has none
        else "no object can move with you in any direction"
    ),
}


# -- checking a whole cast --------------------------------------------------------------------


def check_cast(state: PiouslyState, move: m.Cast) -> str | None:
    """Why this cast, with all its choices, is refused, or None.

    A legal choice is something to act on, so the costlier "anything at all?" search of
    ``cast_problem`` runs only for a refused cast, where its reason says more."""
    problem = readiness(state, move.spell)
    if problem is not None:
        return problem
    problem = _CHECKS[type(move)](state, move)
    if problem is None:
        return None
    return _NOTHING[move.spell](state) or problem


def _hex_in(state: PiouslyState, h: Hex, allowed: frozenset[Hex], reason: str) -> str | None:
    return None if h in allowed else f"{hex_name(state.built, h)}: {reason}"


def _check_illusionist(state: PiouslyState, move: m.Illusionist) -> str | None:
    rooms = illusionist_rooms(state)
    for room in move.rooms:
        if room not in rooms:
            return f"the {room_label(room)} room holds no hex of the linked region"
    return None


def _check_opportunist(state: PiouslyState, move: m.Opportunist) -> str | None:
    if move.recharge in opportunist_spells(state):
        return None
    name = SPELLS[move.recharge].name
    if move.recharge == OPPORTUNIST:
        return "the Opportunist cannot recharge itself"
    if state.owners[move.recharge] != state.to_move:
        return f"you do not own the {name}"
    if not state.has_cast(move.recharge):
        return f"the {name} is still charged: only a spell cast this turn can be recharged"
    return f"the {ROOM_NAMES[SPELLS[move.recharge].room]} room holds no hex of the linked region"


def _check_usurper(state: PiouslyState, move: m.Usurper) -> str | None:
    for index in range(2):
        if move.removed[index] not in usurper_removals(state, move.removed[:index]):
            which = "first" if index == 0 else "second (the region measured again)"
            where = hex_name(state.built, move.removed[index])
            return f"{where} is not in the linked region for the {which} removal"
    for index in range(len(move.grown)):
        if move.grown[index] not in usurper_growths(state, move.removed, move.grown[:index]):
            return f"{hex_name(state.built, move.grown[index])} is not next to the linked region"
    return None


def _check_upset(state: PiouslyState, move: m.Upset) -> str | None:
    places = upset_hexes(state)
    if len(move.pattern) != len(places):
        return "an Upset pattern has seven places"
    before = [state.aura(h) for h in places if h is not None]
    after = [a for h, a in zip(places, move.pattern, strict=True) if h is not None]
    if any(a is not None for h, a in zip(places, move.pattern, strict=True) if h is None):
        return "an aura cannot go where there is no hex"
    if sorted(before, key=_aura_key) != sorted(after, key=_aura_key):
        return "the Upset rearranges the auras already there, without adding or flipping any"
    if before == after:
        return "that arrangement changes nothing"
    return None


def _aura_key(aura: int | None) -> int:
    return -1 if aura is None else aura


def _check_stonemason(state: PiouslyState, move: m.Stonemason) -> str | None:
    if move.room not in rooms_touched(state.built, region(state, STONEMASON)):
        return f"the {room_label(move.room)} room holds no hex of the linked region"
    return move_problem(state.built, move.room, move.placement)


def _check_locksmith(state: PiouslyState, move: m.Locksmith) -> str | None:
    return _hex_in(
        state, move.source, locksmith_objects(state), "no object stands there in the linked region"
    ) or _hex_in(state, move.to, locksmith_targets(state), "not a free hex")


def _check_yeoman(state: PiouslyState, move: m.Yeoman) -> str | None:
    temple, taken = state.built, dict(state.object_at)
    rooms = set(yeoman_rooms(state))
    sources = [a for a, _ in move.moves]
    targets = [b for _, b in move.moves]
    if not move.moves:
        return "the Yeoman moves at least one object"
    if len(set(sources)) != len(sources) or len(set(targets)) != len(targets):
        return "each object moves once, and to its own hex"
    for source, target in move.moves:
        room = temple.room_of.get(source, SHOVEL)
        if source not in taken:
            return f"{hex_name(temple, source)}: no object stands there"
        if source == target:
            return f"{hex_name(temple, source)}: an object that stays is not listed"
        if room not in rooms:
            return f"{hex_name(temple, source)}: not in a room of the linked region"
        if temple.room_of.get(target) != room:
            return f"{hex_name(temple, target)}: objects stay inside their room"
    staying = set(taken) - set(sources)
    if staying & set(targets):
        return "an object cannot move onto another that stays"
    return None


def _check_yoke(state: PiouslyState, move: m.Yoke) -> str | None:
    if move.hex == _me(state):
        return "the Yoke moves another object along with your piece"
    if move.hex not in state.object_at:
        return f"{hex_name(state.built, move.hex)}: no object stands there"
    if move.direction not in yoke_directions(state, move.hex):
        return f"you and that object cannot both move {DIRECTION_NAMES[move.direction]}"
    return None


_CHECKS: Final[dict[type[m.Cast], Callable[[PiouslyState, Any], str | None]]] = {
    m.Priestess: lambda s, mv: _hex_in(
        s, mv.hex, priestess_targets(s), "not next to the linked region, or already yours"
    ),
    m.Purify: lambda s, mv: _hex_in(
        s, mv.hex, purify_targets(s), "not under an object next to you that you could bless"
    ),
    m.Illusionist: _check_illusionist,
    m.Imprint: lambda s, mv: _NOTHING[IMPRINT](s),  # no choices: the whole check
    m.Opportunist: _check_opportunist,
    m.Overwork: lambda s, mv: _NOTHING[OVERWORK](s),
    m.Usurper: _check_usurper,
    m.Upset: _check_upset,
    m.Stonemason: _check_stonemason,
    m.Shovel: lambda s, mv: _hex_in(
        s, mv.to, shovel_targets(s), "not a space without a hex next to you"
    ),
    m.Locksmith: _check_locksmith,
    m.Leap: lambda s, mv: _hex_in(s, mv.hex, leap_targets(s), "no object there in your rows"),
    m.Yeoman: _check_yeoman,
    m.Yoke: _check_yoke,
}


# -- effects ----------------------------------------------------------------------------------


def cast(state: PiouslyState, move: m.Cast) -> Draft:
    """Play a cast already checked: mark the spell used, then apply its effect."""
    draft = Draft(state)
    draft.cast |= 1 << move.spell
    draft.events.append(SpellCast(spell=move.spell, seat=state.to_move, wave=SPELL_WAVE))
    _EFFECTS[type(move)](draft, move)
    return draft


def _priestess(draft: Draft, move: m.Priestess) -> None:
    draft.set_aura(move.hex, draft.state.to_move, EFFECT_WAVE)


def _purify(draft: Draft, move: m.Purify) -> None:
    draft.set_aura(move.hex, draft.state.to_move, EFFECT_WAVE)


def _illusionist(draft: Draft, move: m.Illusionist) -> None:
    for room in move.rooms:
        for h in draft.built.room_hexes[room]:
            aura = draft.aura(h)
            if aura is not None:
                draft.set_aura(h, 1 - aura, EFFECT_WAVE)


def _imprint(draft: Draft, move: m.Imprint) -> None:
    for h, aura in imprint_changes(draft.state).items():
        draft.set_aura(h, aura, EFFECT_WAVE)


def _opportunist(draft: Draft, move: m.Opportunist) -> None:
    draft.cast &= ~(1 << move.recharge)
    seat = draft.state.to_move
    draft.events.append(SpellRecharged(spell=move.recharge, seat=seat, wave=EFFECT_WAVE))


def _overwork(draft: Draft, move: m.Overwork) -> None:
    before = draft.actions
    draft.actions += overwork_gain(draft.state)
    draft.events.append(
        ActionsChanged(
            seat=draft.state.to_move, before=before, after=draft.actions, wave=EFFECT_WAVE
        )
    )


def _usurper(draft: Draft, move: m.Usurper) -> None:
    for wave, h in enumerate(move.removed, start=EFFECT_WAVE):
        draft.set_aura(h, None, wave)
    for wave, h in enumerate(move.grown, start=EFFECT_WAVE + 2):
        draft.set_aura(h, draft.state.to_move, wave)


def _upset(draft: Draft, move: m.Upset) -> None:
    for h, aura in zip(upset_hexes(draft.state), move.pattern, strict=True):
        if h is not None:
            draft.set_aura(h, aura, EFFECT_WAVE)


def _stonemason(draft: Draft, move: m.Stonemason) -> None:
    temple = draft.built
    before = temple.layout[move.room]
    old = before.hexes(move.room)
    new = move.placement.hexes(move.room)
    auras = [draft.aura(h) for h in old]
    objects = [draft.object_at(h) for h in old]
    for h in old:
        for side in draft.auras:
            side.discard(h)
    for h, aura in zip(new, auras, strict=True):
        if aura is not None:
            draft.auras[aura].add(h)
    for h, obj in zip(new, objects, strict=True):
        if obj is not None:
            draft.objects[obj] = h
    draft.temple = temple.moved(move.room, move.placement)
    draft.events.append(
        RoomMoved(room=move.room, before=before, after=move.placement, wave=EFFECT_WAVE)
    )


def _shovel(draft: Draft, move: m.Shovel) -> None:
    temple = draft.built
    source = temple.shovel
    if source is not None:
        aura = draft.aura(source)
        if aura is not None:
            draft.auras[aura].discard(source)
            draft.auras[aura].add(move.to)
        obj = draft.object_at(source)
        if obj is not None:
            draft.objects[obj] = move.to
    draft.temple = Temple(temple.layout, move.to)
    draft.events.append(ShovelMoved(source=source, target=move.to, wave=EFFECT_WAVE))


def _locksmith(draft: Draft, move: m.Locksmith) -> None:
    obj = draft.object_at(move.source)
    assert obj is not None
    draft.move_object(obj, move.to, EFFECT_WAVE)


def _leap(draft: Draft, move: m.Leap) -> None:
    seat = draft.state.to_move
    me = draft.objects[seat]
    other = draft.object_at(move.hex)
    assert other is not None
    draft.move_object(seat, move.hex, EFFECT_WAVE)
    draft.move_object(other, me, EFFECT_WAVE)


def _yeoman(draft: Draft, move: m.Yeoman) -> None:
    moving = [(draft.object_at(source), target) for source, target in move.moves]
    for obj, target in moving:
        assert obj is not None
        draft.move_object(obj, target, EFFECT_WAVE)


def _yoke(draft: Draft, move: m.Yoke) -> None:
    seat = draft.state.to_move
    d = DIRECTIONS[move.direction]
    me = draft.objects[seat]
    other = draft.object_at(move.hex)
    assert me is not None and other is not None
    draft.move_object(seat, me + d, EFFECT_WAVE)
    draft.move_object(other, move.hex + d, EFFECT_WAVE)


_EFFECTS: Final[dict[type[m.Cast], Callable[[Draft, Any], None]]] = {
    m.Priestess: _priestess,
    m.Purify: _purify,
    m.Illusionist: _illusionist,
    m.Imprint: _imprint,
    m.Opportunist: _opportunist,
    m.Overwork: _overwork,
    m.Usurper: _usurper,
    m.Upset: _upset,
    m.Stonemason: _stonemason,
    m.Shovel: _shovel,
    m.Locksmith: _locksmith,
    m.Leap: _leap,
    m.Yeoman: _yeoman,
    m.Yoke: _yoke,
}


# -- every legal cast ---------------------------------------------------------------------------


def casts(state: PiouslyState, spell: int) -> Iterator[m.Cast]:
    """Every legal cast of ``spell`` with all its choices (none when it cannot be cast)."""
    if cast_problem(state, spell) is None:
        yield from _ENUMERATE[spell](state)


def cast_choices(state: PiouslyState, spell: int) -> Sequence[m.Cast]:
    """``list(casts(state, spell))`` for a spell ``castable`` found, for drawing one at
    random: the Yeoman's thousands of casts are then made only when drawn."""
    if spell == YEOMAN:
        return _yeoman_choices(_yeoman_parts(state))
    if spell == USURPER:
        return _Lazy(list(_usurper_choices(state)), lambda choice: m.Usurper(*choice))
    return list(_ENUMERATE[spell](state))


_Choice = TypeVar("_Choice")


class _Lazy(Sequence[m.Cast], Generic[_Choice]):
    """A list of casts made from ``choices`` by ``make`` only when asked for."""

    def __init__(self, choices: Sequence[_Choice], make: Callable[[_Choice], m.Cast]) -> None:
        self._choices = choices
        self._make = make

    def __len__(self) -> int:
        return len(self._choices)

    @overload
    def __getitem__(self, index: int) -> m.Cast: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[m.Cast]: ...

    def __getitem__(self, index: int | slice) -> m.Cast | Sequence[m.Cast]:
        if isinstance(index, slice):
            return [self._make(choice) for choice in self._choices[index]]
        return self._make(self._choices[index])


def _illusionist_casts(state: PiouslyState) -> Iterator[m.Cast]:
    rooms = sorted(illusionist_rooms(state))
    for size in range(1, len(rooms) + 1):
        for chosen in itertools.combinations(rooms, size):
            yield m.Illusionist(chosen)


UsurperChoice = tuple[tuple[Hex, Hex], tuple[Hex, ...]]
"""A Usurper cast's choices: the two removals, then the growths."""


def _usurper_casts(state: PiouslyState) -> Iterator[m.Cast]:
    return (m.Usurper(removed, grown) for removed, grown in _usurper_choices(state))


def _usurper_choices(state: PiouslyState) -> Iterator[UsurperChoice]:
    """Every Usurper cast's choices, in their order (``usurper_removals`` then
    ``usurper_growths``, each sorted). The regions are walked here on plain sets, the
    region after a growth grown from the one before it, since a cast's choices number in
    the hundreds and each would otherwise walk its region afresh. Lazy: a planner may take
    only the first few."""
    h = artwork_hex(state, USURPER)
    if h is None:
        return
    auras, room_of = state.auras[state.to_move], state.built.room_of
    removals_done: set[tuple[Hex, Hex]] = set()
    for first in sorted(region_of(auras, h)):
        fewer = auras - {first}
        for second in sorted(region_of(fewer, h)):
            removed = (first, second)
            yield removed, ()
            # growing a then b or b then a is one result, and so is removing the same two
            # in the other order: the second time, its two growths were all listed already
            pair = (first, second) if first < second else (second, first)
            repeat = pair in removals_done
            removals_done.add(pair)
            left = fewer - {second}
            kept = region_of(left, h)
            edge = _edge(room_of, kept, kept)
            grown: set[tuple[Hex, Hex]] = set()
            for grow in sorted(edge):
                yield removed, (grow,)
                if repeat:
                    continue
                joined = flood(left, grow, kept)  # what growing into it joins
                for again in sorted((edge - joined) | _edge(room_of, joined, kept)):
                    both = (grow, again) if grow < again else (again, grow)
                    if both not in grown:
                        grown.add(both)
                        yield removed, (grow, again)


def _edge(
    room_of: Mapping[Hex, int], hexes: AbstractSet[Hex], region: AbstractSet[Hex]
) -> set[Hex]:
    """Hexes of the board next to ``hexes`` but in neither ``hexes`` nor ``region``: the
    border of ``region | hexes`` around ``hexes``."""
    return {
        h + d
        for h in hexes
        for d in DIRECTIONS
        if h + d in room_of and h + d not in hexes and h + d not in region
    }


def _upset_casts(state: PiouslyState) -> Iterator[m.Cast]:
    places = upset_hexes(state)
    slots = [i for i, h in enumerate(places) if h is not None]
    before = tuple(state.aura(h) if h is not None else None for h in places)
    whites = sum(1 for i in slots if before[i] == 0)
    blacks = sum(1 for i in slots if before[i] == 1)
    for white in itertools.combinations(slots, whites):
        rest = [i for i in slots if i not in white]
        for black in itertools.combinations(rest, blacks):
            pattern = tuple(0 if i in white else 1 if i in black else None for i in range(7))
            if pattern != before:
                yield m.Upset(pattern)


def _stonemason_casts(state: PiouslyState) -> Iterator[m.Cast]:
    for room in _region_rooms(state, STONEMASON):
        for placement in room_moves(state.built, room):
            yield m.Stonemason(room, placement)


YeomanPart = tuple[tuple[Hex, Hex], ...]
"""The objects one room's share of a Yeoman cast moves (from, to); empty when none move."""


def _yeoman_parts(state: PiouslyState) -> list[list[YeomanPart]]:
    """Per room the Yeoman may act in: every way to move its objects inside it."""
    temple, taken = state.built, state.object_at
    per_room = []
    for room in yeoman_rooms(state):
        hexes = temple.room_hexes[room]
        holders = [h for h in hexes if h in taken]
        per_room.append(
            [
                tuple((a, b) for a, b in zip(holders, targets, strict=True) if a != b)
                for targets in itertools.permutations(hexes, len(holders))
            ]
        )
    return per_room


def _yeoman_casts(state: PiouslyState) -> Iterator[m.Cast]:
    for combination in itertools.product(*_yeoman_parts(state)):
        pairs = [pair for part in combination for pair in part]
        if pairs:
            yield m.yeoman(pairs)


def _yeoman_choices(parts: list[list[YeomanPart]]) -> _Lazy[int]:
    """``list(_yeoman_casts(state))`` without making it: the casts in the same order (the
    rooms' parts combined as ``itertools.product`` does, the last room's fastest, the one
    combination that moves nothing left out), each made from its rank when asked for."""
    still = 0  # where the combination that moves nothing would stand in the product
    for options in parts:
        still = still * len(options) + next(i for i, part in enumerate(options) if not part)

    def make(index: int) -> m.Cast:
        rank = index if index < still else index + 1
        pairs: list[tuple[Hex, Hex]] = []
        for options in reversed(parts):
            rank, choice = divmod(rank, len(options))
            pairs += options[choice]
        return m.yeoman(pairs)

    return _Lazy(range(math.prod(len(options) for options in parts) - 1), make)


_ENUMERATE: Final[dict[int, Callable[[PiouslyState], Iterator[m.Cast]]]] = {
    PRIESTESS: lambda s: (m.Priestess(h) for h in sorted(priestess_targets(s))),
    PURIFY: lambda s: (m.Purify(h) for h in sorted(purify_targets(s))),
    ILLUSIONIST: _illusionist_casts,
    IMPRINT: lambda s: iter((m.Imprint(),)),
    OPPORTUNIST: lambda s: (m.Opportunist(spell) for spell in opportunist_spells(s)),
    OVERWORK: lambda s: iter((m.Overwork(),)),
    USURPER: _usurper_casts,
    UPSET: _upset_casts,
    STONEMASON: _stonemason_casts,
    SHOVEL_SPELL: lambda s: (m.Shovel(h) for h in sorted(shovel_targets(s))),
    LOCKSMITH: lambda s: (
        m.Locksmith(a, b)
        for a in sorted(locksmith_objects(s))
        for b in sorted(locksmith_targets(s))
    ),
    LEAP: lambda s: (m.Leap(h) for h in sorted(leap_targets(s))),
    YEOMAN: _yeoman_casts,
    YOKE: lambda s: (m.Yoke(h, d) for h in sorted(yoke_objects(s)) for d in yoke_directions(s, h)),
}
