"""Messages: short notes that fade out, so no refusal is ever silent, and never pile up.

Each message has a topic (its kind unless given): a new message replaces the one of the
same topic, and a scene ends a topic when its cause is gone (a hint arrived, a move was
played). A scene with a message area (``Scene.message_area``, outside its board) gets the
newest message there; elsewhere the newest few float at the bottom. A message too long for
one line wraps (the docked one grows into the margin under it) rather than losing its end:
a refusal's reason is usually its last words.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.client.draw import fonts, palette
from game.core.text import printable

LIFETIME = 3.2
FADE = 0.5
FLOATING = 2
"""How many messages may float at once where a scene has no message area."""
DOCKED_LINES = 2
FLOATING_LINES = 3


@dataclass
class Toast:
    text: str
    kind: str
    topic: str
    born: float | None = None
    _label: tuple[int, pygame.Surface] | None = field(default=None, repr=False)
    """The words laid out, and the width they were laid out for (a frame only blits them)."""

    def label(self, size: int, width: int, most: int) -> pygame.Surface:
        if self._label is None or self._label[0] != width:
            self._label = (width, lines_label(self.text, size, width, most))
        return self._label[1]


def lines_label(words: str, size: int, width: int, most: int) -> pygame.Surface:
    """``words`` on one line at ``size`` when they fit there (a little smaller at most), else
    wrapped at the smallest size into at most ``most`` lines, the last shortened only if
    even those cannot hold them."""
    words = printable(words)
    small = fonts.MIN_SIZE
    if fonts.font(max(small, round(size * fonts.MIN_SHRINK))).size(words)[0] <= width:
        return fonts.fit(words, size, palette.TEXT, width)
    lines = list(fonts.wrap(words, small, width))
    if len(lines) > most:
        lines[most - 1:] = [" ".join(lines[most - 1:])]
    rendered = [fonts.fit(line, small, palette.TEXT, width) for line in lines]
    step = fonts.font(small).get_linesize()
    label = pygame.Surface((max(r.get_width() for r in rendered), step * len(rendered)),
                           pygame.SRCALPHA)
    for row, line in enumerate(rendered):
        label.blit(line, (0, row * step))
    return label


class Toasts:
    """The messages on screen; the app draws them above every scene."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.history: list[str] = []
        """Every message shown (tests and the log read it)."""
        self._lock = threading.Lock()
        """Messages may come from the background loading thread (a lesson file left out)."""
        self.listeners: list[Callable[[str, str], None]] = []
        """Told every message and its kind as it is shown (speech says them)."""

    def show(self, text: str, kind: str = "info", topic: str | None = None) -> None:
        """Show ``text``, replacing the message of the same topic (the kind by default)."""
        topic = topic or kind
        with self._lock:
            items = [item for item in self.items if item.topic != topic]
            self.items = [*items, Toast(text, kind, topic)][-FLOATING:]
            self.history = [*self.history, text][-50:]
        for listener in self.listeners:
            listener(text, kind)

    def end(self, *topics: str) -> None:
        """Take down the messages of these topics: what they said is no longer true."""
        with self._lock:
            self.items = [item for item in self.items if item.topic not in topics]

    @property
    def current(self) -> list[str]:
        """The messages on screen now, oldest first."""
        return [item.text for item in self.items]

    def draw(self, surface: pygame.Surface, clock: float, area: pygame.Rect | None = None) -> None:
        with self._lock:
            for toast in self.items:
                if toast.born is None:
                    toast.born = clock
            self.items = [t for t in self.items if clock - (t.born or clock) < LIFETIME]
        if area is not None:
            if self.items:
                self._draw_docked(surface, self.items[-1], area, clock)
            return
        y = surface.get_height() - 70
        width = surface.get_width() - 40
        for toast in reversed(self.items):
            label = toast.label(26, width - 40, FLOATING_LINES)
            box = pygame.Rect(0, 0, label.get_width() + 40, label.get_height() + 20)
            box.midbottom = (surface.get_width() // 2, y)
            self._card(surface, toast, label, box, clock)
            y = box.top - 8

    def _draw_docked(self, surface: pygame.Surface, toast: Toast, area: pygame.Rect,
                     clock: float) -> None:
        label = toast.label(24, area.w - 28, DOCKED_LINES)
        height = max(area.h, label.get_height() + 12)
        box = pygame.Rect(area.x, area.y, label.get_width() + 28, height)
        box.bottom = min(box.bottom, surface.get_height() - 2)  # two lines: into the margin
        self._card(surface, toast, label, box, clock)

    @staticmethod
    def _card(surface: pygame.Surface, toast: Toast, label: pygame.Surface, box: pygame.Rect,
              clock: float) -> None:
        age = clock - (toast.born or clock)
        alpha = 255 if age < LIFETIME - FADE else int(255 * max(0.0, (LIFETIME - age) / FADE))
        colour = {"error": palette.WARN, "good": palette.GOOD}.get(toast.kind, palette.ACCENT)
        card = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(card, (*palette.PANEL, 235), card.get_rect(), border_radius=10)
        pygame.draw.rect(card, (*colour, 255), card.get_rect(), 2, border_radius=10)
        card.blit(label, label.get_rect(midleft=(14, box.h // 2)))
        card.set_alpha(alpha)
        surface.blit(card, box)
