"""The side panel of a game being played: the players' cards, then how the game ended
(the result card) or the turn's lines. The buttons and the move list below are placed by
the scene; this draws the rest."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.client.app.commands import ViewAction
from game.client.draw import fonts, palette
from game.client.view import Swatches
from game.client.widgets.fitted import Fitted
from game.client.widgets.movelist import lines_height
from game.client.widgets.panel import move_buttons, result_card, seat_card, turn_info

BUTTON_H, BUTTON_H_COMPACT = 38, 28
COMPACT_BELOW = 840
"""Window heights below which the panel packs tighter, to leave the move list room."""
LINES_UNDER_CARD = 3
"""Lines of moves a long result card (a rated game's ratings) always leaves the move list."""
LIST_MARGINS = 14
"""Above and below the move list, as the play scene places it."""
Mark = Callable[[pygame.Surface, pygame.Rect, int], str]
"""Draws a scene's own mark on a seat's card; returns words for the card's detail."""


@dataclass(frozen=True)
class Turn:
    """The turn's lines: the counter, the last move in words, and the status."""

    counter: str
    last: str
    status: str


@dataclass(frozen=True)
class Ended:
    """The result card's lines (the headline first) and the winner's colour."""

    lines: Sequence[str]
    colour: palette.RGB


class SidePanel:
    """Where the panel is, how tightly it packs, and its drawing."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.compact = False
        self.card = pygame.Rect(0, 0, 0, 0)
        """Where the result card goes once the game is over (in place of the move buttons)."""
        self.fitted = Fitted()
        """Lines drawn this frame shorter than their text, and the whole text (on hover)."""
        self.swatches: Swatches | None = None
        """The game's view, where it draws the seats' swatches with its pieces' shapes."""

    def place(self, rect: pygame.Rect, window_h: int) -> None:
        self.rect = rect
        self.compact = window_h < COMPACT_BELOW
        self.card = pygame.Rect(0, 0, 0, 0)

    def info_top(self, seats: int) -> int:
        """Where the turn's lines (or the result card) start, under ``seats`` cards."""
        card_h = seat_card.height(self.compact)
        return (10 if self.compact else 16) + seats * (card_h + seat_card.GAP)

    def lay_out(self, seats: int, actions: Sequence[ViewAction], clicks_play: bool,
                keys: move_buttons.Keys, rows: Sequence[move_buttons.Row],
                ended: Sequence[str] | None, measure: move_buttons.Measure,
                gutter: int = 0) -> tuple[list[move_buttons.Spec], int]:
        """Under ``seats`` cards: the result card (its ``ended`` lines, up to where the move
        buttons would end) or the move buttons, then the ``rows`` of controls, ``gutter``
        narrower than the panel (room for a scroll bar). Returns the buttons to make and
        where the rest of the panel starts."""
        button_h = fonts.grow(BUTTON_H_COMPACT if self.compact else BUTTON_H)
        x, inner = self.rect.x + 14, self.rect.w - 28 - gutter
        top = self.info_top(seats)
        y = top + turn_info.height(self.compact)
        specs: list[move_buttons.Spec] = []
        if ended is not None:  # the result card in the move buttons' place, or longer if
            # its lines need it while the controls and a few lines of moves still fit
            bottom = y + move_buttons.height(len(actions), button_h, self.compact)
            below = (len(rows) * (button_h + move_buttons.GAP)
                     + lines_height(LINES_UNDER_CARD) + LIST_MARGINS)
            most = max(bottom, self.rect.bottom - below)
            y = min(most, top + result_card.height(ended, self.rect.w - 24))
            self.card = pygame.Rect(self.rect.x + 12, top, self.rect.w - 24, y - top - 8)
        else:
            specs, y = move_buttons.moves(actions, pygame.Rect(x, y, inner, button_h),
                                          self.compact, clicks_play, keys, measure)
        more, y = move_buttons.grid(rows, pygame.Rect(x, y, inner, button_h), measure)
        return specs + more, y

    def lay_out_kept(self, seats: int, actions: Sequence[ViewAction], clicks_play: bool,
                     keys: move_buttons.Keys, rows: Sequence[move_buttons.Row],
                     ended: Sequence[str] | None, measure: move_buttons.Measure, kept: int
                     ) -> tuple[list[move_buttons.Spec], int, pygame.Rect | None]:
        """As ``lay_out``, keeping ``kept`` lines of moves under the buttons: where the
        buttons would take them (large text, a short window) they scroll, in whole rows.
        Also returns the buttons' scroll window, or None."""
        parts = (seats, actions, clicks_play, keys, rows, ended, measure)
        specs, y = self.lay_out(*parts)
        bottom = self.rect.bottom - 10 - lines_height(kept)
        if not specs or y <= bottom:
            return specs, y, None
        specs, y = self.lay_out(*parts, move_buttons.SCROLL_BAR)
        view = move_buttons.scrolled(specs, bottom, self.rect.x + 8, self.rect.w - 8)
        return specs, view.bottom + move_buttons.GAP, view

    def draw(self, surface: pygame.Surface, seats: Sequence[seat_card.Seat], mark: Mark,
             body: Turn | Ended) -> None:
        """The background, a card for each of ``seats``, then ``body``."""
        pygame.draw.rect(surface, palette.PANEL, self.rect)
        pygame.draw.line(surface, palette.GRID, self.rect.topleft, self.rect.bottomleft, 2)
        y = 10 if self.compact else 16
        for number, seat in enumerate(seats):
            card = seat_card.rect(self.rect, y, self.compact)
            swatch = None if self.swatches is None else functools.partial(
                self.swatches.draw_swatch, seat=number, colour=seat.colour)
            seat_card.frame(surface, card, seat, self.compact, swatch)
            note = mark(surface, card, number)
            seat_card.words(surface, card, seat, self.compact, self.fitted, note)
            y = card.bottom + seat_card.GAP
        if isinstance(body, Ended):
            result_card.draw(surface, self.card, body.lines, body.colour)
            return
        area = pygame.Rect(self.rect.x + 14, y, self.rect.w - 28,
                           turn_info.height(self.compact))
        turn_info.draw(surface, area, body.counter, body.last, body.status, self.fitted)
