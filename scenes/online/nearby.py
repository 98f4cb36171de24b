"""Tables nearby as rows of their own: a table this app can play is a button that joins it; one
it cannot is the same row greyed out (a disabled button) with the reason written under it, so
a player sees at once which table is whose and why one is closed to them (pygame_gui's
selection list cannot grey out one row). Knows no game: titles come from the registry."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.client.app.scene import Scene
from game.core.registry import Registry

LOOKING = "(looking for tables on this network...)"
REASON_SIZE = 14
"""The reason's font and size (``#reason`` in the theme)."""
LISTED = 30
"""The most tables nearby listed (a café's network may announce hundreds)."""


def line(table: Any, games: Registry) -> str:
    """What a row says of a table: its game, its options and its host."""
    title = games.info(table.game).title if table.game in games else table.game
    return f"{title}, {table.options or 'standard'}  ·  {table.host}"


def why_not(table: Any, games: Registry) -> str:
    """Why this app cannot play ``table`` ('' when it can)."""
    return str(table.problem({info.id: info.rules_version for info in games.infos()}))


def wrapped(text: str, width: int, face: Any) -> list[str]:
    """``text`` in lines no wider than ``width`` in ``face`` (a label never wraps)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        longer = f"{line} {word}" if line else word
        if line and face.size(longer)[0] > width:
            lines.append(line)
            line = word
        else:
            line = longer
    return [*lines, line]


class NearbyRows:
    """The rows of the tables nearby inside ``rect`` (scrolling when they do not fit), kept
    up to date by ``show``: a table still there keeps its row (moved into place), only a new
    or changed one gets a row made, and at most ``LISTED`` are listed, so that a network
    announcing hundreds of tables costs a frame a few rows, not every row again (with none,
    the scene writes ``LOOKING`` where they go)."""

    def __init__(self, scene: Scene, rect: pygame.Rect, row: int) -> None:
        self.scene = scene
        self.row = row
        self.width = rect.w - 20
        self.area: Any = pygame_gui.elements.UIScrollingContainer(
            rect, scene.services.ui, container=scene.root, allow_scroll_x=False)
        self._rows: dict[Any, list[tuple[Any, int]]] = {}
        """Each listed table's widgets, each with its offset from the row's top."""
        self.joins: dict[Any, Any] = {}
        """Each joinable row's button, and its table."""

    def show(self, tables: list[Any]) -> None:
        listed = tables[:LISTED]
        for gone in [table for table in self._rows if table not in listed]:
            for widget, _ in self._rows.pop(gone):
                self.joins.pop(widget, None)
                widget.kill()
        y = 0
        for table in listed:
            parts = self._rows.get(table)
            if parts is None:
                parts = self._rows[table] = self._make(table)
            for widget, offset in parts:
                widget.set_relative_position((widget.relative_rect.x, y + offset))
            y += self._height(parts)
        self.area.set_scrollable_area_dimensions((self.width, y))

    def _height(self, parts: list[tuple[Any, int]]) -> int:
        if len(parts) == 1:  # a joinable row
            return self.row + 6
        return parts[-1][1] + 20 + 8  # the button, the reason's lines, a gap

    def _make(self, table: Any) -> list[tuple[Any, int]]:
        games, ui, width, row = (self.scene.services.games, self.scene.services.ui,
                                 self.width, self.row)
        problem = why_not(table, games)
        if not problem:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, width, row), f"{table.code}  ·  {line(table, games)}", ui,
                container=self.area, tool_tip_text="Sit at this table", object_id="#table_row")
            self.joins[button] = table
            return [(button, 0)]
        reason = f"Cannot join: {problem}"
        greyed: Any = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, width, row), line(table, games), ui, container=self.area,
            tool_tip_text=reason, object_id="#table_row")
        greyed.disable()
        parts: list[tuple[Any, int]] = [(greyed, 0)]
        y = row + 2
        face = ui.get_theme().get_font_dictionary().find_font(REASON_SIZE, "noto_sans")
        for part in wrapped(reason, width - 24, face):  # the whole reason, however narrow
            parts.append((pygame_gui.elements.UILabel(
                pygame.Rect(10, y, width - 10, 20), part, ui, container=self.area,
                object_id="#reason"), y))
            y += 20
        return parts
