"""Messages: short notes that fade out, so no refusal is ever silent, and never pile up.

Each message has a topic (its kind unless given): a new message replaces the one of the
same topic, and a scene ends a topic when its cause is gone (a hint arrived, a move was
played). A scene with a message area (``Scene.message_area``, outside its board) gets the
newest message there on one line; elsewhere the newest few float at the bottom.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pygame

from game.ui import fonts, palette

LIFETIME = 3.2
FADE = 0.5
FLOATING = 2
"""How many messages may float at once where a scene has no message area."""


@dataclass
class Toast:
    text: str
    kind: str
    topic: str
    born: float | None = None


class Toasts:
    """The messages on screen; the app draws them above every scene."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.history: list[str] = []
        """Every message shown (tests and the log read it)."""
        self._lock = threading.Lock()
        """Messages may come from the background loading thread (a lesson file left out)."""

    def show(self, text: str, kind: str = "info", topic: str | None = None) -> None:
        """Show ``text``, replacing the message of the same topic (the kind by default)."""
        topic = topic or kind
        with self._lock:
            items = [item for item in self.items if item.topic != topic]
            self.items = [*items, Toast(text, kind, topic)][-FLOATING:]
            self.history = [*self.history, text][-50:]

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
            label = fonts.fit(toast.text, 26, palette.TEXT, width - 40)
            box = pygame.Rect(0, 0, label.get_width() + 40, label.get_height() + 20)
            box.midbottom = (surface.get_width() // 2, y)
            self._card(surface, toast, label, box, clock)
            y = box.top - 8

    def _draw_docked(self, surface: pygame.Surface, toast: Toast, area: pygame.Rect,
                     clock: float) -> None:
        label = fonts.fit(toast.text, 24, palette.TEXT, area.w - 28)
        box = pygame.Rect(area.x, area.y, label.get_width() + 28, area.h)
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
