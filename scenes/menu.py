"""The main menu: the game list, resume, open a record, settings, help, quit."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import __version__
from game.core.match import Match
from game.ui import commands as c
from game.ui import fonts, palette, storage
from game.ui import input as inp
from game.ui.backdrop import Backdrop
from game.ui.commands import Command
from game.ui.scene import Push, Quit, Scene, Transition
from game.ui.services import Services
from scenes.common import button, confirm, file_dialog, heading, message, open_match

Action = Callable[[], "Transition | None"]


class MenuScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, notice: tuple[str, str] | None = None) -> None:
        super().__init__(services)
        self.notice = notice
        """A message to show once the menu is up (a file that could not be opened)."""
        self.entries: list[tuple[Any, str, Action]] = []
        self.focus = 0
        self._resume: Match | None = None
        self.backdrop = Backdrop()

    def enter(self) -> None:
        self._resume = storage.resumable(self.services.paths, self.services.games,
                                          self.services.views)
        super().enter()
        if self.notice is not None:
            message(self, *self.notice)
            self.notice = None

    def resume(self) -> None:
        self._resume = storage.resumable(self.services.paths, self.services.games,
                                          self.services.views)
        self._build_root()

    def build(self, size: tuple[int, int]) -> None:
        self.entries = []
        items: list[tuple[str, str, Action]] = []
        if self._resume is not None:
            match = self._resume
            names = " vs ".join(seat.name for seat in match.seats)
            items.append((f"Resume: {match.game.info.title}, move {match.ply + 1}",
                          names, self._resume_game))
        for game in self.services.games:
            playable = game.info.id in self.services.views
            items.append((
                f"Play {game.info.title}" if playable else f"{game.info.title} (coming soon)",
                game.info.summary,
                functools.partial(self._new_game, game.info.id) if playable else _nothing,
            ))
        items += [
            ("Learn to play", "Lessons and puzzles for every game", self._learn),
            ("Watch the computers play", "A demo: one game after another", self._demo),
            ("Open a saved game or replay", "Ctrl+O", self._open),
            ("High scores", "The best runs per board and variant", self._scores),
            ("Settings", "Colours, sound, animation, keys", self._settings),
            ("Rules and help", "F1", self._help),
            ("Quit", "", lambda: Quit()),
        ]
        width, height = 380, max(28, min(48, (size[1] - 190) // len(items) - 10))
        top = max(170, size[1] // 2 - (len(items) * (height + 10)) // 2 + 40)
        for i, (text, tip, action) in enumerate(items):
            rect = pygame.Rect(0, 0, width, height)
            rect.midtop = (size[0] // 2, top + i * (height + 10))
            widget = button(self, rect, text, tip)
            if action is _nothing:
                widget.disable()
            self.entries.append((widget, text, action))
        self.focus = min(self.focus, len(self.entries) - 1)

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for widget, _text, action in self.entries:
                if event.ui_element is widget:
                    self.services.sounds.play("click")
                    return action()
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name in (c.MENU_UP, c.MENU_DOWN):
            step = -1 if command.name == c.MENU_UP else 1
            self.focus = (self.focus + step) % len(self.entries)
            self.services.sounds.play("click")
        elif command.name == c.ACTIVATE:
            return self.entries[self.focus][2]()
        elif command.name == c.OPEN:
            return self._open()
        elif command.name == c.HELP:
            return self._help()
        elif command.name == c.BACK:
            dialog = confirm(self, "Quit", "Leave Conquid Arcade? Your game is saved.", "Quit")
            self.watch(dialog, lambda _event: Quit())
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.backdrop.draw(surface, clock, self.services.colours())
        width = surface.get_width()
        heading(surface, "Conquid Arcade", (width // 2, 80), 84, palette.ACCENT)
        sub = fonts.text("four abstract strategy games", 28, palette.MUTED)
        surface.blit(sub, sub.get_rect(center=(width // 2, 132)))
        version = fonts.text(f"version {__version__}", 20, palette.MUTED)
        surface.blit(version, version.get_rect(bottomright=(width - 12, surface.get_height() - 8)))
        if self.entries:
            rect = self.entries[self.focus][0].get_abs_rect().inflate(10, 10)
            pygame.draw.rect(surface, palette.ACCENT, rect, 2, border_radius=8)

    # -- actions -------------------------------------------------------------------------

    def _new_game(self, game_id: str) -> Transition:
        from scenes.learn import first_time_offer
        from scenes.setup import SetupScene

        setup = SetupScene(self.services, self.services.games.get(game_id))
        return Push(first_time_offer(self.services, game_id, setup))

    def _learn(self) -> Transition:
        from scenes.learn import LearnScene

        return Push(LearnScene(self.services))

    def _resume_game(self) -> Transition | None:
        from scenes.play import PlayScene

        if self._resume is None:
            return None
        return Push(PlayScene(self.services, self._resume))

    def _demo(self) -> Transition | None:
        from scenes.demo import next_demo
        from scenes.play import PlayScene

        match = next_demo(self.services)
        if match is None:
            message(self, "No demo", "No game has computer players yet.")
            return None
        return Push(PlayScene(self.services, match, demo=True))

    def _open(self) -> Transition | None:
        dialog = file_dialog(self, "Open a game", self.services.paths.saves)
        self.watch(dialog, lambda event: self._opened(Path(event.text)))
        return None

    def _opened(self, path: Path) -> Transition | None:
        from scenes.replay import ReplayScene

        match = open_match(self, path)
        return None if match is None else Push(ReplayScene(self.services, match))

    def _scores(self) -> Transition:
        from scenes.scores import ScoresScene

        return Push(ScoresScene(self.services))

    def _settings(self) -> Transition:
        from scenes.settings import SettingsScene

        return Push(SettingsScene(self.services))

    def _help(self) -> Transition:
        from scenes.help import HelpScene

        return Push(HelpScene(self.services, next(iter(self.services.games)).info.id))


def _nothing() -> Transition | None:
    return None
