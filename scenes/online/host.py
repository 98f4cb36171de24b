"""The box that opens a table for a friend: every option of the chosen game (the setup
scene's model, ``scenes.options_form``), the host's side and an optional clock (correspondence,
a real-time preset, or a custom real-time one typed beside the menu).
It draws over the Play online page, as the waiting box does. Knows no game."""

from __future__ import annotations

from typing import Any, Final

import pygame
import pygame_gui

from game.client.app.scene import Scene
from game.client.draw import fonts, palette
from game.client.match.clocks import CUSTOM, Live, choice_of, menu
from game.core.errors import GameError
from game.core.protocol import GameInfo
from scenes.common import button, entry, label, veiled_box
from scenes.options_form import OptionsForm

SIDES: Final = {"Move first": 0, "Move second": 1, "Random side": None}
GONE_SECONDS: Final = 120
"""How long a player may be gone on their own turn before the other may claim the win."""


class HostForm:
    """What the table will be: kept across layouts (a resized window keeps the choices)."""

    def __init__(self, scene: Scene, info: GameInfo, server: str | None) -> None:
        self.scene = scene
        self.info = info
        self.server = server
        """The server the table opens on, or None for this machine's (on this network)."""
        self.widgets: dict[str, Any] = {}
        self.options = OptionsForm(scene, info, self.widgets)
        self.side = "Random side"
        self.clock = "No clock"
        self.custom = ""
        """The custom clock as typed (minutes+seconds), used when the menu says so."""

    def box(self, size: tuple[int, int], row: int) -> pygame.Rect:
        rows = len(self.info.options) + 2
        box = pygame.Rect(0, 0, min(560, size[0] - 40),
                          min(size[1] - 20, 90 + rows * (row + 6) + row + 24))
        box.center = (size[0] // 2, size[1] // 2)
        return box

    def build(self, size: tuple[int, int], row: int) -> None:
        """The box's widgets, in the scene's root (laid out again on every resize)."""
        self.remember()
        self.widgets.clear()
        box = self.box(size, row)
        left, step = box.x + 24, row + 6
        label_w = min(230, (box.w - 48) // 2)
        field_w = box.w - 48 - label_w
        y = self.options.build(left, box.y + 76, step, label_w, field_w, row)
        ui, root = self.scene.services.ui, self.scene.root
        label(self.scene, pygame.Rect(left, y, label_w - 4, row), "Your side")
        self.widgets["side"] = pygame_gui.elements.UIDropDownMenu(
            list(SIDES), self.side, pygame.Rect(left + label_w, y, field_w, row), ui,
            container=root)
        y += step
        label(self.scene, pygame.Rect(left, y, label_w - 4, row), "Clock")
        custom = self.clock == CUSTOM
        menu_w = field_w // 2 if custom else field_w
        self.widgets["clock"] = pygame_gui.elements.UIDropDownMenu(
            menu(), self.clock, pygame.Rect(left + label_w, y, menu_w, row), ui,
            container=root)
        if custom:
            self.widgets["custom"] = entry(
                self.scene, pygame.Rect(left + label_w + menu_w + 6, y, field_w - menu_w - 6,
                                        row), self.custom, "min+sec, e.g. 4+2", 12)
        bottom = box.bottom - row - 16
        self.widgets["back"] = button(self.scene, pygame.Rect(left, bottom, 140, row), "Back")
        self.widgets["go"] = button(
            self.scene, pygame.Rect(box.right - 24 - 180, bottom, 180, row), "Host table",
            "Open the table and get its invite code", object_id="#primary")

    def remember(self) -> None:
        """Keep what the widgets show (before they are made again)."""
        if "side" in self.widgets:
            self.side = _text(self.widgets["side"].selected_option)
            self.clock = _text(self.widgets["clock"].selected_option)
            if "custom" in self.widgets:
                self.custom = self.widgets["custom"].get_text()
            self.options.read()

    def choices(self) -> tuple[dict[str, str | int | bool], int | None,
                               int | Live | None] | str:
        """The options, the host's seat (None: random) and the clock (days per move, a
        real-time clock, None for none), or the problem to show. The rules check the options
        again at the server."""
        problem = self.options.read()
        if problem is not None:
            return problem
        try:
            options = self.info.validate_options(self.options.values)
            self.scene.services.games.get(self.info.id).new_state(options)
        except (GameError, ValueError) as err:  # the rules' own reason
            return str(err)
        self.remember()
        try:
            clock = choice_of(self.clock, self.custom)
        except ValueError as err:
            return str(err)
        return dict(options), SIDES[self.side], clock

    def draw(self, surface: pygame.Surface, row: int) -> None:
        box = self.box(surface.get_size(), row)
        veiled_box(surface, box)
        where = "on this network" if self.server is None else f"on {self.server}"
        title = fonts.fit(f"Host a table of {self.info.title}", 34, palette.TEXT, box.w - 32,
                          True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 14)))
        note = fonts.fit(where, 22, palette.MUTED, box.w - 32)
        surface.blit(note, note.get_rect(midtop=(box.centerx, box.y + 50)))

    def sync(self) -> None:
        self.options.sync()


def _text(option: Any) -> str:
    """A drop-down's selected option as its text (pygame_gui may give a pair)."""
    return str(option[0] if isinstance(option, tuple) else option)
