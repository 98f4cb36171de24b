"""A scrolling panel of rules text with bold and italics, laid out once, drawn by lines.

pygame_gui's ``UITextBox`` parsed the whole help text as HTML and laid it out twice (again
once it found it needed a scroll bar) on every opening, tab and resize: 50-75 ms, the
slowest frames of the client. The help needs only ``<b>``, ``<i>`` and ``<br>``, so this
panel parses those, wraps the words once per text and width (cached: reopening a screen
costs nothing), and renders a line only when it first scrolls into view.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from typing import Final

import pygame

from game.core.text import printable
from game.ui import fonts, palette

SIZE: Final = 24
"""The text size on ``game.ui.fonts``' scale (17 points, as the widgets' text boxes)."""
PADDING: Final = (16, 12)
BAR: Final = 12
"""Width of the scroll bar, drawn only when the text is taller than the panel."""
WHEEL_LINES: Final = 3
LINE_SPACING: Final = 1.25
"""Line height per font line size, as pygame_gui's text boxes space them."""
BACKGROUND: Final = (34, 38, 51)
BORDER: Final = (69, 76, 99)
TRACK: Final = (44, 49, 66)
THUMB: Final = (90, 98, 125)

_TAG = re.compile(r"<(/?)(b|i|br)\s*/?>", re.IGNORECASE)
_TOKEN = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True)
class Piece:
    """Words of one style on a line, ``x`` pixels from the line's start."""

    x: int
    words: str
    bold: bool
    italic: bool


Line = tuple[Piece, ...]


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
    a line of its own). Cached: the help screen reopens with the same text and width."""
    lines: list[Line] = []
    for paragraph in parse(markup):
        line: list[Piece] = []
        x = 0
        for text, bold, italic in paragraph:
            for token in _TOKEN.findall(text):
                word = token.rstrip()
                if line and word and x + _width(word, size, bold, italic) > width:
                    lines.append(_merged(line))
                    line, x = [], 0
                if not line and not word:
                    continue  # spaces at the start of a wrapped line
                line.append(Piece(x, token, bold, italic))
                x += _width(token, size, bold, italic)
        lines.append(_merged(line))
    return tuple(lines)


@functools.lru_cache(maxsize=8192)
def _width(words: str, size: int, bold: bool, italic: bool) -> int:
    """A word's width, kept: a new window width wraps the same words again."""
    return fonts.font(size, bold, italic).size(words)[0]


def _merged(pieces: list[Piece]) -> Line:
    """Neighbouring words of one style as one piece: one render call each, not one a word."""
    merged: list[Piece] = []
    for piece in pieces:
        last = merged[-1] if merged else None
        if last is not None and (last.bold, last.italic) == (piece.bold, piece.italic):
            merged[-1] = Piece(last.x, last.words + piece.words, last.bold, last.italic)
        else:
            merged.append(piece)
    return tuple(merged)


class TextPanel:
    """``markup`` in ``rect``, scrolled by the wheel, keys and a draggable bar."""

    def __init__(self, rect: pygame.Rect, markup: str, size: int = SIZE) -> None:
        self.rect = rect
        self.size = size
        self.line_height = round(fonts.font(size).get_linesize() * LINE_SPACING)
        inner = rect.inflate(-2 * PADDING[0], -2 * PADDING[1])
        self.lines = layout(markup, inner.w, size)
        if len(self.lines) * self.line_height > inner.h:  # room for the scroll bar
            self.lines = layout(markup, inner.w - BAR - 4, size)
        self.inner = inner
        self.offset = 0
        """Pixels of text scrolled out of view above."""
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

    def scroll_lines(self, count: int) -> None:
        self.scroll_to(self.offset + count * self.line_height)

    def page(self, count: int) -> None:
        self.scroll_to(self.offset + count * (self.inner.h - self.line_height))

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
        pygame.draw.rect(surface, BACKGROUND, self.rect)
        pygame.draw.rect(surface, BORDER, self.rect, 1)
        first = self.offset // self.line_height
        last = min(len(self.lines), (self.offset + self.inner.h) // self.line_height + 1)
        clip = surface.get_clip()
        surface.set_clip(self.inner.clip(clip))
        for index in range(first, last):
            image = self._line(index)
            if image is not None:
                surface.blit(image, (self.inner.x,
                                     self.inner.y + index * self.line_height - self.offset))
        surface.set_clip(clip)
        if self.most:
            pygame.draw.rect(surface, TRACK, self._track(), border_radius=4)
            colour = palette.ACCENT if self._dragging is not None else THUMB
            pygame.draw.rect(surface, colour, self._thumb(), border_radius=4)

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
                words = face.render(piece.words, True, palette.TEXT)
                image.blit(words, (piece.x, (self.line_height - words.get_height()) // 2))
            self._drawn[index] = image
        return image
