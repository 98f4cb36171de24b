"""Tab and Shift+Tab: a visible focus through every control of the screen on top.

The controls are the scene's pygame_gui widgets (or, while a dialog is up, the dialog's), in
reading order: buttons, check boxes, text fields, drop-down menus, sliders and selection
lists, and the lists the scene draws itself (``Scene.stops``: the move list, the help's
contents). The focus starts with the first Tab, so a screen's own keys (the menu's arrows,
play's Return) mean what they meant until then. Return presses a focused button, turns a
drop-down to its next choice; Space or Return ticks a check box; a text field takes the
typing; Left and Right move a slider; a list is one stop, whose rows Up and Down go
through and Return chooses (``stops``). Escape stays the screen's (back). Each control the
focus reaches is said by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final
from weakref import WeakKeyDictionary

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIScrollingContainer,
    UISelectionList,
    UITextEntryLine,
)

from game.client.access.stops import ListStop, PickRows
from game.client.draw import palette

if TYPE_CHECKING:
    from game.client.app.scene import Scene

FOCUSABLE: Final = (UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine)
_PICKS: WeakKeyDictionary[Any, ListStop] = WeakKeyDictionary()
"""Each selection list's stop, kept as long as the list (the focus knows it by identity)."""


def controls(container: Any) -> list[Any]:
    """The focusable controls inside ``container`` (a scene's root, a dialog), in reading
    order: each container's parts top to bottom, then left to right, where they lie in it
    (a scrolled list keeps its order), a part that holds controls read through in turn."""
    inner = container.get_container() if hasattr(container, "get_container") else container
    parts: list[tuple[tuple[int, int], list[Any]]] = []
    for element in list(getattr(inner, "elements", ())):
        if not element.alive() or not element.visible \
                or "scroll_bar" in element.most_specific_combined_id \
                or isinstance(getattr(element, "parent_element", None), UISelectionList):
            continue  # (a selection list's inner parts are the list's stop)
        rect = element.get_relative_rect()
        if isinstance(element, UISelectionList):  # one stop, not a stop a line in view
            if element.is_enabled:
                parts.append(((rect.top // 12, rect.left), [pick_stop(element)]))
        elif isinstance(element, FOCUSABLE):
            if element.is_enabled:
                parts.append(((rect.top // 12, rect.left), [element]))
        elif hasattr(element, "elements") or hasattr(element, "get_container"):
            parts.append(((rect.top // 12, rect.left), controls(element)))
    parts.sort(key=lambda part: part[0])
    ordered = [element for _key, found in parts for element in found]
    return list(dict.fromkeys(ordered))  # (a scrolled list's inner part is listed twice)


def pick_stop(widget: Any) -> ListStop:
    """A selection list as one stop, named by the label just above it, if any."""
    stop = _PICKS.get(widget)
    if stop is None:
        rows = PickRows(widget)
        stop = _PICKS[widget] = ListStop(_caption(widget), rows, rows.open)
    return stop


def _caption(widget: Any) -> str:
    """The text of the label that heads ``widget`` (ends at most a line above it, over its
    left edge), or "" when none does."""
    rect = widget.get_abs_rect()
    above = [label for label in getattr(widget.ui_container, "elements", ())
             if isinstance(label, UILabel) and label.visible
             and rect.top - 48 <= label.get_abs_rect().bottom <= rect.top + 4
             and label.get_abs_rect().left <= rect.left + 8 < label.get_abs_rect().right]
    return max(above, key=lambda label: label.get_abs_rect().bottom).text if above else ""


def name_of(element: Any) -> str:
    """A control as a screen reader says it."""
    if isinstance(element, ListStop):
        return element.spoken()
    if isinstance(element, UICheckBox):
        return f"{element.text}, check box, {'on' if element.is_checked else 'off'}"
    if isinstance(element, UITextEntryLine):
        return f"text field, {element.get_text() or 'empty'}"
    if isinstance(element, UIDropDownMenu):
        return f"{element.selected_option[0]}, menu"
    if isinstance(element, UIHorizontalSlider):
        return f"slider, {element.get_current_value()}"
    text = getattr(element, "text", "") or ""
    tip = getattr(element, "tool_tip_text", None)
    return f"{text}, button" + (f" ({tip})" if tip else "")


class Focus:
    """The focused control of the screen on top (see the module's docstring)."""

    def __init__(self, ui: Any, say: Callable[[str], None]) -> None:
        self.ui = ui
        self._say = say
        self.element: Any = None
        self._where: pygame.Rect | None = None
        """Where the focused control was: a control made anew there keeps the focus."""
        self._owner: object = None
        self._dialog: object = None
        """The dialog that was up when the focus was set (its controls, or the screen's)."""

    def controls(self, scene: Scene) -> list[Any]:
        """The screen's controls in reading order: a dialog's while one is up, else the
        scene's widgets with the lists it draws itself put among them where they lie."""
        dialog = scene.live_dialog()
        if dialog is not None:
            return controls(dialog)
        found = controls(scene.root) if scene.root is not None else []
        for stop in (stop for stop in scene.stops() if stop.shows()):
            key = _reading(stop.rect)
            index = next((i for i, e in enumerate(found) if _reading(_rect(e)) > key),
                         len(found))
            found.insert(index, stop)
        return found

    def current(self, scene: Scene) -> Any:
        """The focused control, found again if it was made anew where it was; None when
        the focus is not on this screen."""
        if scene is not self._owner or scene.live_dialog() is not self._dialog:
            self._drop()  # a new screen, or a dialog came or went
            self._owner, self._dialog = scene, scene.live_dialog()
        element = self.element
        if isinstance(element, ListStop):
            if element.shows() and element in self.controls(scene):
                return element
        elif element is not None and element.alive() and element.visible:
            return element
        if self._where is not None:
            again = [e for e in self.controls(scene) if _rect(e) == self._where]
            self.element = again[0] if again else None
        return self.element

    def key(self, event: pygame.event.Event, scene: Scene) -> bool:
        """A key on ``scene``: True when it moved the focus or worked the focused control. A
        mouse button drops the focus: Return then means what it means to the screen again."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._drop()
            return False
        if event.type != pygame.KEYDOWN or scene.holds_keys():
            return False
        if event.key == pygame.K_TAB:
            self.move(scene, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        element = self.current(scene)
        if element is None:
            return False
        if isinstance(element, ListStop):
            words = element.key(event.key)
            if words is not None:
                self._say(words)
            return words is not None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._activate(element)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self._arrow(element, event.key)
        return False

    def move(self, scene: Scene, way: int) -> None:
        found = self.controls(scene)
        if not found:
            return
        element = self.current(scene)
        index = found.index(element) + way if element in found else (0 if way > 0 else -1)
        self._focus(found[index % len(found)])

    def _focus(self, element: Any) -> None:
        self._drop()
        self.element, self._where = element, _rect(element)
        if isinstance(element, ListStop):
            self.ui.set_focus_set(None)  # (a text field's typing ends)
            element.enter()
        else:
            self.ui.set_focus_set(element)
            scroll_to(element)
        self._say(name_of(element))

    def _drop(self) -> None:
        """No focus (a list the scene draws takes its row's mark away)."""
        if isinstance(self.element, ListStop):
            self.element.leave()
        self.element = self._where = None

    def _activate(self, element: Any) -> bool:
        if isinstance(element, UIButton):
            pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
                "ui_element": element, "ui_object_id": element.most_specific_combined_id}))
            return True
        if isinstance(element, UIDropDownMenu):
            _next_option(element)
            self._say(name_of(element))
            return True
        return False  # a check box or a text field answers Return itself

    def _arrow(self, element: Any, key: int) -> bool:
        way = -1 if key == pygame.K_LEFT else 1
        if isinstance(element, UIHorizontalSlider):
            low, high = element.value_range
            value = min(max(element.get_current_value() + way * element.increment, low),
                        high)
            element.set_current_value(value)
            pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": value, "ui_element": element,
                "ui_object_id": element.most_specific_combined_id}))
            self._say(name_of(element))
            return True
        return False

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        element = self.current(scene)
        if element is None:
            return
        ring(surface, _rect(element).inflate(8, 8))


def _rect(element: Any) -> pygame.Rect:
    """Where a control or a list is on screen."""
    rect: pygame.Rect = element.rect if isinstance(element, ListStop) \
        else element.get_abs_rect()
    return rect


def _reading(rect: pygame.Rect) -> tuple[int, int]:
    """Where a control comes in reading order: by its line (a 12-pixel band), then left."""
    return rect.top // 12, rect.left


def ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus ring round ``rect``: the theme's accent over a dark edge, seen on any
    background, and a shape, not a colour change of the control."""
    pygame.draw.rect(surface, palette.SHADOW, rect.inflate(4, 4), 3, border_radius=8)
    pygame.draw.rect(surface, palette.ACCENT, rect, 3, border_radius=6)


def _next_option(menu: Any) -> None:
    """A drop-down turned to its next choice, as choosing it from the open list would."""
    options = [option if isinstance(option, tuple) else (option, option)
               for option in menu.options_list]
    index = next((i for i, option in enumerate(options)
                  if option[0] == menu.selected_option[0]), -1)
    menu.selected_option = options[(index + 1) % len(options)]
    state = menu.current_state
    state.finish()
    state.selected_option = menu.selected_option
    state.start()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": menu.selected_option[0], "selected_option_id": menu.selected_option[1],
        "ui_element": menu, "ui_object_id": menu.most_specific_combined_id}))


def scroll_to(element: Any) -> None:
    """Scroll the list the control is in so that it shows."""
    container = getattr(element, "ui_container", None)
    while container is not None:
        scroller = getattr(container, "parent_element", None) or getattr(container,
                                                                          "ui_container", None)
        if isinstance(scroller, UIScrollingContainer) and scroller.vert_scroll_bar is not None:
            inner = scroller.get_container()
            view = scroller.get_abs_rect()
            rect = element.get_abs_rect()
            if rect.top < view.top or rect.bottom > view.bottom:
                height = max(1, inner.get_relative_rect().h)
                top = element.get_relative_rect().top
                scroller.vert_scroll_bar.set_scroll_from_start_percentage(
                    max(0.0, min(1.0, top / height)))
            return
        if scroller is container:
            return
        container = scroller
