"""Where things are on screen: flat-topped hexes fitted to the board area, the spell panel
beside it, and the claim panel over the spell panel.

Pixels follow the rules' axial coordinates (``game.piously.rules.hexes``): q grows to the
right, r downwards, x = size * 1.5 * q, y = size * sqrt(3) * (r + q / 2). Pure arithmetic on
``pygame.Rect``: no drawing here, so hit tests and tests share it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import pygame

from game.client.draw import fonts
from game.piously.rules.hexes import Hex, axial, hex_at

Point = tuple[float, float]
SQRT3: Final = math.sqrt(3)
PANEL_MIN: Final = 190
PANEL_MAX: Final = 480
ROW_GAP: Final = 4


def unit(h: Hex) -> Point:
    """The centre of ``h`` for hexes of size 1 (corner radius), origin at hex (0, 0)."""
    q, r = axial(h)
    return 1.5 * q, SQRT3 * (r + q / 2)


def round_hex(fq: float, fr: float) -> Hex:
    """The hex holding fractional axial coordinates (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return hex_at(q, r)


@dataclass(frozen=True)
class Geometry:
    """Hexes of corner radius ``size`` with hex (0, 0) at ``origin``, inside ``area``."""

    size: float
    origin: Point
    area: pygame.Rect
    board: pygame.Rect
    """The bounding box of the hexes the board was fitted to."""

    @classmethod
    def fit(cls, area: pygame.Rect, hexes: Iterable[Hex], margin: float = 0.6,
            largest: float | None = None) -> Geometry:
        """The largest hexes (at most ``largest`` pixels) that show every one of ``hexes``
        (plus ``margin`` hexes) in ``area``, centred."""
        points = [unit(h) for h in hexes] or [(0.0, 0.0)]
        left = min(x for x, _ in points) - 1 - margin
        right = max(x for x, _ in points) + 1 + margin
        top = min(y for _, y in points) - SQRT3 / 2 - margin
        bottom = max(y for _, y in points) + SQRT3 / 2 + margin
        size = max(6.0, min(area.w / (right - left), area.h / (bottom - top),
                            largest or math.inf))
        width, height = (right - left) * size, (bottom - top) * size
        x0 = area.x + (area.w - width) / 2 - left * size
        y0 = area.y + (area.h - height) / 2 - top * size
        board = pygame.Rect(round(x0 + left * size), round(y0 + top * size), round(width),
                            round(height))
        return cls(size, (x0, y0), pygame.Rect(area), board)

    def centre(self, h: Hex) -> Point:
        ux, uy = unit(h)
        return self.origin[0] + ux * self.size, self.origin[1] + uy * self.size

    def icentre(self, h: Hex) -> tuple[int, int]:
        x, y = self.centre(h)
        return round(x), round(y)

    def hex_at(self, pos: tuple[int, int]) -> Hex:
        """The hex position under ``pos`` (whether or not the temple has a hex there)."""
        x = (pos[0] - self.origin[0]) / self.size
        y = (pos[1] - self.origin[1]) / self.size
        fq = 2 / 3 * x
        return round_hex(fq, y / SQRT3 - fq / 2)

    def corners(self, centre: Point, scale: float = 1.0, turn: float = 0.0) -> list[Point]:
        """The six corners of a hex drawn at ``centre``, turned ``turn`` radians."""
        radius = self.size * scale
        return [
            (centre[0] + radius * math.cos(turn + k * math.pi / 3),
             centre[1] + radius * math.sin(turn + k * math.pi / 3))
            for k in range(6)
        ]


def split(area: pygame.Rect, least: int = PANEL_MIN) -> tuple[pygame.Rect, pygame.Rect]:
    """The board's part of the view's area and the spell panel's (on the right): at least
    ``least`` wide (where the spells' names show whole) while the temple keeps two fifths."""
    width = max(PANEL_MIN, min(PANEL_MAX, area.w * 34 // 100, area.h * 55 // 100))
    width = max(width, min(least, area.w * 3 // 5))
    panel = pygame.Rect(area.right - width, area.y, width, area.h)
    board = pygame.Rect(area.x, area.y, max(60, area.w - width - 10), area.h)
    return board, panel


def spell_rows(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """One row per room in the spell panel, under a heading line (as tall as the text
    size in use makes it)."""
    top = panel.y + max(26, fonts.line_height(20) + 6)
    height = min(max(78, panel.w // 4), (panel.bottom - top) // count - ROW_GAP)
    return [pygame.Rect(panel.x, top + i * (height + ROW_GAP), panel.w, height)
            for i in range(count)]


def spell_cell(row: pygame.Rect, kind: int) -> pygame.Rect:
    """The artwork (kind 0) or bewitchment (kind 1) half of a room's row."""
    half = (row.w - 4) // 2
    return pygame.Rect(row.x + kind * (half + 4), row.y, half, row.h)


def dialog_rects(panel: pygame.Rect) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The claim panel's frame over the spell panel (the temple stays in sight) and its
    three choices: the artwork and bewitchment cards, stacked, and "neither" below them."""
    height = min(panel.h, 80 + 2 * 210)
    frame = pygame.Rect(panel.x, panel.y, panel.w, height)
    inner = frame.inflate(-20, 0)
    neither = pygame.Rect(inner.x, frame.bottom - 52, inner.w, 40)
    top = frame.y + 40
    card_h = (neither.y - 10 - top - 10) // 2
    boxes = [pygame.Rect(inner.x, top + k * (card_h + 10), inner.w, card_h) for k in range(2)]
    return frame, [*boxes, neither]


def button_rects(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Buttons drawn by the view in its own panel (the temple builder's layouts)."""
    top = panel.y + 30
    return [pygame.Rect(panel.x + 8, top + i * 48, panel.w - 16, 40) for i in range(count)]
