"""Drawing a Piously frame: room tiles with thick room borders, auras, pieces and artworks.

A ``Frame`` is what one picture shows: where each hex tile is (a moving room's tiles glide
and turn), which auras and objects stand where and how strongly they show. The still
position and every animation step become frames, so one painter draws them all. Auras are
true white and black discs with a contrasting rim (they read in greyscale and under any
player palette); the player colours ring the pieces and mark the owners.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

import pygame

from game.client.draw import fonts, palette
from game.client.view import RGB
from game.piously.rules.hexes import DIRECTIONS, Hex
from game.piously.rules.names import hex_label
from game.piously.rules.regions import winning_region
from game.piously.rules.state import ARTWORK, PiouslyState
from game.piously.rules.temple import ROOM_LETTERS, SHOVEL, Temple
from game.piously.view.geo import Geometry, Point

ROOM_COLOURS: Final[tuple[RGB, ...]] = (
    (222, 112, 160),  # Pink
    (94, 86, 178),  # Indigo
    (226, 132, 48),  # Orange
    (138, 98, 64),  # Umber
    (42, 104, 196),  # Sapphire
    (138, 190, 62),  # Lime
    (228, 198, 52),  # Yellow
    (150, 150, 158),  # the Shovel
)
AURA: Final[tuple[RGB, RGB]] = ((246, 244, 236), (22, 22, 26))
RIM: Final[tuple[RGB, RGB]] = ((40, 40, 44), (236, 236, 236))
INK: Final[RGB] = (18, 20, 26)
HEX_EDGE: Final[RGB] = (30, 32, 40)
LABEL_CHIP: Final[RGB] = (20, 22, 30)
LABEL_INK: Final[RGB] = (240, 240, 236)


@dataclass(frozen=True)
class Tile:
    hex: Hex
    room: int
    centre: Point
    turn: float = 0.0
    scale: float = 1.0


@dataclass(frozen=True)
class Mark:
    """An aura: ``seat``'s colour at ``centre``, ``strength`` 0 (gone) to 1."""

    centre: Point
    seat: int
    strength: float = 1.0


@dataclass(frozen=True)
class Token:
    """A player piece or an artwork (object number ``obj``) drawn at ``centre``."""

    obj: int
    centre: Point
    scale: float = 1.0


@dataclass
class Frame:
    tiles: list[Tile] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    glow: dict[Hex, float] = field(default_factory=dict)
    """Hexes lit by a won region, 0 to 1."""
    moving: frozenset[Hex] = frozenset()
    """Tiles that glide, turn or grow: drawn each frame; the rest come from a cache."""


class BoardCache:
    """The tiles and room borders of one temple at one scale, drawn once and blitted after:
    a still board costs one blit per frame instead of a hundred polygons."""

    KEY: Final[RGB] = (255, 0, 255)

    def __init__(self) -> None:
        self._key: object = None
        self._image: pygame.Surface | None = None

    def blit(self, surface: pygame.Surface, geo: Geometry, frame: Frame,
             room_of: Mapping[Hex, int]) -> None:
        key = (frozenset(room_of.items()), frame.moving, geo.size, geo.origin, tuple(geo.area))
        if key != self._key or self._image is None:
            image = pygame.Surface(geo.area.size)
            image.fill(self.KEY)
            image.set_colorkey(self.KEY)
            local = Geometry(geo.size, (geo.origin[0] - geo.area.x, geo.origin[1] - geo.area.y),
                             pygame.Rect(0, 0, *geo.area.size), geo.board)
            _draw_tiles(image, local, [Tile(t.hex, t.room, local.centre(t.hex))
                                       for t in frame.tiles if t.hex not in frame.moving],
                        room_of)
            self._key, self._image = key, image
        surface.blit(self._image, geo.area.topleft)


def still(state: PiouslyState, geo: Geometry) -> Frame:
    """The frame of a position at rest (a finished game's winning region lit)."""
    frame = Frame()
    if state.temple is None:
        return frame
    for h, room in state.temple.room_of.items():
        frame.tiles.append(Tile(h, room, geo.centre(h)))
    for seat in (0, 1):
        frame.marks += [Mark(geo.centre(h), seat) for h in state.auras[seat]]
    frame.tokens += [Token(obj, geo.centre(h)) for obj, h in enumerate(state.objects)
                     if h is not None]
    if state.verdict is not None:  # a won region stays lit after its animation
        for seat in (0, 1):
            frame.glow.update((h, 1.0) for h in winning_region(state, seat) or ())
    return frame


def draw_frame(surface: pygame.Surface, geo: Geometry, frame: Frame,
               room_of: Mapping[Hex, int], owners: tuple[int, ...],
               colours: tuple[RGB, RGB], cache: BoardCache | None = None,
               temple: Temple | None = None) -> None:
    """Tiles, then room borders, then auras, then the labels (of ``temple``'s hexes), then
    objects on top."""
    if cache is None:
        _draw_tiles(surface, geo, frame.tiles, room_of)
    else:
        cache.blit(surface, geo, frame, room_of)
        _draw_tiles(surface, geo, [t for t in frame.tiles if t.hex in frame.moving], room_of)
    for h, light in frame.glow.items():
        if light > 0 and h in room_of:
            corners = geo.corners(geo.centre(h), 0.92)
            width = max(2, round(geo.size * 0.16 * light))
            pygame.draw.polygon(surface, palette.ACCENT, corners, width)
    for mark in frame.marks:
        draw_aura(surface, geo, mark)
    if temple is not None:
        draw_labels(surface, geo, frame, temple)
    for token in frame.tokens:
        draw_token(surface, geo, token, owners, colours)


def _draw_tiles(surface: pygame.Surface, geo: Geometry, tiles: list[Tile],
                room_of: Mapping[Hex, int]) -> None:
    for tile in tiles:
        draw_tile(surface, geo, tile, ROOM_COLOURS[tile.room])
    for tile in tiles:
        draw_borders(surface, geo, tile, room_of)


def draw_tile(surface: pygame.Surface, geo: Geometry, tile: Tile, fill: RGB) -> None:
    corners = geo.corners(tile.centre, tile.scale, tile.turn)
    pygame.draw.polygon(surface, fill, corners)
    pygame.draw.polygon(surface, HEX_EDGE, corners, 1)


LABEL_MIN: Final = 16
"""The smallest label size (fonts' scale) that stays legible; hexes never get smaller
labels, however small they are drawn."""


def draw_labels(surface: pygame.Surface, geo: Geometry, frame: Frame,
                temple: Temple) -> None:
    """Each tile's label ("P2", the names the move words use) on a dark chip at its top,
    drawn over the auras so no aura hides it (the still board draws them over its marks
    and targets too)."""
    size = max(LABEL_MIN, round(geo.size * 0.42))
    for tile in frame.tiles:
        words = hex_label(temple, tile.hex)
        if words is None or tile.scale < 0.9:
            continue
        chip = _chip(words, size, ROOM_COLOURS[tile.room])
        x, y = tile.centre
        surface.blit(chip, chip.get_rect(midtop=(round(x), round(y - geo.size * 0.84))))


@functools.lru_cache(maxsize=128)
def _chip(words: str, size: int, edge: RGB) -> pygame.Surface:
    """A label on its dark chip, edged in the room's colour (made once, blitted each frame)."""
    text = fonts.text(words, size, LABEL_INK, True)
    chip = pygame.Surface(text.get_rect().inflate(4, -4).size, pygame.SRCALPHA)
    rect = chip.get_rect()
    pygame.draw.rect(chip, LABEL_CHIP, rect, border_radius=4)
    pygame.draw.rect(chip, edge, rect, 1, border_radius=4)
    chip.blit(text, text.get_rect(center=rect.center))
    return chip


def _side(corners: list[Point], direction: int) -> tuple[Point, Point]:
    """The side of a hex (its ``corners``) facing ``DIRECTIONS[direction]``."""
    return corners[(4 + direction) % 6], corners[(5 + direction) % 6]


def draw_borders(surface: pygame.Surface, geo: Geometry, tile: Tile,
                 room_of: Mapping[Hex, int]) -> None:
    """Thick lines where the tile meets another room or the void."""
    width = max(2, round(geo.size / 9))
    corners = geo.corners(tile.centre, tile.scale, tile.turn)
    for direction, step in enumerate(DIRECTIONS):
        if room_of.get(tile.hex + step) != tile.room or tile.room == SHOVEL:
            a, b = _side(corners, direction)
            pygame.draw.line(surface, INK, a, b, width)


def draw_aura(surface: pygame.Surface, geo: Geometry, mark: Mark) -> None:
    if mark.strength <= 0:
        return
    radius = max(3, round(geo.size * 0.62 * (0.4 + 0.6 * mark.strength)))
    centre = (round(mark.centre[0]), round(mark.centre[1]))
    colour = AURA[mark.seat]
    if mark.strength < 1:
        blob = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
        alpha = round(255 * mark.strength)
        pygame.draw.circle(blob, (*colour, alpha), (radius + 2, radius + 2), radius)
        pygame.draw.circle(blob, (*RIM[mark.seat], alpha), (radius + 2, radius + 2), radius,
                           max(2, radius // 7))
        surface.blit(blob, (centre[0] - radius - 2, centre[1] - radius - 2))
        return
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, RIM[mark.seat], centre, radius, max(2, radius // 7))


def draw_token(surface: pygame.Surface, geo: Geometry, token: Token, owners: tuple[int, ...],
               colours: tuple[RGB, RGB]) -> None:
    if token.obj < ARTWORK:
        draw_piece(surface, token.centre, geo.size * token.scale, token.obj, colours)
    else:
        room = token.obj - ARTWORK
        draw_artwork(surface, token.centre, geo.size * token.scale, room, owners[2 * room],
                     colours)


def draw_piece(surface: pygame.Surface, centre: Point, size: float, seat: int,
               colours: tuple[RGB, RGB]) -> None:
    """A player's piece: a pawn in the seat's colour, outlined in the other one, so it
    never reads as an aura (a disc) or an artwork (a square), whatever it stands on."""
    image = _pawn(max(8, round(size)), colours[seat], RIM[seat])
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(image, rect)


@functools.lru_cache(maxsize=16)
def _pawn(size: int, fill: RGB, rim: RGB) -> pygame.Surface:
    """The pawn of hexes of corner radius ``size``: its shadow, its rim, then its body."""
    side = round(size * 1.3)
    shape = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    pygame.draw.ellipse(shape, fill, pygame.Rect(round(c - 0.42 * size), round(c + 0.18 * size),
                                                 round(0.84 * size), round(0.26 * size)))
    pygame.draw.polygon(shape, fill, [(c - 0.27 * size, c + 0.3 * size),
                                      (c + 0.27 * size, c + 0.3 * size),
                                      (c + 0.11 * size, c - 0.12 * size),
                                      (c - 0.11 * size, c - 0.12 * size)])
    pygame.draw.circle(shape, fill, (c, c - 0.24 * size), 0.2 * size)
    mask = pygame.mask.from_surface(shape)
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    shadow = mask.to_surface(setcolor=(*INK, 200), unsetcolor=(0, 0, 0, 0))
    edge = mask.to_surface(setcolor=(*rim, 255), unsetcolor=(0, 0, 0, 0))
    image.blit(shadow, (2, 3))
    width = max(2, size // 14)
    for dx, dy in ((-width, 0), (width, 0), (0, -width), (0, width), (-width, -width),
                   (width, width), (-width, width), (width, -width)):
        image.blit(edge, (dx, dy))
    image.blit(shape, (0, 0))
    return image


def draw_artwork(surface: pygame.Surface, centre: Point, size: float, room: int, owner: int,
                 colours: tuple[RGB, RGB]) -> None:
    """An artwork: a tile in its room's colour with the room letter, framed in the owner's."""
    side = max(8, round(size * 0.8))
    rect = pygame.Rect(0, 0, side, side)
    rect.center = (round(centre[0]), round(centre[1]))
    frame = colours[owner] if owner >= 0 else palette.MUTED
    pygame.draw.rect(surface, INK, rect.move(2, 3), border_radius=side // 5)
    pygame.draw.rect(surface, frame, rect, border_radius=side // 5)
    pygame.draw.rect(surface, ROOM_COLOURS[room], rect.inflate(-side // 4, -side // 4),
                     border_radius=side // 7)
    words = fonts.text(ROOM_LETTERS[room], max(10, round(side * 0.55)), INK, True)
    surface.blit(words, words.get_rect(center=rect.center))


def outline(surface: pygame.Surface, geo: Geometry, h: Hex, colour: RGB, clock: float,
            scale: float = 0.86) -> None:
    """A pulsing outline: a legal target or a pick."""
    pulse = 0.5 + 0.5 * math.sin(clock * 5)
    width = max(2, round(geo.size / 10 + 2 * pulse))
    pygame.draw.polygon(surface, colour, geo.corners(geo.centre(h), scale), width)


def dot(surface: pygame.Surface, geo: Geometry, h: Hex, colour: RGB) -> None:
    centre = geo.icentre(h)
    radius = max(4, round(geo.size * 0.18))
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, INK, centre, radius, 1)


def ghost_space(surface: pygame.Surface, geo: Geometry, h: Hex, colour: RGB) -> None:
    """An empty space of the table (the Shovel's targets), drawn as a dashed-looking hex."""
    corners = geo.corners(geo.centre(h), 0.9)
    pygame.draw.polygon(surface, colour, corners, 2)


def label(surface: pygame.Surface, words: str, centre: tuple[int, int], size: int,
          colour: RGB | None = None, bounds: pygame.Rect | None = None) -> pygame.Rect:
    """Words on a dark rounded plate (readable over any room colour), wrapped and kept
    inside ``bounds`` (default: the surface), in ``colour`` (default: the theme's text)."""
    colour = palette.TEXT if colour is None else colour
    area = bounds or surface.get_rect()
    lines = fonts.wrap(words, size, max(40, area.w - 20))
    step = round(size * 0.8)
    width = max(fonts.font(size).size(line)[0] for line in lines)
    rect = pygame.Rect(0, 0, width + 14, step * len(lines) + 8)
    rect.center = centre
    rect.clamp_ip(area)
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    plate.fill((12, 14, 20, 215))
    surface.blit(plate, rect)
    for i, line in enumerate(lines):
        text = fonts.text(line, size, colour)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.y + 4 + i * step)))
    return rect


def wrapped(surface: pygame.Surface, words: str, rect: pygame.Rect, size: int,
            colour: RGB) -> int:
    """Words wrapped into ``rect`` (lines that do not fit are dropped); returns the bottom."""
    y = rect.y
    step = round(fonts.grown(size) * 0.8)  # (as the text grows with the player's size)
    for line in fonts.wrap(words, size, rect.w):
        if y + step > rect.bottom:
            break
        surface.blit(fonts.text(line, size, colour), (rect.x, y))
        y += step
    return y


MARK_INK: Final[RGB] = (250, 250, 250)
"""The last turn's marks: white strokes over a dark one read on every room colour."""


def ring(surface: pygame.Surface, geo: Geometry, h: Hex, colour: RGB,
         scale: float = 0.76) -> None:
    """A strong hex outline: ``colour`` on a dark stroke (a changed hex, a hinted one)."""
    corners = geo.corners(geo.centre(h), scale)
    width = max(3, round(geo.size / 7))
    pygame.draw.polygon(surface, INK, corners, width + 2)
    pygame.draw.polygon(surface, colour, corners, width)


def arrow(surface: pygame.Surface, geo: Geometry, source: Hex, target: Hex,
          colour: RGB) -> None:
    """An arrow from one hex to another (a step, a slide, a swap's half)."""
    (ax, ay), (bx, by) = geo.centre(source), geo.centre(target)
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    start = (ax + ux * geo.size * 0.2, ay + uy * geo.size * 0.2)
    tip = (bx - ux * geo.size * 0.42, by - uy * geo.size * 0.42)  # short of the piece there
    width = max(4, round(geo.size / 6))
    head = max(10.0, geo.size * 0.42)
    wing = ((tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6),
            (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6))
    neck = (tip[0] - ux * head * 0.8, tip[1] - uy * head * 0.8)
    for paint, extra in ((INK, 3), (colour, 0)):
        pygame.draw.line(surface, paint, start, neck, width + extra)
        pygame.draw.polygon(surface, paint, [tip, *wing])
        if extra:
            pygame.draw.polygon(surface, paint, [tip, *wing], extra)


def badge(surface: pygame.Surface, geo: Geometry, h: Hex, number: int, colour: RGB,
          shift: int = 0) -> None:
    """The order of an action in its turn, at the lower right of the hex it changed (the
    ``shift``-th badge on that hex goes further left)."""
    size = max(LABEL_MIN, round(geo.size * 0.42))
    text = fonts.text(str(number), size, INK, True)
    radius = max(text.get_width(), text.get_height()) // 2 + 2
    x, y = geo.centre(h)
    centre = (round(x + geo.size * 0.5 - shift * (2 * radius + 4)), round(y + geo.size * 0.5))
    pygame.draw.circle(surface, INK, centre, radius + 2)
    pygame.draw.circle(surface, colour, centre, radius)
    surface.blit(text, text.get_rect(center=centre))
