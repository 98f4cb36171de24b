"""Forts and Ruins animations: the rules' events, wave after wave, as cell tweens and a die.

Waves play one after another, never together, so a player sees the turn as the rules tell
it: the territory pops in, new forts rise, the die tumbles and lands, territories of the
rolled value crumble, forts left alone fall to ruins, territories cut off from every fort
die. Times are seconds at speed 1, divided by the player's speed setting; speed 0 means
no animation at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.client.draw.tween import Tween
from game.core.protocol import Event
from game.forts.rules.board import DEAD, EMPTY, FORT, RUIN, is_living, is_territory
from game.forts.rules.game import (
    Coord,
    DieRolled,
    FortsRuined,
    FortsSpawned,
    FortsState,
    Placed,
    TerritoriesDied,
)

POP: Final = "pop"
RISE: Final = "rise"
CRUMBLE: Final = "crumble"

PLACE_TIME: Final = 0.32
RISE_TIME: Final = 0.5
RISE_STAGGER: Final = 0.08
ROLL_TIME: Final = 0.6
"""The die tumbles this long at speed 1, then lands on the value."""
LAND_TIME: Final = 0.22
CRUMBLE_TIME: Final = 0.45
CRUMBLE_SPREAD: Final = 0.25
WAVE_GAP: Final = 0.12
TUMBLE_FACES: Final = 9
"""Faces shown while the die tumbles (about one every 0.07 s)."""


@dataclass(frozen=True)
class CellAnim:
    cell: Coord
    kind: str
    tween: Tween
    old: int
    new: int


@dataclass(frozen=True)
class DieAnim:
    """The die tumbling from ``before`` through ``faces`` and landing on ``value``."""

    tween: Tween
    land: Tween
    before: int | None
    value: int
    faces: tuple[int, ...]

    def face(self, clock: float) -> int | None:
        """The face showing at ``clock``."""
        if clock < self.tween.start:
            return self.before
        if clock >= self.tween.end:
            return self.value
        step = int(self.tween.raw(clock) * len(self.faces))
        return self.faces[min(step, len(self.faces) - 1)]


@dataclass(frozen=True)
class Animation:
    cells: tuple[CellAnim, ...]
    die: DieAnim | None
    cues: tuple[tuple[float, str], ...]
    end: float


NO_ANIMATION: Final = Animation((), None, (), 0.0)


def tumble(value: int, previous: int | None) -> tuple[int, ...]:
    """The faces a tumble shows: never the same twice running, ending next to ``value``."""
    faces: list[int] = []
    face = previous or value
    for step in range(TUMBLE_FACES):
        face = (face + 1 + (step * 7 + value * 3) % 4) % 6 + 1
        if faces and face == faces[-1]:
            face = face % 6 + 1
        faces.append(face)
    if faces[-1] == value:
        faces[-1] = value % 6 + 1
    return tuple(faces)


def build(
    before: FortsState, events: Sequence[Event], start: float, speed: float
) -> Animation:
    """The animation of ``events`` (played from ``before``) starting at clock ``start``."""
    if speed <= 0:
        return Animation((), None, (), start)
    scale = 1.0 / speed
    cells: list[CellAnim] = []
    cues: list[tuple[float, str]] = []
    die: DieAnim | None = None
    at = start
    for event in sorted(events, key=lambda item: item.wave):
        end = at
        if isinstance(event, Placed):
            tween = Tween(at, PLACE_TIME * scale, "out_back")
            cells.append(CellAnim(event.cell, POP, tween, EMPTY, event.value))
            cues.append((at, "place"))
            end = tween.end
        elif isinstance(event, FortsSpawned):
            for i, cell in enumerate(event.cells):
                tween = Tween(at + i * RISE_STAGGER * scale, RISE_TIME * scale, "out_cubic")
                cells.append(CellAnim(cell, RISE, tween, EMPTY, FORT))
                end = max(end, tween.end)
            cues.append((at, "fanfare"))
        elif isinstance(event, DieRolled):
            tween = Tween(at, ROLL_TIME * scale, "linear")
            land = Tween(tween.end, LAND_TIME * scale, "out_back")
            die = DieAnim(tween, land, before.last_roll, event.value,
                          tumble(event.value, before.last_roll))
            for i in range(0, TUMBLE_FACES, 3):
                cues.append((at + i * ROLL_TIME * scale / TUMBLE_FACES, "click"))
            cues.append((land.start, "select"))
            end = land.end
        elif isinstance(event, (TerritoriesDied, FortsRuined)):
            end = _crumble(before, event, at, scale, cells)
            cues.append((at, "crumble"))
        at = end + WAVE_GAP * scale
    finish = max([start, *(item.tween.end for item in cells), *([die.land.end] if die else [])])
    return Animation(tuple(cells), die, tuple(cues), finish)


def _crumble(
    before: FortsState,
    event: TerritoriesDied | FortsRuined,
    at: float,
    scale: float,
    cells: list[CellAnim],
) -> float:
    """Crumble every cell of a death event, with a little spread; returns when it ends."""
    end = at
    count = len(event.cells)
    for i, cell in enumerate(event.cells):
        old = before.code(*cell)
        if isinstance(event, FortsRuined):
            new = RUIN
        else:
            old = old if is_living(old) else _placed_value(cells, cell, old)
            new = DEAD + old if is_territory(old) else old
        jitter = (i / max(count - 1, 1)) * CRUMBLE_SPREAD if count > 1 else 0.0
        tween = Tween(at + jitter * scale, CRUMBLE_TIME * scale, "in_cubic")
        cells.append(CellAnim(cell, CRUMBLE, tween, old, new))
        end = max(end, tween.end)
    return end


def _placed_value(cells: list[CellAnim], cell: Coord, fallback: int) -> int:
    """A territory placed earlier in this move (the anywhere variant's stranded placement)."""
    for item in reversed(cells):
        if item.cell == cell:
            return item.new
    return fallback
