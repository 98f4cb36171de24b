"""New game setup, built generically from the game's option specs and seats.

The options are the game's (``scenes.options_form``, shared with hosting a table online).
Each seat gets a name, a kind (only "human" until computer players exist; the selector is
already here) and a colour. A game with dice gets a seed entry (blank: a random seed; the
plug-in may normalise typed seeds and offer a daily one, ``game.client.match.solo``). Start
validates through the rules and shows their reason.
"""

from __future__ import annotations

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
from scenes.common import button, heading, label, menu_open
from scenes.options_form import OptionsForm

WIDTH = 860
"""The two columns (options, seats) fit the smallest window, 900 pixels wide."""
SEAT_W = 456
HUMAN = "human"
COMPUTER = "computer: "
"""Seat kinds read "human" or "computer: <level>" in the drop-down."""


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

    def resize(self) -> None:
        """The widgets have one size in every window: a resize moves them (the columns
        centred, Back and Start at the bottom), keeping what was typed and chosen, and fits
        the preview to the new room. With a drop-down open, the screen is made anew."""
        old = self._built_for
        if self.root is None or old is None or menu_open(self.widgets.values()):
            self._build_root()
            return
        size = self._refit_root()
        dx = _left(size) - _left(old)
        for element in list(self.root.elements):
            x, y = element.relative_rect.topleft
            at_bottom = element in (self.back_button, self.start_button)
            element.set_relative_position((x + dx, size[1] - 80 if at_bottom else y))
        self.preview_area.x += dx
        self.preview_area.h = max(0, size[1] - 100 - self.preview_area.y)
        self._preview_key = None  # laid out again for its new room

    def build(self, size: tuple[int, int]) -> None:
        ui, root = self.services.ui, self.root
        self.widgets.clear()
        left = _left(size)
        top = 150
        row = 46
        self.options.build(left, top, row, label_w=210)
        seed_rows = self._seed_widgets(left, top + len(self.game.info.options) * row, row)
        right = left + WIDTH - SEAT_W
        for seat in range(self.game.info.players):
            y = top + seat * 3 * row
            label(self, pygame.Rect(right, y, 110, 36), f"Seat {seat + 1} name")
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(right + 120, y, SEAT_W - 120, 36), ui, container=root
            )
            entry.set_text_length_limit(24)
            entry.set_text(self.names[seat])
            self.widgets[f"name:{seat}"] = entry
            label(self, pygame.Rect(right, y + row, 110, 36), "Player")
            self.widgets[f"kind:{seat}"] = pygame_gui.elements.UIDropDownMenu(
                _choices(tuple(self.kind_choices)), self.kinds[seat],
                pygame.Rect(right + 120, y + row, 170, 36), ui, container=root,
            )
            if self.plugin.seat_colours is not None:
                continue  # the game's sides have colours of their own
            swatch = palette.swatch_name(self.colours[seat])
            options: list[str | tuple[str, str]] = list(palette.SWATCHES)
            self.widgets[f"colour:{seat}"] = pygame_gui.elements.UIDropDownMenu(
                options, swatch if swatch in options else options[seat],
                pygame.Rect(right + 298, y + row, SEAT_W - 298 - 36, 36), ui, container=root,
            )
        bottom = size[1] - 80
        seats_bottom = top + (self.game.info.players - 1) * 3 * row + 2 * row
        options_bottom = top + (len(self.game.info.options) + seed_rows) * row
        below = max(options_bottom, seats_bottom) + 20
        strip = pygame.Rect(left, below, WIDTH, max(0, bottom - 20 - below))
        column = pygame.Rect(left, options_bottom + 20, max(0, right - left - 30),
                             max(0, bottom - 40 - options_bottom))
        # The preview goes where a board comes out larger: under everything, or in the
        # column the options leave free beside the seats (a short window).
        self.preview_area = max(strip, column, key=lambda rect: min(rect.w, rect.h))
        self._preview_key = None
        self.back_button = button(self, pygame.Rect(left, bottom, 160, 48), "Back")
        self.start_button = button(self, pygame.Rect(left + WIDTH - 200, bottom, 200, 48),
                                   "Start game", object_id="#primary")

    def _seed_widgets(self, left: int, y: int, row: int) -> int:
        """For games with dice: the seed entry and the daily seed button; rows used."""
        self.daily_button = None
        if not self.game.info.has_chance:
            return 0
        label(self, pygame.Rect(left, y, 206, 36), "Seed (blank: random)")
        entry = HintedEntry(
            pygame.Rect(left + 210, y, 160, 36), self.services.ui, container=self.root,
            placeholder_text="random",
        )
        entry.set_text_length_limit(40)
        entry.set_text(self.seed_text)
        self.widgets["seed"] = entry
        if today_seed(self.plugin.seeds) is None:
            return 1
        self.daily_button = button(self, pygame.Rect(left + 210, y + row, 160, 36),
                                   "Daily seed", "Everyone's seed for today")
        return 2

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


def _left(size: tuple[int, int]) -> int:
    """Where the two columns begin in a window of ``size`` (centred, never off screen)."""
    return max(20, size[0] // 2 - WIDTH // 2)


def _seat(name: str, kind: str) -> Seat:
    if kind.startswith(COMPUTER):
        return Seat(name, "computer", kind.removeprefix(COMPUTER))
    return Seat(name)


def _choices(items: tuple[str, ...]) -> list[str | tuple[str, str]]:
    return list(items)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
