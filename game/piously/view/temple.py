"""Black's temple builder: rooms dragged and turned on the hex grid, checked live.

The builder edits a ``Layout`` (seven placements); the rules' ``layout_problem`` gives the
reason a layout cannot be built (overlap, a room touching fewer than two others, a split
temple). Rooms may overlap while the layout is edited: they stack, the one grabbed last on
top, and a press may name which of the rooms under it to grab (the view chooses the one
nearest the pointer), so every room can be grabbed. A drag keeps the hex the room was
grabbed by under the pointer, snapped to the grid; turning pivots the room round its
grabbed hex. No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.piously.rules.hexes import Hex
from game.piously.rules.moves import BuildTemple
from game.piously.rules.temple import (
    DEFAULT_LAYOUT,
    ROOM_NAMES,
    Layout,
    Placement,
    layout_problem,
    random_layout,
)


@dataclass(frozen=True)
class Builder:
    layout: Layout = DEFAULT_LAYOUT
    selected: int | None = None
    """The room last grabbed (keys turn it)."""
    grab: int = 0
    """The grabbed hex's index in the selected room's shape (the pivot when turning)."""
    dragging: bool = False

    def stacking(self) -> tuple[int, ...]:
        """The rooms bottom first, as they are drawn: the one grabbed last on top."""
        rooms = tuple(room for room in range(len(self.layout)) if room != self.selected)
        return rooms if self.selected is None else (*rooms, self.selected)

    def rooms_at(self, h: Hex) -> tuple[int, ...]:
        """The rooms with a hex at ``h``, the top one first."""
        return tuple(room for room in reversed(self.stacking())
                     if h in self.layout[room].hexes(room))

    def press(self, h: Hex, room: int | None = None) -> Builder:
        """Grab ``room`` by its hex ``h`` (None: the top room there), or let go of the
        selection on empty space."""
        under = self.rooms_at(h)
        if room not in under:
            room = under[0] if under else None
        if room is None:
            return replace(self, selected=None, grab=0, dragging=False)
        index = self.layout[room].hexes(room).index(h)
        return replace(self, selected=room, grab=index, dragging=True)

    def placed_at(self, h: Hex) -> Placement | None:
        """Where the grabbed room lies if dropped with its grabbed hex on ``h``."""
        if self.selected is None or not self.dragging:
            return None
        placement = self.layout[self.selected]
        offset = placement.hexes(self.selected)[self.grab] - placement.anchor
        return Placement(h - offset, placement.rotation)

    def drop(self, h: Hex) -> Builder:
        placement = self.placed_at(h)
        if placement is None or self.selected is None:
            return replace(self, dragging=False)
        return replace(self, layout=self._with(self.selected, placement), dragging=False)

    def turn(self, turns: int) -> Builder:
        """Turn the selected room ``turns`` x 60 degrees clockwise about its grabbed hex."""
        room = self.selected
        if room is None:
            return self
        placement = self.layout[room]
        pivot = placement.hexes(room)[self.grab]
        turned = Placement(placement.anchor, (placement.rotation + turns) % 6)
        shift = pivot - turned.hexes(room)[self.grab]
        return replace(self, layout=self._with(room, Placement(turned.anchor + shift,
                                                               turned.rotation)))

    def _with(self, room: int, placement: Placement) -> Layout:
        layout = list(self.layout)
        layout[room] = placement
        return tuple(layout)

    def default(self) -> Builder:
        return Builder(DEFAULT_LAYOUT)

    def shuffled(self, rng: random.Random) -> Builder:
        return Builder(random_layout(rng))

    def problem(self) -> str | None:
        return layout_problem(self.layout)

    def move(self) -> BuildTemple | None:
        return None if self.problem() else BuildTemple(self.layout)

    def status(self) -> str:
        chosen = f" {ROOM_NAMES[self.selected]} room selected." if self.selected is not None else ""
        problem = self.problem()
        verdict = f"Cannot build: {problem}." if problem else "A valid temple: confirm to build."
        return f"{verdict}{chosen}"

