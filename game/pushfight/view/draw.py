"""Push Fight drawing: board geometry (flippable), squares, rails, pieces, the anchor, arrows.

Sides differ by more than colour: every piece carries its notation letter's mark, a ring
for White (``o``) and a cross for Brown (``x``); kinds differ by shape, square pushers and
round pieces. The anchor is a gold anchor glyph on a gold ring, drawn over the piece.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from game.client.draw import flip, fonts, palette
from game.client.draw.tween import mix
from game.client.view import RGB
from game.pushfight.rules.board import (
    INDEX_OF,
    LAYOUT,
    NAMES,
    NO_ANCHOR,
    SQUARES,
    bit_index,
    coords,
)
from game.pushfight.rules.game import State
from game.pushfight.view.anim import Animation, Point, point

FILES: Final = 8
RANKS: Final = 4
WIDTH_UNITS: Final = FILES + 1.4
"""The grid and room at each short end for a piece pushed off it (``last.FALL_REACH``: its
ringed ghost reaches 0.7 of a square past the grid, beyond the frame)."""
HEIGHT_UNITS: Final = RANKS + 2.4
"""The layout in cells: the grid, a rail and margin above and below, then the tray row."""
PLAY_HEIGHT_UNITS: Final = RANKS + 1.2
"""What the view draws without the tray row, once the setup is over (the board stays where
the tray's room put it)."""
TRAY_SLOTS: Final = 5
SQUARE_LIGHT: Final[RGB] = (206, 196, 174)
SQUARE_DARK: Final[RGB] = (188, 176, 152)
FRAME: Final[RGB] = (52, 46, 40)
RAIL: Final[RGB] = (120, 124, 136)
RAIL_EDGE: Final[RGB] = (210, 214, 224)
ANCHOR: Final[RGB] = (232, 178, 40)
INK: Final[RGB] = (24, 24, 28)
LABEL: Final[RGB] = (112, 100, 84)
"""Square names (a1-h4, as the notation writes them) in each square's corner."""
RAILS: Final = ((1.5, 6.5, 4.5, 1), (0.5, 5.5, 0.5, -1))
"""(from file edge, to file edge, rank edge, outward sign): above c4-g4 and below b1-f1."""


@dataclass(frozen=True)
class Geometry:
    """Where the board sits in pixels, and which way round it is shown."""

    cell: int = 40
    left: int = 0
    top: int = 0
    flipped: bool = False
    tray: bool = True
    """Room for the setup tray under the board (only while a side sets up)."""

    @classmethod
    def fit(cls, area: pygame.Rect, flipped: bool, tray: bool = True) -> Geometry:
        """The board in ``area``: its size and place leave room for the setup tray whether
        or not it is shown, so the board never moves when the tray goes."""
        cell = max(8, int(min(area.w / WIDTH_UNITS, area.h / HEIGHT_UNITS)))
        left = area.x + (area.w - FILES * cell) // 2
        top = area.y + round((area.h - HEIGHT_UNITS * cell) / 2 + 0.5 * cell)
        return cls(cell, left, top, flipped, tray)

    def centre(self, place: Point) -> tuple[float, float]:
        file, rank = place  # fractional while a piece slides: the same half turn applies
        row, col = flip.cell((RANKS - rank, file), RANKS, FILES, self.flipped)
        return self.left + (col + 0.5) * self.cell, self.top + (row + 0.5) * self.cell

    def pixel(self, place: Point) -> tuple[int, int]:
        x, y = self.centre(place)
        return round(x), round(y)

    def square_rect(self, index: int) -> pygame.Rect:
        file, rank = coords(index)
        x, y = self.centre((file, rank))
        half = self.cell / 2
        return pygame.Rect(round(x - half), round(y - half), self.cell, self.cell)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        col = math.floor((pos[0] - self.left) / self.cell)
        row = math.floor((pos[1] - self.top) / self.cell)
        if not (0 <= col < FILES and 0 <= row < RANKS):
            return None
        row, col = flip.cell((row, col), RANKS, FILES, self.flipped)
        index = bit_index(col, RANKS - row)
        return index if index in NAMES else None

    @property
    def grid(self) -> pygame.Rect:
        return pygame.Rect(self.left, self.top, FILES * self.cell, RANKS * self.cell)

    @property
    def outline(self) -> pygame.Rect:
        """Everything the view draws: grid, rails, margins and the tray row."""
        grid = self.grid
        units = HEIGHT_UNITS if self.tray else PLAY_HEIGHT_UNITS
        return pygame.Rect(grid.x - round(0.4 * self.cell), grid.y - round(0.5 * self.cell),
                           grid.w + round(0.8 * self.cell), round(units * self.cell))

    def tray_slot(self, slot: int) -> pygame.Rect:
        grid = self.grid
        size = self.cell
        x = grid.centerx - TRAY_SLOTS * size // 2 + slot * size
        return pygame.Rect(x, grid.bottom + round(0.6 * self.cell), size, size)

    def tray_at(self, pos: tuple[int, int]) -> int | None:
        if not self.tray:
            return None
        for slot in range(TRAY_SLOTS):
            if self.tray_slot(slot).collidepoint(pos):
                return slot
        return None


def draw_board(surface: pygame.Surface, geo: Geometry, halves: tuple[RGB, RGB]) -> None:
    """The frame, the 26 squares (each half faintly tinted by its owner) and the two rails."""
    cell = geo.cell
    frame = geo.grid.inflate(round(0.24 * cell), round(0.24 * cell))
    pygame.draw.rect(surface, FRAME, frame, border_radius=max(2, cell // 8))
    for rank, files in LAYOUT.items():
        for file in range(FILES):
            rect = geo.square_rect(bit_index(file, rank))
            if file not in files:  # a hole: the board's frame shows through, darker
                hole = rect.inflate(-cell // 10, -cell // 10)
                pygame.draw.rect(surface, palette.BACKGROUND, hole, border_radius=max(2, cell // 6))
                continue
            base = SQUARE_LIGHT if (file + rank) % 2 else SQUARE_DARK
            tint = halves[0] if file < FILES // 2 else halves[1]
            colour = mix(base, tint, 0.12)
            inner = rect.inflate(-max(2, cell // 20), -max(2, cell // 20))
            pygame.draw.rect(surface, colour, inner, border_radius=max(2, cell // 12))
            name = fonts.text(NAMES[bit_index(file, rank)], max(12, cell // 4), LABEL)
            surface.blit(name, name.get_rect(bottomleft=(inner.x + cell // 16,
                                                         inner.bottom - cell // 40)))
    grid = geo.grid
    pygame.draw.line(surface, FRAME, (grid.centerx, grid.top), (grid.centerx, grid.bottom),
                     max(2, cell // 16))
    for start, stop, edge, sign in RAILS:
        a = geo.centre((start, edge + sign * 0.09))
        b = geo.centre((stop, edge + sign * 0.09))
        thick = max(4, round(0.16 * cell))
        rect = pygame.Rect(0, 0, round(abs(b[0] - a[0])), thick)
        rect.center = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
        pygame.draw.rect(surface, RAIL, rect, border_radius=thick // 2)
        pygame.draw.rect(surface, RAIL_EDGE, rect, max(1, thick // 5), border_radius=thick // 2)


def draw_piece(surface: pygame.Surface, centre: tuple[float, float], cell: int, colour: RGB,
               side: int, pusher: bool, scale: float = 1.0, alpha: int = 255,
               angle: float = 0.0) -> None:
    """One piece: a rounded square (pusher) or a disc, with its side's mark (ring or cross)."""
    if scale <= 0.02 or alpha <= 0:
        return
    if scale == 1.0 and alpha == 255 and angle == 0.0:
        _piece(surface, (round(centre[0]), round(centre[1])), cell, colour, side, pusher)
        return
    sprite = pygame.Surface((cell, cell), pygame.SRCALPHA)
    _piece(sprite, (cell // 2, cell // 2), cell, colour, side, pusher)
    sprite = pygame.transform.rotozoom(sprite, angle, scale)
    sprite.set_alpha(alpha)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def _piece(surface: pygame.Surface, at: tuple[int, int], cell: int, colour: RGB, side: int,
           pusher: bool) -> None:
    edge = palette.shade(colour, 0.55)
    shadow = (0, 0, 0)
    line = max(2, cell // 22)
    if pusher:
        size = round(cell * 0.74)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = at
        pygame.draw.rect(surface, shadow, rect.move(line, line), border_radius=cell // 9)
        pygame.draw.rect(surface, colour, rect, border_radius=cell // 9)
        pygame.draw.rect(surface, edge, rect, line, border_radius=cell // 9)
    else:
        radius = round(cell * 0.37)
        pygame.draw.circle(surface, shadow, (at[0] + line, at[1] + line), radius)
        pygame.draw.circle(surface, colour, at, radius)
        pygame.draw.circle(surface, edge, at, radius, line)
    mark = INK if sum(colour) > 420 else (244, 244, 248)
    size = max(3, round(cell * 0.13))
    width = max(2, cell // 16)
    if side == 0:
        pygame.draw.circle(surface, mark, at, size, width)
    else:
        x, y = at
        pygame.draw.line(surface, mark, (x - size, y - size), (x + size, y + size), width + 1)
        pygame.draw.line(surface, mark, (x - size, y + size), (x + size, y - size), width + 1)


def draw_anchor(surface: pygame.Surface, centre: tuple[float, float], cell: int,
                scale: float = 1.0, alpha: int = 255) -> None:
    """The anchor: a gold ring round the piece and an anchor glyph in its upper corner."""
    if alpha <= 0 or scale <= 0:
        return
    size = max(8, round(cell * 1.1 * scale))
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    mid = size // 2
    ring = max(2, size // 16)
    pygame.draw.circle(sprite, INK, (mid, mid), round(size * 0.46), ring + 2)
    pygame.draw.circle(sprite, ANCHOR, (mid, mid), round(size * 0.46), ring)
    badge = round(size * 0.2)
    bx, by = size - badge - 1, badge + 1
    pygame.draw.circle(sprite, INK, (bx, by), badge)
    pygame.draw.circle(sprite, ANCHOR, (bx, by), badge - max(1, ring // 2))
    _glyph(sprite, (bx, by), badge)
    sprite.set_alpha(alpha)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def _glyph(surface: pygame.Surface, at: tuple[int, int], radius: int) -> None:
    """A small anchor: a ring, the shank, the stock and the curved arms."""
    x, y = at
    width = max(1, radius // 5)
    h = radius * 0.62
    pygame.draw.circle(surface, INK, (x, round(y - h)), max(2, radius // 5), width)
    pygame.draw.line(surface, INK, (x, round(y - h * 0.7)), (x, round(y + h)), width)
    pygame.draw.line(surface, INK, (round(x - h * 0.5), round(y - h * 0.35)),
                     (round(x + h * 0.5), round(y - h * 0.35)), width)
    arc = pygame.Rect(0, 0, round(h * 1.6), round(h * 1.3))
    arc.center = (x, round(y + h * 0.35))
    pygame.draw.arc(surface, INK, arc, math.pi * 1.1, math.pi * 1.9, width + 1)


def draw_arrow(surface: pygame.Surface, points: Sequence[tuple[float, float]], colour: RGB,
               width: int, head: int) -> None:
    """A polyline with an arrowhead at its last point."""
    if len(points) < 2:
        return
    pts = [(round(x), round(y)) for x, y in points]
    (x0, y0), (x1, y1) = points[-2], points[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    tip = pts[-1]
    back = (x1 - math.cos(angle) * head * 0.8, y1 - math.sin(angle) * head * 0.8)
    pts[-1] = (round(back[0]), round(back[1]))
    pygame.draw.lines(surface, colour, False, pts, width)
    for p in pts[1:-1]:
        pygame.draw.circle(surface, colour, p, width // 2)
    left = (x1 - head * math.cos(angle - 0.5), y1 - head * math.sin(angle - 0.5))
    right = (x1 - head * math.cos(angle + 0.5), y1 - head * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [tip, left, right])



def draw_position(surface: pygame.Surface, geo: Geometry, colours: tuple[RGB, RGB],
                  state: State, skip: frozenset[int] = frozenset(), anchor: bool = True) -> None:
    """Every piece of ``state`` at rest (but those on ``skip``), and the anchor."""
    for index in SQUARES:
        side = state.owner(index)
        if side is None or index in skip:
            continue
        draw_piece(surface, geo.centre(coords(index)), geo.cell, colours[side], side,
                   state.is_pusher(index))
    if anchor and state.anchor != NO_ANCHOR and state.anchor not in skip:
        draw_anchor(surface, geo.centre(coords(state.anchor)), geo.cell)


def draw_animation(surface: pygame.Surface, geo: Geometry, colours: tuple[RGB, RGB],
                   base: State, animation: Animation, clock: float) -> None:
    """``animation`` at ``clock``: pieces at rest, travelling pieces, a fall, the anchor."""
    cell = geo.cell
    moving = frozenset(INDEX_OF[t.origin] for t in animation.tracks if t.origin is not None)
    draw_position(surface, geo, colours, base, moving, anchor=False)
    for track in animation.tracks:
        file, rank = track.place(clock)
        scale, alpha, angle = 1.0, 255, 0.0
        if track.appear is not None:
            if clock < track.appear.start:
                continue
            scale = max(0.0, track.appear.value(clock))
        if track.fall is not None and clock >= track.fall.start:
            t = track.fall.raw(clock)
            if t >= 1.0:
                continue
            dx, dy = track.fall_direction  # on past the edge, dropping, spinning, fading
            file, rank = file + dx * 0.9 * t, rank + dy * 0.9 * t - 0.25 * t * t
            scale, alpha, angle = 1.0 - 0.8 * t, round(255 * (1 - t)), 220.0 * t
        draw_piece(surface, geo.centre((file, rank)), cell, colours[track.side], track.side,
                   track.pusher, scale, alpha, angle)
    if base.anchor != NO_ANCHOR and clock < animation.lift:
        draw_anchor(surface, geo.centre(coords(base.anchor)), cell)
    if animation.anchor is not None:
        square, tween = animation.anchor
        if clock >= tween.start:
            t = tween.value(clock)
            draw_anchor(surface, geo.centre(point(square)), cell, 2.0 - t, round(255 * t))


Arrow = tuple[RGB, Sequence[Point], int]
"""Colour, the places it runs through, line width."""


def draw_arrows(surface: pygame.Surface, geo: Geometry, arrows: Sequence[Arrow],
                alpha: int) -> None:
    """See-through arrows over the board (pieces stay readable under them)."""
    if not arrows:
        return
    box = geo.outline
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for colour, places, width in arrows:
        points = [(x - box.x, y - box.y) for x, y in (geo.centre(p) for p in places)]
        draw_arrow(layer, points, colour, max(3, width), max(10, geo.cell // 4))
    layer.set_alpha(alpha)
    surface.blit(layer, box.topleft)


def trimmed(places: Sequence[Point], by: float) -> list[Point]:
    """The path shortened at its end by ``by`` squares (it stops at a piece's edge)."""
    (x0, y0), (x1, y1) = places[-2], places[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    cut = min(by, length * 0.8) / length
    return [*places[:-1], (x1 - (x1 - x0) * cut, y1 - (y1 - y0) * cut)]
