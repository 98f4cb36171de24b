"""A one-line text field whose placeholder reads as a hint, not as typed text.

pygame_gui draws a placeholder ("Invite code", "wss://play.example.org") in the colour of
typed text, so an empty field looked filled in. This one draws it muted, and in the text
colour again as soon as something is typed."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.client.draw import palette


class HintedEntry(pygame_gui.elements.UITextEntryLine):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._hinting: bool | None = None
        """Whether the placeholder was drawn, at the last build of the field's look."""
        super().__init__(*args, **kwargs)

    def hinting(self) -> bool:
        """The field is empty and has a placeholder to show."""
        return not self.text and bool(self.placeholder_text)

    def rebuild(self) -> None:
        typed = self.text_colour
        hinting = self.hinting()
        if hinting:
            self.text_colour = pygame.Color(*palette.MUTED)  # the theme in use
        try:
            super().rebuild()  # type: ignore[no-untyped-call]
        finally:
            self.text_colour = typed
        self._hinting = hinting

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if self.hinting() != self._hinting:  # typed into, or emptied: the colour follows
            self.rebuild()
