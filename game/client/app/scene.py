"""Scenes and the typed transitions they return; the stack that applies them.

A scene builds its pygame_gui widgets inside one container in ``enter`` (and again on a
resize), hides them while another scene covers it, and kills them in ``exit``. Input reaches
a scene only as commands (from the input table) or as pygame_gui events for its own widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.client.access.stops import ListStop
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.draw import fonts, palette

if TYPE_CHECKING:
    from game.client.app.services import Services


class Scene:
    """Base of every scene; subclasses override what they need."""

    contexts: tuple[str, ...] = (inp.GLOBAL,)
    overlay = False
    """True for scenes drawn over the one below (pause, dialogs)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.root: Any = None
        self._built_for: tuple[int, int] | None = None
        self._style: tuple[float, str] | None = None
        """The text size and colour theme the widgets were made for."""
        self._dialogs: dict[Any, Callable[[Any], Transition | None]] = {}
        self._hushed: dict[Any, str | None] | None = None
        """Tooltips taken away while a dialog is up, to give back when it closes."""

    # -- lifecycle -----------------------------------------------------------------------

    def enter(self) -> None:
        self._build_root()

    def exit(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None
        for dialog in list(self._dialogs):
            dialog.kill()
        self._dialogs.clear()
        self.services.memory.screen_closed()

    def pause(self) -> None:
        if self.root is not None:
            self.root.hide()

    def resume(self) -> None:
        """Show the widgets again, rebuilt if the window changed size, or the text size or
        colour theme changed, meanwhile."""
        if self.stale():
            self._build_root()
        elif self.root is not None:
            self.root.show()

    def stale(self) -> bool:
        """The widgets were made for another window size, text size or colour theme."""
        return self._built_for != self.services.surface_size() or self.restyled()

    def restyled(self) -> bool:
        """The text size or colour theme changed since the widgets were made."""
        return self._style != _style()

    def resize(self) -> None:
        """The window changed size: rebuild the widgets to fit it."""
        self._build_root()

    def _refit_root(self) -> tuple[int, int]:
        """For a resize that keeps the widgets (and moves them): the root container takes
        the window's new size, which is returned."""
        size = self.services.surface_size()
        self._built_for = size
        self.root.set_dimensions(size)
        return size

    def _build_root(self) -> None:
        self._hushed = None  # the widgets are made anew, each with its tooltip
        if self.root is not None:
            self.root.kill()
        size = self.services.surface_size()
        self._built_for = size
        self._style = _style()
        self.root = pygame_gui.core.UIContainer(
            pygame.Rect(0, 0, *size), self.services.ui, anchors={"left": "left", "top": "top"}
        )
        self.build(size)

    def build(self, size: tuple[int, int]) -> None:
        """Create this scene's widgets inside ``self.root`` for a window of ``size``."""

    # -- dialogs -------------------------------------------------------------------------

    def watch(self, dialog: Any, on_result: Callable[[Any], Transition | None]) -> None:
        """Call ``on_result(event)`` when ``dialog`` confirms or picks a path."""
        self._dialogs[dialog] = on_result
        self._hush_tooltips(True)

    def _hush_tooltips(self, hush: bool) -> None:
        """No tooltip of this scene's widgets may show over a dialog (they would cover it)."""
        if hush and self._hushed is None and self.root is not None:
            self._hushed = {}
            for element in self.root.elements:
                if getattr(element, "tool_tip_text", None) is not None:
                    self._hushed[element] = element.tool_tip_text
                    element.tool_tip_text = None
                    if getattr(element, "tool_tip", None) is not None:
                        element.tool_tip.kill()
                        element.tool_tip = None
        elif not hush and self._hushed is not None and not self.dialog_open():
            for element, text in self._hushed.items():
                element.tool_tip_text = text
            self._hushed = None

    def _dialog_closed(self) -> None:
        self._hush_tooltips(False)
        self.services.memory.screen_closed()

    def watching(self, dialog: Any) -> bool:
        """Whether ``dialog`` is still waiting for its answer here."""
        return dialog in self._dialogs

    def dialog_open(self) -> bool:
        return any(dialog.alive() for dialog in self._dialogs)

    def live_dialog(self) -> Any:
        """The dialog on top, if one is up (the keyboard's focus goes round its controls)."""
        live = [dialog for dialog in self._dialogs if dialog.alive()]
        return live[-1] if live else None

    def dialog_command(self, command: Command) -> Transition | None:
        """Keys while a dialog is up: Esc closes it, Return confirms a yes/no question."""
        live = [dialog for dialog in self._dialogs if dialog.alive()]
        if not live:
            return None
        dialog: Any = live[-1]
        question = isinstance(dialog, pygame_gui.windows.UIConfirmationDialog)
        if command.name == c.BACK:
            dialog.kill()
            del self._dialogs[dialog]
            self._dialog_closed()
        elif command.name in (c.CONFIRM, c.ACTIVATE) and question:
            dialog.kill()
            on_result = self._dialogs.pop(dialog)
            self._dialog_closed()
            return on_result(None)
        elif command.name in (c.CONFIRM, c.ACTIVATE) and _is_file_dialog(dialog):
            _choose_file(dialog)  # Return on a chosen file opens (or saves) it
        return None

    # -- input and frames ----------------------------------------------------------------

    def ui_event(self, event: pygame.event.Event) -> Transition | None:
        """A pygame_gui event (button pressed, dialog confirmed, ...)."""
        element = getattr(event, "ui_element", None)
        if event.type in (
            pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
            pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
        ) and element in self._dialogs:
            on_result = self._dialogs.pop(element)
            self._dialog_closed()
            return on_result(event)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element in self._dialogs:
            del self._dialogs[element]
            self._dialog_closed()
            return None
        for dialog in self._dialogs:
            if _is_file_dialog(dialog) and _finishes(dialog, event):
                _choose_file(dialog)
                return None
        return self.widget_event(event)

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        return None

    def capture(self, event: pygame.event.Event) -> bool:
        """See a raw event before the input table does; True keeps it (key rebinding)."""
        return False

    def stops(self) -> list[ListStop]:
        """The lists this scene draws itself, for the Tab focus to stop at (its pygame_gui
        controls it finds by itself)."""
        return []

    def holds_keys(self) -> bool:
        """True while the scene takes every key itself (a line being typed): Tab then does
        not move the focus."""
        return False

    def command(self, command: Command) -> Transition | None:
        return None

    def update(self, clock: float) -> Transition | None:
        return None

    def animating(self, clock: float) -> bool:
        """True while this scene needs every frame: something moves or work is under way.

        The loop rests (a few frames a second) when no visible scene animates, so a scene
        that starts a tween, waits on a computer or plays a replay must say so here.
        """
        return False

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        pass

    def draw_over(self, surface: pygame.Surface) -> None:
        """What goes over the widgets (the whole text of a list's row cut short, on hover):
        drawn after them, for the scene on top only."""

    def message_area(self) -> pygame.Rect | None:
        """Where this scene's messages go (outside its board), or None to let them float."""
        return None


def _style() -> tuple[float, str]:
    return fonts.text_scale(), palette.theme


def _is_file_dialog(dialog: Any) -> bool:
    """pygame_gui's file dialog, or one with its parts (``game.client.widgets.gamefiles``)."""
    return isinstance(dialog, pygame_gui.windows.UIFileDialog) or \
        hasattr(dialog, "file_path_text_line")


def _finishes(dialog: Any, event: pygame.event.Event) -> bool:
    """Return in a file dialog's name box, or a double-click on a file in its list."""
    element = getattr(event, "ui_element", None)
    if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
        return element is dialog.file_path_text_line
    if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
        return element is dialog.file_selection_list
    return False


def _choose_file(dialog: Any) -> None:
    """Do what the dialog's OK button does, if a file is chosen (a folder just opens)."""
    path = dialog.current_file_path
    if dialog.alive() and dialog.ok_button.is_enabled and path is not None \
            and not path.is_dir():
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
            "ui_element": dialog.ok_button, "ui_object_id": "#ok_button"}))


@dataclass(frozen=True)
class Push:
    scene: Scene


@dataclass(frozen=True)
class Pop:
    """Pop ``count`` scenes, then push ``then`` if given (replay's "continue from here")."""

    count: int = 1
    then: Scene | None = None


@dataclass(frozen=True)
class Replace:
    scene: Scene


@dataclass(frozen=True)
class Reset:
    """Clear the stack and start again from ``scene`` (back to the menu)."""

    scene: Scene


@dataclass(frozen=True)
class Quit:
    pass


Transition = Push | Pop | Replace | Reset | Quit


class SceneStack:
    """Scenes, top last; applies transitions and calls the lifecycle hooks in order."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.quit = False

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def resized(self) -> None:
        """The window changed size: lay out the scenes on screen now; the ones under them
        lay themselves out when they come back on top (``Scene.resume``), so a resize costs
        one screen's widgets, not the whole stack's."""
        for scene in self.visible():
            scene.resize()
            if scene is not self.top:
                scene.pause()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any it overlays."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(start, 0):]

    def apply(self, transition: Transition | None) -> None:
        if transition is None:
            return
        if isinstance(transition, Quit):
            self.quit = True
        elif isinstance(transition, Push):
            if self.top is not None:
                self.top.pause()
            self.scenes.append(transition.scene)
            transition.scene.enter()
        elif isinstance(transition, Pop):
            for _ in range(transition.count):
                if self.scenes:
                    self.scenes.pop().exit()
            if transition.then is not None:
                self.scenes.append(transition.then)
                transition.then.enter()
            elif self.top is not None:
                self.top.resume()
            else:
                self.quit = True
        elif isinstance(transition, Replace):
            if self.scenes:
                self.scenes.pop().exit()
            self.scenes.append(transition.scene)
            transition.scene.enter()
        else:
            while self.scenes:
                self.scenes.pop().exit()
            self.scenes.append(transition.scene)
            transition.scene.enter()
