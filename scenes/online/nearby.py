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


def build_rows(scene: Scene, rect: pygame.Rect, tables: list[Any], row: int
               ) -> tuple[Any, dict[Any, Any]]:
    """The rows of ``tables`` (some) inside ``rect`` (scrolling when they do not fit);
    returns the scrolling area, and each joinable row's button with its table. (With none,
    the scene writes ``LOOKING`` where they go.)"""
    games, ui = scene.services.games, scene.services.ui
    area = pygame_gui.elements.UIScrollingContainer(rect, ui, container=scene.root,
                                                    allow_scroll_x=False)
    width = rect.w - 20
    joins: dict[Any, Any] = {}
    y = 0
    for table in tables:
        problem = why_not(table, games)
        if problem:
            reason = f"Cannot join: {problem}"
            greyed: Any = pygame_gui.elements.UIButton(
                pygame.Rect(0, y, width, row), line(table, games), ui, container=area,
                tool_tip_text=reason, object_id="#table_row")
            greyed.disable()
            y += row + 2
            face = ui.get_theme().get_font_dictionary().find_font(REASON_SIZE, "noto_sans")
            for part in wrapped(reason, width - 24, face):  # the whole reason, however narrow
                pygame_gui.elements.UILabel(pygame.Rect(10, y, width - 10, 20), part, ui,
                                            container=area, object_id="#reason")
                y += 20
            y += 8
        else:
            joins[pygame_gui.elements.UIButton(
                pygame.Rect(0, y, width, row), f"{table.code}  ·  {line(table, games)}", ui,
                container=area, tool_tip_text="Sit at this table",
                object_id="#table_row")] = table
            y += row + 6
    area.set_scrollable_area_dimensions((width, y))
    return area, joins
