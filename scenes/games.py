"""Your games: every kept unfinished game to resume, every finished one to replay.

The lists come from ``game.client.files.autosaves`` (read without re-playing; a game is loaded, and
checked, only when chosen). Double-click or Return opens the chosen game; Resume continues an
unfinished one in the play scene, Replay opens a finished one in the replay scene.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app.commands import Command
from game.client.app.scene import Pop, Push, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import autosaves, storage, tickets
from game.client.widgets.fitted import Fitted
from game.core.errors import RecordError
from game.core.match import Match
from scenes.common import TitledScene, button, message
from scenes.online.games import online_note, resume_online


def resume(scene: Scene, kept: autosaves.Kept) -> Transition | None:
    """Continue a kept unfinished game, or say in a dialog why it cannot be (an online game
    takes its seat at the table again)."""
    ticket = None if kept.online is None else tickets.find(scene.services.paths, kept.online.table)
    if ticket is not None:
        return resume_online(scene, kept, ticket)
    match = _load(scene, kept, "Cannot resume this game")
    if match is None:
        return None
    return Push(scene.services.scenes.play(scene.services, match, resumed_from=kept.path))


def _load(scene: Scene, kept: autosaves.Kept, title: str) -> Match | None:
    """The kept game's match, or None when its file cannot be read: the dialog ``title``
    says why, and the file is not offered again while it is unchanged."""
    try:
        return storage.load(kept.path, scene.services.games, scene.services.views)
    except RecordError as err:
        autosaves.remember_broken(kept, str(err))
        message(scene, title, str(err))
        return None


HINT = "Every game is kept after each move. Choose one, then Resume or Replay (or " \
    "double-click it)."
SHORT_HINT = "Choose a game, then Resume or Replay."
"""The hint where the whole one is wider than the window (large text)."""


class GamesScene(TitledScene):
    title = "Your games"

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.unfinished = autosaves.unfinished(services.paths)
        self.finished = autosaves.finished(services.paths)
        self.lists: dict[Any, list[autosaves.Kept]] = {}
        self.open_buttons: dict[Any, Any] = {}
        """Each list's open button (Resume, Replay) by list."""
        self.back: Any = None
        self.review: Any = None
        """The finished list's second button: replay with the computer's review."""
        self._lines: dict[int, str] = {}
        self._describe()
        self.fitted = Fitted()
        """The rows too long for their list this frame, whole on hover."""

    def _describe(self) -> None:
        games = self.services.games
        self._lines = {id(kept): line for kept_list in (self.unfinished, self.finished)
                       for kept, line in zip(kept_list, autosaves.lines(
                           kept_list, games, lambda kept: online_note(kept, self.services)),
                           strict=True)}

    def build(self, size: tuple[int, int]) -> None:
        self.lists, self.open_buttons = {}, {}
        width = min(1100, size[0] - 60)
        x = (size[0] - width) // 2
        half = (size[1] - 250) // 2
        y = 130
        for title, kept, action in (
            ("Unfinished games (the 10 most recent are kept)", self.unfinished, "Resume"),
            ("Finished games", self.finished, "Replay"),
        ):
            pygame_gui.elements.UILabel(pygame.Rect(x, y, width - 180, fonts.grow(30)), title,
                                        self.services.ui, container=self.root)
            items: list[str | tuple[str, str]] = [self._lines[id(k)] for k in kept]
            if not items:
                items = ["(none yet)"]
            rect = pygame.Rect(x, y + 32, width - 180, half - 40)
            widget = pygame_gui.elements.UISelectionList(rect, items, self.services.ui,
                                                         container=self.root)
            self.lists[widget] = kept
            opener = button(self, pygame.Rect(rect.right + 16, rect.y, 164, fonts.grow(44)), action,
                            "Or double-click the game")
            opener.disable()
            self.open_buttons[widget] = opener
            if action == "Replay":
                self.review = button(self, opener.relative_rect.move(0, 52), "Review",
                                     "Replay with the computer's review of every move")
                self.review.disable()
            y += half
        self.back = button(self, pygame.Rect(x, size[1] - 80, 160, fonts.grow(44)), "Back")

    def _enable_review(self, widget: Any) -> None:
        """Review is live for a finished game chosen in the finished list only."""
        kept = self._chosen(widget)
        finished = widget is list(self.lists)[-1] and kept is not None and \
            kept.result is not None
        if finished:
            self.review.enable()
        else:
            self.review.disable()

    def _chosen(self, widget: Any) -> autosaves.Kept | None:
        text = widget.get_single_selection()
        kept = self.lists[widget]
        lines = [self._lines[id(k)] for k in kept]
        return kept[lines.index(text)] if text in lines else None

    def _open(self, widget: Any, review: bool = False) -> Transition | None:
        """Resume or replay the game chosen in ``widget``; ``review``: a finished game's
        replay starts the computer's review of it."""
        kept = self._chosen(widget)
        if kept is None:
            return None
        if kept.result is None and widget is next(iter(self.lists)):
            return resume(self, kept)
        match = _load(self, kept, "Cannot open this game")
        if match is None:
            return None
        return Push(self.services.scenes.replay(self.services, match, source=kept.path,
                                                review=review and match.is_over))

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        element = event.ui_element
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.back:
                return Pop()
            if element is self.review:
                return self._open(list(self.lists)[-1], review=True)
            for widget, opener in self.open_buttons.items():
                if element is opener:
                    return self._open(widget)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and element in self.lists:
            for widget, opener in self.open_buttons.items():
                if widget is element and self._chosen(widget) is not None:
                    opener.enable()
                    self._enable_review(widget)
                elif widget is not element:
                    opener.disable()
                    for item in widget.item_list:  # one choice at a time, across both lists
                        item["selected"] = False
                        if item["button_element"] is not None:
                            item["button_element"].unselect()
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                element in self.lists:
            return self._open(element)
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name == c.ACTIVATE:
            for widget in self.lists:
                if self._chosen(widget) is not None:
                    return self._open(widget)
            return None
        return super().command(command)

    def resume(self) -> None:
        self.unfinished = autosaves.unfinished(self.services.paths)
        self.finished = autosaves.finished(self.services.paths)
        self._describe()
        self._build_root()

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        super().draw(surface, clock)
        self.fitted.clear()
        hint = HINT if fonts.font(22).size(HINT)[0] <= surface.get_width() - 40 else SHORT_HINT
        self.fitted.blit(surface, hint, 22, palette.MUTED, surface.get_width() - 40,
                         (20, 106 - fonts.font(22).get_height() // 2))
        self.fitted.keep_cut_rows(self.lists)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The whole line of a row too long for its list, under the pointer."""
        self.fitted.draw_tip(surface, pygame.mouse.get_pos(), pygame.Rect(0, 0, 0, 0))
