"""A game's options as widgets, built from its ``GameInfo.options``: choices are drop-downs,
whole numbers text fields, yes/no options check boxes; a field that only counts with another
choice (a custom board's size) is greyed out and emptied while that choice is not made.

One model for every screen that starts a game (the setup scene, hosting a table online), so
they offer the same choices and read them the same way; the rules then check the values.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.client.app.scene import Scene
from game.core.protocol import GameInfo, OptionKind, OptionSpec
from scenes.common import label

PREFIX = "opt:"
"""Each option's widget is ``widgets[PREFIX + name]`` in the scene's widget table."""


class OptionsForm:
    """The option widgets of one game in one scene (see the module's docstring)."""

    def __init__(self, scene: Scene, info: GameInfo, widgets: dict[str, Any],
                 values: dict[str, str | int | bool] | None = None) -> None:
        self.scene = scene
        self.info = info
        self.widgets = widgets
        self.values: dict[str, str | int | bool] = (
            info.default_options() if values is None else values)
        self.container: Any = scene.root
        """Where the option widgets are made (a part that scrolls, or the scene's root)."""

    def build(self, left: int, top: int, row: int, label_w: int = 206, field_w: int = 160,
              height: int = 36, container: Any = None) -> int:
        """One option a row from ``top`` (in ``container``, else the scene's root); returns
        the y below the last."""
        self.container = container or self.scene.root
        for i, spec in enumerate(self.info.options):
            y = top + i * row
            label(self.scene, pygame.Rect(left, y, label_w - 4, height), spec.label,
                  container=self.container)
            rect = pygame.Rect(left + label_w, y, field_w, height)
            self.widgets[PREFIX + spec.name] = self._widget(spec, rect)
        self.sync()
        return top + len(self.info.options) * row

    def _widget(self, spec: OptionSpec, rect: pygame.Rect) -> Any:
        ui, root, value = self.scene.services.ui, self.container, self.values[spec.name]
        tip = spec.help or None
        if spec.kind is OptionKind.CHOICE:
            choices: list[str | tuple[str, str]] = list(spec.choices)
            return pygame_gui.elements.UIDropDownMenu(choices, str(value), rect, ui,
                                                      container=root)
        if spec.kind is OptionKind.BOOL:
            return pygame_gui.elements.UICheckBox(
                pygame.Rect(rect.x, rect.centery - 10, 20, 20), "", ui, container=root,
                initial_state=bool(value), tool_tip_text=tip)
        entry = pygame_gui.elements.UITextEntryLine(rect, ui, container=root)
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(6)
        entry.set_text(str(value))
        return entry

    def read(self) -> str | None:
        """Copy the widgets into ``values``; a problem to show, or None."""
        for spec in self.info.options:
            widget = self.widgets.get(PREFIX + spec.name)
            if widget is None:
                continue
            if spec.kind is OptionKind.CHOICE:
                self.values[spec.name] = widget.selected_option[0]
            elif spec.kind is OptionKind.BOOL:
                self.values[spec.name] = bool(widget.is_checked)
            elif not self.applies(spec):
                continue  # left as it was: the rules ignore it with this choice
            else:
                text = widget.get_text().strip()
                if not text.isdigit():
                    return f"{spec.label} must be a whole number"
                self.values[spec.name] = int(text)
        return None

    def applies(self, spec: OptionSpec) -> bool:
        """Whether ``spec`` counts with the choices shown now (a custom size only for custom)."""
        if spec.applies_when is None:
            return True
        name, value = spec.applies_when
        widget = self.widgets.get(PREFIX + name)
        chosen = widget.selected_option[0] if widget is not None else self.values.get(name)
        return bool(chosen == value)

    def sync(self) -> None:
        """Grey out and empty the fields the current choices make meaningless."""
        for spec in self.info.options:
            widget = self.widgets.get(PREFIX + spec.name)
            if spec.applies_when is None or widget is None:
                continue
            if self.applies(spec):
                if not widget.is_enabled:
                    widget.enable()
                    widget.set_text(str(self.values[spec.name]))
            elif widget.is_enabled:
                widget.set_text("")
                widget.disable()
