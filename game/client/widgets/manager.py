"""The pygame_gui manager every scene shares, tuned so screens open fast.

pygame_gui 0.6 keys its cache of theming ids by a string it builds with nested
``str.join`` calls, whose length multiplies with the depth of the containers: a button in a
scrolling list inside a scene's container costs milliseconds before the cache is even
consulted (the Settings screen's 115 key rows spent 0.57 s there). ``QuickTheme`` keys the
same cache by a tuple and builds a missing entry the way pygame_gui does, from its own
id-tree walk, without that string.
Live theme reloading (a file check every frame) is off: the theme ships with the game.

A widget's look in each state (normal, hovered, selected, active) is drawn when it is
first needed, not all of them in the frames after the widget is made: pygame_gui queues
the three others for the next frames, so every screen's first frames redrew three images
per widget (the Settings key list: several hundred). ``DrawableShape.set_active_state``
already draws a state that was never drawn, so hovering a button draws its hovered look
then, once.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import pygame_gui
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

from game.client.widgets import theme as styling

IdKey = tuple[tuple[str | None, ...] | None, ...]


def _key(*lists: list[str | None] | list[str] | None) -> IdKey:
    return tuple(None if ids is None else tuple(ids) for ids in lists)


class QuickTheme(UIAppearanceTheme):
    """pygame_gui's theme with a cheap cache in front of its combined-id builder."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._quick_ids: dict[IdKey, list[str]] = {}

    def build_all_combined_ids(self, element_base_ids: list[str | None] | None,
                               element_ids: list[str] | None, class_ids: list[str | None] | None,
                               object_ids: list[str | None] | None) -> list[str]:
        key = _key(element_base_ids, element_ids, class_ids, object_ids)
        ids = self._quick_ids.get(key)
        if ids is None:
            ids = self._quick_ids[key] = self._combine(element_base_ids, element_ids,
                                                       class_ids, object_ids)
        return ids

    def _combine(self, element_base_ids: list[str | None] | None, element_ids: list[str] | None,
                 class_ids: list[str | None] | None,
                 object_ids: list[str | None] | None) -> list[str]:
        """The ids, most specific first, as ``UIAppearanceTheme.build_all_combined_ids``."""
        if element_base_ids is None or element_ids is None or class_ids is None \
                or object_ids is None:
            return []
        if not len(element_base_ids) == len(element_ids) == len(class_ids) == len(object_ids):
            raise ValueError(f"id hierarchies of unequal length for {element_ids}")
        combined: list[str] = []
        if element_ids:
            self._get_next_id_node(None, element_base_ids, element_ids, class_ids, object_ids,
                                   0, len(element_ids), combined)
        current = combined[:]
        done = not current
        while not done:
            for index, combined_id in enumerate(current):  # then each id without its head
                stop = combined_id.find(".")
                if stop == -1:
                    done = True
                else:
                    current[index] = combined_id[stop + 1:]
                    combined.append(current[index])
        return combined


class Widgets(pygame_gui.UIManager):
    """A ``UIManager`` using ``QuickTheme``, without live theme reloading."""

    def __init__(self, size: tuple[int, int], theme: str) -> None:
        super().__init__(size, theme, enable_live_theme_updates=False)
        self._shipped = styling.load(Path(theme))

    def restyle(self, text_size: int, theme: str) -> None:
        """Use the theme file with fonts at ``text_size`` per cent in colour theme ``theme``
        (``game.client.widgets.theme``) for the widgets made from now on. The widgets alive
        now are not redrawn in it: each scene makes its own anew for the new sizes (at once
        for the screen on top, ``Scene.resume`` for the others), and old widgets redrawn in
        larger faces would only warn that their boxes are too small."""
        self.ui_theme = self.create_new_theme(styling.styled(self._shipped, text_size, theme))
        # The help texts use italics; loading the face up front avoids a stall and a warning.
        self.preload_fonts([{"name": "noto_sans", "point_size": round(17 * text_size / 100),
                             "style": "italic"}])

    def create_new_theme(self, theme_path: Any = None) -> Any:
        theme = QuickTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme


def _redraw_states_in_use(self: Any, force_full_redraw: bool = False) -> None:
    """``DrawableShape.redraw_all_states``, drawing only the normal state and the one shown
    now; the others are marked stale and drawn when they are set (see the module's text)."""
    for state in self.states.values():
        state.generated = False
    self.states_to_redraw_queue = deque()
    self.redraw_state("normal")  # the one pygame_gui draws first; text fields read it too
    if self.active_state.state_id != "normal":
        self.redraw_state(self.active_state.state_id)


DrawableShape.redraw_all_states = _redraw_states_in_use  # type: ignore[method-assign]
