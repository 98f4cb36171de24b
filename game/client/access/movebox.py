"""The move box: a line a player types a move into, with the legal moves it still matches.

It edits the line and shows it over the board's foot; what the line means is
``game.client.access.typed``'s business, what a move or a word then does is the play
scene's (``game.client.access.play``). While it is open every key is its own but the global
ones (help, fullscreen): a letter typed never plays a game's key action by accident.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pygame

from game.client.access.typed import LISTED, Reading
from game.client.draw import fonts, palette

SIZE: Final = 24
"""The line's text size (its list's is ``fonts.MIN_SIZE``)."""
REFUSED: Final = "Refused: "
"""A refusal's first word (its colour is not all that says so)."""
LONGEST: Final = 120
"""Characters a line may hold (the longest notation, Piously's temple, is about 80)."""


class MoveBox:
    """The line, whether it shows, and what it read last (see the module's docstring)."""

    def __init__(self) -> None:
        self.shown = False
        self.line = ""
        self.reading: Reading | None = None
        self.note = ""
        """One line under the box: a refusal, or an answer to a word."""
        self.described: Sequence[str] = ()
        """The listed matches in words, in the order of ``reading.matches``."""

    def open(self) -> None:
        self.shown, self.line, self.note = True, "", ""
        self.reading = None

    def close(self) -> None:
        self.shown = False

    def edit(self, event: pygame.event.Event) -> str | None:
        """A key while the box is open: "edited" (a character typed or erased), "submit",
        "close", or None for a key that is not the box's."""
        key = event.key
        if key == pygame.K_ESCAPE:
            return "close"
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "submit"
        if key == pygame.K_BACKSPACE:
            if event.mod & pygame.KMOD_CTRL:
                self.line = self.line.rstrip().rpartition(" ")[0]
                self.line += " " if self.line else ""
            else:
                self.line = self.line[:-1]
            return "edited"
        char = getattr(event, "unicode", "")
        if char and char.isprintable() and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if len(self.line) < LONGEST:
                self.line += char
            return "edited"
        return None

    def draw(self, surface: pygame.Surface, area: pygame.Rect, hint: str) -> None:
        """The box at the foot of ``area`` (the board's): the line with a caret, the note or
        ``hint``, and the matching moves with their words."""
        if not self.shown:
            return
        reading = self.reading
        rows: list[tuple[str, palette.RGB]] = []
        if self.note:
            rows.append((self.note, palette.WARN if self.note.startswith(REFUSED) else
                         palette.TEXT))
        elif reading is not None and reading.problem:
            rows.append((f"{REFUSED}{reading.problem}", palette.WARN))
        if reading is not None:
            listed = zip(reading.matches[:LISTED], self.described, strict=False)
            rows += [(f"{candidate.shown}  —  {words}", palette.TEXT)
                     for candidate, words in listed]
            if not reading.matches and not reading.complete and reading.typed.strip():
                rows.append(("Too many moves to list here: type the whole move, then Return",
                             palette.MUTED))
            elif reading.matches and (not reading.complete or len(reading.matches) > LISTED):
                rows.append(("… and more: keep typing", palette.MUTED))
        if not rows:
            rows.append((hint, palette.MUTED))
        small = fonts.font(fonts.MIN_SIZE).get_linesize()
        line_h = fonts.font(SIZE, True).get_linesize()
        width = min(area.w - 16, 760)
        height = 16 + line_h + 6 + small * len(rows)
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (area.centerx, area.bottom - 8)
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, palette.ACCENT, box, 3, border_radius=8)
        prompt = fonts.fit(f"Move: {self.line}|", SIZE, palette.TEXT, width - 24, True)
        surface.blit(prompt, (box.x + 12, box.y + 8))
        y = box.y + 8 + line_h + 6
        for words, colour in rows:
            surface.blit(fonts.fit(words, fonts.MIN_SIZE, colour, width - 24), (box.x + 12, y))
            y += small
