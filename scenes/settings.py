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
from game.client.app.scene import Pop, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files.settings import SPEEDS, TEXT_SIZES, Settings
from scenes.common import TitledScene, button, label, menu_open

CUSTOM = "Custom"
ROWS_PER_FRAME = 4
"""Key rows made per frame: the screen opens at once (pygame_gui takes a millisecond or
more per widget, and the list has over a hundred) and the list fills in within a few frames."""


class SettingsScene(TitledScene):
    title = "Settings"

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
        self._at: dict[str, pygame.Rect] = {}
        """Where each widget is (``_layout``)."""
        self._form: Any = None
        """The inside of the form's scrolling part: the settings but the keys."""

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        settings = self.services.settings
        ui = self.services.ui
        self.widgets = {}
        at = self._at = _layout(size)
        form = self.widgets["form"] = pygame_gui.elements.UIScrollingContainer(
            at["form"], ui, container=self.root, allow_scroll_x=False)
        form.set_scrollable_area_dimensions(at["form:inside"].size)
        inner = self._form = form.get_container()
        for name, text in (("label:palette", "Palette"), ("label:colour:0", "Player 1 colour"),
                           ("label:colour:1", "Player 2 colour"),
                           ("label:speed", "Animation"), ("label:volume", "Volume"),
                           ("label:text_size", "Text size"), ("label:theme", "Colours")):
            self.widgets[name] = pygame_gui.elements.UILabel(at[name], text, ui, container=inner)
        self._colour_menus()
        speed = next((name for name, value in SPEEDS.items() if value == settings.anim_speed),
                     "Normal")
        self._menu("speed", list(SPEEDS), speed)
        self._menu("text_size", [f"{size} %" for size in TEXT_SIZES], f"{settings.text_size} %")
        self._menu("theme", list(palette.THEMES), settings.theme)
        self.widgets["volume"] = pygame_gui.elements.UIHorizontalSlider(
            at["volume"], round(settings.volume * 100), (0, 100), ui,
            container=inner, click_increment=10,
        )
        self.widgets["muted"] = pygame_gui.elements.UICheckBox(
            at["muted"], "Mute", ui, container=inner, initial_state=settings.muted,
        )
        self.widgets["fullscreen"] = pygame_gui.elements.UICheckBox(
            at["fullscreen"], "Fullscreen", ui, container=inner,
            initial_state=self.services.display.fullscreen,
        )
        self.widgets["speech"] = pygame_gui.elements.UICheckBox(
            at["speech"], "Speak aloud", ui, container=inner, initial_state=settings.speech,
            tool_tip_text="Say moves, turns, refusals and the focused control (through the "
                          "screen reader or the system's speech, where there is one)",
        )
        self.widgets["back"] = button(self, at["back"], "Back")
        self.widgets["reset"] = button(self, at["reset"], "Reset keys to defaults")
        self._build_keys(at["keys"])

    def _menu(self, name: str, choices: list[str], current: str) -> None:
        """A drop-down of the form, named ``name`` here and in the layout."""
        options: list[str | tuple[str, str]] = list(choices)
        self.widgets[name] = pygame_gui.elements.UIDropDownMenu(
            options, current, self._at[name], self.services.ui, container=self._form)

    def resize(self) -> None:
        """A new window size moves the widgets (they keep their sizes); the key list is made
        anew only if its width changes, its rows again a few a frame. With a drop-down
        open, or a form of another shape, the whole screen is made anew."""
        if self.root is None or menu_open(self.widgets.values()) or "keys" not in self.widgets \
                or self.restyled() or _layout(self.services.surface_size())["form:inside"] \
                != self._at["form:inside"]:
            self._build_root()
            return
        at = self._at = _layout(self._refit_root())
        if at["keys"].w != self._keys_width:
            for name in ("keys", "label:keys"):
                self.widgets.pop(name).kill()
            self._build_keys(at["keys"])
        for name, widget in self.widgets.items():
            widget.set_relative_position(at[name].topleft)
        self.widgets["form"].set_dimensions(at["form"].size)
        self.widgets["keys"].set_dimensions(at["keys"].size)

    def _colour_menus(self) -> None:
        """The palette and the two colour menus, made anew to show the colours in use (a
        colour change remakes these three, not the screen's two hundred widgets)."""
        settings = self.services.settings
        for name in ("palette", "colour:0", "colour:1"):
            if name in self.widgets:
                self.widgets.pop(name).kill()
        current = next((name for name, pair in palette.PALETTES.items()
                        if pair == settings.colours), CUSTOM)
        self._menu("palette", [*palette.PALETTES, CUSTOM], current)
        for seat in (0, 1):
            name = palette.swatch_name(settings.colours[seat])
            choices = list(palette.SWATCHES)
            if name not in choices:
                choices.append(name)
            self._menu(f"colour:{seat}", choices, name)

    def _build_keys(self, area: pygame.Rect) -> None:
        """Lay out the key list; its rows are made a few per frame (see ``update``)."""
        table = self.services.table
        words = "Keys (click one to change it)"  # shorter where large text leaves no room
        self.widgets["label:keys"] = label(self, self._at["label:keys"],
                                           words if area.w >= fonts.wide(370) else "Keys")
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
            y += fonts.grow(32, 2)
            for command in table.commands(ctx):
                self._rows.append((ctx, command, y))
                y += _key_row(area.w)
        scroller.set_scrollable_area_dimensions((area.w - 20, y))
        self._just_built = True

    def _context_title(self, ctx: str) -> str:
        """A key group's heading: a game's moves by the game's title ("Push Fight"; a word
        more would not fit at 200% text in the smallest window), others by name."""
        game_id = ctx.removeprefix("game:")
        return ctx.title() if game_id == ctx else self.services.games.info(game_id).title

    def _build_row(self, ctx: str, command: str | None, y: int) -> None:
        """A context's title (``command`` None) or one command's label and key button."""
        ui, inner, width = self.services.ui, self._keys_inner, self._keys_width
        if command is None:
            pygame_gui.elements.UILabel(pygame.Rect(0, y, width - 30, fonts.grow(30, 2)),
                                        f"— {self._context_title(ctx)} —", ui, container=inner)
            return
        keys_w = min(fonts.wide(190), max(120, width * 2 // 5))  # a narrow window shares the row
        words = self.services.table.label(ctx, command)
        label_w = width - keys_w - 40
        stacked = _key_row(width) > fonts.grow(34, 2)  # the words over the keys
        pygame_gui.elements.UILabel(
            pygame.Rect(0, y, width - 30 if stacked else label_w, fonts.grow(32, 2)), words,
            ui, container=inner, object_id="#left_label",
        )
        below = fonts.grow(32, 2) if stacked else 0
        widget = pygame_gui.elements.UIButton(
            pygame.Rect(width - keys_w - 30, y + below, keys_w, fonts.grow(30)), "", ui,
            container=inner,
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
        elif element is self.widgets["text_size"]:
            size = int(choice.removesuffix(" %"))
            if size in TEXT_SIZES and size != settings.text_size:
                self._restyle(settings.with_(text_size=size))
        elif element is self.widgets["theme"]:
            if choice in palette.THEMES and choice != settings.theme:
                self._restyle(settings.with_(theme=choice))
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

    def _restyle(self, settings: Settings) -> None:
        """Use a new text size or colour theme: the screen is made anew in it, at once (the
        ones under it when they show again)."""
        self.services.update_settings(settings)
        self._build_root()
        self.services.speech.say(f"Text size {settings.text_size} %, {settings.theme} colours")

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


def _key_row(width: int) -> int:
    """The height of a key's row in a list ``width`` wide: its words beside its keys, or
    over them where large text leaves no room beside."""
    return fonts.grow(34, 2) if width >= fonts.wide(420) else fonts.grow(34, 2) + fonts.grow(32, 2)


def _layout(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Where each widget of the screen goes in a window of ``size``, by its name in
    ``SettingsScene.widgets``: the form's widgets inside the form's scrolling part
    (``form``; its inside is ``form:inside``), the key list's rows inside ``keys``. Each
    setting's words go beside it, or over it where large text leaves no room beside."""
    left = max(24, size[0] // 2 - 560)
    top = 130 + fonts.grow(0)
    bottom = size[1] - 30 - fonts.grow(46)
    # the keys keep 300 px or more; half the page with larger text (their rows' words)
    keys_room = 348 if fonts.text_scale() <= 1 else max(348, (size[0] - left) // 2)
    form_w = min(fonts.wide(476), size[0] - left - keys_room)
    label_w, menu_w = fonts.wide(150), fonts.wide(300)
    stacked = label_w + 10 + fonts.wide(200) > form_w - 24
    row = fonts.grow(34)
    at: dict[str, pygame.Rect] = {}
    y = 0
    for name, wide in (("palette", True), ("colour:0", False), ("colour:1", False),
                       ("speed", False), ("volume", False), ("text_size", False),
                       ("theme", False)):
        width = min(menu_w if wide else fonts.wide(200), form_w - 24)
        if stacked:
            at[f"label:{name}"] = pygame.Rect(0, y, form_w - 24, row)
            y += row
            at[name] = pygame.Rect(0, y, width, row)
        else:
            at[f"label:{name}"] = pygame.Rect(0, y, label_w, row)
            at[name] = pygame.Rect(label_w + 10, y, min(width, form_w - 34 - label_w), row)
        y += row + 12
    for name in ("muted", "fullscreen", "speech"):
        at[name] = pygame.Rect(0 if stacked else label_w + 10, y + 7, 20, 20)
        y += max(40, row + 6)
    at["form:inside"] = pygame.Rect(0, 0, form_w - 20, y)
    at["form"] = pygame.Rect(left, top, form_w, max(row, bottom - 24 - top))
    at["back"] = pygame.Rect(left, bottom, fonts.wide(160), fonts.grow(46))
    at["reset"] = pygame.Rect(left + fonts.wide(160) + 20, bottom, fonts.wide(220),
                              fonts.grow(46))
    x = left + form_w + 24
    keys = pygame.Rect(x, top, min(620, size[0] - x - 24), bottom - 24 - top)
    at["keys"] = keys
    at["label:keys"] = pygame.Rect(keys.x, keys.y - fonts.grow(40), keys.w, fonts.grow(34))
    return at
