"""The save and open dialogs: the games in one folder, by name, never a file-system path.

pygame_gui's file dialog is a file browser (the full path in its box, a home button, a
delete button, every folder of the disk); a player saving a game wants a name and the list
of their games. This window shows the folder by what it is to the player ("Your games"),
its ``.json`` files newest first, and a name box; it answers as the file dialog does (a
``UI_FILE_DIALOG_PATH_PICKED`` event with the path as ``text``) and has the same parts the
scenes and tests reach for (``file_path_text_line``, ``file_selection_list``,
``ok_button``, ``current_file_path``), so ``Scene.watch`` and Return work unchanged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import pygame
import pygame_gui

from game.client.widgets.hinted_entry import HintedEntry

SUFFIX: Final = ".json"
NAME_LIMIT: Final = 120


def listed(folder: Path) -> list[str]:
    """The games in ``folder`` (file names), newest first; none if it cannot be read."""
    try:
        files = [(path.stat().st_mtime, path.name) for path in folder.iterdir()
                 if path.suffix.lower() == SUFFIX and path.is_file()]
    except OSError:
        return []
    return [name for _time, name in sorted(files, key=lambda item: (-item[0], item[1]))]


def chosen_path(folder: Path, typed: str) -> tuple[Path | None, str | None]:
    """The file a typed name means in ``folder`` (``.json`` added), or why there is none.
    A whole path typed by someone who knows one is taken as it is."""
    text = typed.strip()
    if not text:
        return None, "type a name"
    if Path(text).is_absolute():
        return Path(text), None
    if "/" in text or "\\" in text or text in (".", ".."):
        return None, "a name only, without folders"
    named = text if text.lower().endswith(SUFFIX) else text + SUFFIX  # GAME.JSON on Windows
    return folder / named, None


class GameFileDialog(pygame_gui.elements.UIWindow):
    """A save or open dialog over one folder (see the module's docstring)."""

    def __init__(self, rect: pygame.Rect, manager: Any, title: str, folder: Path,
                 folder_name: str, name: str = "", must_exist: bool = True) -> None:
        super().__init__(rect, manager, window_display_title=title, resizable=False)
        self.folder = folder
        self.must_exist = must_exist
        inner = self.get_container().get_size()
        width = inner[0] - 20
        pygame_gui.elements.UILabel(pygame.Rect(10, 8, width, 26), f"In {folder_name}",
                                    manager, container=self)
        self.names: list[str | tuple[str, str]] = [*listed(folder)]
        list_h = max(60, inner[1] - 8 - 30 - 40 - 46 - 24)
        self.file_selection_list: Any = pygame_gui.elements.UISelectionList(
            pygame.Rect(10, 38, width, list_h), self.names, manager, container=self)
        y = 38 + list_h + 8
        self.file_path_text_line: Any = HintedEntry(
            pygame.Rect(10, y, width, 34), manager, container=self,
            placeholder_text="Name of the game")
        self.file_path_text_line.set_text_length_limit(NAME_LIMIT)
        if name:
            self.file_path_text_line.set_text(name)
        self.problem: Any = pygame_gui.elements.UILabel(
            pygame.Rect(10, y + 36, width - 220, 30), " ", manager, container=self)
        self.cancel_button: Any = pygame_gui.elements.UIButton(
            pygame.Rect(inner[0] - 110, y + 38, 100, 32), "Cancel", manager, container=self)
        self.ok_button: Any = pygame_gui.elements.UIButton(
            pygame.Rect(inner[0] - 220, y + 38, 100, 32), "Open" if must_exist else "Save",
            manager, container=self, object_id="#primary")
        self._refresh()
        self.focus_name()

    def focus_name(self) -> None:
        """The name box takes the keys (Return then chooses)."""
        entry: Any = self.file_path_text_line
        entry.focus()

    @property
    def current_file_path(self) -> Path | None:
        """The file OK would choose now, or None."""
        path, _problem = chosen_path(self.folder, self.file_path_text_line.get_text())
        return path

    def _refresh(self) -> None:
        """OK is live only when the name means a file this dialog may choose."""
        path, problem = chosen_path(self.folder, self.file_path_text_line.get_text())
        if path is not None and self.must_exist and not path.is_file():
            problem = f"no game called {path.name} here"
        if path is None and not self.file_path_text_line.get_text().strip():
            problem = " "  # nothing typed yet: nothing to say
        self.problem.set_text(problem or " ")
        if problem:
            self.ok_button.disable()
        else:
            self.ok_button.enable()

    def process_event(self, event: pygame.event.Event) -> bool:
        consumed: bool = super().process_event(event)
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                element is self.file_selection_list:
            self.file_path_text_line.set_text(str(event.text))
            self._refresh()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                element is self.file_selection_list:
            self.file_path_text_line.set_text(str(event.text))
            self._refresh()
            self._choose()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and \
                element is self.file_path_text_line:
            self._refresh()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                element is self.file_path_text_line:
            self._refresh()
            self._choose()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.ok_button:
            self._choose()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.cancel_button:
            window: Any = self
            window.kill()
        return consumed

    def _choose(self) -> None:
        """Answer with the chosen file, as pygame_gui's file dialog does, and close."""
        path = self.current_file_path
        window: Any = self  # (pygame_gui's methods are untyped)
        if path is None or not self.ok_button.is_enabled or not window.alive():
            return
        pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, {
            "text": str(path), "ui_element": self, "ui_object_id": "#file_dialog"}))
        window.kill()
