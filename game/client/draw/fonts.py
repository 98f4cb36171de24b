"""The app's text faces (pygame_gui's Noto Sans, which the widgets use too), cached per size.

Sizes are given on pygame's default-font scale (the one the layouts were drawn for) and
converted, so a size means the same height everywhere. Noto Sans has a true bold face; the
default font's made-up bold left gaps inside words ("conqu est").
"""

from __future__ import annotations

import functools
import math
from importlib import resources
from typing import Final

import pygame

from game.core.text import printable

SCALE = 0.7
"""Noto Sans point size per default-font size unit (pygame scales its own font by 0.6875)."""
MIN_SHRINK = 0.75
"""``fit`` shrinks text down to this share of its size before it shortens it."""
MIN_SIZE = 20
"""The smallest size text is shrunk to (14 pt of Noto Sans): below it a line is wrapped or
shortened instead, never made unreadable."""


_scale = 1.0
"""The player's text size as a factor: every face is made this much larger."""


def set_text_size(percent: int) -> None:
    """Draw all text at ``percent`` of its designed size from now on (the caches are
    dropped: every face and line is made anew at the new size)."""
    global _scale
    if percent / 100 != _scale:
        _scale = percent / 100
        reset()


def text_scale() -> float:
    """The text size as a factor (1.0 at 100 %)."""
    return _scale


LINE: Final = 22
"""The height of a line of the widgets' 16-point text at 100 %: what a box holding one line
grows by, per 100 % of text size added."""
LARGE: Final = 40
"""Text of this size and up (titles) grows only as far as this size grown: a title is read
easily already, and one grown as much as the rest would not fit above the page."""


def grow(pixels: int, lines: int = 1) -> int:
    """The height of a box (a row, a button, a strip) of ``pixels`` at 100 % that holds
    ``lines`` lines of text, at the text size in use: it grows as much as its lines do."""
    return pixels + round((_scale - 1) * LINE * lines)


def wide(pixels: int) -> int:
    """The width of a box of ``pixels`` at 100 % sized for its words, at the text size in
    use (words widen as their size does)."""
    return round(pixels * _scale)


def grown(size: int) -> float:
    """``size`` (on the layouts' scale) at the text size in use; see ``LARGE``."""
    return min(size * _scale, max(size, LARGE * _scale))


def _points(size: int) -> int:
    return max(6, round(grown(size) * SCALE))


LINE_SPACING: Final = 1.362
"""Noto Sans's line height per point (its ascender and descender, 1069 + 293 per 1000)."""


def line_height(size: int) -> int:
    """The height of a line of text of ``size`` at the text size in use, worked out without
    a face: layouts made before the font module starts (or after it stops) need it too."""
    return math.ceil(_points(size) * LINE_SPACING)


FACES = {(False, False): "NotoSans-Regular.ttf", (True, False): "NotoSans-Bold.ttf",
         (False, True): "NotoSans-Italic.ttf", (True, True): "NotoSans-BoldItalic.ttf"}
"""Noto Sans's true faces by (bold, italic): made-up slants and weights look smeared."""


WARM: Final = (*((size, False) for size in (12, 14, 16, 18, 20, 22, 24, 26, 28)),
               *((size, True) for size in (14, 16, 20, 22, 24, 26, 28, 30, 34, 48, 56)))
"""The sizes (and weights) the screens ask for, as counted over monkey runs: ``warm``
readies them in frames with time to spare."""


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """The face at ``size``, kept (about 35 are in use, some sizes shrunk to fit: 64 are
    kept so none is made twice). Its first measure or render takes 1.5-2 ms (FreeType
    sets the size up), so ``warm`` does that ahead for the common sizes."""
    face = FACES[bold, italic]
    try:
        with resources.as_file(resources.files("pygame_gui.data") / face) as path:
            return pygame.font.Font(str(path), _points(size))
    except (OSError, FileNotFoundError, pygame.error):  # a stripped build: the default font
        fallback = pygame.font.Font(None, round(grown(size)))
        fallback.set_bold(bold)
        fallback.set_italic(italic)
        return fallback


@functools.lru_cache(maxsize=512)
def text(words: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: panels redraw the same words every frame).

    Any string renders: characters no renderer takes (NUL, lone surrogates) show as U+FFFD,
    and a text of no width (only joiners or combining marks) is a blank one pixel wide.
    """
    face = font(size, bold)
    try:
        return face.render(printable(words), True, colour)
    except pygame.error as err:
        if "zero width" not in str(err):
            raise
        return pygame.Surface((1, face.get_height()), pygame.SRCALPHA)


@functools.lru_cache(maxsize=256)
def fit(words: str, size: int, colour: tuple[int, int, int], width: int,
        bold: bool = False) -> pygame.Surface:
    """``words`` on one line no wider than ``width``: smaller (down to ``MIN_SHRINK`` of
    ``size``) if the whole line then fits, else shortened at full size.

    Widths are measured a few times only: a size's first measure costs milliseconds (its
    glyphs are made then), so the one smaller size tried is the one the full-size width
    says should fit, and the cut is found by halving."""
    words = printable(words)
    face = font(size, bold)
    full = face.size(words)[0]
    if full <= width:
        return text(words, size, colour, bold)
    # Widths grow about as the point size does: the largest size whose points should fit.
    points = _points(size) * width / full
    smaller = [trial for trial in range(max(min(size, MIN_SIZE), round(size * MIN_SHRINK)), size)
               if _points(trial) <= points]
    if smaller and font(smaller[-1], bold).size(words)[0] <= width:
        return text(words, smaller[-1], colour, bold)

    def shortened(cut: int) -> str:
        return words[:cut].rstrip() + "…"

    low, high = 1, len(words) - 1  # shortened(low) is kept even if too wide
    while low < high:
        middle = (low + high + 1) // 2
        if face.size(shortened(middle))[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text(shortened(low), size, colour, bold)


@functools.lru_cache(maxsize=64)
def wrap(words: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Split ``words`` into lines no wider than ``width`` pixels at this font size (and
    weight: bold is wider)."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        paragraph = printable(paragraph)
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def warm() -> bool:
    """Ready the next common font not used yet (1.5-2 ms, where a screen's first frame
    would have spent it); False once all are."""
    for size, bold in WARM:
        if (size, bold) not in _warmed:
            _warmed.add((size, bold))
            font(size, bold).size("Warm")
            return True
    return False


_warmed: set[tuple[int, bool]] = set()


def reset() -> None:
    """Forget cached fonts (they die with ``pygame.font.quit``; tests start pygame anew)."""
    _warmed.clear()
    font.cache_clear()
    text.cache_clear()
    fit.cache_clear()
    wrap.cache_clear()
