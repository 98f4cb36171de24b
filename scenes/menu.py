"""The main menu: the game list, resume, open a record, settings, help, quit."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import __version__
from game.client.access.focus import scroll_to
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Push, Quit, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.draw.backdrop import Backdrop
from game.client.files import autosaves, storage, tickets
from game.client.match import correspondence
from game.core.errors import RecordError
from game.core.text import printable
from scenes.common import button, confirm, file_dialog, heading, message, open_match
from scenes.demo import next_demo
from scenes.online.games import resume_online

Action = Callable[[], "Transition | None"]


class MenuScene(Scene):
    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, notice: tuple[str, str] | None = None) -> None:
        super().__init__(services)
        self.notice = notice
        """A message to show once the menu is up (a file that could not be opened)."""
        self.entries: list[tuple[Any, str, Action]] = []
        self.scroller: Any = None
        """The entries' scrolling part, where large text leaves them no room (else None)."""
        self.focus = -1
        self._kept: list[autosaves.Kept] = []
        """The unfinished games, most recent first."""
        self._latest: autosaves.Kept | None = None
        """The one Resume continues: the most recent not found broken (re-played when chosen)."""
        self.backdrop = Backdrop()
        self._counts = (1, 1)
        """How many entries each column has (set when the menu is built)."""

    def enter(self) -> None:
        self._refresh_kept()
        super().enter()
        if self.notice is not None:
            message(self, *self.notice)
            self.notice = None

    def resume(self) -> None:
        """Back on top: the kept games may have changed (Resume's text and the count), so
        those entries are relabelled; the rest of the menu is kept as it was built."""
        self._refresh_kept()
        if self.root is None:
            self._build_root()
            return
        if self.stale():
            self.resize()
        self.root.show()
        self._relabel()

    def resize(self) -> None:
        """A new window size moves the buttons; only a new button size makes them anew."""
        size = self.services.surface_size()
        if self.root is None or self.scroller is not None or self.restyled() \
                or self._button_size(size) != self._button_size(self._built_for or (0, 0)) \
                or max(rect.bottom for rect in self._rects(size)) > size[1] - 12:
            self._build_root()
            return
        size = self._refit_root()
        for (widget, _text, _action), rect in zip(self.entries, self._rects(size), strict=True):
            widget.set_relative_position(rect.topleft)

    def _refresh_kept(self) -> None:
        """List the unfinished games this version can show, and find the one to resume."""
        views = self.services.views
        self._kept = [each for each in autosaves.unfinished(self.services.paths)
                      if each.game in views]
        self._latest = autosaves.resumable(self._kept)

    def build(self, size: tuple[int, int]) -> None:
        """Two columns that never change shape: playing on the left, the rest on the right
        (an entry that cannot be used yet is shown disabled, never left out)."""
        self.entries = []
        playing, others = self._columns()
        self._counts = (len(playing), len(others))
        rects = self._rects(size)
        self.scroller, inner, top = None, None, 0
        if max(rect.bottom for rect in rects) > size[1] - 12:  # large text: the entries scroll
            top = min(rect.top for rect in rects) - 6
            self.scroller = pygame_gui.elements.UIScrollingContainer(
                pygame.Rect(0, top, size[0], size[1] - top - 6), self.services.ui,
                container=self.root, allow_scroll_x=False)
            self.scroller.set_scrollable_area_dimensions(
                (size[0] - 24, max(rect.bottom for rect in rects) - top + 6))
            inner = self.scroller.get_container()
        for rect, (text, tip, action) in zip(rects, playing + others, strict=True):
            widget = button(self, rect.move(0, -top), text, tip, container=inner)
            if action is None:
                widget.disable()
            self.entries.append((widget, text, action or _nothing))
        if self.focus < 0:  # first build: on Resume if there is a game, else the first game
            self.focus = 0 if self._latest is not None else 2
        self._keep_focus_useful()

    def _relabel(self) -> None:
        """Give each built entry its text, tooltip and action now (only Resume and the count
        of kept games change while the menu is up)."""
        playing, others = self._columns()
        for index, (text, tip, action) in enumerate(playing + others):
            widget, shown, _ = self.entries[index]
            if text != shown:
                widget.set_text(printable(text, 200))
            tooltip = printable(tip, 200) or None  # another game may read the same
            if self._hushed is not None and widget in self._hushed:
                self._hushed[widget] = tooltip  # given back when the dialog closes
            else:
                widget.tool_tip_text = tooltip
            if action is None:
                widget.disable()
            else:
                widget.enable()
            self.entries[index] = (widget, text, action or _nothing)
        self._keep_focus_useful()

    def _keep_focus_useful(self) -> None:
        self.focus = min(self.focus, len(self.entries) - 1)
        if self.entries[self.focus][2] is _nothing:  # stay on an entry that does something
            self._move_focus(1)

    def _columns(self) -> tuple[list[tuple[str, str, Action | None]],
                                list[tuple[str, str, Action | None]]]:
        """The entries of each column: text, tooltip, action (None: shown disabled)."""
        games = self.services.games.infos()  # the rules load on first use, not for the menu
        playing: list[tuple[str, str, Action | None]] = [self._resume_entry()]
        finished = autosaves.finished(self.services.paths)
        count = f"{len(self._kept)} unfinished, {len(finished)} finished"
        playing.append((f"Your games ({count})", "Resume, replay or continue any kept game",
                        self._games))
        for info in games:
            playable = info.id in self.services.views
            playing.append((
                f"Play {info.title}" if playable else f"{info.title} (coming soon)",
                info.summary,
                functools.partial(self._new_game, info.id) if playable else None,
            ))
        playing.append(("Play online", "Host a table, join a friend, or resume an online game",
                        self._online if self.services.online is not None else None))
        playing.append(("Learn to play", "Lessons and puzzles for every game", self._learn))
        playing.append(("Watch the computers play", "A demo: one game after another",
                        self._demo))
        others: list[tuple[str, str, Action | None]] = [
            ("Open a saved game or replay", "Ctrl+O", self._open),
            ("High scores", "The best runs per board and variant", self._scores),
            ("Settings", "Colours, sound, animation, keys", self._settings),
            ("Rules and help", "F1", self._help),
            ("Quit", "", lambda: Quit()),
        ]
        return playing, others

    def _rects(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where each entry goes in a window of ``size``, left column first."""
        width, height = self._button_size(size)
        top = _top() + self._lowered(size)
        rects = []
        gap = self._gap(size)
        for column, count in enumerate(self._counts):
            x = size[0] // 2 + (12 if column else -12 - width)
            rects += [pygame.Rect(x, top + i * (height + gap), width, height)
                      for i in range(count)]
        return rects

    def _lowered(self, size: tuple[int, int]) -> int:
        """How far the title and the entries move down so that a tall window shows them in
        its middle rather than in its top half (half the height they leave free)."""
        _width, height = self._button_size(size)
        used = _top() + max(self._counts) * (height + self._gap(size)) + 24
        return max(0, (size[1] - used) // 2)

    def _gap(self, size: tuple[int, int]) -> int:
        """The gap between entries: smaller where large text leaves no room for more."""
        height = self._button_size(size)[1]
        return 10 if _top() + max(self._counts) * (height + 10) <= size[1] - 12 else 6

    def _button_size(self, size: tuple[int, int]) -> tuple[int, int]:
        rows = max(self._counts)
        return (min(380, (size[0] - 72) // 2),
                max(34, fonts.grow(30), min(fonts.grow(48), (size[1] - _top() - 24) // rows - 10)))

    def _move_focus(self, step: int) -> None:
        """Move the keyboard focus to the next entry that can be used, in ``step``'s way."""
        for _ in range(len(self.entries)):
            self.focus = (self.focus + step) % len(self.entries)
            if self.entries[self.focus][2] is not _nothing:
                self.services.speech.say(self.entries[self.focus][1], interrupt=True)
                scroll_to(self.entries[self.focus][0])
                return

    def _resume_entry(self) -> tuple[str, str, Action | None]:
        if self._latest is None:
            return "Resume (no unfinished game)", "Every game you leave is kept here", None
        kept, games = self._latest, self.services.games
        names = " vs ".join(seat.name for seat in kept.seats)
        return (f"Resume: {games.info(kept.game).title}, {autosaves.progress(kept, games)}",
                f"{names}, last played {kept.when}", self._resume_game)

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for widget, _text, action in self.entries:
                if event.ui_element is widget:
                    self.services.sounds.play("click")
                    return action()
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name in (c.MENU_UP, c.MENU_DOWN):
            self._move_focus(-1 if command.name == c.MENU_UP else 1)
            self.services.sounds.play("click")
        elif command.name == c.ACTIVATE:
            return self.entries[self.focus][2]()
        elif command.name == c.OPEN:
            return self._open()
        elif command.name == c.HELP:
            return self._help()
        elif command.name == c.BACK:
            kept = " Your unfinished games are kept to resume." if self._kept else ""
            dialog = confirm(self, "Quit", f"Leave Conquid Arcade?{kept}", "Quit")
            self.watch(dialog, lambda _event: Quit())
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.backdrop.draw(surface, clock, self.services.colours())
        width = surface.get_width()
        lowered = self._lowered(surface.get_size())
        heading(surface, "Conquid Arcade", (width // 2, 70 + lowered), 84, palette.ACCENT)
        sub = fonts.text(self._subtitle(), 28, palette.MUTED)
        surface.blit(sub, sub.get_rect(center=(width // 2, _subtitle_y() + lowered)))
        version = fonts.text(f"version {__version__}", 20, palette.MUTED)
        surface.blit(version, version.get_rect(bottomright=(width - 12, surface.get_height() - 8)))
        if self.entries:
            rect = self.entries[self.focus][0].get_abs_rect().inflate(10, 10)
            pygame.draw.rect(surface, palette.ACCENT, rect, 2, border_radius=8)

    def _subtitle(self) -> str:
        games = list(self.services.games.infos())
        ready = sum(1 for info in games if info.id in self.services.views)
        line = f"{_number(ready)} abstract strategy game{'s' * (ready != 1)}"
        coming = len(games) - ready
        return line + (f", {_number(coming)} more coming soon" if coming else "")

    # -- actions -------------------------------------------------------------------------

    def _new_game(self, game_id: str) -> Transition:

        setup = self.services.scenes.setup(self.services, self.services.games.get(game_id))
        return Push(self.services.scenes.first_time(self.services, game_id, setup))

    def _online(self) -> Transition:
        return Push(self.services.scenes.online(self.services))

    def _learn(self) -> Transition:
        return Push(self.services.scenes.learn(self.services))

    def _resume_game(self) -> Transition | None:
        if self._latest is None:
            return None
        kept = self._latest
        online = kept.online
        ticket = None if online is None else tickets.find(self.services.paths, online.table)
        if ticket is not None:
            return resume_online(self, kept, ticket)
        try:
            match = storage.load(kept.path, self.services.games, self.services.views)
        except RecordError as err:  # never offered again; Resume moves on to the next game
            autosaves.remember_broken(kept, str(err))
            self.resume()
            message(self, "Cannot resume this game", str(err))
            return None
        return Push(self.services.scenes.play(self.services, match, resumed_from=kept.path))

    def _games(self) -> Transition:
        return Push(self.services.scenes.games(self.services))

    def _demo(self) -> Transition | None:
        demo = next_demo(self.services)
        if demo is None:
            message(self, "No demo", "No game has computer players yet.")
            return None
        return Push(demo)

    def _open(self) -> Transition | None:
        dialog = file_dialog(self, "Open a game", self.services.paths.saves)
        self.watch(dialog, lambda event: self._opened(Path(event.text)))
        return None

    def _opened(self, path: Path) -> Transition | None:
        """A game opens in the replay (to watch, or to continue from any move), except an
        unfinished one that extends a kept game (correspondence by file): that one plays on,
        and one that rewrites the kept game is refused."""
        match = open_match(self, path)
        if match is None:
            return None
        found = correspondence.Continues(None)
        if not match.is_over:
            try:
                found = correspondence.continuing(self.services.paths, match)
            except ValueError as err:
                message(self, "Cannot continue this game", str(err)[:1].upper() + str(err)[1:])
                return None
        if found.kept is None:
            return Push(self.services.scenes.replay(self.services, match, source=path))
        return Push(self.services.scenes.play(self.services, match, resumed_from=found.kept.path,
                                              autosave_now=True))

    def _scores(self) -> Transition:
        return Push(self.services.scenes.scores(self.services))

    def _settings(self) -> Transition:
        return Push(self.services.scenes.settings(self.services))

    def _help(self) -> Transition:
        return Push(self.services.scenes.help(self.services, next(self.services.games.infos()).id))


TOP = 170
"""Where the menu's columns begin, under the title (lower with large text)."""


def _subtitle_y() -> int:
    """The subtitle's middle, under the title however large the text is."""
    return 70 + (fonts.font(84, True).get_height() + fonts.font(28).get_height()) // 2


def _top() -> int:
    return max(TOP, _subtitle_y() + fonts.font(28).get_height() // 2 + 10)


def _nothing() -> Transition | None:
    return None


def _number(count: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return words[count] if count < len(words) else str(count)
