"""The panel's lines on the turn: the move counter, the last move, and the status (whose
turn it is and what they do), each fitted into the room under the players' cards."""

from __future__ import annotations

import pygame

from game.client.draw import fonts, palette
from game.client.widgets.fitted import Fitted

HEIGHT, HEIGHT_COMPACT = 134, 100
"""The block's height in a tall window and a low one."""


def height(compact: bool) -> int:
    return fonts.grow(HEIGHT_COMPACT if compact else HEIGHT, 3)


def draw(surface: pygame.Surface, area: pygame.Rect, counter: str, last: str, status: str,
         fitted: Fitted) -> None:
    """``counter`` in bold, "Last: ``last``" (two lines at most, the whole on hover) unless
    empty, then ``status`` in the largest size that fits what is left of ``area``."""
    move = fonts.text(counter, 26, palette.TEXT, True)
    surface.blit(move, area.topleft)
    top = area.y + move.get_height() + 2
    if last:
        top = _last(surface, pygame.Rect(area.x, top, area.w, 0), f"Last: {last}", fitted)
    size, lines = fit_lines(status, area.w, area.bottom - top - 6)
    for i, line in enumerate(lines):
        fitted.blit(surface, line, size, palette.TEXT, area.w,
                    (area.x, top + 2 + i * fonts.font(size).get_linesize()))


def _last(surface: pygame.Surface, at: pygame.Rect, full: str, fitted: Fitted) -> int:
    """The last move in at most two lines from ``at``'s top; returns the next y."""
    lines = fonts.wrap(full, fonts.MIN_SIZE, at.w)
    top = at.y
    for line in (lines[0], " ".join(lines[1:])) if len(lines) > 2 else lines:
        words = fonts.fit(line, fonts.MIN_SIZE, palette.MUTED, at.w)
        surface.blit(words, (at.x, top))
        top += words.get_height()
    if len(lines) > 2:  # shortened: the whole turn shows on hover (and in the list)
        fitted.keep(pygame.Rect(at.x, at.y, at.w, top - at.y), full)
    return top


def fit_lines(text: str, width: int, height: int) -> tuple[int, tuple[str, ...]]:
    """``text`` wrapped to ``width`` in the largest size whose lines fit ``height``, never
    below ``fonts.MIN_SIZE`` (the last line shortened if even that does not fit)."""
    for size in (24, 22, fonts.MIN_SIZE):
        lines = fonts.wrap(text, size, width)
        if len(lines) * fonts.font(size).get_linesize() <= height:
            return size, lines
    size = fonts.MIN_SIZE
    keep = max(1, height // fonts.font(size).get_linesize())
    lines = fonts.wrap(text, size, width)
    return size, (*lines[: keep - 1], " ".join(lines[keep - 1:]))


def key_strip(surface: pygame.Surface, strip: pygame.Rect, parts: list[str]) -> list[str]:
    """The keys a player has, in the message strip: as many of ``parts`` as fit, from the
    first (the most needed first); returns those drawn."""
    room = strip.w - 16
    words = fonts.text("  ·  ".join(parts), 22, palette.MUTED)
    while words.get_width() > room and len(parts) > 1:
        parts = parts[:-1]
        words = fonts.text("  ·  ".join(parts), 22, palette.MUTED)
    surface.blit(words, words.get_rect(midleft=(strip.x + 8, strip.centery)))
    return parts
