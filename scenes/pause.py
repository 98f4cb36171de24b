"""The pause overlay: resume, save, settings, help, or leave to the menu; over a game played
at a table on a server, the table's watch code too, to copy and send to whoever would watch."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Push, Reset, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from scenes.common import button, copy_watch_code, heading

CODE_LIFT = 36
"""How much higher the heading sits to leave the watch code's line room above the buttons
(an online game's pause)."""


class PauseScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)
    overlay = True

    def __init__(self, services: Services, below: Scene, game_id: str,
                 back_to: str | None = None, watch_code: str | None = None) -> None:
        """``back_to``: the screen under the game, named, when leaving goes back there (the
        lobby the game was found in) rather than to the menu; ``watch_code``: the online
        table's, shown with a button that copies it."""
        super().__init__(services)
        self.below = below
        self.game_id = game_id
        self.back_to = back_to
        self.watch_code = watch_code
        self.choices: dict[Any, str] = {}
        self.focus = 0

    def build(self, size: tuple[int, int]) -> None:
        self.choices = {}
        items = [("Resume", "resume"), ("Save game", "save"), ("Settings", "settings"),
                 ("Rules and help", "help"),
                 (f"Back to {self.back_to}" if self.back_to else "Quit to menu", "menu")]
        if self.watch_code is not None:
            items.insert(1, ("Copy watch code", "copy"))
        for i, (text, key) in enumerate(items):
            rect = pygame.Rect(0, 0, 300, 48)
            rect.midtop = (size[0] // 2, size[1] // 2 - 110 + i * 58)
            tip = "Put the watch code on the clipboard" if key == "copy" else ""
            self.choices[button(self, rect, text, tip)] = key

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.choices:
            return self.choose(self.choices[event.ui_element])
        return None

    def choose(self, key: str) -> Transition | None:
        if key == "resume":
            return Pop()
        if key == "copy" and self.watch_code is not None:
            copy_watch_code(self, self.watch_code)
            return None
        if key == "save":
            self.below.command(Command(c.SAVE))  # the scene below owns the match
            return Pop()
        if key == "settings":
            return Push(self.services.scenes.settings(self.services))
        if key == "help":
            return Push(self.services.scenes.help(self.services, self.game_id))
        if self.back_to:
            return Pop(2)  # this screen and the game
        return Reset(self.services.scenes.menu(self.services))

    def command(self, command: Command) -> Transition | None:
        if command.name in (c.MENU_UP, c.MENU_DOWN):
            step = -1 if command.name == c.MENU_UP else 1
            self.focus = (self.focus + step) % len(self.choices)
            self.services.speech.say(list(self.choices)[self.focus].text, interrupt=True)
        elif command.name == c.ACTIVATE:
            return self.choose(list(self.choices.values())[self.focus])
        elif command.name == c.BACK:
            return Pop()
        if command.name == c.HELP:
            return self.choose("help")
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*palette.VEIL, 190))
        surface.blit(veil, (0, 0))
        width, height = surface.get_size()
        lift = CODE_LIFT if self.watch_code is not None else 0
        heading(surface, "Paused", (width // 2, height // 2 - 160 - lift))
        if self.watch_code is not None and self.choices:
            first = next(iter(self.choices)).get_abs_rect()
            line = fonts.fit(f"Watch code  {self.watch_code}", 24, palette.TEXT, width - 40)
            surface.blit(line, line.get_rect(midbottom=(width // 2, first.y - 12)))
        if self.choices:
            widget = list(self.choices)[self.focus]
            pygame.draw.rect(surface, palette.ACCENT, widget.get_abs_rect().inflate(10, 10), 2,
                             border_radius=8)
