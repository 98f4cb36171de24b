"""Casting a spell one choice at a time: which hexes may be clicked next, and the move so far.

A ``Walk`` holds the spell and the hexes picked so far. Every step's legal targets come from
the rules' per-step queries (``game.piously.rules.casting``); once the picks make a whole
cast, ``move`` gives it and the rules' ``check_cast`` says whether it stands. Picks are plain
hexes: a room is picked by clicking any of its hexes, a direction by clicking the neighbour
it leads to, an Upset swap by clicking two places in turn. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from game.piously.rules import casting as cs
from game.piously.rules import moves as m
from game.piously.rules import spellbook as sb
from game.piously.rules.hexes import DIRECTIONS, Hex
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import ROOM_NAMES, Placement, move_problem

NO_HEXES: Final[frozenset[Hex]] = frozenset()


@dataclass(frozen=True)
class Walk:
    """A spell being cast: its picks so far (hexes) and, for the Stonemason, the turn."""

    spell: int
    picks: tuple[Hex, ...] = ()
    rotation: int = 0

    @property
    def name(self) -> str:
        return sb.SPELLS[self.spell].name

    def targets(self, state: PiouslyState) -> frozenset[Hex]:
        """The hexes a click may pick next (empty: nothing more to choose)."""
        return _TARGETS[self.spell](state, self.picks)

    def move(self, state: PiouslyState) -> m.Cast | None:
        """The cast the picks make so far, or None while a needed choice is missing."""
        return _BUILD[self.spell](state, self.picks, self.rotation)

    def prompt(self, state: PiouslyState) -> str:
        """What to do next, for the status line."""
        return _PROMPTS[self.spell](state, self.picks)

    def pick(self, state: PiouslyState, h: Hex) -> Walk | None:
        """The walk with ``h`` picked, or None when ``h`` is not a target now."""
        if self.spell == sb.STONEMASON and len(self.picks) == 1:
            placement = Placement(h, self.rotation)
            room = state.built.room_of[self.picks[0]]
            if placement not in cs.stonemason_placements(state, room):
                return None
            return replace(self, picks=(*self.picks, h))
        if h not in self.targets(state):
            return None
        if self.spell == sb.ILLUSIONIST:
            return replace(self, picks=_toggle_room(state, self.picks, h))
        if self.spell == sb.STONEMASON:  # the room starts turned as it lies
            rotation = state.built.layout[_room(state, h)].rotation
            return replace(self, picks=(h,), rotation=rotation)
        return replace(self, picks=(*self.picks, h))

    def back(self) -> Walk | None:
        """The walk without its last pick, or None when there was none (cancel the cast)."""
        if not self.picks:
            return None
        return replace(self, picks=self.picks[:-1])

    def turned(self, turns: int) -> Walk:
        return replace(self, rotation=(self.rotation + turns) % 6)

    def ghost(self, state: PiouslyState, h: Hex) -> tuple[int, Placement, str | None] | None:
        """The Stonemason's room following the pointer at ``h``: room, placement, problem."""
        if self.spell != sb.STONEMASON or len(self.picks) != 1:
            return None
        room = state.built.room_of[self.picks[0]]
        placement = Placement(h, self.rotation)
        return room, placement, move_problem(state.built, room, placement)


def _room_hexes(state: PiouslyState, rooms: tuple[int, ...] | frozenset[int]) -> frozenset[Hex]:
    temple = state.built
    return frozenset(h for room in rooms for h in temple.room_hexes[room])


def _room(state: PiouslyState, h: Hex) -> int:
    return state.built.room_of[h]


def _toggle_room(state: PiouslyState, picks: tuple[Hex, ...], h: Hex) -> tuple[Hex, ...]:
    room = _room(state, h)
    kept = tuple(p for p in picks if _room(state, p) != room)
    return kept if len(kept) < len(picks) else (*picks, h)


def _one(query: Callable[[PiouslyState], frozenset[Hex]]) -> Callable[..., frozenset[Hex]]:
    """Targets of a spell with a single hex choice."""
    return lambda state, picks: NO_HEXES if picks else query(state)


def _yoke_targets(state: PiouslyState, picks: tuple[Hex, ...]) -> frozenset[Hex]:
    if not picks:
        return cs.yoke_objects(state)
    if len(picks) > 1:
        return NO_HEXES
    me = state.objects[state.to_move]
    assert me is not None
    return frozenset(me + DIRECTIONS[d] for d in cs.yoke_directions(state, picks[0]))


def _usurper_targets(state: PiouslyState, picks: tuple[Hex, ...]) -> frozenset[Hex]:
    if len(picks) < 2:
        return cs.usurper_removals(state, picks)
    return cs.usurper_growths(state, picks[:2], picks[2:])


def _opportunist_targets(state: PiouslyState, picks: tuple[Hex, ...]) -> frozenset[Hex]:
    if picks:
        return NO_HEXES
    return _room_hexes(state, tuple(sb.SPELLS[s].room for s in cs.opportunist_spells(state)))


def _upset_targets(state: PiouslyState, picks: tuple[Hex, ...]) -> frozenset[Hex]:
    return frozenset(h for h in cs.upset_hexes(state) if h is not None)


def _stonemason_targets(state: PiouslyState, picks: tuple[Hex, ...]) -> frozenset[Hex]:
    if picks:
        return NO_HEXES  # the placement follows the pointer (see ``Walk.ghost``)
    return _room_hexes(state, cs.stonemason_rooms(state))


def _yeoman_targets(state: PiouslyState, picks: tuple[Hex, ...]) -> frozenset[Hex]:
    sources, targets = picks[0::2], picks[1::2]
    if len(picks) % 2:  # a source is picked: any other hex of its room not yet a target
        room = _room(state, picks[-1])
        return frozenset(h for h in state.built.room_hexes[room]
                         if h != picks[-1] and h not in targets)
    rooms = cs.yeoman_rooms(state)
    return frozenset(h for h in _room_hexes(state, rooms)
                     if h in state.object_at and h not in sources)


_TARGETS: Final[dict[int, Callable[[PiouslyState, tuple[Hex, ...]], frozenset[Hex]]]] = {
    sb.PRIESTESS: _one(cs.priestess_targets),
    sb.PURIFY: _one(cs.purify_targets),
    sb.ILLUSIONIST: lambda state, picks: _room_hexes(state, cs.illusionist_rooms(state)),
    sb.IMPRINT: lambda state, picks: NO_HEXES,
    sb.OPPORTUNIST: _opportunist_targets,
    sb.OVERWORK: lambda state, picks: NO_HEXES,
    sb.USURPER: _usurper_targets,
    sb.UPSET: _upset_targets,
    sb.STONEMASON: _stonemason_targets,
    sb.SHOVEL_SPELL: _one(cs.shovel_targets),
    sb.LOCKSMITH: lambda state, picks: (
        cs.locksmith_objects(state) if not picks
        else cs.locksmith_targets(state) if len(picks) == 1 else NO_HEXES),
    sb.LEAP: _one(cs.leap_targets),
    sb.YEOMAN: _yeoman_targets,
    sb.YOKE: _yoke_targets,
}


def upset_pattern(state: PiouslyState, picks: tuple[Hex, ...]) -> tuple[int | None, ...]:
    """The Upset's arrangement after swapping the picked places two by two."""
    places = cs.upset_hexes(state)
    pattern = [state.aura(h) if h is not None else None for h in places]
    for a, b in zip(picks[0::2], picks[1::2], strict=False):
        i, j = places.index(a), places.index(b)
        pattern[i], pattern[j] = pattern[j], pattern[i]
    return tuple(pattern)


def _upset(state: PiouslyState, picks: tuple[Hex, ...], rotation: int) -> m.Cast | None:
    pattern = upset_pattern(state, picks)
    before = upset_pattern(state, ())
    return m.Upset(pattern) if pattern != before and len(picks) % 2 == 0 else None


def _opportunist(state: PiouslyState, picks: tuple[Hex, ...], rotation: int) -> m.Cast | None:
    if not picks:
        return None
    room = _room(state, picks[0])
    spells = [s for s in cs.opportunist_spells(state) if sb.SPELLS[s].room == room]
    return m.Opportunist(spells[0]) if spells else None


def _yoke(state: PiouslyState, picks: tuple[Hex, ...], rotation: int) -> m.Cast | None:
    if len(picks) != 2:
        return None
    me = state.objects[state.to_move]
    assert me is not None
    return m.Yoke(picks[0], DIRECTIONS.index(picks[1] - me))


def _stonemason(state: PiouslyState, picks: tuple[Hex, ...], rotation: int) -> m.Cast | None:
    if len(picks) != 2:
        return None
    return m.Stonemason(_room(state, picks[0]), Placement(picks[1], rotation))


_Build = Callable[[PiouslyState, tuple[Hex, ...], int], m.Cast | None]
_BUILD: Final[dict[int, _Build]] = {
    sb.PRIESTESS: lambda s, p, r: m.Priestess(p[0]) if p else None,
    sb.PURIFY: lambda s, p, r: m.Purify(p[0]) if p else None,
    sb.ILLUSIONIST: lambda s, p, r: m.illusionist(_room(s, h) for h in p) if p else None,
    sb.IMPRINT: lambda s, p, r: m.Imprint(),
    sb.OPPORTUNIST: _opportunist,
    sb.OVERWORK: lambda s, p, r: m.Overwork(),
    sb.USURPER: lambda s, p, r: m.Usurper((p[0], p[1]), p[2:]) if len(p) >= 2 else None,
    sb.UPSET: _upset,
    sb.STONEMASON: _stonemason,
    sb.SHOVEL_SPELL: lambda s, p, r: m.Shovel(p[0]) if p else None,
    sb.LOCKSMITH: lambda s, p, r: m.Locksmith(p[0], p[1]) if len(p) == 2 else None,
    sb.LEAP: lambda s, p, r: m.Leap(p[0]) if p else None,
    sb.YEOMAN: lambda s, p, r: (
        m.yeoman(zip(p[0::2], p[1::2], strict=False)) if p and len(p) % 2 == 0 else None),
    sb.YOKE: _yoke,
}


def _rooms_prompt(state: PiouslyState, picks: tuple[Hex, ...], what: str) -> str:
    chosen = ", ".join(ROOM_NAMES[_room(state, h)] for h in picks)
    return f"Click rooms to {what} (chosen: {chosen or 'none'})."


_PROMPTS: Final[dict[int, Callable[[PiouslyState, tuple[Hex, ...]], str]]] = {
    sb.PRIESTESS: lambda s, p: "Click a hex next to the linked region to bless.",
    sb.PURIFY: lambda s, p: "Click an object next to you: the hex under it is blessed.",
    sb.ILLUSIONIST: lambda s, p: _rooms_prompt(s, p, "flip"),
    sb.IMPRINT: lambda s, p: "The opponent's pattern is copied around you.",
    sb.OPPORTUNIST: lambda s, p: "Click the room of the spell to recharge.",
    sb.OVERWORK: lambda s, p: "One action for each object next to you.",
    sb.USURPER: lambda s, p: (
        f"Click an aura of the region to remove ({2 - len(p)} left)." if len(p) < 2
        else f"Click up to {4 - len(p)} hexes to grow into, or confirm."),
    sb.UPSET: lambda s, p: (
        "Click a second place to swap the two." if len(p) % 2
        else "Click two places around you to swap their auras."),
    sb.STONEMASON: lambda s, p: (
        "Click a room of the linked region to move." if not p
        else "The room follows the pointer; green dots show where it fits turned so (R or "
        "the wheel turns it); click to place."),
    sb.SHOVEL_SPELL: lambda s, p: "Click the empty space next to you for the Shovel.",
    sb.LOCKSMITH: lambda s, p: (
        "Click an object in the linked region." if not p else "Click a free hex for it."),
    sb.LEAP: lambda s, p: "Click an object in one of your rows to swap with.",
    sb.YEOMAN: lambda s, p: (
        "Click a free hex of the same room for it." if len(p) % 2
        else "Click an object in a room of the region (or confirm)."),
    sb.YOKE: lambda s, p: (
        "Click the object to yoke." if not p else "Click where your piece steps."),
}
