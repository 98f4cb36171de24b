"""The board cursor: a place on the board chosen with the arrow keys, picked as a click.

A view lists the places a click can choose (``Places``: Conquid's cells, Piously's hexes and
spells, Push Fight's squares and tray, Forts' palette); the cursor steps between them by
where they are drawn, so a square grid and a hex grid need no code of their own: an arrow
goes to the nearest place in its direction, straight lines preferred (on hexes, a
neighbour). Picking is the view's own click at the place's centre: every move kind a click
makes, the cursor makes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol, runtime_checkable

import pygame

from game.client.draw import fonts, palette

STEPS: Final = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
WIDEST: Final = math.radians(80)
"""Places further than this from an arrow's direction are never its step."""
BEND: Final = 1.0
"""How much a step's angle lengthens it (a straight neighbour beats a diagonal one; a hex
neighbour at 30 degrees beats the hex two columns on)."""


@dataclass(frozen=True)
class Place:
    """A place a click can choose: what a player calls it, and where it is drawn."""

    name: str
    rect: pygame.Rect
    what: str = ""
    """What is there, in words ("" for nothing to say)."""

    @property
    def words(self) -> str:
        return f"{self.name}: {self.what}" if self.what else self.name


@runtime_checkable
class Places(Protocol):
    """A view whose clickable places the cursor can visit."""

    def places(self) -> tuple[Place, ...]:
        """Every place a click may choose now, in reading order (the first is where the
        cursor starts)."""
        ...


def step(places: Sequence[Place], here: Place, way: str) -> Place:
    """The place an arrow ``way`` leads to from ``here`` (``here`` when none lies that way)."""
    dx, dy = STEPS[way]
    x0, y0 = here.rect.center
    best, best_cost = here, math.inf
    for place in places:
        x, y = place.rect.center
        along, across = (x - x0) * dx + (y - y0) * dy, (x - x0) * dy - (y - y0) * dx
        if along <= 0:
            continue
        angle = math.atan2(abs(across), along)
        if angle > WIDEST:
            continue
        cost = math.hypot(along, across) * (1 + BEND * angle)
        if cost < best_cost - 1e-6:
            best, best_cost = place, cost
    return best


class Cursor:
    """Where the cursor is, whether it shows, and how it is drawn. It keeps the name and the
    centre of its place, so it stays there while the view lists its places anew (a move
    played, the window resized), and two places of one name stay apart."""

    def __init__(self) -> None:
        self.shown = False
        self._name: str | None = None
        self._centre = (0, 0)

    def at(self, places: Sequence[Place]) -> Place | None:
        """The place the cursor is on among ``places``: the nearest of its name, else the
        first place."""
        named = [place for place in places if place.name == self._name]
        if not named:
            return places[0] if places else None
        x, y = self._centre
        return min(named, key=lambda p: math.hypot(p.rect.centerx - x, p.rect.centery - y))

    def _go(self, place: Place | None) -> Place | None:
        if place is not None:
            self._name, self._centre = place.name, place.rect.center
        return place

    def show(self, places: Sequence[Place]) -> Place | None:
        self.shown = True
        return self._go(self.at(places))

    def hide(self) -> None:
        self.shown = False

    def move(self, places: Sequence[Place], way: str) -> Place | None:
        """Step ``way`` (``STEPS``) and return the new place."""
        here = self.at(places)
        return None if here is None else self._go(step(places, here, way))
    def draw(self, surface: pygame.Surface, places: Sequence[Place], clock: float) -> None:
        """A thick two-tone frame round the place (seen on any colour, not by colour alone:
        its shape and its label say it too) and the place's name on a tag under it."""
        place = self.at(places) if self.shown else None
        if place is None:
            return
        rect = place.rect.inflate(6, 6)
        pulse = 2 + round(abs(math.sin(clock * 4)))
        pygame.draw.rect(surface, palette.SHADOW, rect.inflate(4, 4), pulse + 2, border_radius=6)
        pygame.draw.rect(surface, palette.ACCENT, rect, pulse, border_radius=6)
        label = fonts.text(place.name, fonts.MIN_SIZE, palette.SHADOW, True)
        tag = label.get_rect().inflate(12, 4)
        tag.midtop = (rect.centerx, rect.bottom + 2)  # (a view's hover note goes above)
        tag.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, palette.ACCENT, tag, border_radius=4)
        surface.blit(label, label.get_rect(center=tag.center))
