"""Piously animations: the rules' events, wave by wave, as frames on an explicit clock.

Auras fade in, out or across; pieces and artworks slide (a Leap's two slides cross); a room
moved by the Stonemason glides and turns with its auras and objects; the Shovel flies to its
new place; a won region lights up room by room; a newly built temple rises room by room.
Times are seconds at speed 1, divided by the player's speed setting (0: no animation).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from game.client.draw.tween import Tween, lerp
from game.core.protocol import Event
from game.piously.rules.events import (
    AuraChanged,
    ObjectMoved,
    RegionWon,
    RoomMoved,
    ShovelMoved,
    SpellEvent,
    TempleBuilt,
)
from game.piously.rules.hexes import Hex
from game.piously.rules.state import PiouslyState
from game.piously.view.draw import Frame, Mark, Tile, Token
from game.piously.view.geo import Geometry, Point, unit

WAVE_TIME: Final = 0.45
AURA_TIME: Final = 0.35
SLIDE_TIME: Final = 0.4
ROOM_TIME: Final = 0.8
SHOVEL_TIME: Final = 0.6
GLOW_STAGGER: Final = 0.3
GLOW_TIME: Final = 0.5
RISE_STAGGER: Final = 0.12


@dataclass(frozen=True)
class Glide:
    """Tiles ``hexes`` (final places) arriving from ``sources``, turning ``turn`` radians."""

    hexes: tuple[Hex, ...]
    sources: tuple[Hex | None, ...]
    turn: float
    tween: Tween


@dataclass
class Animation:
    before: PiouslyState
    after: PiouslyState
    auras: dict[Hex, tuple[int | None, int | None, Tween]] = field(default_factory=dict)
    slides: dict[int, tuple[Hex | None, Hex | None, Tween]] = field(default_factory=dict)
    glides: list[Glide] = field(default_factory=list)
    glows: dict[Hex, Tween] = field(default_factory=dict)
    rises: dict[int, Tween] = field(default_factory=dict)
    """Rooms of a temple being built: each scales up."""
    cues: list[tuple[float, str]] = field(default_factory=list)
    end: float = 0.0

    def frame(self, geo: Geometry, clock: float) -> Frame:
        return _frame(self, geo, clock)


def build(before: PiouslyState, after: PiouslyState, events: Sequence[Event], clock: float,
          speed: float) -> Animation | None:
    """The animation of a move, or None when there is nothing to show (or no animation)."""
    if speed <= 0 or after.temple is None:
        return None
    scale = 1 / speed
    anim = Animation(before, after)
    ends = [clock]

    def tween(wave: int, duration: float, delay: float = 0.0, easing: str = "in_out_cubic"
              ) -> Tween:
        made = Tween(clock + (wave * WAVE_TIME + delay) * scale, duration * scale, easing)
        ends.append(made.end)
        return made

    for event in events:
        wave = event.wave
        if isinstance(event, AuraChanged):
            anim.auras[event.hex] = (event.before, event.after, tween(wave, AURA_TIME))
            anim.cues.append((anim.auras[event.hex][2].start, "flip"))
        elif isinstance(event, ObjectMoved):
            anim.slides[event.obj] = (event.source, event.target, tween(wave, SLIDE_TIME))
            anim.cues.append((anim.slides[event.obj][2].start, "place"))
        elif isinstance(event, RoomMoved):
            sources = event.before.hexes(event.room)
            hexes = event.after.hexes(event.room)
            turn = _turn(geo_free_points(sources), geo_free_points(hexes))
            anim.glides.append(Glide(hexes, sources, turn, tween(wave, ROOM_TIME)))
            anim.cues.append((anim.glides[-1].tween.start, "place"))
        elif isinstance(event, ShovelMoved):
            anim.glides.append(Glide((event.target,), (event.source,), 0.0,
                                     tween(wave, SHOVEL_TIME, easing="out_back")))
            anim.cues.append((anim.glides[-1].tween.start, "select"))
        elif isinstance(event, RegionWon):
            for i, (_room, hexes) in enumerate(event.rooms):
                lit = tween(wave, GLOW_TIME, i * GLOW_STAGGER, "out_cubic")
                anim.glows.update((h, lit) for h in hexes)
            anim.cues.append((clock + wave * WAVE_TIME * scale, "fanfare"))
        elif isinstance(event, TempleBuilt):
            for room in range(len(event.layout)):
                anim.rises[room] = tween(wave, 0.35, room * RISE_STAGGER, "out_back")
            anim.cues.append((clock, "place"))
        elif isinstance(event, SpellEvent):
            anim.cues.append((clock + wave * WAVE_TIME * scale, "select"))
    anim.end = max(ends)
    return anim


def changed_hexes(events: Iterable[Event]) -> frozenset[Hex]:
    """The hexes a move's events changed: auras, objects' ends, moved rooms, the Shovel."""
    found: set[Hex] = set()
    for event in events:
        if isinstance(event, AuraChanged):
            found.add(event.hex)
        elif isinstance(event, ObjectMoved):
            found.update(h for h in (event.source, event.target) if h is not None)
        elif isinstance(event, RoomMoved):
            found.update(event.after.hexes(event.room))
        elif isinstance(event, ShovelMoved):
            found.add(event.target)
    return frozenset(found)


@dataclass(frozen=True)
class Marks:
    """What one action changed, as the board marks it: the hexes, and the slides of objects
    (arrows from where they stood to where they went)."""

    hexes: frozenset[Hex]
    slides: tuple[tuple[Hex, Hex], ...]

    @property
    def spot(self) -> Hex | None:
        """The hex the action's number goes on: where the last slide ended, else the first
        changed hex (None: the action changed no hex, like ending the turn)."""
        if self.slides:
            return self.slides[-1][1]
        return min(self.hexes) if self.hexes else None


    def carried(self, moves: Mapping[Hex, Hex]) -> Marks:
        """These marks after tiles moved (a room by the Stonemason, the Shovel's hex): each
        marked hex follows its tile, so an earlier action of the turn stays where it was
        made."""
        return Marks(frozenset(moves.get(h, h) for h in self.hexes),
                     tuple((moves.get(a, a), moves.get(b, b)) for a, b in self.slides))


def tile_moves(events: Iterable[Event]) -> dict[Hex, Hex]:
    """Where the tiles an action moved went: a room's hexes in shape order, the Shovel's."""
    moves: dict[Hex, Hex] = {}
    for event in events:
        if isinstance(event, RoomMoved):
            moves.update(zip(event.before.hexes(event.room), event.after.hexes(event.room),
                             strict=True))
        elif isinstance(event, ShovelMoved) and event.source is not None:
            moves[event.source] = event.target
    return moves


def marks(events: Iterable[Event]) -> Marks:
    """The marks of one action, from its events."""
    events = tuple(events)
    slides = tuple((e.source, e.target) for e in events if isinstance(e, ObjectMoved)
                   and e.source is not None and e.target is not None)
    return Marks(changed_hexes(events), slides)


def geo_free_points(hexes: Sequence[Hex]) -> list[Point]:
    """Unit-size centres (the turn between two shapes does not depend on the scale)."""
    return [unit(h) for h in hexes]


def _turn(before: list[Point], after: list[Point]) -> float:
    """The angle turning the ``after`` shape back onto the ``before`` one (radians)."""
    if len(before) < 2:
        return 0.0
    bx, by = _mean(before)
    ax, ay = _mean(after)
    first = max(range(len(before)), key=lambda i: math.hypot(before[i][0] - bx,
                                                            before[i][1] - by))
    angle = (math.atan2(before[first][1] - by, before[first][0] - bx)
             - math.atan2(after[first][1] - ay, after[first][0] - ax))
    return (angle + math.pi) % (2 * math.pi) - math.pi


def _mean(points: list[Point]) -> Point:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def _rotated(point: Point, angle: float) -> Point:
    c, s = math.cos(angle), math.sin(angle)
    return point[0] * c - point[1] * s, point[0] * s + point[1] * c


def _places(anim: Animation, geo: Geometry, clock: float) -> tuple[dict[Hex, Point],
                                                                    dict[Hex, float]]:
    """Where each final hex is drawn now, and how far it is turned."""
    places: dict[Hex, Point] = {}
    turns: dict[Hex, float] = {}
    for glide in anim.glides:
        t = glide.tween.value(clock)
        known = [geo.centre(s) for s in glide.sources if s is not None]
        targets = [geo.centre(h) for h in glide.hexes]
        if len(known) != len(targets):  # summoned from nowhere: appears where it lands
            continue
        bc, ac = _mean(known), _mean(targets)
        centre = (lerp(bc[0], ac[0], t), lerp(bc[1], ac[1], t))
        angle = glide.turn * (1 - t)
        for h, target in zip(glide.hexes, targets, strict=True):
            dx, dy = _rotated((target[0] - ac[0], target[1] - ac[1]), angle)
            places[h] = (centre[0] + dx, centre[1] + dy)
            turns[h] = angle
    return places, turns


def _frame(anim: Animation, geo: Geometry, clock: float) -> Frame:
    after = anim.after
    assert after.temple is not None
    places, turns = _places(anim, geo, clock)

    def at(h: Hex) -> Point:
        return places.get(h) or geo.centre(h)

    moving = set(places)
    if any(clock < tween.end for tween in anim.rises.values()):
        moving.update(after.temple.room_of)
    frame = Frame(moving=frozenset(moving))
    for h, room in after.temple.room_of.items():
        rise = anim.rises.get(room)
        scale = rise.value(clock) if rise is not None else 1.0
        if scale > 0.02:
            frame.tiles.append(Tile(h, room, at(h), turns.get(h, 0.0), scale))
    for h in after.temple.room_of:
        change = anim.auras.get(h)
        if change is None:
            seat = after.aura(h)
            if seat is not None:
                frame.marks.append(Mark(at(h), seat))
            continue
        old, new, tween = change
        t = tween.value(clock)
        if old is not None and t < 1:
            frame.marks.append(Mark(at(h), old, 1 - t))
        if new is not None and t > 0:
            frame.marks.append(Mark(at(h), new, t))
    for obj, where in enumerate(after.objects):
        slide = anim.slides.get(obj)
        if slide is None:
            if where is not None:
                frame.tokens.append(Token(obj, at(where)))
            continue
        source, target, tween = slide
        t = tween.value(clock)
        if source is not None and target is not None:
            a, b = geo.centre(source), at(target)
            frame.tokens.append(Token(obj, (lerp(a[0], b[0], t), lerp(a[1], b[1], t))))
        elif target is not None and t > 0:  # put down: grows in place
            frame.tokens.append(Token(obj, at(target), t))
        elif source is not None and t < 1:  # picked up: shrinks away
            frame.tokens.append(Token(obj, geo.centre(source), 1 - t))
    frame.glow = {h: tween.value(clock) for h, tween in anim.glows.items()}
    return frame
