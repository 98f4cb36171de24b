"""High scores: every game's tables (one per board and variant), best run first.

The figures' titles come from each game's plug-in (``game.plugin.HighScores``), so this scene
knows no game. A broken score file has already been moved aside by the loader; the player
is told so here. The tables show in the client's own text panel (``game.client.draw.richtext``), as
Help's text does: pygame_gui's text box parsed and laid them out in the frame that opened
the screen (about 20 ms).
"""

from __future__ import annotations

import html
from typing import Any

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Scene, Transition
from game.client.app.services import Services
from game.client.draw.richtext import TextPanel
from game.client.files import scores
from scenes.common import button, heading


class ScoresScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.back: Any = None
        self.body = ""
        """The tables as shown (``<b>`` and ``<br>`` markup); tests read it."""
        self.panel: TextPanel | None = None

    def enter(self) -> None:
        loaded = scores.load(self.services.paths.scores)
        if loaded.problem:
            self.services.toasts.show(loaded.problem[:1].upper() + loaded.problem[1:], "error")
        self.body = self._render(loaded.tables)
        super().enter()

    def _render(self, tables: scores.Tables) -> str:
        parts: list[str] = []
        for info in self.services.games.infos():
            named = tables.get(info.id)
            kept = self.services.plugin(info.id).scores
            if kept is None or info.id not in self.services.views:
                continue
            columns = kept.score_columns
            parts.append(f"<b>{html.escape(info.title.upper())}</b><br>")
            if not named:
                parts.append("No runs yet: play one to the end to enter a table.<br><br>")
                continue
            for table, entries in sorted(named.items()):
                parts.append(f"<b>{html.escape(table)}</b><br>")
                for place, entry in enumerate(entries, 1):
                    figures = "  ·  ".join(
                        f"{title}: {value}"
                        for value, title in zip(entry.score, columns, strict=False)
                    )
                    parts.append(
                        f"{place}. <b>{html.escape(entry.name)}</b>  {figures}  "
                        f"(seed {html.escape(entry.seed)}, {html.escape(entry.date)})<br>"
                    )
                parts.append("<br>")
        return "".join(parts) or "No game keeps high scores yet."

    def build(self, size: tuple[int, int]) -> None:
        width = min(900, size[0] - 80)
        rect = pygame.Rect((size[0] - width) // 2, 120, width, size[1] - 210)
        self.panel = TextPanel(rect, self.body)
        self.back = button(self, pygame.Rect(rect.x, rect.bottom + 16, 160, 44), "Back")

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            return Pop()
        return None

    def capture(self, event: pygame.event.Event) -> bool:
        return self.panel is not None and self.panel.handle(event)

    def command(self, command: Command) -> Transition | None:
        if command.name in (c.BACK, c.ACTIVATE):
            return Pop()
        if command.name in (c.MENU_UP, c.MENU_DOWN) and self.panel is not None:
            self.panel.scroll_lines(-1 if command.name == c.MENU_UP else 1)
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        heading(surface, "High scores", (surface.get_width() // 2, 64), 56)
        if self.panel is not None:
            self.panel.draw(surface)
