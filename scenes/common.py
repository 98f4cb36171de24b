"""Small helpers the scenes share: buttons, text fields, headings, message and file
dialogs."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.client.app import clipboard
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Scene, Transition
from game.client.draw import fonts, palette
from game.client.files import storage
from game.client.widgets.gamefiles import GameFileDialog
from game.client.widgets.hinted_entry import HintedEntry
from game.core.errors import RecordError
from game.core.files import shown_name
from game.core.match import Match
from game.core.review.model import Review
from game.core.text import printable

MESSAGE_LIMIT = 600
"""The most characters a dialog shows: a hostile file's text must not freeze the layout."""
NO_WATCH_CODE = "Only a game played at a table on a server has a watch code"


def button(scene: Scene, rect: pygame.Rect, text: str, tooltip: str = "",
           object_id: str = "", container: Any = None) -> Any:
    """A button (in ``container``, else the scene's root); words too wide for it (a large
    text size, a narrow window) are said whole in its tooltip."""
    widget = pygame_gui.elements.UIButton(
        rect, printable(text, 200), scene.services.ui, container=container or scene.root,
        object_id=object_id or None,
    )
    widget.set_tooltip(whole(widget, printable(tooltip, 200)) or None)
    return widget


def list_and_button(scene: Scene, rect: pygame.Rect, row: int, gap: int, text: str,
                    tooltip: str) -> tuple[Any, Any, int]:
    """A selection list in ``rect`` and, under it at the right, the button that acts on its
    chosen row (``row`` high); and how far down the next widget goes (``gap`` under each)."""
    chooser = pygame_gui.elements.UISelectionList(rect, [], scene.services.ui,
                                                  container=scene.root)
    under = rect.bottom + gap
    act = button(scene, pygame.Rect(rect.right - 160, under, 160, row), text, tooltip)
    return chooser, act, under + row + gap


def whole(widget: Any, tooltip: str) -> str:
    """``tooltip``, led by ``widget``'s words when they are too wide to show in full."""
    words = widget.text
    if widget.font is None or widget.font.size(words)[0] <= widget.rect.w - 8:
        return tooltip
    return f"{words}: {tooltip}" if tooltip else words


def button_width(scene: Scene, text: str) -> int:
    """How wide ``text`` is drawn on a button (the theme's font, not ``game.client.draw.fonts``)."""
    return int(scene.services.ui.get_theme().get_font(["button"]).size(printable(text, 200))[0])


def label(scene: Scene, rect: pygame.Rect, text: str, object_id: str = "",
          container: Any = None) -> Any:
    """A label (in ``container``, else the scene's root)."""
    return pygame_gui.elements.UILabel(
        rect, printable(text, 200), scene.services.ui, container=container or scene.root,
        object_id=object_id or None,
    )


def label_width(scene: Scene, text: str) -> int:
    """How wide ``text`` is drawn on a label (the theme's font)."""
    return int(scene.services.ui.get_theme().get_font(["label"]).size(printable(text, 200))[0])


def entry(scene: Scene, rect: pygame.Rect, text: str, hint: str = "", limit: int = 32,
          container: Any = None) -> Any:
    """A one-line text field (in ``container``, else the scene's root) showing ``text``
    (what was typed before a rebuild) under its length ``limit``; ``hint`` shows while it
    is empty."""
    field = HintedEntry(rect, scene.services.ui, container=container or scene.root,
                        placeholder_text=hint or None)
    field.set_text_length_limit(limit)
    field.set_text(text)
    return field


def menu_open(widgets: Iterable[Any]) -> bool:
    """A drop-down among ``widgets`` shows its list: moved, it would leave the list behind,
    so a resize makes the screen anew."""
    return any(isinstance(widget, pygame_gui.elements.UIDropDownMenu)
               and widget.current_state is widget.menu_states["expanded"]
               for widget in widgets)


def centred_box(size: tuple[int, int], width: int, height: int) -> pygame.Rect:
    """A box in the middle of a window of ``size``: ``width`` by ``height`` at most, and at
    least 20 pixels inside every edge of a smaller window."""
    box = pygame.Rect(0, 0, min(width, size[0] - 40), min(height, size[1] - 40))
    box.center = (size[0] // 2, size[1] // 2)
    return box


def veiled_box(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A panel in ``box`` over the screen, dimmed under it (a waiting or hosting box)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((*palette.VEIL, 150))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, palette.PANEL, box, border_radius=12)
    pygame.draw.rect(surface, palette.ACCENT, box, 2, border_radius=12)


def heading(surface: pygame.Surface, words: str, centre: tuple[int, int], size: int = 64,
            colour: tuple[int, int, int] | None = None) -> None:
    colour = palette.TEXT if colour is None else colour
    shadow = fonts.text(words, size, palette.SHADOW, True)
    text = fonts.text(words, size, colour, True)
    surface.blit(shadow, shadow.get_rect(center=(centre[0] + 3, centre[1] + 3)))
    surface.blit(text, text.get_rect(center=centre))


class TitledScene(Scene):
    """A menu screen under a heading, which Back (Esc) leaves: settings, learn to play,
    your games."""

    contexts = (inp.MENU, inp.GLOBAL)
    title = ""
    title_y = 64
    """How far down the heading's middle is."""

    def command(self, command: Command) -> Transition | None:
        return Pop() if command.name == c.BACK else None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        heading(surface, self.title, (surface.get_width() // 2, self.title_y), 56)


def message(scene: Scene, title: str, text: str) -> Any:
    """A readable dialog (bad files, errors): never a crash, never silent. It is the
    scene's dialog while it is up: Esc closes it (not the screen under it)."""
    width, height = scene.services.surface_size()
    rect = pygame.Rect(0, 0, min(520, width - 40), min(300, height - 40))
    rect.center = (width // 2, height // 2)
    window = pygame_gui.windows.UIMessageWindow(
        rect, f"<p>{_escape(text)}</p>", scene.services.ui, window_title=title
    )
    scene.watch(window, lambda _event: None)
    return window


def confirm(scene: Scene, title: str, text: str, action: str) -> Any:
    width, height = scene.services.surface_size()
    rect = pygame.Rect(0, 0, min(460, width - 40), 220)
    rect.center = (width // 2, height // 2)
    return pygame_gui.windows.UIConfirmationDialog(
        rect, _escape(text), scene.services.ui, window_title=title, action_short_name=action,
        blocking=True,
    )


def file_dialog(scene: Scene, title: str, folder: Path, name: str = "",
                must_exist: bool = True, folder_name: str = "Your games") -> Any:
    """A save (``must_exist=False``) or open dialog over ``folder``, which the player
    knows as ``folder_name``: names, never a path (``game.client.widgets.gamefiles``)."""
    width, height = scene.services.surface_size()
    rect = pygame.Rect(0, 0, min(560, width - 40), min(440, height - 40))
    rect.center = (width // 2, height // 2)
    return GameFileDialog(rect, scene.services.ui, title, _existing(folder), folder_name,
                          name, must_exist)


def _existing(folder: Path) -> Path:
    """``folder``, created if need be; if it cannot be (read-only or full disk), the nearest
    folder above it that exists, so the dialog still opens and a save says why it failed."""
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    while not folder.is_dir() and folder.parent != folder:
        folder = folder.parent
    return folder


def save_match_to(scene: Scene, path: Path, match: Match,
                  analysis: Review | None = None) -> None:
    """Save ``match`` at ``path`` (with the computer's review ``analysis``, if any), then a
    toast; if it cannot be saved, a dialog says why."""
    problem = storage.save(path, match, analysis)
    if problem:
        message(scene, "Not saved", problem)
    else:
        scene.services.toasts.show(f"Saved {path.name}", "good")


def open_match(scene: Scene, path: Path) -> Match | None:
    """The game recorded at ``path``, or None after a dialog saying why it cannot be opened."""
    try:
        return storage.load(path, scene.services.games, scene.services.views)
    except RecordError as err:
        message(scene, "Cannot open this file", f"{shown_name(path)}: {err}")
        return None


def _escape(text: str) -> str:
    """``text`` for pygame_gui's HTML: printable, short enough to read, markup escaped."""
    text = printable(text, MESSAGE_LIMIT)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def enable(widget: Any, on: bool) -> None:
    """Make a button live or greyed out."""
    if on:
        widget.enable()
    else:
        widget.disable()


def pressed(buttons: dict[Any, str], event: pygame.event.Event) -> Command | None:
    """The command of the side-panel button ``event`` pressed, if it is one of ``buttons``."""
    if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in buttons:
        return Command(buttons[event.ui_element])
    return None


def copy_watch_code(scene: Scene, code: str | None) -> None:
    """Put a table's watch code on the clipboard, and say so (toasts are spoken too); a
    game with none (``code`` None) says why not."""
    if code is None:
        scene.services.toasts.show(NO_WATCH_CODE, "error")
        scene.services.sounds.play("refuse")
        return
    problem = clipboard.copy(code)
    if problem:
        scene.services.toasts.show(f"Watch code {code} (not copied: {problem})", "error")
    else:
        scene.services.toasts.show(f"Watch code {code} copied", "good")


def chat_field(scene: Scene, strip: pygame.Rect, hint: str) -> HintedEntry:
    """A one-line chat field at the right of the message ``strip``, which it narrows."""
    width = min(360, strip.w // 2)
    rect = pygame.Rect(strip.right - width, strip.y, width, strip.h)
    strip.w -= width + 8
    field = HintedEntry(rect, scene.services.ui, container=scene.root, placeholder_text=hint)
    field.set_text_length_limit(200)
    return field


def sent_line(event: pygame.event.Event, field: Any, send: Callable[[str], str | None],
              refuse: Callable[[str], None]) -> bool:
    """Whether ``event`` is Return in the chat ``field``: then what was typed went to
    ``send``, and the field is emptied, or (``send`` said why not) kept and ``refuse``d."""
    if event.type != pygame_gui.UI_TEXT_ENTRY_FINISHED or event.ui_element is not field:
        return False
    why = send(field.get_text())
    if why:
        refuse(why)
    else:
        field.set_text("")
    return True
