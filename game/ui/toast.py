"""Toasts: short messages that fade out, so no refusal is ever silent."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import fonts, palette

LIFETIME = 3.2
FADE = 0.5


@dataclass
class Toast:
    text: str
    kind: str
    born: float | None = None


class Toasts:
    """The messages on screen; the app draws them above every scene."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.history: list[str] = []
        """Every message shown (tests and the log read it)."""

    def show(self, text: str, kind: str = "info") -> None:
        self.items.append(Toast(text, kind))
        self.history.append(text)
        del self.items[:-4]
        del self.history[:-50]

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        y = surface.get_height() - 70
        for toast in reversed(self.items):
            if toast.born is None:
                toast.born = clock
            age = clock - toast.born
            alpha = 255 if age < LIFETIME - FADE else int(255 * max(0.0, (LIFETIME - age) / FADE))
            colour = {"error": palette.WARN, "good": palette.GOOD}.get(toast.kind, palette.ACCENT)
            label = fonts.text(toast.text, 26, palette.TEXT)
            box = pygame.Rect(0, 0, label.get_width() + 40, label.get_height() + 20)
            box.midbottom = (surface.get_width() // 2, y)
            card = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(card, (*palette.PANEL, 235), card.get_rect(), border_radius=10)
            pygame.draw.rect(card, (*colour, 255), card.get_rect(), 2, border_radius=10)
            card.blit(label, (20, 10))
            card.set_alpha(alpha)
            surface.blit(card, box)
            y = box.top - 8
        self.items = [t for t in self.items if t.born is None or clock - t.born < LIFETIME]
