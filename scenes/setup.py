"""New game setup, built generically from the game's option specs and seats.

The options are the game's (``scenes.options_form``, shared with hosting a table online).
Each seat gets a name, a kind (only "human" until computer players exist; the selector is
already here) and a colour. A game with dice gets a seed entry (blank: a random seed; the
plug-in may normalise typed seeds and offer a daily one, ``game.client.match.solo``). Start
validates through the rules and shows their reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Replace, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import storage
from game.client.match.solo import new_seed, read_seed, today_seed
from game.client.view import seat_colours
from game.client.widgets.hinted_entry import HintedEntry
from game.core.errors import GameError
from game.core.match import Match, Seat
from game.core.registry import AnyGame
from scenes.common import button, heading, label, label_width, menu_open
from scenes.options_form import OptionsForm

WIDTH = 860
"""The two columns (options, seats) fit the smallest window, 900 pixels wide (at 100 %
text; larger text widens them, and where they do not fit the window they are one)."""
SEAT_W = 456
LABEL_W, FIELD_W = 210, 160
"""An option's label and field, at least (the label grows to its words)."""
SEAT_LABEL_W = 120
"""A seat's label, at least."""
KIND_W = 170
COLOUR_W = 122
"""A seat's kind's and colour's drop-downs, at 100 % text."""
TOP = 150
"""Where the form begins, under the heading."""
SCROLL_BAR = 20
SEED_LABEL = "Seed (blank: random)"
HUMAN = "human"
COMPUTER = "computer: "
"""Seat kinds read "human" or "computer: <level>" in the drop-down."""


PREVIEW_W = 560
"""The widest the preview beside the seats reaches (left of the form, if need be), at
100 % text (its board's words grow with the text: so does its room)."""
PREVIEW_MIN_H = 150
"""The least height the board preview is drawn in: smaller, a board and its labels read as
noise (a short window shows the options alone)."""

class SetupScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, game: AnyGame) -> None:
        super().__init__(services)
        self.game = game
        self.values: dict[str, str | int | bool] = game.info.default_options()
        self.widgets: dict[str, Any] = {}
        self.options = OptionsForm(self, game.info, self.widgets, self.values)
        self.names = list(game.info.seat_names)
        self.kinds = [HUMAN] * game.info.players
        self._kinds_named = list(self.kinds)
        """The seat kinds the name fields were last matched to."""
        self.kind_choices = [HUMAN] + [
            COMPUTER + level for level in services.computers.levels(game.info.id)
        ]
        self.colours = list(services.settings.colours)
        self.start_button: Any = None
        self.back_button: Any = None
        self.daily_button: Any = None
        self.seed_text = ""
        """The seed typed for a game with dice (blank: a new random seed at start)."""
        self.plugin = services.plugin(game.info.id)
        self.view = services.make_view(game.info.id) if game.info.id in services.views else None
        if self.view is not None:
            self.view.set_interactive(False)
        self.preview_area = pygame.Rect(0, 0, 0, 0)
        self._preview_key: object = None
        self._preview_problem: str | None = None
        self.scroller: Any = None
        """The form's scrolling part, if it scrolls."""

    def resize(self) -> None:
        """The widgets keep their sizes while the form keeps its shape: a resize moves them
        (the columns centred, Back and Start at the bottom), keeping what was typed and
        chosen, and fits the preview to the new room. A form of another shape (one column
        or two, scrolling or not) or an open drop-down: the screen is made anew, with what
        was typed and chosen."""
        old = self._built_for
        size = self.services.surface_size()
        if self.root is None or old is None or menu_open(self.widgets.values()) \
                or self._plan(size).shape != self._plan(old).shape:
            if self.widgets:
                self._read()  # (kept for the new widgets)
            self._build_root()
            return
        size = self._refit_root()
        dx = self._plan(size).left - self._plan(old).left
        for element in list(self.root.elements):
            x, y = element.relative_rect.topleft
            at_bottom = element in (self.back_button, self.start_button)
            element.set_relative_position((x + dx, size[1] - 80 if at_bottom else y))
        self.preview_area = self._preview_room(self._plan(size))
        self._preview_key = None  # laid out again for its new room

    def _plan(self, size: tuple[int, int]) -> Plan:
        """Where the form goes in a window of ``size`` (see ``Plan``)."""
        texts = [spec.label for spec in self.game.info.options]
        if self.game.info.has_chance:
            texts.append(SEED_LABEL)
        labels = max([label_width(self, text) for text in texts] or [0])
        seat_label = max(label_width(self, f"Seat {self.game.info.players} name"),
                         label_width(self, "Player"))
        return plan(size, len(self.game.info.options) + self._seed_rows(),
                    self.game.info.players, labels, seat_label)

    def build(self, size: tuple[int, int]) -> None:
        self.widgets.clear()
        at = self._plan(size)
        left, top, row, field_h = at.left, TOP, fonts.grow(46), fonts.grow(36)
        form = self._form(at)
        options_at = form.rect(left, top, 0, 0)
        self.options.build(options_at.x, options_at.y, row, at.label_w, at.field_w, field_h,
                           form.container)
        options_bottom = top + (len(self.game.info.options) + self._seed_rows()) * row
        self._seed_widgets(form.rect(left, top + len(self.game.info.options) * row, 0, 0).topleft,
                           row, at, form.container)
        right = left + at.width - at.seat_w if at.two else left
        seats_top = top if at.two else options_bottom + row // 2
        for seat in range(self.game.info.players):
            self._seat_widgets(seat, right, seats_top + seat * 3 * row, at, form)
        self.preview_area = self._preview_room(at)
        self._preview_key = None
        self.back_button = button(self, pygame.Rect(left, at.bottom, fonts.wide(160),
                                                    fonts.grow(48)), "Back")
        self.start_button = button(self, pygame.Rect(left + at.width - fonts.wide(200),
                                                     at.bottom, fonts.wide(200),
                                                     fonts.grow(48)),
                                   "Start game", object_id="#primary")

    def _form(self, at: Plan) -> Form:
        """Where the form's widgets go: the screen itself, or (large text in a short
        window) a part that scrolls above the buttons."""
        self.scroller = None
        if not at.scrolls:
            return Form(self.root)
        view = pygame.Rect(at.left, TOP, at.width + SCROLL_BAR, at.bottom - 20 - TOP)
        self.scroller = pygame_gui.elements.UIScrollingContainer(
            view, self.services.ui, container=self.root, allow_scroll_x=False)
        self.scroller.set_scrollable_area_dimensions((at.width, at.height))
        return Form(self.scroller.get_container(), (at.left, TOP))

    def _seat_widgets(self, seat: int, x: int, y: int, at: Plan, form: Form) -> None:
        """Seat ``seat``'s name, kind and colour (unless the game's sides have their own),
        in two rows from (``x``, ``y``)."""
        ui, container = self.services.ui, form.container
        row, field_h = fonts.grow(46), fonts.grow(36)
        label_w, kind_w = at.seat_label_w, fonts.wide(KIND_W)
        label(self, form.rect(x, y, label_w - 10, field_h), f"Seat {seat + 1} name",
              container=container)
        entry = pygame_gui.elements.UITextEntryLine(
            form.rect(x + label_w, y, at.seat_w - label_w, field_h), ui, container=container)
        entry.set_text_length_limit(24)
        entry.set_text(self.names[seat])
        self.widgets[f"name:{seat}"] = entry
        label(self, form.rect(x, y + row, label_w - 10, field_h), "Player", container=container)
        self.widgets[f"kind:{seat}"] = pygame_gui.elements.UIDropDownMenu(
            _choices(tuple(self.kind_choices)), self.kinds[seat],
            form.rect(x + label_w, y + row, kind_w, field_h), ui, container=container,
        )
        if self.plugin.seat_colours is not None:
            return  # the game's sides have colours of their own
        swatch = palette.swatch_name(self.colours[seat])
        options: list[str | tuple[str, str]] = list(palette.SWATCHES)
        colour_x = x + label_w + kind_w + 8
        self.widgets[f"colour:{seat}"] = pygame_gui.elements.UIDropDownMenu(
            options, swatch if swatch in options else options[seat],
            form.rect(colour_x, y + row, x + at.seat_w - field_h - colour_x, field_h), ui,
            container=container,
        )

    def _preview_room(self, at: Plan) -> pygame.Rect:
        """Where the board preview goes: where a board comes out larger, under everything
        or in the room the options leave free beside the seats (a short window; it reaches
        left of the form, where a board with a panel of its own needs the width); none
        where the form scrolls."""
        if at.scrolls:
            return pygame.Rect(0, 0, 0, 0)
        row = fonts.grow(46)
        options_bottom = TOP + (len(self.game.info.options) + self._seed_rows()) * row
        seats_bottom = TOP + (self.game.info.players - 1) * 3 * row + 2 * row
        if not at.two:
            seats_bottom += options_bottom - TOP + row // 2
        below = max(options_bottom, seats_bottom) + 20
        strip = pygame.Rect(at.left, below, at.width, max(0, at.bottom - 20 - below))
        if not at.two:
            return strip
        right = at.left + at.width - at.seat_w
        x = max(20, min(at.left, right - 30 - fonts.wide(PREVIEW_W)))
        column = pygame.Rect(x, options_bottom + 20, max(0, right - 30 - x),
                             max(0, at.bottom - 40 - options_bottom))
        return max(strip, column, key=lambda rect: min(rect.w, rect.h))

    def _seed_rows(self) -> int:
        """The rows the seed takes: its entry, and the daily seed's button if the game has
        one."""
        if not self.game.info.has_chance:
            return 0
        return 1 if today_seed(self.plugin.seeds) is None else 2

    def _seed_widgets(self, at: tuple[int, int], row: int, plan: Plan, container: Any) -> None:
        """For games with dice: the seed entry and the daily seed button, from ``at``."""
        self.daily_button = None
        if not self.game.info.has_chance:
            return
        left, y = at
        field_h = fonts.grow(36)
        label(self, pygame.Rect(left, y, plan.label_w - 4, field_h), SEED_LABEL,
              container=container)
        entry = HintedEntry(
            pygame.Rect(left + plan.label_w, y, plan.field_w, field_h), self.services.ui,
            container=container, placeholder_text="random",
        )
        entry.set_text_length_limit(40)
        entry.set_text(self.seed_text)
        self.widgets["seed"] = entry
        if self._seed_rows() == 2:
            self.daily_button = button(
                self, pygame.Rect(left + plan.label_w, y + row, plan.field_w, field_h),
                "Daily seed", "Everyone's seed for today", container=container)

    def _read(self) -> str | None:
        """Copy the widgets into the chosen values; a problem to show, or None."""
        if "seed" in self.widgets:
            self.seed_text = self.widgets["seed"].get_text()
        problem = self.options.read()
        if problem is not None:
            return problem
        for seat in range(self.game.info.players):
            name = self.widgets[f"name:{seat}"].get_text().strip()
            self.kinds[seat] = self.widgets[f"kind:{seat}"].selected_option[0]
            untouched = name in self.game.info.seat_names or name.startswith("Computer (")
            if not name or untouched:  # a default name follows the seat's kind
                name = self.game.info.seat_names[seat]
                if self.kinds[seat].startswith(COMPUTER):
                    name = f"Computer ({self.kinds[seat].removeprefix(COMPUTER)})"
            self.names[seat] = name
            widget = self.widgets.get(f"colour:{seat}")
            if widget is not None:
                chosen = widget.selected_option[0]
                self.colours[seat] = palette.SWATCHES.get(chosen, self.colours[seat])
        if len(set(self.colours)) < len(self.colours):
            return "Each player needs a different colour"
        return None

    def start(self) -> Transition | None:
        """Make the match and open the play scene, or say what is wrong."""
        problem = self._read()
        if problem is None:
            pairs = zip(self.names, self.kinds, strict=True)
            seats = tuple(_seat(name, kind) for name, kind in pairs)
            try:
                seed = self._seed() if self.game.info.has_chance else None
                match = Match(self.game, self.values, seats, seed, storage.now_iso())
            except ValueError as err:
                problem = f"Seed: {err}"
            except GameError as err:
                problem = str(err)
        if problem is not None:
            self.services.toasts.show(_sentence(problem), "error")
            self.services.sounds.play("refuse")
            return None
        settings = self.services.settings
        self.services.update_settings(settings.with_(colours=tuple(self.colours[:2])))
        return Replace(self.services.scenes.play(self.services, match))

    def _seed(self) -> str:
        """The seed typed (normalised by the game's plug-in), or a new random one."""
        return read_seed(self.plugin.seeds, self.seed_text)

    def _sync_name(self, seat: int) -> None:
        """A seat switched between a person and a computer: an untouched name follows."""
        entry = self.widgets[f"name:{seat}"]
        name = entry.get_text().strip()
        kind = self.widgets[f"kind:{seat}"].selected_option[0]
        default = self.game.info.seat_names[seat]
        if name and name != default and not name.startswith("Computer ("):
            return  # a name the player typed stays
        entry.set_text(f"Computer ({kind.removeprefix(COMPUTER)})"
                       if kind.startswith(COMPUTER) else default)

    def update(self, clock: float) -> Transition | None:
        """Follow the drop-downs: names of seats that changed kind, fields that (no longer)
        apply."""
        for seat in range(self.game.info.players):
            kind = self.widgets[f"kind:{seat}"].selected_option[0]
            if kind != self._kinds_named[seat]:
                self._kinds_named[seat] = kind
                self._sync_name(seat)
        self.options.sync()
        return None

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start_button:
                return self.start()
            if event.ui_element is self.daily_button:
                self.seed_text = today_seed(self.plugin.seeds) or new_seed()
                self.widgets["seed"].set_text(self.seed_text)
                return None
            if event.ui_element is self.back_button:
                return Pop()
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name == c.BACK:
            return Pop()
        if command.name == c.ACTIVATE:
            return self.start()
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        heading(surface, f"New game of {self.game.info.title}", (surface.get_width() // 2, 70), 56)
        self._draw_swatches(surface)
        self._draw_preview(surface, clock)

    def _draw_swatches(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        if self.scroller is not None:  # only where the form shows
            surface.set_clip(self.scroller.get_abs_rect())
        for seat in range(self.game.info.players):
            widget = self.widgets.get(f"colour:{seat}")
            kind = self.widgets[f"kind:{seat}"].get_abs_rect()
            if widget is None:  # the game's own colour for this side
                colour = seat_colours(self.plugin.seat_colours, self.services.colours())[seat]
                rect = pygame.Rect(kind.right + 10, kind.y, 130, kind.h)
            else:
                chosen = palette.SWATCHES.get(widget.selected_option[0], self.colours[seat])
                colour, rect = palette.parse_hex(chosen), widget.get_abs_rect()
            swatch = pygame.Rect(rect.right + 10, rect.y + 4, rect.h - 8, rect.h - 8)
            if widget is None:
                swatch.x = rect.x
            pygame.draw.rect(surface, colour, swatch, border_radius=6)
        surface.set_clip(clip)

    def _draw_preview(self, surface: pygame.Surface, clock: float) -> None:
        """The board the chosen options make, or why they make none (custom sizes)."""
        if self.view is None or self.preview_area.h < PREVIEW_MIN_H:
            return
        problem = self._read()
        key = (tuple(sorted(self.values.items())), tuple(self.colours))
        if key != self._preview_key:
            self._preview_key = key
            self._preview_problem = problem
            if problem is None:
                try:
                    options = self.game.info.validate_options(self.values)
                    state = self.game.new_state(options)
                except (GameError, ValueError) as err:
                    self._preview_problem = str(err)
                else:
                    self.view.set_colours([palette.parse_hex(c) for c in self.colours])
                    self.view.layout(self.preview_area)
                    self.view.show(state)
        if self._preview_problem is None:
            self.view.draw(surface, clock)
        else:
            words = fonts.text(_sentence(self._preview_problem), 26, palette.WARN)
            surface.blit(words, words.get_rect(center=self.preview_area.center))


@dataclass(frozen=True)
class Form:
    """The container the form's widgets go in, and where it is in the window (a part that
    scrolls has its own origin)."""

    container: Any
    origin: tuple[int, int] = (0, 0)

    def rect(self, x: int, y: int, w: int, h: int) -> pygame.Rect:
        """A widget's rect in the container, from where it goes in the window."""
        return pygame.Rect(x - self.origin[0], y - self.origin[1], w, h)


@dataclass(frozen=True)
class Plan:
    """Where the form goes: two columns (options, seats) side by side where the window is
    wide enough for the words, else one (options above seats), in a part that scrolls
    where it is taller than the room above Back and Start."""

    two: bool
    scrolls: bool
    left: int
    width: int
    """The form's width (both columns, or the one)."""
    height: int
    """The form's height, options and seats."""
    bottom: int
    """Where Back and Start go."""
    label_w: int
    field_w: int
    seat_label_w: int
    seat_w: int

    @property
    def shape(self) -> tuple[object, ...]:
        """What a resize cannot change by moving the widgets."""
        return (self.two, self.scrolls, self.width, self.height if self.scrolls else 0,
                self.bottom if self.scrolls else 0)


def plan(size: tuple[int, int], option_rows: int, seats: int, labels: int,
         seat_label: int) -> Plan:
    """The form's ``Plan`` in a window of ``size``: ``option_rows`` rows of options whose
    widest label is ``labels`` pixels, ``seats`` seats whose labels are ``seat_label``."""
    row = fonts.grow(46)
    label_w, field_w = max(LABEL_W, labels + 14), fonts.wide(FIELD_W)
    seat_label_w = max(SEAT_LABEL_W, seat_label + 20)
    seat_w = max(SEAT_W, seat_label_w + fonts.wide(KIND_W) + 8 + fonts.wide(COLOUR_W)
                 + fonts.grow(36))
    options_w = label_w + field_w
    seats_h = (seats - 1) * 3 * row + 2 * row
    two = options_w + 30 + seat_w <= size[0] - 40
    if two:
        width = max(WIDTH, options_w + 30 + seat_w)
        height = max(option_rows * row, seats_h)
    else:
        width = min(max(options_w, seat_w), size[0] - 40 - SCROLL_BAR)
        height = option_rows * row + row // 2 + seats_h
    bottom = size[1] - 80
    return Plan(two, TOP + height > bottom - 20, max(20, size[0] // 2 - width // 2), width,
                height, bottom, label_w, field_w, seat_label_w, min(seat_w, width))


def _seat(name: str, kind: str) -> Seat:
    if kind.startswith(COMPUTER):
        return Seat(name, "computer", kind.removeprefix(COMPUTER))
    return Seat(name)


def _choices(items: tuple[str, ...]) -> list[str | tuple[str, str]]:
    return list(items)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
