"""Lists a screen draws itself (no pygame_gui control), as stops of the Tab focus.

The focus (``focus``) goes round a screen's controls and its ``ListStop``s in reading
order. On a list, Up and Down move a marked row (Page Up and Page Down by ten, Home and End
to the ends), Return chooses the row as a click on it would, and each row is said as the
mark reaches it. The list draws the mark itself (``Rows.mark_row``), a frame round the row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

import pygame

STEPS: Final = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10,
                pygame.K_PAGEDOWN: 10}
ENDS: Final = {pygame.K_HOME: 0, pygame.K_END: -1}
CHOOSE: Final = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Rows(Protocol):
    """A list drawn by hand, as the keyboard reaches it: rows counted from 0."""

    @property
    def rect(self) -> pygame.Rect: ...

    def row_count(self) -> int: ...

    def row_shown(self) -> int:
        """The row the screen shows as current (the mark starts there)."""
        ...

    def row_words(self, row: int) -> str: ...

    def mark_row(self, row: int | None) -> None:
        """Draw ``row`` marked (None: no mark), scrolled into view."""
        ...


class ListStop:
    """One hand-drawn list as a stop of the focus: ``name`` says what it is, ``choose`` does
    what a click on a row does."""

    def __init__(self, name: str, rows: Rows, choose: Callable[[int], object]) -> None:
        self.name = name
        self.rows = rows
        self._choose = choose
        self.row: int | None = None
        """The marked row while the focus is here."""

    @property
    def rect(self) -> pygame.Rect:
        return self.rows.rect

    def shows(self) -> bool:
        """Whether the list is on screen (a list with no room or no rows is passed over)."""
        return self.rect.w > 0 and self.rect.h > 0 and self.rows.row_count() > 0

    def enter(self) -> None:
        """The focus came: the mark starts on the row the screen shows as current."""
        self._mark(self.rows.row_shown())

    def leave(self) -> None:
        self.row = None
        self.rows.mark_row(None)

    def spoken(self) -> str:
        """The list and its marked row, as a screen reader says them."""
        return f"{self.name}, list, {self._row_said()}"

    def key(self, key: int) -> str | None:
        """A key while the focus is here: what to say, or None for a key not the list's."""
        count = self.rows.row_count()
        row = self.rows.row_shown() if self.row is None else self.row
        if key in STEPS:
            self._mark(row + STEPS[key])
        elif key in ENDS:
            self._mark(ENDS[key] % count)
        elif key in CHOOSE:
            self._mark(row)
            self._choose(min(row, count - 1))
        else:
            return None
        return self._row_said()

    def _mark(self, row: int) -> None:
        self.row = max(0, min(self.rows.row_count() - 1, row))
        self.rows.mark_row(self.row)

    def _row_said(self) -> str:
        row = self.row if self.row is not None else self.rows.row_shown()
        return f"{self.rows.row_words(row)}, {row + 1} of {self.rows.row_count()}"
