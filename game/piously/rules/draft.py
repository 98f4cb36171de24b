"""A position being changed by one move: mutable copies plus the events that describe it."""

from __future__ import annotations

from game.core.protocol import Event
from game.piously.rules.events import ObjectMoved, aura_changed
from game.piously.rules.hexes import Hex
from game.piously.rules.state import PiouslyState, evolve
from game.piously.rules.temple import Temple


class Draft:
    """Mutable working copies of a state's auras and objects; ``freeze`` makes the new state."""

    def __init__(self, state: PiouslyState) -> None:
        self.state = state
        self.auras = (set(state.auras[0]), set(state.auras[1]))
        self.objects = list(state.objects)
        self.temple = state.temple
        self.actions = state.actions
        self.cast = state.cast
        self.events: list[Event] = []

    @property
    def built(self) -> Temple:
        assert self.temple is not None
        return self.temple

    def aura(self, h: Hex) -> int | None:
        if h in self.auras[0]:
            return 0
        if h in self.auras[1]:
            return 1
        return None

    def set_aura(self, h: Hex, colour: int | None, wave: int) -> None:
        auras = self.auras
        before = 0 if h in auras[0] else 1 if h in auras[1] else None  # self.aura(h), inline
        if before == colour:
            return
        if before is not None:
            auras[before].discard(h)
        if colour is not None:
            auras[colour].add(h)
        self.events.append(aura_changed(h, before, colour, wave))

    def object_at(self, h: Hex) -> int | None:
        for obj, where in enumerate(self.objects):
            if where == h:
                return obj
        return None

    def move_object(self, obj: int, target: Hex | None, wave: int) -> None:
        source = self.objects[obj]
        self.objects[obj] = target
        self.events.append(ObjectMoved(obj=obj, source=source, target=target, wave=wave))

    def freeze(self) -> PiouslyState:
        return evolve(
            self.state,
            temple=self.temple,
            auras=(_frozen(self.auras[0], self.state.auras[0]),
                   _frozen(self.auras[1], self.state.auras[1])),
            objects=tuple(self.objects),
            actions=self.actions,
            cast=self.cast,
        )


def _frozen(now: set[Hex], before: frozenset[Hex]) -> frozenset[Hex]:
    """``now`` frozen; the state's own set when it is unchanged (most moves change one
    colour's auras or none), so its hash, worked out once, is kept for the searches'
    look-ups by auras."""
    return before if now == before else frozenset(now)
