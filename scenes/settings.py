"""Settings: colours and palettes, animation speed, sound, fullscreen and key bindings.

Every change is applied and saved at once. A key is rebound by clicking its button and
pressing the new key; a key already used where it could clash is refused with the reason.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Scene, Transition
from game.client.app.services import Services
from game.client.draw import palette
from game.client.files.settings import SPEEDS
from scenes.common import button, heading, label, menu_open

CUSTOM = "Custom"
ROW = 40
ROWS_PER_FRAME = 4
"""Key rows made per frame: the screen opens at once (pygame_gui takes a millisecond or
more per widget, and the list has over a hundred) and the list fills in within a few frames."""


class SettingsScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.widgets: dict[str, Any] = {}
        self.key_buttons: dict[Any, tuple[str, str]] = {}
        self.waiting: tuple[str, str] | None = None
        self._rows: deque[tuple[str, str | None, int]] = deque()
        """Key-list rows still to make: (context, command or None for its title, top)."""
        self._keys_inner: Any = None
        self._keys_width = 0
        self._just_built = False
        """The screen was made this frame: its key rows start in the next."""
        self._colours_at = (0, 0)
        """Where the palette menu goes (the colour menus below it)."""

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        settings = self.services.settings
        ui, root = self.services.ui, self.root
        self.widgets = {}
        at = _layout(size)
        for name, text in (("label:palette", "Palette"), ("label:colour:0", "Player 1 colour"),
                           ("label:colour:1", "Player 2 colour"),
                           ("label:speed", "Animation"), ("label:volume", "Volume")):
            self.widgets[name] = label(self, at[name], text)
        self._colours_at = at["palette"].topleft
        self._colour_menus()
        speed = next((name for name, value in SPEEDS.items() if value == settings.anim_speed),
                     "Normal")
        speeds: list[str | tuple[str, str]] = list(SPEEDS)
        self.widgets["speed"] = pygame_gui.elements.UIDropDownMenu(
            speeds, speed, at["speed"], ui, container=root
        )
        self.widgets["volume"] = pygame_gui.elements.UIHorizontalSlider(
            at["volume"], round(settings.volume * 100), (0, 100), ui,
            container=root, click_increment=10,
        )
        self.widgets["muted"] = pygame_gui.elements.UICheckBox(
            at["muted"], "Mute", ui, container=root, initial_state=settings.muted,
        )
        self.widgets["fullscreen"] = pygame_gui.elements.UICheckBox(
            at["fullscreen"], "Fullscreen", ui, container=root,
            initial_state=self.services.display.fullscreen,
        )
        self.widgets["speech"] = pygame_gui.elements.UICheckBox(
            at["speech"], "Speak aloud", ui, container=root, initial_state=settings.speech,
            tool_tip_text="Say moves, turns, refusals and the focused control (through the "
                          "screen reader or the system's speech, where there is one)",
        )
        self.widgets["back"] = button(self, at["back"], "Back")
        self.widgets["reset"] = button(self, at["reset"], "Reset keys to defaults")
        self._build_keys(at["keys"])

    def resize(self) -> None:
        """A new window size moves the widgets (they keep their sizes); the key list is made
        anew only if its width changes, its rows again a few a frame. With a drop-down
        open, the whole screen is made anew."""
        if self.root is None or menu_open(self.widgets.values()) or "keys" not in self.widgets:
            self._build_root()
            return
        at = _layout(self._refit_root())
        if at["keys"].w != self._keys_width:
            for name in ("keys", "label:keys"):
                self.widgets.pop(name).kill()
            self._build_keys(at["keys"])
        for name, widget in self.widgets.items():
            widget.set_relative_position(at[name].topleft)
        self._colours_at = at["palette"].topleft
        self.widgets["keys"].set_dimensions(at["keys"].size)

    def _colour_menus(self) -> None:
        """The palette and the two colour menus, made anew to show the colours in use (a
        colour change remakes these three, not the screen's two hundred widgets)."""
        settings, ui, root = self.services.settings, self.services.ui, self.root
        x, y = self._colours_at
        for name in ("palette", "colour:0", "colour:1"):
            if name in self.widgets:
                self.widgets.pop(name).kill()
        current = next((name for name, pair in palette.PALETTES.items()
                        if pair == settings.colours), CUSTOM)
        palettes: list[str | tuple[str, str]] = [*palette.PALETTES, CUSTOM]
        self.widgets["palette"] = pygame_gui.elements.UIDropDownMenu(
            palettes, current, pygame.Rect(x, y, 300, 34), ui, container=root,
        )
        for seat in (0, 1):
            name = palette.swatch_name(settings.colours[seat])
            choices: list[str | tuple[str, str]] = list(palette.SWATCHES)
            if name not in choices:
                choices.append(name)
            self.widgets[f"colour:{seat}"] = pygame_gui.elements.UIDropDownMenu(
                choices, name, pygame.Rect(x, y + (seat + 1) * (ROW + 6), 200, 34), ui,
                container=root,
            )

    def _build_keys(self, area: pygame.Rect) -> None:
        """Lay out the key list; its rows are made a few per frame (see ``update``)."""
        table = self.services.table
        self.widgets["label:keys"] = label(self, pygame.Rect(area.x, area.y - 40, area.w, 34),
                                           "Keys (click one to change it)")
        scroller = self.widgets["keys"] = pygame_gui.elements.UIScrollingContainer(
            area, self.services.ui, container=self.root, allow_scroll_x=False
        )
        self._keys_inner = scroller.get_container()
        self._keys_width = area.w
        self.key_buttons = {}
        self._rows = deque()
        y = 0
        games = [ctx for ctx in table.contexts() if ctx.startswith("game:")]
        for ctx in [*games, inp.PLAY, inp.ACCESS, inp.CURSOR, inp.REPLAY, inp.MENU, inp.GLOBAL]:
            self._rows.append((ctx, None, y))
            y += 32
            for command in table.commands(ctx):
                self._rows.append((ctx, command, y))
                y += 34
        scroller.set_scrollable_area_dimensions((area.w - 20, y))
        self._just_built = True

    def _build_row(self, ctx: str, command: str | None, y: int) -> None:
        """A context's title (``command`` None) or one command's label and key button."""
        ui, inner, width = self.services.ui, self._keys_inner, self._keys_width
        if command is None:
            title = ctx.removeprefix("game:").title() + (" moves" if ctx.startswith("game:")
                                                         else "")
            pygame_gui.elements.UILabel(pygame.Rect(0, y, width - 30, 30), f"— {title} —", ui,
                                        container=inner)
            return
        keys_w = min(190, max(120, width * 2 // 5))  # a narrow window shares the row
        pygame_gui.elements.UILabel(
            pygame.Rect(0, y, width - keys_w - 40, 32), self.services.table.label(ctx, command),
            ui, container=inner, object_id="#left_label",
        )
        widget = pygame_gui.elements.UIButton(
            pygame.Rect(width - keys_w - 30, y, keys_w, 30), "", ui, container=inner,
        )
        self._set_key_text(widget, ctx, command)
        self.key_buttons[widget] = (ctx, command)

    def update(self, clock: float) -> Transition | None:
        if self._just_built:  # the frame that made the rest of the screen has no time left
            self._just_built = False
            return None
        for _ in range(min(ROWS_PER_FRAME, len(self._rows))):
            self._build_row(*self._rows.popleft())
        return None

    def animating(self, clock: float) -> bool:
        return bool(self._rows)

    def _set_key_text(self, widget: Any, ctx: str, command: str) -> None:
        """The command's keys on its button: all of them, or as many as fit and how many
        more (Piously's "R, Wheel up, Wheel down"), every one in the tooltip."""
        keys = [inp.pretty(k) for k in self.services.table.keys(ctx, command)]
        every = ", ".join(keys)
        if self.waiting == (ctx, command):
            text = "press a key…"
        else:
            text, shown = every or "unbound", len(keys)
            while shown > 1 and widget.font.size(text)[0] + 8 > widget.rect.w:
                shown -= 1
                text = f"{', '.join(keys[:shown])} +{len(keys) - shown}"
        widget.set_text(text)
        widget.set_tooltip(every if text not in (every, "unbound") else None)

    def _show_keys(self) -> None:
        """Update the key buttons in place: rebuilding the ~90 widgets freezes a frame."""
        for widget, (ctx, command) in self.key_buttons.items():
            self._set_key_text(widget, ctx, command)

    # -- changes -------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        element: Any = getattr(event, "ui_element", None)
        settings = self.services.settings
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.widgets.get("back"):
                return Pop()
            if element is self.widgets.get("reset"):
                self.services.table.reset()
                self.services.update_settings(settings)
                self.services.toasts.show("Keys reset to the defaults", "good")
                self.waiting = None
                self._show_keys()  # the rows stay: only their keys change
            elif element in self.key_buttons:
                self.waiting = self.key_buttons[element]
                self.services.toasts.show("Press the new key (Esc cancels)")
                element.set_text("press a key…")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._dropdown(element, str(event.text))
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and \
                element is self.widgets["volume"]:
            self.services.update_settings(settings.with_(volume=float(event.value) / 100))
            self.services.sounds.play("select")
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if element is self.widgets["muted"]:
                self.services.update_settings(settings.with_(muted=on))
            elif element is self.widgets["speech"]:
                self.services.update_settings(settings.with_(speech=on))
                voice = self.services.speech.voice.name
                self.services.toasts.show(f"Speech {'on' if on else 'off'} (voice: {voice})")
            elif element is self.widgets["fullscreen"]:
                self.services.update_settings(settings.with_(fullscreen=on))
                self.services.ui.set_window_resolution(self.services.display.size)
                self._build_root()
        return None

    def _dropdown(self, element: Any, choice: str) -> None:
        settings = self.services.settings
        if element is self.widgets["palette"] and choice in palette.PALETTES:
            self.services.update_settings(settings.with_(colours=palette.PALETTES[choice]))
            self._colour_menus()
        elif element is self.widgets["speed"]:
            self.services.update_settings(settings.with_(anim_speed=SPEEDS[choice]))
        else:
            for seat in (0, 1):
                if element is self.widgets[f"colour:{seat}"] and choice in palette.SWATCHES:
                    colours = list(settings.colours)
                    colours[seat] = palette.SWATCHES[choice]
                    if colours[0] == colours[1]:
                        self.services.toasts.show("Each player needs a different colour",
                                                  "error")
                        self._colour_menus()
                        return
                    self.services.update_settings(settings.with_(colours=(colours[0],
                                                                          colours[1])))
                    self._colour_menus()

    def holds_keys(self) -> bool:
        return self.waiting is not None  # the next key is the new binding, Tab and Return too

    def capture(self, event: pygame.event.Event) -> bool:
        """While waiting for a new key, the next key press (or right/middle click) is it."""
        if self.waiting is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return False
        binding = inp.binding_of(event)
        if binding is None:
            return event.type == pygame.KEYDOWN
        ctx, command = self.waiting
        self.waiting = None
        if binding == "escape" and command != c.BACK:
            self.services.toasts.show("Key unchanged")
        else:
            problem = self.services.table.rebind(ctx, command, binding)
            if problem:
                self.services.toasts.show(f"Refused: {problem}", "error")
                self.services.sounds.play("refuse")
            else:
                self.services.update_settings(self.services.settings)
                label_text = self.services.table.label(ctx, command)
                self.services.toasts.show(f"{label_text}: {inp.pretty(binding)}", "good")
        self._show_keys()
        return True

    def command(self, command: Command) -> Transition | None:
        if command.name == c.BACK:
            return Pop()
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        heading(surface, "Settings", (surface.get_width() // 2, 64), 56)


def _layout(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Where each widget of the screen goes in a window of ``size``, by its name in
    ``SettingsScene.widgets`` (the key list's rows go inside ``keys``)."""
    left = max(24, size[0] // 2 - 560)
    at: dict[str, pygame.Rect] = {}
    y = 130
    at["label:palette"] = pygame.Rect(left, y, 150, 34)
    at["palette"] = pygame.Rect(left + 160, y, 300, 34)
    for seat in (0, 1):
        at[f"label:colour:{seat}"] = pygame.Rect(left, y + (seat + 1) * (ROW + 6), 150, 34)
        at[f"colour:{seat}"] = pygame.Rect(left + 160, y + (seat + 1) * (ROW + 6), 200, 34)
    y += 3 * (ROW + 6)
    at["label:speed"] = pygame.Rect(left, y, 150, 34)
    at["speed"] = pygame.Rect(left + 160, y, 200, 34)
    y += ROW + 6
    at["label:volume"] = pygame.Rect(left, y, 150, 34)
    at["volume"] = pygame.Rect(left + 160, y, 200, 34)
    y += ROW + 6
    at["muted"] = pygame.Rect(left + 160, y + 7, 20, 20)
    y += ROW
    at["fullscreen"] = pygame.Rect(left + 160, y + 7, 20, 20)
    y += ROW
    at["speech"] = pygame.Rect(left + 160, y + 7, 20, 20)
    at["back"] = pygame.Rect(left, size[1] - 76, 160, 46)
    at["reset"] = pygame.Rect(left + 180, size[1] - 76, 220, 46)
    keys = pygame.Rect(left + 500, 130, min(620, size[0] - left - 524), size[1] - 230)
    at["keys"] = keys
    at["label:keys"] = pygame.Rect(keys.x, keys.y - 40, keys.w, 34)
    return at
