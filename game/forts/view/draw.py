"""Forts and Ruins drawing: cell tiles by look, the die, and the colours of the six values.

Every look differs by shape or texture, not only by colour, so the board reads for every
kind of colour vision and in greyscale: territories are filled tiles carrying their value;
a living fort is a tower with battlements; a ruin is a broken stump among rubble; dead
territory is hatched and dimmed, its number kept small. The six values use the Okabe-Ito
colour-blind-safe set. Tiles are drawn once per (look, size) and cached by the view.
"""

from __future__ import annotations

from typing import Final

import pygame

from game.client.draw import fonts
from game.client.draw.tween import mix
from game.client.view import RGB
from game.forts.rules.board import DEAD, EMPTY, FORT, RUIN

VALUE_RGB: Final[dict[int, RGB]] = {
    1: (230, 159, 0),  # orange
    2: (86, 180, 233),  # sky blue
    3: (0, 158, 115),  # bluish green
    4: (240, 228, 66),  # yellow
    5: (0, 114, 178),  # blue
    6: (204, 121, 167),  # reddish purple
}
"""Named for players in ``actions.VALUE_NAMES``."""
EMPTY_RGB: Final[RGB] = (52, 57, 74)
FRAME_RGB: Final[RGB] = (36, 40, 52)
STONE: Final[RGB] = (238, 228, 204)
STONE_DARK: Final[RGB] = (150, 138, 114)
FORT_GROUND: Final[RGB] = (92, 78, 58)
RUIN_GROUND: Final[RGB] = (50, 48, 54)
RUBBLE: Final[RGB] = (156, 150, 140)
DEAD_GROUND: Final[RGB] = (30, 32, 40)
DIE_FACE: Final[RGB] = (246, 244, 236)
PIP: Final[RGB] = (30, 32, 40)


def ink(colour: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``colour``."""
    r, g, b = colour
    return (20, 22, 28) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (250, 250, 250)


def tile(code: int, size: int) -> pygame.Surface:
    """One cell's look at ``size`` pixels square (codes of ``game.forts.rules.board``)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, size // 8)
    if code == EMPTY:
        pygame.draw.rect(surface, EMPTY_RGB, rect, border_radius=radius)
    elif 1 <= code <= 6:
        _territory(surface, code, radius)
    elif code == FORT:
        _fort(surface, radius)
    elif code == RUIN:
        _ruin(surface, radius)
    else:
        _dead(surface, code - DEAD, radius)
    return surface


def _territory(surface: pygame.Surface, value: int, radius: int) -> None:
    rect = surface.get_rect()
    colour = VALUE_RGB[value]
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, mix(colour, (255, 255, 255), 0.45), rect, max(1, rect.w // 20),
                     border_radius=radius)
    if rect.w >= 12:
        number = fonts.text(str(value), max(12, rect.w * 3 // 4), ink(colour), True)
        surface.blit(number, number.get_rect(center=rect.center))


def _fort(surface: pygame.Surface, radius: int) -> None:
    """A tower with three merlons, a door and a pennant."""
    rect = surface.get_rect()
    size = rect.w
    pygame.draw.rect(surface, FORT_GROUND, rect, border_radius=radius)
    body = pygame.Rect(0, 0, size * 56 // 100, size * 50 // 100)
    body.midbottom = (rect.centerx, rect.bottom - size // 10)
    pygame.draw.rect(surface, STONE, body)
    merlon_w = max(1, body.w // 5)
    merlon_h = max(2, size // 9)
    for i in (0, 2, 4):
        pygame.draw.rect(surface, STONE, (body.x + i * merlon_w, body.y - merlon_h,
                                          merlon_w, merlon_h))
    door = pygame.Rect(0, 0, max(2, body.w // 3), max(3, body.h // 2))
    door.midbottom = body.midbottom
    pygame.draw.rect(surface, FORT_GROUND, door, border_top_left_radius=door.w // 2,
                     border_top_right_radius=door.w // 2)
    pole_x = body.centerx
    top = max(1, body.y - merlon_h - size // 5)
    pygame.draw.line(surface, STONE_DARK, (pole_x, body.y - merlon_h), (pole_x, top),
                     max(1, size // 30))
    flag = [(pole_x, top), (pole_x + size // 6, top + size // 20), (pole_x, top + size // 10)]
    pygame.draw.polygon(surface, (255, 209, 102), flag)
    pygame.draw.rect(surface, STONE, rect, max(1, size // 22), border_radius=radius)


def _ruin(surface: pygame.Surface, radius: int) -> None:
    """A broken stump with a jagged top and rubble: no battlements, no flag."""
    rect = surface.get_rect()
    size = rect.w
    pygame.draw.rect(surface, RUIN_GROUND, rect, border_radius=radius)
    left, right = rect.centerx - size * 28 // 100, rect.centerx + size * 28 // 100
    bottom = rect.bottom - size // 10
    points = [
        (left, bottom),
        (left, bottom - size * 34 // 100),
        (left + size * 12 // 100, bottom - size * 24 // 100),
        (left + size * 22 // 100, bottom - size * 42 // 100),
        (left + size * 34 // 100, bottom - size * 20 // 100),
        (left + size * 44 // 100, bottom - size * 30 // 100),
        (right, bottom - size * 16 // 100),
        (right, bottom),
    ]
    pygame.draw.polygon(surface, RUBBLE, points)
    crack = [(left + size // 5, bottom), (left + size * 27 // 100, bottom - size // 6),
             (left + size * 22 // 100, bottom - size // 4)]
    pygame.draw.lines(surface, RUIN_GROUND, False, crack, max(1, size // 25))
    for dx, dy, r in ((-0.36, -0.05, 0.05), (0.38, -0.07, 0.06), (0.3, -0.02, 0.04)):
        centre = (rect.centerx + round(dx * size), bottom + round(dy * size))
        pygame.draw.circle(surface, RUBBLE, centre, max(1, round(r * size)))


def _dead(surface: pygame.Surface, value: int, radius: int) -> None:
    """Dimmed and hatched with diagonal lines; the value kept small in a corner."""
    rect = surface.get_rect()
    size = rect.w
    dim = mix(VALUE_RGB[value], DEAD_GROUND, 0.62)
    pygame.draw.rect(surface, DEAD_GROUND, rect, border_radius=radius)
    step = max(4, size // 5)
    width = max(1, size // 16)
    for offset in range(-size, size, step):
        pygame.draw.line(surface, dim, (offset, size), (offset + size, 0), width)
    pygame.draw.rect(surface, dim, rect, max(1, size // 20), border_radius=radius)
    if size >= 18:
        number = fonts.text(str(value), max(11, size * 2 // 5), mix(dim, (255, 255, 255), 0.3))
        back = number.get_rect(bottomright=(rect.right - size // 12, rect.bottom - size // 14))
        pygame.draw.rect(surface, DEAD_GROUND, back.inflate(4, 0))
        surface.blit(number, back)


PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def die_face(value: int | None, size: int, rim: RGB | None = None) -> pygame.Surface:
    """A die showing ``value`` (pips), or a blank face for None; ``rim`` tints its edge."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(3, size // 6)
    pygame.draw.rect(surface, DIE_FACE, rect, border_radius=radius)
    pygame.draw.rect(surface, rim or (180, 176, 164), rect, max(2, size // 18),
                     border_radius=radius)
    if value is None:
        mark = fonts.text("?", size * 2 // 3, (150, 150, 150), True)
        surface.blit(mark, mark.get_rect(center=rect.center))
        return surface
    pip = max(2, size // 11)
    for fx, fy in PIPS[value]:
        pygame.draw.circle(surface, PIP, (round(fx * size), round(fy * size)), pip)
    return surface
