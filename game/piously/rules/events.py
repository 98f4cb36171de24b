"""What a Piously move did, in waves, for the renderer (which never re-derives a rule)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Event
from game.piously.rules.hexes import Hex
from game.piously.rules.temple import Layout, Placement


@dataclass(frozen=True, kw_only=True)
class TempleBuilt(Event):
    layout: Layout


@dataclass(frozen=True, kw_only=True)
class AuraChanged(Event):
    """An aura placed (``before`` None), flipped, or removed (``after`` None)."""

    hex: Hex
    before: int | None
    after: int | None


def aura_changed(h: Hex, before: int | None, after: int | None, wave: int) -> AuraChanged:
    """``AuraChanged(hex=h, before=before, after=after, wave=wave)``, the same value made
    without the frozen dataclass's ``__init__`` (a call of ``object.__setattr__`` per
    field): an Illusionist's or an Upset's cast changes up to a dozen auras, and the
    searches play tens of thousands of casts a turn."""
    event = object.__new__(AuraChanged)
    fields = event.__dict__
    fields["wave"] = wave
    fields["hex"] = h
    fields["before"] = before
    fields["after"] = after
    return event


@dataclass(frozen=True, kw_only=True)
class ObjectMoved(Event):
    """An object slid, swapped, or was put down (``source`` None) or picked up (``target`` None)."""

    obj: int
    source: Hex | None
    target: Hex | None


@dataclass(frozen=True, kw_only=True)
class RoomMoved(Event):
    """The Stonemason moved a room, carrying its auras and objects."""

    room: int
    before: Placement
    after: Placement


@dataclass(frozen=True, kw_only=True)
class ShovelMoved(Event):
    """The Shovel's hex was summoned (``source`` None the first time) and flew to ``target``."""

    source: Hex | None
    target: Hex


@dataclass(frozen=True, kw_only=True)
class ActionsChanged(Event):
    seat: int
    before: int
    after: int


@dataclass(frozen=True, kw_only=True)
class SpellEvent(Event):
    """Something befell ``seat``'s ``spell``: cast, recharged or claimed (the renderer cues
    them alike)."""

    spell: int
    seat: int


@dataclass(frozen=True, kw_only=True)
class SpellCast(SpellEvent):
    """``seat`` cast ``spell``."""


@dataclass(frozen=True, kw_only=True)
class SpellRecharged(SpellEvent):
    """The Opportunist recharged one spell."""


@dataclass(frozen=True, kw_only=True)
class SpellClaimed(SpellEvent):
    """``seat`` took ``spell`` as its turn ended (its partner spell goes to the other seat)."""


@dataclass(frozen=True, kw_only=True)
class TurnEnded(Event):
    """``seat``'s turn is over: its spells are all charged again, the opponent has three actions."""

    seat: int


@dataclass(frozen=True, kw_only=True)
class RegionWon(Event):
    """A region touching all seven rooms: its hexes grouped by room (the Shovel's last)."""

    seat: int
    rooms: tuple[tuple[int, tuple[Hex, ...]], ...]
