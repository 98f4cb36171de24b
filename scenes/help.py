"""Rules and help: the game's own rules text (from its view) and the app's controls."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui import commands as c
from game.ui import input as inp
from game.ui.commands import Command
from game.ui.scene import Pop, Scene, Transition
from game.ui.services import Services
from scenes.common import button, heading

APP_HELP = (
    "<br><br><b>Everywhere.</b> F11 toggles fullscreen, F1 opens this page, Esc goes back "
    "(or pauses a game). Every game is kept after every move, each in its own file: the menu's "
    "Resume continues the last one, and <b>Your games</b> lists the ten most recent "
    "unfinished games to resume and the finished ones to replay (starting a new game never "
    "replaces another). Ctrl+S saves a game where you choose, Ctrl+O opens one as a replay; "
    "in the file dialog, Return or a double-click opens the chosen file."
    "<br><br><b>On the board.</b> The last move stays marked until the next one. The numbers "
    "along a grid board's edges are its rows and columns, counted from 0 as the move notation "
    "writes them (\"3,5\" is row 3, column 5); Push Fight's squares carry their names. "
    "Messages appear in the strip under the board."
    "<br><br><b>Replays.</b> Left and Right step through the moves, Up or Space plays and "
    "pauses, Home and End jump to the start and the end, + and - change the speed, and a click "
    "on the timeline jumps there. \"Continue from here\" starts a new game from the position "
    "shown."
)


class HelpScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, game_id: str) -> None:
        super().__init__(services)
        self.game_id = game_id
        self.back: Any = None
        self.tabs: dict[Any, str] = {}
        """A button for each game with rules to show, to switch between them."""

    def build(self, size: tuple[int, int]) -> None:
        shown = self.game_id in self.services.views  # the rules of a game this client plays
        rules = self.services.plugin(self.game_id).help() if shown else None
        body = (rules or "Rules for this game are coming soon.") + APP_HELP
        width = min(900, size[0] - 80)
        rect = pygame.Rect((size[0] - width) // 2, 120, width, size[1] - 210)
        pygame_gui.elements.UITextBox(body, rect, self.services.ui, container=self.root)
        self.back = button(self, pygame.Rect(rect.x, rect.bottom + 16, 160, 44), "Back")
        others = [game for game in self.services.games if game.info.id in self.services.views]
        self.tabs = {}
        x = rect.right
        room = rect.w - self.back.get_relative_rect().w - 16  # right of Back, never over it
        tab_w = min(170, (room - 8 * (len(others) - 1)) // max(1, len(others)))
        for game in reversed(others):
            tab = pygame.Rect(0, rect.bottom + 16, tab_w, 44)
            tab.right = x
            x = tab.left - 8
            widget = button(self, tab, game.info.title, f"How to play {game.info.title}")
            if game.info.id == self.game_id:
                widget.disable()
            self.tabs[widget] = game.info.id

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.back:
            return Pop()
        if event.ui_element in self.tabs:
            self.game_id = self.tabs[event.ui_element]
            self._build_root()
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name in (c.BACK, c.HELP, c.ACTIVATE):
            return Pop()
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        title = self.services.games.get(self.game_id).info.title
        heading(surface, f"How to play {title}", (surface.get_width() // 2, 64), 56)
