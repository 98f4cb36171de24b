"""A scrolling panel of rules text with bold and italics, laid out once, drawn by lines.

pygame_gui's ``UITextBox`` parsed the whole help text as HTML and laid it out twice (again
once it found it needed a scroll bar) on every opening, tab and resize: 50-75 ms, the
slowest frames of the client. The help needs only ``<b>``, ``<i>`` and ``<br>``, so this
panel parses those, wraps the words once per text and width (cached: reopening a screen
costs nothing), and renders a line only when it first scrolls into view.

So the help is no wall of text, a paragraph that opens with bold words after a
blank line is a *section*: its words are drawn as a heading and listed in ``sections`` for
a table of contents; and ``<img src="name">`` (``<img src="name" tall>`` for a board taller
than wide) reserves room for a picture that the panel's owner draws (``Pictures``: a
position drawn by the game's own view, made when it first scrolls into view, never while
the screen opens).
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame

from game.client.draw import fonts, palette
from game.core.text import printable

SIZE: Final = 24
"""The text size on ``game.client.draw.fonts``' scale (17 points, as the widgets' text boxes)."""
PADDING: Final = (16, 12)
BAR: Final = 12
"""Width of the scroll bar, drawn only when the text is taller than the panel."""
WHEEL_LINES: Final = 3
LINE_SPACING: Final = 1.25
"""Line height per font line size, as pygame_gui's text boxes space them."""

PICTURE_WIDTH: Final = 560
"""A picture's width in a panel that has the room (a wide one gives it 60% of its width;
a narrower one draws it as wide as the panel)."""
PICTURE_RATIO: Final = 0.5
"""A picture's height per width (the board inside keeps its own shape)."""
TALL_RATIO: Final = 0.8
"""The same for ``<img src="name" tall>``: a board taller than wide (Piously's temple)."""

_TAG = re.compile(r"<(/?)(b|i|br)\s*/?>", re.IGNORECASE)
_IMG = re.compile(r"""<img\s+src=["']([\w-]+)["'](\s+tall)?\s*/?>""", re.IGNORECASE)

Pictures = Callable[[str, tuple[int, int]], "pygame.Surface | None"]
"""Draws the picture of a name at a size, or None when it cannot yet (it is asked again
on a later frame)."""
_TOKEN = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True)
class Piece:
    """Words of one style on a line, ``x`` pixels from the line's start."""

    x: int
    words: str
    bold: bool
    italic: bool
    heading: bool = False
    """The bold words that open a section."""
    picture: bool = False
    """``words`` names a picture drawn from this line down (the lines under it are empty)."""
    tall: bool = False
    """The picture is ``TALL_RATIO`` high."""


Line = tuple[Piece, ...]


def picture_size(width: int, tall: bool = False) -> tuple[int, int]:
    """The size of a picture in a panel whose text is ``width`` wide."""
    wide = min(width, max(PICTURE_WIDTH, round(width * 0.6)))
    return wide, round(wide * (TALL_RATIO if tall else PICTURE_RATIO))


def line_height(size: int = SIZE) -> int:
    return round(fonts.font(size).get_linesize() * LINE_SPACING)


def parse(markup: str) -> list[list[tuple[str, bool, bool]]]:
    """Paragraphs (split at ``<br>``) of (text, bold, italic) runs; other tags stay text."""
    paragraphs: list[list[tuple[str, bool, bool]]] = [[]]
    bold = italic = False
    at = 0
    for tag in (*_TAG.finditer(markup), None):
        end = tag.start() if tag else len(markup)
        if end > at:
            paragraphs[-1].append((printable(html.unescape(markup[at:end])), bold, italic))
        if tag is None:
            break
        at = tag.end()
        name, closing = tag.group(2).lower(), tag.group(1) == "/"
        if name == "br":
            paragraphs.append([])
        elif name == "b":
            bold = not closing
        else:
            italic = not closing
    return paragraphs


@functools.lru_cache(maxsize=16)
def layout(markup: str, width: int, size: int = SIZE) -> tuple[Line, ...]:
    """``markup`` wrapped into lines no wider than ``width`` (a word wider than that gets
    a line of its own), a picture's lines reserved. Cached: the help screen reopens with
    the same text and width."""
    lines: list[Line] = []
    chunks = _IMG.split(markup)  # text, picture name, " tall" or None, text, ...
    for number in range(0, len(chunks), 3):
        lines += _wrapped(chunks[number], width, size, opens=not lines or not lines[-1])
        if number + 1 < len(chunks):
            tall = chunks[number + 2] is not None
            rows = math.ceil((picture_size(width, tall)[1] + 8) / line_height(size))
            lines.append((Piece(0, chunks[number + 1], False, False, picture=True, tall=tall),))
            lines += [()] * (rows - 1)
    return tuple(lines)


def _wrapped(markup: str, width: int, size: int, opens: bool) -> list[Line]:
    """The lines of text markup; ``opens``: it starts after a blank line (a section may)."""
    lines: list[Line] = []
    for paragraph in parse(markup):
        line: list[Piece] = []
        x = 0
        for run, (text, bold, italic) in enumerate(paragraph):
            heading = bold and run == 0 and opens
            for token in _TOKEN.findall(text):
                word = token.rstrip()
                if line and word and x + _width(word, size, bold, italic) > width:
                    lines.append(_merged(line))
                    line, x = [], 0
                if not line and not word:
                    continue  # spaces at the start of a wrapped line
                line.append(Piece(x, token, bold, italic, heading))
                x += _width(token, size, bold, italic)
        lines.append(_merged(line))
        opens = not paragraph or all(not text.strip() for text, _, _ in paragraph)
    return lines


def sections(lines: tuple[Line, ...]) -> tuple[tuple[str, int], ...]:
    """Each section's title (its heading words, without the closing stop) and first line."""
    found: list[tuple[str, int]] = []
    for index, line in enumerate(lines):
        if line and line[0].heading and (index == 0 or not lines[index - 1][0:1]
                                         or not lines[index - 1][0].heading):
            title = line[0].words.strip().rstrip(".:").strip()
            if title:
                found.append((title, index))
    return tuple(found)


@functools.lru_cache(maxsize=8192)
def _width(words: str, size: int, bold: bool, italic: bool) -> int:
    """A word's width, kept: a new window width wraps the same words again."""
    return fonts.font(size, bold, italic).size(words)[0]


def _merged(pieces: list[Piece]) -> Line:
    """Neighbouring words of one style as one piece: one render call each, not one a word."""
    merged: list[Piece] = []
    for piece in pieces:
        last = merged[-1] if merged else None
        if last is not None and (last.bold, last.italic, last.heading) == (
                piece.bold, piece.italic, piece.heading):
            merged[-1] = Piece(last.x, last.words + piece.words, last.bold, last.italic,
                               last.heading)
        else:
            merged.append(piece)
    return tuple(merged)


class TextPanel:
    """``markup`` in ``rect``, scrolled by the wheel, keys and a draggable bar."""

    def __init__(self, rect: pygame.Rect, markup: str, size: int = SIZE,
                 pictures: Pictures | None = None) -> None:
        self.rect = rect
        self.size = size
        self.line_height = line_height(size)
        inner = rect.inflate(-2 * PADDING[0], -2 * PADDING[1])
        self.lines = layout(markup, inner.w, size)
        self.text_width = inner.w
        if len(self.lines) * self.line_height > inner.h:  # room for the scroll bar
            self.text_width = inner.w - BAR - 4
            self.lines = layout(markup, self.text_width, size)
        self.sections = sections(self.lines)
        """(title, first line) of each section, for a table of contents."""
        self.pictures = pictures
        self.inner = inner
        self.offset = 0
        """Pixels of text scrolled out of view above."""
        self._chosen: int | None = None
        """The section last chosen in the table of contents, while the text stays there."""
        self._drawn: dict[int, pygame.Surface] = {}
        """Each line's image, made when it first shows."""
        self._dragging: int | None = None
        """While the bar's thumb is held: the pointer's distance from the thumb's top."""

    @property
    def height(self) -> int:
        return len(self.lines) * self.line_height

    @property
    def most(self) -> int:
        """The largest offset: the last line at the bottom."""
        return max(0, self.height - self.inner.h)

    def scroll_to(self, offset: int) -> None:
        self.offset = max(0, min(self.most, offset))
        self._chosen = None

    def scroll_lines(self, count: int) -> None:
        self.scroll_to(self.offset + count * self.line_height)

    def page(self, count: int) -> None:
        self.scroll_to(self.offset + count * (self.inner.h - self.line_height))

    def show_section(self, number: int) -> None:
        """Scroll the section's heading to the top (as far as the text allows)."""
        self.scroll_to(self.sections[number][1] * self.line_height)
        self._chosen = number

    def section_at_top(self) -> int | None:
        """The section being read: the one last chosen (until the text scrolls otherwise),
        else the last whose heading is in the panel's top third or above it (the last
        section when scrolled to the end)."""
        if self._chosen is not None or not self.sections:
            return self._chosen
        if self.most and self.offset >= self.most:
            return len(self.sections) - 1
        reading = self.offset + self.inner.h // 3
        shown = [n for n, (_, line) in enumerate(self.sections)
                 if line * self.line_height <= reading]
        return shown[-1] if shown else 0

    # -- pointer and keys ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll for the wheel, the bar and the paging keys; True if the event was used."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_lines(-event.y * WHEEL_LINES)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
            if event.key in moves:
                self.page(moves[event.key])
            elif event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll_to(0 if event.key == pygame.K_HOME else self.most)
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION and self._dragging is not None:
            track = self._track()
            span = max(1, track.h - self._thumb().h)
            self.scroll_to(round((event.pos[1] - self._dragging - track.y) * self.most / span))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self._dragging is not None:
            self._dragging = None
            return True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        if not self.most or not self._track().collidepoint(pos):
            return False
        thumb = self._thumb()
        if thumb.collidepoint(pos):
            self._dragging = pos[1] - thumb.y
        else:
            self.page(-1 if pos[1] < thumb.y else 1)
        return True

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - BAR - 4, self.rect.y + 4, BAR, self.rect.h - 8)

    def _thumb(self) -> pygame.Rect:
        track = self._track()
        height = max(24, track.h * self.inner.h // max(1, self.height))
        top = track.y + (track.h - height) * self.offset // max(1, self.most)
        return pygame.Rect(track.x, top, BAR, height)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, palette.FIELD, self.rect)
        pygame.draw.rect(surface, palette.BORDER, self.rect, 1)
        first = self.offset // self.line_height
        last = min(len(self.lines), (self.offset + self.inner.h) // self.line_height + 1)
        clip = surface.get_clip()
        surface.set_clip(self.inner.clip(clip))
        rows = math.ceil(picture_size(self.text_width, True)[1] / self.line_height) + 1
        for index in range(max(0, first - rows), last):  # a picture begun above shows
            y = self.inner.y + index * self.line_height - self.offset
            pieces = self.lines[index]
            if pieces and pieces[0].picture:
                self._draw_picture(surface, pieces[0], y)
                continue
            image = self._line(index) if index >= first else None
            if image is not None:
                surface.blit(image, (self.inner.x, y))
        surface.set_clip(clip)
        if self.most:
            pygame.draw.rect(surface, palette.TRACK, self._track(), border_radius=4)
            colour = palette.ACCENT if self._dragging is not None else palette.THUMB
            pygame.draw.rect(surface, colour, self._thumb(), border_radius=4)

    def _draw_picture(self, surface: pygame.Surface, piece: Piece, y: int) -> None:
        """The picture, centred in the text's width; an outline until it is drawn."""
        size = picture_size(self.text_width, piece.tall)
        box = pygame.Rect((0, 0), size)
        box.midtop = (self.inner.x + self.text_width // 2, y + 4)
        image = self.pictures(piece.words, size) if self.pictures is not None else None
        if image is None:
            pygame.draw.rect(surface, palette.BORDER, box, 1, border_radius=6)
        else:
            surface.blit(image, box)

    def _line(self, index: int) -> pygame.Surface | None:
        image = self._drawn.get(index)
        pieces = self.lines[index]
        if image is None and pieces:
            right = max(piece.x for piece in pieces)
            last = next(piece for piece in pieces if piece.x == right)
            width = right + fonts.font(self.size, last.bold, last.italic).size(last.words)[0]
            image = pygame.Surface((max(1, width), self.line_height), pygame.SRCALPHA)
            for piece in pieces:
                face = fonts.font(self.size, piece.bold, piece.italic)
                words = face.render(piece.words, True,
                                    palette.ACCENT if piece.heading else palette.TEXT)
                image.blit(words, (piece.x, (self.line_height - words.get_height()) // 2))
            self._drawn[index] = image
        return image
