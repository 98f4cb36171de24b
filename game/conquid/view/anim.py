"""Conquid animations: the rules' events turned into per-cell tweens and sound cues.

Each cell that changes gets one ``CellAnim``. A conquer cascade plays wave by wave (each
wave's cells flip with a short stagger), an acquire pops its cells in, a vanquish crumbles
the block, and a conquest traces the path in the base colour. Times are seconds at speed 1,
divided by the player's speed setting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from game.client.draw.tween import Tween
from game.conquid.rules.game import (
    Acquired,
    Cell,
    Conquered,
    ConquestDeclared,
    ConquidState,
    Vanquished,
)
from game.core.protocol import Event

EMPTY: Final = -1
"""Look codes: -1 empty, 0/1 a seat's cell, 2/3 a seat's base colour (seat + 2)."""

POP: Final = "pop"
FLIP: Final = "flip"
CRUMBLE: Final = "crumble"
TRACE: Final = "trace"

ACQUIRE_STAGGER, ACQUIRE_TIME = 0.09, 0.38
WAVE_GAP, WAVE_SPREAD, FLIP_TIME = 0.42, 0.22, 0.3
CRUMBLE_SPREAD, CRUMBLE_TIME = 0.3, 0.5
TRACE_STEP, TRACE_TIME = 0.06, 0.35


@dataclass(frozen=True)
class CellAnim:
    cell: Cell
    kind: str
    tween: Tween
    wave: int
    old: int
    new: int


@dataclass(frozen=True)
class Animation:
    cells: tuple[CellAnim, ...]
    cues: tuple[tuple[float, str], ...]
    end: float


def look(state: ConquidState, cell: Cell) -> int:
    owner = state.owner(cell)
    if owner is None:
        return EMPTY
    return owner + 2 if state.is_base(cell) else owner


def build(
    before: ConquidState, events: Sequence[Event], start: float, speed: float
) -> Animation:
    """The animation of ``events`` (played from ``before``) starting at clock ``start``."""
    if speed <= 0:
        return Animation((), (), start)
    scale = 1.0 / speed
    anims: list[CellAnim] = []
    cues: list[tuple[float, str]] = []
    for event in events:
        if isinstance(event, Acquired):
            for i, cell in enumerate(event.cells):
                at = start + i * ACQUIRE_STAGGER * scale
                anims.append(CellAnim(cell, POP, Tween(at, ACQUIRE_TIME * scale, "out_back"),
                                      0, EMPTY, event.seat))
                cues.append((at, "place"))
        elif isinstance(event, Conquered):
            wave_start = start + event.wave * WAVE_GAP * scale
            cells = event.cells
            step = min(WAVE_SPREAD / max(len(cells), 1), 0.05) * scale
            for i, cell in enumerate(cells):
                tween = Tween(wave_start + i * step, FLIP_TIME * scale, "in_out_cubic")
                anims.append(CellAnim(cell, FLIP, tween, event.wave, 1 - event.seat, event.seat))
            cues.append((wave_start, "flip"))
        elif isinstance(event, Vanquished):
            for cell in event.cells:
                jitter = ((cell[0] * 7 + cell[1] * 13) % 16) / 16 * CRUMBLE_SPREAD
                tween = Tween(start + jitter * scale, CRUMBLE_TIME * scale, "in_cubic")
                anims.append(CellAnim(cell, CRUMBLE, tween, 0, look(before, cell), EMPTY))
            cues.append((start, "crumble"))
        elif isinstance(event, ConquestDeclared):
            for i, cell in enumerate(event.path):
                tween = Tween(start + i * TRACE_STEP * scale, TRACE_TIME * scale, "out_sine")
                anims.append(CellAnim(cell, TRACE, tween, 0, look(before, cell), event.seat + 2))
                if i % 4 == 0:
                    cues.append((tween.start, "select"))
            end = start + (len(event.path) * TRACE_STEP + TRACE_TIME) * scale
            cues.append((end, "fanfare"))
    end = max((anim.tween.end for anim in anims), default=start)
    return Animation(tuple(anims), tuple(cues), end)


@dataclass(frozen=True)
class Marks:
    """What a turn changed, for the board to outline once it is played."""

    cells: frozenset[Cell] = frozenset()
    blocks: tuple[Cell, ...] = ()
    """Top-left corners of vanquished blocks."""


def marks(turn: Iterable[Sequence[Event]]) -> Marks:
    """The cells acquired, conquered or vanquished (and the conquest path) in ``turn``."""
    cells: set[Cell] = set()
    blocks: list[Cell] = []
    for events in turn:
        for event in events:
            if isinstance(event, (Acquired, Conquered)):
                cells.update(event.cells)
            elif isinstance(event, Vanquished):
                blocks.append(event.corner)
            elif isinstance(event, ConquestDeclared):
                cells.update(event.path)
    return Marks(frozenset(cells), tuple(blocks))
