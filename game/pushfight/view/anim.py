"""Push Fight animations: the rules' events turned into piece tracks on an explicit clock.

Every piece that moves gets one ``Track``: where it starts, the legs it travels (a slide
follows its path square by square, turning corners; a push shoves the whole line one
square), and how it leaves (a fall tumbles it off the edge) or arrives (a setup placement
pops it in). The anchor drops onto the pusher last. Places are board coordinates
``(file, rank)`` as floats, so a piece pushed off the board simply travels past the edge.
Times are seconds at speed 1, divided by the player's speed setting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.client.draw.tween import Tween
from game.core.protocol import Event
from game.pushfight.rules.board import INDEX_OF, NAMES, bit_index, coords
from game.pushfight.rules.events import (
    AnchorPlaced,
    PieceFell,
    PiecePlaced,
    PieceSlid,
    PiecesPushed,
)
from game.pushfight.rules.game import State

Point = tuple[float, float]
"""A place on the board: (file, rank), fractional while a piece travels."""

PLACE_STAGGER, PLACE_TIME = 0.08, 0.32
STEP_TIME, SLIDE_GAP = 0.13, 0.08
PUSH_TIME, FALL_TIME, ANCHOR_TIME = 0.28, 0.7, 0.32

DIRECTIONS: Final[dict[str, Point]] = {
    "right": (1.0, 0.0), "left": (-1.0, 0.0), "up": (0.0, 1.0), "down": (0.0, -1.0)
}


def point(square: str) -> Point:
    file, rank = coords(INDEX_OF[square])
    return float(file), float(rank)


@dataclass(frozen=True)
class Leg:
    """One journey along ``points`` (a slide's path or a push's two squares)."""

    tween: Tween
    points: tuple[Point, ...]

    def at(self, clock: float) -> Point:
        t = min(1.0, max(0.0, self.tween.value(clock)))
        spans = len(self.points) - 1
        if spans <= 0:
            return self.points[0]
        where = t * spans
        index = min(int(where), spans - 1)
        frac = where - index
        (x0, y0), (x1, y1) = self.points[index], self.points[index + 1]
        return x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac


@dataclass
class Track:
    """One piece's movements during an animation."""

    side: int
    pusher: bool
    origin: str | None
    """The square it stood on before (None for a piece placed during setup)."""
    start: Point
    legs: list[Leg]
    appear: Tween | None = None
    fall: Tween | None = None
    fall_direction: Point = (0.0, 0.0)

    def place(self, clock: float) -> Point:
        where = self.start
        for leg in self.legs:
            if clock < leg.tween.start:
                return where
            where = leg.at(clock)
        return where

    @property
    def end(self) -> float:
        ends = [leg.tween.end for leg in self.legs]
        ends += [tween.end for tween in (self.appear, self.fall) if tween is not None]
        return max(ends, default=0.0)


@dataclass(frozen=True)
class Animation:
    tracks: tuple[Track, ...]
    anchor: tuple[str, Tween] | None
    """Where the anchor drops and when; the old anchor lifts when the push begins."""
    lift: float
    cues: tuple[tuple[float, str], ...]
    end: float


EMPTY_ANIMATION: Final = Animation((), None, 0.0, (), 0.0)


def build(before: State, events: Sequence[Event], start: float, speed: float) -> Animation:
    """The animation of ``events`` played from ``before``, starting at clock ``start``."""
    if speed <= 0:
        return EMPTY_ANIMATION
    scale = 1.0 / speed
    on: dict[str, Track] = {}
    tracks: list[Track] = []
    cues: list[tuple[float, str]] = []
    anchor: tuple[str, Tween] | None = None
    at = start
    lift = float("inf")

    def track_of(square: str) -> Track:
        if square not in on:
            index = INDEX_OF[square]
            side = before.owner(index)
            assert side is not None, f"no piece on {square} to animate"
            on[square] = Track(side, before.is_pusher(index), square, point(square), [])
            tracks.append(on[square])
        return on[square]

    for n, event in enumerate(events):
        if isinstance(event, PiecePlaced):
            tween = Tween(start + n * PLACE_STAGGER * scale, PLACE_TIME * scale, "out_back")
            track = Track(event.side, event.pusher, None, point(event.square), [], appear=tween)
            tracks.append(track)
            on[event.square] = track
            cues.append((tween.start, "place"))
            at = max(at, tween.end)
        elif isinstance(event, PieceSlid):
            track = track_of(event.path[0])
            del on[event.path[0]]
            duration = STEP_TIME * scale * (len(event.path) - 1)
            track.legs.append(Leg(Tween(at, duration, "in_out_cubic"),
                                  tuple(point(square) for square in event.path)))
            on[event.path[-1]] = track
            cues.append((at, "select"))
            at += duration + SLIDE_GAP * scale
        elif isinstance(event, PiecesPushed):
            dx, dy = DIRECTIONS[event.direction]
            tween = Tween(at, PUSH_TIME * scale, "out_cubic")
            moved = [track_of(square) for square in event.line]
            for square in event.line:
                del on[square]
            for square, track in zip(event.line, moved, strict=True):
                x, y = point(square)
                track.legs.append(Leg(tween, ((x, y), (x + dx, y + dy))))
                on[_neighbour(square, dx, dy)] = track
            lift = at
            cues.append((at, "flip"))
            at += PUSH_TIME * scale
        elif isinstance(event, PieceFell):
            dx, dy = DIRECTIONS[event.direction]
            gone = _neighbour(event.square, dx, dy)
            track = on.pop(gone)
            track.fall = Tween(at, FALL_TIME * scale, "in_cubic")
            track.fall_direction = (dx, dy)
            cues.append((at, "crumble"))
            at += FALL_TIME * scale * 0.6
        elif isinstance(event, AnchorPlaced):
            anchor = (event.square, Tween(at, ANCHOR_TIME * scale, "out_cubic"))
            cues.append((at + ANCHOR_TIME * scale * 0.8, "click"))
            at += ANCHOR_TIME * scale
    end = max([at, *(track.end for track in tracks)])
    if anchor is not None:
        end = max(end, anchor[1].end)
    return Animation(tuple(tracks), anchor, lift, tuple(cues), end)


def _neighbour(square: str, dx: float, dy: float) -> str:
    """The name of the square one step away; off the board it is a key no square uses."""
    file, rank = coords(INDEX_OF[square])
    file, rank = file + int(dx), rank + int(dy)
    name = NAMES.get(bit_index(file, rank)) if 0 <= file < 8 and 1 <= rank <= 4 else None
    return name or f"{file},{rank}"


def turn_arrows(events: Sequence[Event], mover: int) -> list[tuple[int, tuple[Point, ...]]]:
    """How a turn is shown once played: (side, places) for each slide's path, then the push."""
    arrows: list[tuple[int, tuple[Point, ...]]] = []
    for event in events:
        if isinstance(event, PieceSlid):
            arrows.append((mover, tuple(point(square) for square in event.path)))
        elif isinstance(event, PiecesPushed):
            (fx, fr), (tx, tr) = point(event.pusher_from), point(event.pusher_to)
            arrows.append((mover, ((fx - (tx - fx) * 0.3, fr - (tr - fr) * 0.3), (tx, tr))))
    return arrows
