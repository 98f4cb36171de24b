"""Where the side panel's buttons go: the view's move kinds, Confirm, Clear and Skip, then
rows of the other controls. Each place comes back as a ``Spec``; ``Buttons`` makes them and
knows the command each sends."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app.commands import ViewAction
from game.core.text import printable

GAP = 6
"""Between two rows."""


Row = Sequence[tuple[str, str, str]]
"""A row of buttons: (words, command, tooltip) each."""


class Spec(NamedTuple):
    """One button: where, its words, the command it sends, its tooltip and theme id."""

    rect: pygame.Rect
    text: str
    name: str
    tip: str = ""
    object_id: str = ""


class Keys(NamedTuple):
    """How the buttons name their keys: ``action(id)`` a move kind's key, ``confirm`` the
    Confirm key, ``tip(command)`` a tooltip giving a command's key."""

    action: Callable[[str], str]
    confirm: str
    tip: Callable[[str], str]


def height(actions: int, button_h: int, compact: bool) -> int:
    """The height of ``actions`` move kinds, two a row, and the Confirm rows under them."""
    confirm = button_h + GAP if compact else (button_h + 12) + (button_h + GAP)
    return (actions + 1) // 2 * (button_h + GAP) + 4 + confirm


def moves(actions: Sequence[ViewAction], area: pygame.Rect, compact: bool,
          clicks_play: bool, keys: Keys) -> tuple[list[Spec], int]:
    """The move kinds two a row from ``area``'s top (its height is a button's), then
    Confirm (the primary button unless a click plays), Clear and Skip; and the next y."""
    x, y, inner, button_h = area.x, area.y, area.w, area.h
    half = (inner - 8) // 2
    specs = [Spec(pygame.Rect(x + i % 2 * (half + 8), y + i // 2 * (button_h + GAP), half,
                              button_h),
                  f"{action.label} ({keys.action(action.id)})", action.id, action.hint)
             for i, action in enumerate(actions)]
    y += (len(actions) + 1) // 2 * (button_h + GAP) + 4
    primary = "" if clicks_play else "#primary"
    if compact:  # one row: Confirm, Clear and Skip (the key in the tooltip)
        specs.append(Spec(pygame.Rect(x, y, half, button_h), "Confirm", c.CONFIRM,
                          f"Play the previewed move (key: {keys.confirm})", primary))
        quarter = (half - 8) // 2
        for col, (text, name, tip) in enumerate(_clear_skip(keys, "Skip")):
            rect = pygame.Rect(x + half + 8 + col * (quarter + 8), y, quarter, button_h)
            specs.append(Spec(rect, text, name, tip))
        return specs, y + button_h + GAP
    specs.append(Spec(pygame.Rect(x, y, inner, button_h + GAP), f"Confirm ({keys.confirm})",
                      c.CONFIRM, "Play the previewed move", primary))
    y += button_h + 12
    for col, (text, name, tip) in enumerate(_clear_skip(keys, "Skip animation")):
        rect = pygame.Rect(x + col * (half + 8), y, half, button_h)
        specs.append(Spec(rect, text, name, tip))
    return specs, y + button_h + GAP


def _clear_skip(keys: Keys, skip: str) -> tuple[tuple[str, str, str], ...]:
    """Clear, and Skip (named ``skip``): it ends the pieces' animation, never a turn."""
    return (("Clear", c.CLEAR, keys.tip(c.CLEAR)),
            (skip, c.SKIP, f"Skip the animation to its end. {keys.tip(c.SKIP)}".strip()))


def grid(rows: Sequence[Row], area: pygame.Rect
         ) -> tuple[list[Spec], int]:
    """Rows of (words, command, tooltip) from ``area``'s top, each row's buttons equal and
    ``area``'s width across (its height is a button's); and the next y."""
    specs: list[Spec] = []
    y = area.y
    for row in rows:
        cell = (area.w - 8 * (len(row) - 1)) // len(row)
        for col, (text, name, tip) in enumerate(row):
            specs.append(Spec(pygame.Rect(area.x + col * (cell + 8), y, cell, area.h), text,
                              name, tip))
        y += area.h + GAP
    return specs, y


class Buttons:
    """The panel's buttons made from their ``Spec``: the command each sends, which are live,
    and the glow round the move kind being prepared."""

    def __init__(self) -> None:
        self.named: dict[Any, str] = {}
        """Each button, and the command it sends."""

    def clear(self) -> None:
        self.named = {}

    def make(self, specs: Sequence[Spec], manager: Any, container: Any) -> None:
        for spec in specs:
            widget = pygame_gui.elements.UIButton(
                spec.rect, printable(spec.text, 200), manager, container=container,
                tool_tip_text=printable(spec.tip, 200) or None,
                object_id=spec.object_id or None)
            self.named[widget] = spec.name

    def refresh(self, live: Callable[[str], bool]) -> None:
        """Each button live or greyed out, as ``live`` says of its command."""
        for widget, name in self.named.items():
            if live(name):
                widget.enable()
            else:
                widget.disable()

    def pressed(self, event: pygame.event.Event) -> str | None:
        """The command of the button ``event`` pressed, if it is one of these."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.named:
            return self.named[event.ui_element]
        return None

    def glow(self, surface: pygame.Surface, chosen: str | None, clock: float) -> None:
        """Outline the button of ``chosen`` (the move kind being prepared), pulsing."""
        for widget, name in self.named.items():
            if name == chosen:
                level = round(160 + 95 * abs(math.sin(clock * 3)))
                rect = widget.get_abs_rect().inflate(6, 6)
                pygame.draw.rect(surface, (level, level * 209 // 255, 102), rect, 3,
                                 border_radius=8)
