"""What a Piously move did, in waves, for the renderer (which never re-derives a rule)."""

from __future__ import annotations

from game.core.protocol import Event
from game.piously.rules.hexes import Hex
from game.piously.rules.temple import Layout, Placement


class TempleBuilt(Event):
    layout: Layout


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


class ObjectMoved(Event):
    """An object slid, swapped, or was put down (``source`` None) or picked up (``target`` None)."""

    obj: int
    source: Hex | None
    target: Hex | None


class RoomMoved(Event):
    """The Stonemason moved a room, carrying its auras and objects."""

    room: int
    before: Placement
    after: Placement


class ShovelMoved(Event):
    """The Shovel's hex was summoned (``source`` None the first time) and flew to ``target``."""

    source: Hex | None
    target: Hex


class ActionsChanged(Event):
    seat: int
    before: int
    after: int


class SpellEvent(Event):
    """Something befell ``seat``'s ``spell``: cast, recharged or claimed (the renderer cues
    them alike)."""

    spell: int
    seat: int


class SpellCast(SpellEvent):
    """``seat`` cast ``spell``."""


class SpellRecharged(SpellEvent):
    """The Opportunist recharged one spell."""


class SpellClaimed(SpellEvent):
    """``seat`` took ``spell`` as its turn ended (its partner spell goes to the other seat)."""


class TurnEnded(Event):
    """``seat``'s turn is over: its spells are all charged again, the opponent has three actions."""

    seat: int


class RegionWon(Event):
    """A region touching all seven rooms: its hexes grouped by room (the Shovel's last)."""

    seat: int
    rooms: tuple[tuple[int, tuple[Hex, ...]], ...]
