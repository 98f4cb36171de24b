"""The evaluation graph of a reviewed game: the first seat's chances move by move.

Above the middle line the game leans to the first seat, below it to the second; each side's
area is filled in its own colour. A move the review remarked on is a point whose shape says
what it was (a circle for an inaccuracy, a square for a mistake, a diamond for a blunder, a
cross for a missed win), so colour is never the only sign; the position shown is a vertical
line. A click on the graph asks for the move under the pointer, and hovering names it.

The graph knows no game and no review: it is handed points (``Point``) in order. The curve is
drawn once per change of points or size; a frame adds the marker and, under the pointer, the
hovered move's words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from game.client.draw import fonts, palette

RGB = tuple[int, int, int]

SHAPES: Final = ("circle", "square", "diamond", "cross")
"""The marks a point may carry, mildest first."""
PAD: Final = 4
POINT_R: Final = 5
FILL_ALPHA: Final = 90
LABEL_SIZE: Final = fonts.MIN_SIZE


@dataclass(frozen=True)
class Point:
    """One move on the graph."""

    index: int
    """Where a click on it takes the replay (the position after the move)."""
    value: float
    """The first seat's expected score after the move, 0-1 (a solo game: its share of the
    best score the review knows of)."""
    label: str
    """The move and the review's words on it, shown when hovered."""
    shape: str | None = None
    """One of ``SHAPES`` when the review remarked on the move."""
    colour: RGB = palette.TEXT
    """The mark's colour (the shape says the same)."""


class EvalGraph:
    """Draws the points into a rectangle; answers clicks and hovering."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.points: tuple[Point, ...] = ()
        self.current: int | None = None
        self._colours: tuple[RGB, RGB] = (palette.TEXT, palette.MUTED)
        self._cache: pygame.Surface | None = None
        self._hovered: int | None = None
        """The index in ``points`` of the point under the pointer."""

    def layout(self, rect: pygame.Rect) -> None:
        if rect != self.rect:
            self.rect = pygame.Rect(rect)
            self._cache = None

    def show(self, points: Sequence[Point], colours: tuple[RGB, RGB],
             current: int | None) -> None:
        """The points in the order played, the two seats' colours, the position shown."""
        points = tuple(points)
        if points != self.points or colours != self._colours:
            self.points, self._colours, self._cache = points, colours, None
            self._hovered = None
        self.current = current

    # -- geometry ------------------------------------------------------------------------

    def _inner(self) -> pygame.Rect:
        return self.rect.inflate(-2 * PAD, -2 * PAD)

    def _x(self, i: int) -> float:
        inner = self._inner()
        if len(self.points) <= 1:
            return inner.centerx
        return inner.x + i * (inner.w - 1) / (len(self.points) - 1)

    def _y(self, value: float) -> float:
        inner = self._inner()
        return inner.bottom - 1 - max(0.0, min(1.0, value)) * (inner.h - 1)

    def _nearest(self, pos: tuple[int, int]) -> int | None:
        """The index of the point nearest the pointer across the graph (None off it)."""
        if not self.points or self.rect.w <= 2 * PAD or not self.rect.collidepoint(pos):
            return None
        return min(range(len(self.points)), key=lambda i: abs(self._x(i) - pos[0]))

    @property
    def hovered(self) -> Point | None:
        """The point under the pointer, if any."""
        return None if self._hovered is None else self.points[self._hovered]

    # -- input ---------------------------------------------------------------------------

    def hover(self, pos: tuple[int, int] | None) -> None:
        self._hovered = None if pos is None else self._nearest(pos)

    def clicked(self, event: pygame.event.Event) -> int | None:
        """The position a left click on the graph asks for; None for any other event."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
            return None
        nearest = self._nearest(event.pos)
        return None if nearest is None else self.points[nearest].index

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 2 * PAD or self.rect.h <= 2 * PAD:
            return
        if self._cache is None:
            self._cache = self._render()
        surface.blit(self._cache, self.rect)
        shown = next((i for i, p in enumerate(self.points) if p.index == self.current), None)
        if shown is not None:
            x = round(self._x(shown))
            pygame.draw.line(surface, palette.ACCENT, (x, self.rect.y + 1),
                             (x, self.rect.bottom - 2), 2)
        if self._hovered is not None:
            self._draw_label(surface, self._hovered)

    def _render(self) -> pygame.Surface:
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        image.fill((*palette.BOARD, 255))
        offset = pygame.Vector2(self.rect.topleft)
        middle = self._y(0.5) - offset.y
        if self.points:
            curve = [(self._x(i) - offset.x, self._y(p.value) - offset.y)
                     for i, p in enumerate(self.points)]
            self._fill_side(image, curve, middle, self._colours[0], above=True)
            self._fill_side(image, curve, middle, self._colours[1], above=False)
        pygame.draw.line(image, palette.GRID, (0, middle), (self.rect.w, middle), 1)
        if self.points:
            if len(curve) > 1:
                pygame.draw.aalines(image, palette.TEXT, False, curve)
            for (x, y), point in zip(curve, self.points, strict=True):
                if point.shape is not None:
                    draw_mark(image, point.shape, (round(x), round(y)), point.colour)
        pygame.draw.rect(image, palette.GRID, image.get_rect(), 1)
        return image

    def _fill_side(self, image: pygame.Surface, curve: list[tuple[float, float]],
                   middle: float, colour: RGB, above: bool) -> None:
        """The area between the middle line and the curve on one side, in ``colour``."""
        clipped = [(x, min(y, middle) if above else max(y, middle)) for x, y in curve]
        if len(clipped) == 1:
            x, y = clipped[0]
            clipped = [(x - 2, y), (x + 2, y)]
        shape = [(clipped[0][0], middle), *clipped, (clipped[-1][0], middle)]
        layer = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(layer, (*colour, FILL_ALPHA), shape)
        image.blit(layer, (0, 0))

    def _draw_label(self, surface: pygame.Surface, index: int) -> None:
        """The hovered move's words in a box above the graph (below it at the window's top)."""
        window = surface.get_rect()
        label = fonts.fit(self.points[index].label, LABEL_SIZE, palette.TEXT,
                          max(40, window.w - 24))
        box = label.get_rect().inflate(14, 8)
        box.midbottom = (round(self._x(index)), self.rect.y - 4)
        if box.top < window.top:
            box.top = self.rect.bottom + 4
        box.clamp_ip(window)
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=4)
        pygame.draw.rect(surface, palette.GRID, box, 1, border_radius=4)
        surface.blit(label, label.get_rect(center=box.center))


def draw_mark(surface: pygame.Surface, shape: str, centre: tuple[int, int], colour: RGB,
              radius: int = POINT_R) -> None:
    """A judgement's mark: its shape carries the meaning, the colour repeats it. An outline
    in the background colour keeps it apart from the curve and the filled areas."""
    x, y = centre
    r = radius
    if shape == "circle":
        pygame.draw.circle(surface, palette.BACKGROUND, centre, r + 2)
        pygame.draw.circle(surface, colour, centre, r)
    elif shape == "square":
        pygame.draw.rect(surface, palette.BACKGROUND, pygame.Rect(x - r - 2, y - r - 2,
                                                                  2 * r + 5, 2 * r + 5))
        pygame.draw.rect(surface, colour, pygame.Rect(x - r, y - r, 2 * r + 1, 2 * r + 1))
    elif shape == "diamond":
        outer = r + 3
        pygame.draw.polygon(surface, palette.BACKGROUND,
                            [(x, y - outer), (x + outer, y), (x, y + outer), (x - outer, y)])
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1),
                                              (x - r - 1, y)])
    elif shape == "cross":
        arm = round(r * math.sqrt(2))
        for dx in (-1, 1):
            pygame.draw.line(surface, palette.BACKGROUND, (x - arm, y - dx * arm),
                             (x + arm, y + dx * arm), 6)
        for dx in (-1, 1):
            pygame.draw.line(surface, colour, (x - arm, y - dx * arm), (x + arm, y + dx * arm), 3)
    else:
        raise ValueError(f"no mark called {shape!r}")
