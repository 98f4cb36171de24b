"""Learn to play: each game's lessons and puzzles, today's puzzle, and the first-time offer.

The lists come from the courses loaded at start (``services.learning``); a tick marks what
this player has finished. Choosing a game to play for the first time offers its lessons
once (``first_time_offer``), whatever the answer.
"""

from __future__ import annotations

import datetime
from typing import Any

import pygame
import pygame_gui

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Push, Replace, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.core.learn import Course
from scenes.common import TitledScene, button, button_width, heading
from scenes.learning.lesson import LessonScene, Unit

TICK_W = 30
"""The column left of each lesson and puzzle where a tick marks what the player finished
(drawn: the bundled font has no tick glyph)."""


def lesson_units(course: Course) -> list[Unit]:
    return [Unit(lesson.id, lesson.title, lesson.steps) for lesson in course.lessons]


def puzzle_units(course: Course) -> list[Unit]:
    return [Unit(p.id, f"{p.title} ({p.grade})", (p.step,), "Puzzle") for p in course.puzzles]


class LearnScene(TitledScene):
    title = "Learn to play"
    title_y = 56

    def __init__(self, services: Services, game_id: str | None = None) -> None:
        super().__init__(services)
        learning = services.learning
        self.game_ids = [
            g.info.id for g in services.games if g.info.id in services.views and (
                learning.course(g.info.id).lessons or learning.course(g.info.id).puzzles)
        ]
        self.game_id = game_id if game_id in self.game_ids else (
            self.game_ids[0] if self.game_ids else None)
        self.actions: dict[Any, Any] = {}
        self._wide = False
        """The lessons fill both columns (a game with many lessons and no puzzles)."""
        self._ticks: list[pygame.Rect] = []
        """Where a tick is drawn: beside each finished lesson or puzzle."""

    def resume(self) -> None:
        """Back from a lesson: rebuilt, so what was just finished shows its tick at once."""
        self._build_root()

    def build(self, size: tuple[int, int]) -> None:
        self.actions = {}
        self._ticks = []
        width = min(980, size[0] - 60)
        left = (size[0] - width) // 2
        y = 110
        tab_w = min(220, (width - 8 * max(0, len(self.game_ids) - 1)) // max(1, len(self.game_ids)))
        for i, game_id in enumerate(self.game_ids):
            rect = pygame.Rect(left + i * (tab_w + 8), y, tab_w, fonts.grow(40))
            widget = button(self, rect, self.services.games.get(game_id).info.title)
            if game_id == self.game_id:
                widget.disable()
            self.actions[widget] = ("tab", game_id)
        y += 56
        today = self.services.learning.daily(datetime.date.today())
        if today is not None:
            game_id, puzzle = today
            title = self.services.games.get(game_id).info.title
            rect = self._ticked(pygame.Rect(left, y, width, fonts.grow(40)),
                                self.services.learning.is_done(game_id, puzzle.id))
            widget = button(self, rect,
                            f"Puzzle of the day: {title}, {puzzle.title} ({puzzle.grade})")
            self.actions[widget] = ("daily", game_id, puzzle.id)
            y += 52
        if self.game_id is None:
            return
        course = self.services.learning.course(self.game_id)
        row_h = fonts.grow(34 if size[1] < 720 else 40)
        column = (width - 16) // 2
        puzzles = puzzle_units(course)
        lessons = lesson_units(course)
        fit = max(1, (size[1] - 80 - (y + 30)) // (row_h + 6))
        # More lessons than fit in a column: two columns, over the puzzles' side if it is empty
        # (Piously's twelve), else side by side in the lessons' own.
        # (Large text in a short window: as many columns across the page as it takes.)
        split = len(lessons) > fit
        self._wide = split and not puzzles
        columns = max(2, -(-len(lessons) // fit)) if self._wide else 2 if split else 1
        cell = column if not split or not puzzles else (column - 8) // 2
        if self._wide:
            cell = (width - 16 * (columns - 1)) // columns
        step = cell + 16 if self._wide else cell + 8
        rows = -(-len(lessons) // columns)
        for i, unit in enumerate(lessons):
            rect = pygame.Rect(left + (i // rows) * step, y + 30 + (i % rows) * (row_h + 6),
                               cell, row_h)
            self._unit_button(rect, f"{i + 1}. {unit.title}", unit.id, ("lesson", i))
        per_row = 2 if column >= 380 else 1
        cell = (column - 8 * (per_row - 1)) // per_row
        room = max(0, (size[1] - 80 - (y + 30)) // (row_h + 6)) * per_row
        for i, (unit, puzzle) in enumerate(zip(puzzles[:room], course.puzzles, strict=False)):
            rect = pygame.Rect(left + column + 16 + (i % per_row) * (cell + 8),
                               y + 30 + (i // per_row) * (row_h + 6), cell, row_h)
            words = f"{i + 1}. {unit.title}"
            if button_width(self, words) > cell - TICK_W - 12:  # 900x600: the grade
                # goes (a cut label showed "Conquest in 2 (mediu"); its tooltip keeps it
                self._unit_button(rect, f"{i + 1}. {puzzle.title}", unit.id, ("puzzle", i),
                                  words)
            else:
                self._unit_button(rect, words, unit.id, ("puzzle", i))
        self._columns_top = y
        back_h = fonts.grow(44)
        back = button(self, pygame.Rect(left, size[1] - 18 - back_h, 160, back_h), "Back")
        self.actions[back] = ("back",)

    def _unit_button(self, rect: pygame.Rect, text: str, unit_id: str, action: Any,
                     whole: str = "") -> None:
        """A lesson's or puzzle's button; ``whole``: its full name, when ``text`` is short."""
        assert self.game_id is not None
        done = self.services.learning.is_done(self.game_id, unit_id)
        tip = "  ".join(words for words in (whole, "Done: play it again any time" if done
                                            else "") if words)
        self.actions[button(self, self._ticked(rect, done), text, tip)] = action

    def _ticked(self, rect: pygame.Rect, done: bool) -> pygame.Rect:
        """The button's rectangle right of its tick column; the tick kept if ``done``."""
        if done:
            self._ticks.append(pygame.Rect(rect.x, rect.y, TICK_W - 6, rect.h))
        return pygame.Rect(rect.x + TICK_W, rect.y, rect.w - TICK_W, rect.h)

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.actions:
            return None
        self.services.sounds.play("click")
        action = self.actions[event.ui_element]
        if action[0] == "back":
            return Pop()
        if action[0] == "tab":
            self.game_id = action[1]
            self._build_root()
            return None
        if action[0] == "daily":
            course = self.services.learning.course(action[1])
            units = puzzle_units(course)
            index = next(i for i, unit in enumerate(units) if unit.id == action[2])
            return Push(LessonScene(self.services, action[1], units, index))
        assert self.game_id is not None
        course = self.services.learning.course(self.game_id)
        units = lesson_units(course) if action[0] == "lesson" else puzzle_units(course)
        return Push(LessonScene(self.services, self.game_id, units, action[1]))

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        super().draw(surface, clock)
        for rect in self._ticks:
            draw_tick(surface, rect)
        if self.game_id is None:
            words = fonts.text("No lessons are installed.", 28, palette.MUTED)
            surface.blit(words, words.get_rect(center=(surface.get_width() // 2, 240)))
            return
        width = min(980, surface.get_width() - 60)
        left = (surface.get_width() - width) // 2
        column = (width - 16) // 2
        top = getattr(self, "_columns_top", 170)
        headings = [(left, "Lessons")]
        if not self._wide:
            headings.append((left + column + 16, "Puzzles: find the win"))
        for x, text in headings:
            surface.blit(fonts.text(text, 26, palette.ACCENT, True), (x, top))
        if not self._wide and not self.services.learning.course(self.game_id).puzzles:
            words = fonts.text("None for this game yet.", 24, palette.MUTED)
            surface.blit(words, (left + column + 16, top + 40))


def draw_tick(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A green disc with a white tick, centred in ``rect``: this one is done."""
    radius = min(rect.w, rect.h) // 2 - 1
    x, y = rect.center
    pygame.draw.circle(surface, palette.GOOD, (x, y), radius)
    unit = radius / 10
    points = [(x - 5 * unit, y), (x - 1.5 * unit, y + 4 * unit), (x + 5.5 * unit, y - 4 * unit)]
    pygame.draw.lines(surface, palette.BACKGROUND, False, points, max(2, round(2.5 * unit)))


class OfferScene(Scene):
    """Offered once, the first time a game is chosen: learn it first, or just play."""

    contexts = (inp.MENU, inp.GLOBAL)

    def __init__(self, services: Services, game_id: str, play: Scene) -> None:
        super().__init__(services)
        self.game_id = game_id
        self.play = play
        self.learn_button: Any = None
        self.play_button: Any = None
        problem = services.learning.mark_offered(game_id)
        if problem:
            services.toasts.show(problem, "error")

    def build(self, size: tuple[int, int]) -> None:
        centre = size[0] // 2
        top = size[1] // 2 - 50 + self._step() * len(self._lines(size[0])) + 10
        wide, high = min(fonts.wide(240), size[0] // 2 - 30), fonts.grow(50)
        self.learn_button = button(self, pygame.Rect(centre - 10 - wide, top, wide, high),
                                   "Learn to play (Return)", "", "#primary")
        self.play_button = button(self, pygame.Rect(centre + 10, top, wide, high),
                                  "Just play (Esc)")

    def _lines(self, width: int) -> tuple[str, ...]:
        """The offer's words, wrapped for a window ``width`` wide."""
        count = len(self.services.learning.course(self.game_id).lessons)
        return fonts.wrap(f"{count} short lessons teach it on the real board, one rule at a "
                          "time, in a few minutes. You can come back to them any time from "
                          "Learn to play in the menu.", 28, min(fonts.wide(700), width - 60))

    @staticmethod
    def _step() -> int:
        return fonts.font(28).get_height() + 2

    def _learn(self) -> Transition:
        units = lesson_units(self.services.learning.course(self.game_id))
        after = LearnScene(self.services, self.game_id)  # the list, where the lesson ends
        return Replace(LessonScene(self.services, self.game_id, units, after=after))

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.learn_button:
            return self._learn()
        if event.ui_element is self.play_button:
            return Replace(self.play)
        return None

    def command(self, command: Command) -> Transition | None:
        if command.name == c.ACTIVATE:
            return self._learn()
        if command.name == c.BACK:
            return Replace(self.play)
        return None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        info = self.services.games.get(self.game_id).info
        width, height = surface.get_size()
        heading(surface, f"New to {info.title}?", (width // 2, height // 2 - 110), 56)
        step = self._step()
        for i, line in enumerate(self._lines(width)):
            words = fonts.text(line, 28, palette.TEXT)
            surface.blit(words, words.get_rect(midtop=(width // 2, height // 2 - 50 + step * i)))


def first_time_offer(services: Services, game_id: str, play: Scene) -> Scene:
    """``play`` (the game's setup), preceded the first time by the offer of its lessons
    (not to a player who has already done every one of them)."""
    learning = services.learning
    lessons = learning.course(game_id).lessons
    finished = all(learning.is_done(game_id, lesson.id) for lesson in lessons)
    return OfferScene(services, game_id, play) if learning.offer_due(game_id) and not finished \
        else play
