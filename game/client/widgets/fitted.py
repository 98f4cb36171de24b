"""Lines drawn into a width, and the whole text of those shortened, on hover.

A scene's panel fits names, statuses and moves into the room it has; whatever it had to
shorten is kept here with the rectangle it took, so the pointer on it shows every word
(``Fitted.draw_tip``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from game.client.draw import fonts, palette
from game.client.draw.tip import draw_tip

TIP_WIDTH = 520
"""The widest a tip grows before it wraps."""


class Fitted:
    """This frame's shortened lines and their whole text (cleared at the start of a frame)."""

    def __init__(self) -> None:
        self.shortened: list[tuple[pygame.Rect, str]] = []

    def clear(self) -> None:
        self.shortened = []

    def keep(self, rect: pygame.Rect, full: str) -> None:
        """``full`` was drawn shortened in ``rect``: show it whole on hover."""
        self.shortened.append((rect, full))

    def blit(self, surface: pygame.Surface, words: str, size: int, colour: palette.RGB,
             width: int, pos: tuple[int, int], bold: bool = False) -> pygame.Surface:
        """``words`` fitted to ``width`` at ``pos``; if shortened, kept for the tip."""
        image = fonts.fit(words, size, colour, width, bold)
        rect = surface.blit(image, pos)
        if fonts.font(size, bold).size(words)[0] > width:
            self.keep(rect, words)
        return image

    def keep_cut_rows(self, lists: Iterable[Any]) -> None:
        """Keep the whole text of each row shown in ``lists`` (pygame_gui selection lists)
        too wide for its row, where the row shows (a list makes the rows it shows only)."""
        for widget in lists:
            view = pygame.Rect(widget.get_abs_rect())
            for item in widget.item_list:
                row = item.get("button_element")
                if row is None or not row.visible or row.font is None:
                    continue
                if row.font.size(item["text"])[0] > row.rect.w - 8:
                    self.keep(view.clip(row.get_abs_rect()), item["text"])

    def under(self, pointer: tuple[int, int] | None) -> str | None:
        """The whole text of the shortened line under ``pointer``, if any."""
        if pointer is None:
            return None
        return next((full for rect, full in self.shortened if rect.collidepoint(pointer)), None)

    def draw_tip(self, surface: pygame.Surface, pointer: tuple[int, int] | None,
                 beside: pygame.Rect) -> None:
        """The whole text under ``pointer``: left of ``beside`` (a panel, where no button
        covers it) when the pointer is in it, else under the pointer; inside the window."""
        shown = self.under(pointer)
        if shown is None or pointer is None:
            return
        at = pointer

        def place(box: pygame.Rect) -> None:
            if beside.collidepoint(at):
                box.topright = (beside.x - 8, at[1])
            else:
                box.topleft = (at[0], at[1] + 20)

        draw_tip(surface, shown, min(TIP_WIDTH, surface.get_width() - 20), place)
