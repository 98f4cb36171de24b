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
PAD = 8
"""A button's words fit it with this much to spare (its border and padding)."""
SCROLL_BAR = 20
"""The width of pygame_gui's scroll bar, which a part that scrolls keeps at its right."""
Measure = Callable[[str], int]
"""How wide words are drawn on a button, in pixels."""


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
          clicks_play: bool, keys: Keys, measure: Measure) -> tuple[list[Spec], int]:
    """The move kinds two a row from ``area``'s top (its height is a button's), then
    Confirm (the primary button unless a click plays), Clear and Skip; and the next y.
    Words wider than their button drop the key (said in the tooltip), and a row whose
    words are wider still takes fewer buttons (``grid``)."""
    x, y, inner, button_h = area.x, area.y, area.w, area.h
    half = (inner - 8) // 2
    kinds = [_key_named(action.label, keys.action(action.id), action.hint, half, measure)
             for action in actions]
    if any(text == action.label for action, (text, _) in zip(actions, kinds, strict=True)):
        kinds = [_key_named(action.label, keys.action(action.id), action.hint, 0, measure)
                 for action in actions]  # one without its key: all without (alike)
    specs, y = grid([[(text, action.id, tip) for action, (text, tip) in pair]
                     for pair in _pairs(list(zip(actions, kinds, strict=True)))],
                    area, measure)
    y += 4
    primary = "" if clicks_play else "#primary"
    clear_skip = _clear_skip(keys, "Skip" if compact else "Skip animation")
    quarter = (half - 8) // 2
    if compact and all(measure(text) <= quarter - PAD for text, _, _ in clear_skip):
        # one row: Confirm, Clear and Skip (the key in the tooltip)
        specs.append(Spec(pygame.Rect(x, y, half, button_h), "Confirm", c.CONFIRM,
                          f"Play the previewed move (key: {keys.confirm})", primary))
        for col, (text, name, tip) in enumerate(clear_skip):
            rect = pygame.Rect(x + half + 8 + col * (quarter + 8), y, quarter, button_h)
            specs.append(Spec(rect, text, name, tip))
        return specs, y + button_h + GAP
    confirm, tip = _key_named("Confirm", keys.confirm, "Play the previewed move", inner,
                              measure)
    tall = 0 if compact else GAP
    specs.append(Spec(pygame.Rect(x, y, inner, button_h + tall), confirm, c.CONFIRM, tip,
                      primary))
    y += button_h + tall + GAP
    more, y = grid([list(clear_skip)], pygame.Rect(x, y, inner, button_h), measure)
    return specs + more, y


def _pairs(items: list[Any]) -> list[list[Any]]:
    return [items[i:i + 2] for i in range(0, len(items), 2)]


def _key_named(label: str, key: str, hint: str, width: int, measure: Measure
               ) -> tuple[str, str]:
    """A button's words and tooltip: ``label`` with its ``key`` if that fits ``width``,
    else ``label`` alone and the key in the tooltip."""
    words = f"{label} ({key})"
    if measure(words) <= width - PAD:
        return words, hint
    return label, f"{hint} (key: {key})" if hint else f"Key: {key}"


def _clear_skip(keys: Keys, skip: str) -> tuple[tuple[str, str, str], ...]:
    """Clear, and Skip (named ``skip``): it ends the pieces' animation, never a turn."""
    return (("Clear", c.CLEAR, keys.tip(c.CLEAR)),
            (skip, c.SKIP, f"Skip the animation to its end. {keys.tip(c.SKIP)}".strip()))


def grid(rows: Sequence[Row], area: pygame.Rect, measure: Measure
         ) -> tuple[list[Spec], int]:
    """Rows of (words, command, tooltip) from ``area``'s top, each row's buttons equal and
    ``area``'s width across (its height is a button's); and the next y. A row whose words
    do not fit its buttons is split into rows of fewer, wider ones (down to one a row)."""
    specs: list[Spec] = []
    y = area.y
    for row in rows:
        for part in _fitting(row, area.w, measure):
            cell = (area.w - 8 * (len(part) - 1)) // len(part)
            for col, (text, name, tip) in enumerate(part):
                specs.append(Spec(pygame.Rect(area.x + col * (cell + 8), y, cell, area.h),
                                  text, name, tip))
            y += area.h + GAP
    return specs, y


def _fitting(row: Row, width: int, measure: Measure) -> list[Row]:
    """``row`` as rows of as many buttons as keep every one's words whole in ``width``."""
    per = len(row)
    while per > 1 and any(measure(text) > (width - 8 * (per - 1)) // per - PAD
                          for text, _, _ in row):
        per -= 1
    return [row[i:i + per] for i in range(0, len(row), per)]


def scrolled(specs: Sequence[Spec], bottom: int, left: int, width: int) -> pygame.Rect:
    """The window of buttons laid out past ``bottom`` (with room for the scroll bar): as many
    whole rows as come nearest to filling the room down to ``bottom``."""
    top = min(spec.rect.y for spec in specs)
    pitch = specs[0].rect.h + GAP
    shown = max(1, round((bottom - top + GAP) / pitch))
    return pygame.Rect(left, top, width, shown * pitch - GAP)


class Buttons:
    """The panel's buttons made from their ``Spec``: the command each sends, which are live,
    and the glow round the move kind being prepared."""

    def __init__(self) -> None:
        self.named: dict[Any, str] = {}
        """Each button, and the command it sends."""

    def make(self, specs: Sequence[Spec], manager: Any, container: Any,
             view: pygame.Rect | None = None) -> None:
        """The buttons of ``specs`` in ``container`` (in place of those made before); with a
        ``view`` (where they run past the room they have: large text in a short window), in a
        part that scrolls there."""
        self.named = {}
        if view is not None:
            scroller = pygame_gui.elements.UIScrollingContainer(
                view, manager, container=container, allow_scroll_x=False)
            scroller.set_scrollable_area_dimensions(
                (view.w - SCROLL_BAR, max(spec.rect.bottom for spec in specs) - view.y))
            container = scroller.get_container()
        for spec in specs:
            rect = spec.rect if view is None else spec.rect.move(-view.x, -view.y)
            words, tip = printable(spec.text, 200), printable(spec.tip, 200)
            widget = pygame_gui.elements.UIButton(rect, words, manager, container=container,
                                                  object_id=spec.object_id or None)
            if widget.font is not None and widget.font.size(words)[0] > rect.w - 8:
                tip = f"{words}: {tip}" if tip else words  # too wide: said whole on hover
            widget.set_tooltip(tip or None)
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
                clip = surface.get_clip()
                surface.set_clip(_shown(widget, surface.get_rect()))
                pygame.draw.rect(surface, (level, level * 209 // 255, 102), rect, 3,
                                 border_radius=8)
                surface.set_clip(clip)


def _shown(widget: Any, window: pygame.Rect) -> pygame.Rect:
    """Where ``widget`` can show: ``window``, or the view of the part that scrolls it (its
    glow must not cover what is above or below)."""
    scroller = getattr(widget.ui_container, "parent_element", None)
    if isinstance(scroller, pygame_gui.elements.UIScrollingContainer):
        return pygame.Rect(scroller.get_abs_rect()).inflate(0, 6)
    return window
