"""Lists as single stops of the Tab focus, their rows reached by the arrows.

The focus (``focus``) goes round a screen's controls and its lists in reading order: the
lists a scene draws itself (``Scene.stops``: the move list, the help's contents) and
pygame_gui's selection lists (``PickRows``: Your games, the lobby's tables and challenges,
a profile's games, the file dialog's files), whose lines pygame_gui makes for the part in
view only, so that a Tab from line to line never reached the rest. On a list, Up and Down
move a marked row (Page Up and Page Down by ten, Home and End to the ends), Return chooses
the row, and each row is said as the mark reaches it. A scene's list draws the mark itself
(``Rows.mark_row``), a frame round the row; in a selection list the mark is the chosen line
(chosen as a click chooses it) and Return opens it as a double click does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

import pygame
import pygame_gui

STEPS: Final = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10,
                pygame.K_PAGEDOWN: 10}
ENDS: Final = {pygame.K_HOME: 0, pygame.K_END: -1}
CHOOSE: Final = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Rows(Protocol):
    """A list drawn by hand, as the keyboard reaches it: rows counted from 0."""

    @property
    def rect(self) -> pygame.Rect: ...

    def row_count(self) -> int: ...

    def row_shown(self) -> int | None:
        """The row the screen shows as current (the mark starts there); None: none."""
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
        row = self.rows.row_shown()
        self.row = None
        if row is not None:
            self._mark(row)

    def leave(self) -> None:
        self.row = None
        self.rows.mark_row(None)

    def spoken(self) -> str:
        """The list and its marked row, as a screen reader says them."""
        return ", ".join(part for part in (self.name, "list", self._row_said()) if part)

    def key(self, key: int) -> str | None:
        """A key while the focus is here: what to say, or None for a key not the list's."""
        count = self.rows.row_count()
        row = self.row if self.row is not None else self.rows.row_shown()
        if key in STEPS:
            self._mark(0 if row is None else row + STEPS[key])
        elif key in ENDS:
            self._mark(ENDS[key] % count)
        elif key in CHOOSE:
            if row is None:
                return "None chosen: Up and Down choose"
            self._mark(row)
            self._choose(max(0, min(count - 1, row)))
        else:
            return None
        return self._row_said()

    def _mark(self, row: int) -> None:
        self.row = max(0, min(self.rows.row_count() - 1, row))
        self.rows.mark_row(self.row)

    def _row_said(self) -> str:
        count = self.rows.row_count()
        row = self.row if self.row is not None else self.rows.row_shown()
        if row is None or not 0 <= row < count:
            return f"{count} {'line' if count == 1 else 'lines'}, none chosen"
        return f"{self.rows.row_words(row)}, {row + 1} of {count}"


class PickRows:
    """A pygame_gui selection list as rows (see the module's docstring): marking a row
    chooses its line, scrolled into view, as a click on it does; ``open`` is a double
    click. Every choice goes through the line's own button, so the list and the scene hear
    what they hear from the pointer."""

    def __init__(self, widget: Any) -> None:
        self.widget = widget

    @property
    def rect(self) -> pygame.Rect:
        rect: pygame.Rect = self.widget.get_abs_rect()
        return rect

    def row_count(self) -> int:
        return len(self.widget.item_list)

    def row_shown(self) -> int | None:
        return next((row for row, item in enumerate(self.widget.item_list)
                     if item["selected"]), None)

    def row_words(self, row: int) -> str:
        return str(self.widget.item_list[row]["text"])

    def mark_row(self, row: int | None) -> None:
        if row is None:
            return  # the choice stays when the focus goes
        button = self._show(row)
        if button is not None and not self.widget.item_list[row]["selected"]:
            _press(pygame_gui.UI_BUTTON_PRESSED, button)

    def open(self, row: int) -> None:
        """Open line ``row`` as a double click on it does (its screen says what that is)."""
        button = self._show(row)
        if button is not None:
            _press(pygame_gui.UI_BUTTON_DOUBLE_CLICKED, button)

    def _show(self, row: int) -> Any:
        """Scroll so that line ``row`` shows whole; its button (None if it has none)."""
        widget = self.widget
        bar = widget.scroll_bar
        if bar is not None and widget.total_height_of_list > 0:
            step = widget.list_item_height
            view = widget.item_list_container.relative_rect.height
            top = min(bar.start_percentage * widget.total_height_of_list,
                      widget.lowest_list_pos)
            line = row * step
            if line < top:
                top = line
            elif line + step > top + view:
                top = line + step - view
            else:
                return widget.item_list[row]["button_element"]
            bar.set_scroll_from_start_percentage(top / widget.total_height_of_list)
            widget.update(0.0)  # the lines now in view get their buttons
        return widget.item_list[row]["button_element"]


def _press(kind: int, button: Any) -> None:
    """What pygame_gui posts when the pointer presses (or double-clicks) ``button``."""
    pygame.event.post(pygame.event.Event(kind, {
        "ui_element": button, "ui_object_id": button.most_specific_combined_id}))
