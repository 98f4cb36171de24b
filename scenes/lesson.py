"""A lesson or a puzzle on the real board with the real input, judged by the rules.

Each step shows its position through the game's own view, says in a sentence or two what to
do and outlines where to look. The learner selects and confirms moves exactly as in a game;
the step's ``Attempt`` (``game.core.learn``) refuses an illegal move with the rules' reason,
and judges legal ones by the step's goal. Moves are animated; the other side's replies (the
lesson's script, the dice, or a computer player for puzzles) follow once the animation ends.
A missed goal is explained and the step starts again; a finished lesson or puzzle is
remembered in the player's progress.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.access.board_keys import BoardKeys
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Push, Replace, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.match.computer import ComputerSeat
from game.client.view import Feedback, FitsMany, Marks, Suggests, seat_colours
from game.client.widgets import move_buttons
from game.client.widgets.board_host import BoardHost
from game.core.errors import GameError
from game.core.learn import Attempt, Step, Verdict, answer_positions
from game.core.player import Decision
from scenes.common import button_width, enable, pressed

MARGIN = 16
RETRY_DELAY = 3.0
"""Seconds a missed step stays on screen, with the reason, before it starts again."""
RESTART = "learn_restart"
SHOW = "learn_show"
NEXT = "learn_next"


@dataclass(frozen=True)
class Unit:
    """One lesson or puzzle: what the learner works through in this scene."""

    id: str
    title: str
    steps: tuple[Step, ...]
    kind: str = "Lesson"
    """"Lesson" or "Puzzle", for the panel's heading."""


def _panel_width(size: tuple[int, int]) -> int:
    """A third of the window, wider with larger text (the board keeps half)."""
    return max(280, min(fonts.wide(380), round(size[0] // 3 * fonts.text_scale()),
                        size[0] // 2 - 40))


def _button_size(size: tuple[int, int]) -> tuple[int, int]:
    """What the panel's buttons' sizes follow: the panel's width and the buttons' height."""
    return _panel_width(size), fonts.grow(30 if size[1] < 720 else 36)


def _step(size: int) -> int:
    """From a line of the panel's words in ``size`` to the next."""
    return max(size + 4, fonts.line_height(size))


TEXT_KEPT = 0.4
"""The share of the panel's height its words keep above the buttons: where the buttons
would take more (large text in a short window), they scroll."""


class LessonScene(Scene):
    def __init__(self, services: Services, game_id: str, units: Sequence[Unit],
                 index: int = 0, after: Scene | None = None) -> None:
        super().__init__(services)
        self.after = after
        """What the lesson gives way to when it ends or is left (the lesson list it was not
        opened from, as from the first-time offer); None: the screen under it."""
        self.game = services.games.get(game_id)
        self.units = tuple(units)
        self.index = index
        self.step_index = 0
        self.plugin = services.plugin(game_id)
        self.view = services.make_view(game_id)
        self.board = BoardHost(self.view)
        self.contexts = (f"game:{game_id}", inp.PLAY, inp.GLOBAL)
        self.keys = BoardKeys(services.table, self.view, self.contexts[:2], self.command,
                              lambda words: services.speech.say(words, True))
        """The board cursor (``game.client.access``): a lesson plays without a pointer too."""
        self.buttons: dict[Any, str] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._scrolls = False
        """The panel's buttons are in a part that scrolls (large text in a short window)."""
        self._buttons_top = 0
        """Where the panel's buttons begin: its words stop above."""
        self._clock = 0.0
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self._retry_at: float | None = None
        self._computer: ComputerSeat | None = None
        self._thinking = False
        self._recorded = False
        self._interactive = False
        self._explained = False
        """The passed step's explanation is on screen: only Continue goes on from it."""
        self.attempt = self._new_attempt()

    @property
    def unit(self) -> Unit:
        return self.units[self.index]

    @property
    def step(self) -> Step:
        return self.unit.steps[self.step_index]

    def _new_attempt(self) -> Attempt:
        if self.step_index == 0 and isinstance(self.view, FitsMany):  # a unit starts
            self.view.fit_many(answer_positions(self.game, self.unit.steps))
        attempt = Attempt(self.game, self.step)
        self.view.show(attempt.match.state)
        self._set_interactive(attempt.learners_turn)
        self._retry_at = None
        self._thinking = False
        self._explained = False
        if self._computer is not None:
            self._computer.cancel()
        return attempt

    def exit(self) -> None:
        if self._computer is not None:
            self._computer.close()
        super().exit()

    def resume(self) -> None:
        self.view.set_colours(self.services.colours())
        self.view.set_speed(self.services.settings.anim_speed)
        self._build_root()

    # -- layout --------------------------------------------------------------------------

    def resize(self) -> None:
        """The panel's buttons keep their sizes in most windows (the panel is as wide from
        1140 pixels up; they are as tall from 720): a resize then moves them, with the
        panel's bottom right corner, and lays out the board again; else they are made anew."""
        old, size = self._built_for, self.services.surface_size()
        if self.root is None or old is None or _button_size(old) != _button_size(size) \
                or self._scrolls or self._specs(size, 0)[1]:
            self._build_root()
            return
        self._refit_root()
        self._place(size)
        dx, dy = size[0] - old[0], size[1] - old[1]
        for widget in self.buttons:
            x, y = widget.relative_rect.topleft
            widget.set_relative_position((x + dx, y + dy))
        self._buttons_top += dy

    def _place(self, size: tuple[int, int]) -> None:
        """The panel and the board for a window of ``size``."""
        width = _panel_width(size)
        self.panel = pygame.Rect(size[0] - width, 0, width, size[1])
        title = fonts.grow(36)  # (the title above the board grows with the text)
        self.board.layout(pygame.Rect(MARGIN, MARGIN + title, size[0] - width - 2 * MARGIN,
                                      size[1] - 2 * MARGIN - title))

    def build(self, size: tuple[int, int]) -> None:
        self._place(size)
        self.buttons = {}
        specs, scrolls = self._specs(size, 0)
        view = None
        if scrolls:  # the buttons scroll, under the words (at least their share)
            specs, _ = self._specs(size, move_buttons.SCROLL_BAR)
            pitch = _button_size(size)[1] + move_buttons.GAP
            words = 50 + sum(_step(line[1]) for line in self._panel_lines(1.0, self.panel.w - 28))
            top = max(round(size[1] * TEXT_KEPT), min(words + 8, size[1] - 14 - 2 * pitch))
            view = pygame.Rect(self.panel.x + 8, top, self.panel.w - 8, size[1] - 14 - top)
            first = min(spec.rect.top for spec in specs)
            specs = [spec._replace(rect=spec.rect.move(0, top - first)) for spec in specs]
        self._scrolls = view is not None
        self._buttons_top = view.top if view is not None else min(
            (spec.rect.top for spec in specs), default=self.panel.bottom)
        made = move_buttons.Buttons()
        made.make(specs, self.services.ui, self.root, view)
        self.buttons = made.named
        self._refresh()

    def _specs(self, size: tuple[int, int], gutter: int
               ) -> tuple[list[move_buttons.Spec], bool]:
        """The panel's buttons from its foot up, ``gutter`` narrower than the panel, and
        whether they reach above the words' share of it."""
        width = self.panel.w
        x, inner = self.panel.x + 14, width - 28 - gutter
        button_h = _button_size(size)[1]
        measure = functools.partial(button_width, self)
        rows: list[move_buttons.Row] = [
            [(action.label, action.id, action.hint) for action in self.board.actions[i:i + 2]]
            for i in range(0, len(self.board.actions), 2)]
        rows += [[(f"Confirm ({self._key(c.CONFIRM)})", c.CONFIRM, "")],
                 [("Clear", c.CLEAR, ""), ("Show me", SHOW, "")],
                 [("Restart step", RESTART, ""), (f"Continue ({self._key(c.REDO)})", NEXT, "")],
                 [("Back", c.BACK, "")]]
        specs, bottom = move_buttons.grid(rows, pygame.Rect(x, 0, inner, button_h), measure)
        lift = size[1] - 14 - (bottom - move_buttons.GAP)
        specs = [spec._replace(rect=spec.rect.move(0, lift),
                               object_id="#primary" if spec.name == c.CONFIRM else "")
                 for spec in specs]
        return specs, lift < round(size[1] * TEXT_KEPT)

    def _key(self, command: str) -> str:
        """The key to name for ``command``: a plain one (Right) before a chord (Ctrl+Y)."""
        keys = sorted(self.services.table.keys(inp.PLAY, command), key=lambda key: "+" in key)
        return inp.pretty(keys[0]) if keys else "unbound"

    def _refresh(self) -> None:
        for widget, name in self.buttons.items():
            enable(widget, self._live(name))

    def _live(self, name: str) -> bool:
        """Whether the panel button ``name`` applies now. Confirm only when the view holds a
        move that waits for it (a click plays a Forts move at once; nothing is confirmed)."""
        if name == NEXT:
            return self._explained
        if name in (c.BACK, RESTART):
            return True
        if not (self.attempt.learners_turn and self.board.offers(name)):
            return False
        return name != c.CONFIRM or self.view.proposal().move is not None

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        command = pressed(self.buttons, event)
        return None if command is None else self.command(command)

    @property
    def board_area(self) -> pygame.Rect:
        return self.board.area

    def command(self, command: Command) -> Transition | None:
        name = command.name
        if name == c.POINT:
            self.board.point(command.pos)
            return None
        if name == c.BACK:
            return self._leave()
        if name == c.HELP:
            return Push(self.services.scenes.help(self.services, self.game.info.id))
        if name in (RESTART, c.TAKE_BACK):
            self.attempt = self._new_attempt()
            self.message = None
            self._refresh()
            return None
        if self.board.skip(name, self._clock):
            return None
        if self.attempt.verdict is Verdict.PASSED:
            # Only Continue goes on, once the step's explanation is shown: a Return meant
            # for the board (a habit after a move) must never skip it.
            return self._next() if name in (NEXT, c.REDO) and self._explained else None
        if not self.attempt.learners_turn:
            return None
        if name in (SHOW, c.HINT):
            self._show_answer()
            return None
        answer = self.board.handle(command)
        if answer is None:
            return None
        if answer.feedback is not None:
            self._feedback(answer.feedback)
        if answer.no_move:
            self._refuse(answer.problem or "there is no move to confirm yet")
        elif answer.move is not None:
            self._play(answer.move)
        return None

    def _feedback(self, feedback: Feedback) -> None:
        self._refresh()  # a selection may have made an action apply, or stop applying
        if feedback.refused and feedback.message:
            self._say(feedback.message, palette.WARN)
        if feedback.cue:
            self.services.sounds.play(feedback.cue)

    def _say(self, text: str, colour: tuple[int, int, int]) -> None:
        self.message = (text[:1].upper() + text[1:], colour)

    def _refuse(self, reason: str) -> None:
        self._say(reason, palette.WARN)
        self.services.sounds.play("refuse")

    # -- moves ---------------------------------------------------------------------------

    def _play(self, move: object) -> None:
        problem = self.attempt.refusal(move)
        if problem is not None:
            self._refuse(problem)
            return
        self.message = None
        self._animate(lambda: self.attempt.play(move))

    def _animate(self, play: Any) -> None:
        before = self.attempt.match.state
        try:
            result = play()
        except GameError as err:
            self._refuse(str(err))
            self.attempt.verdict = Verdict.FAILED
            self._retry_at = self._clock + RETRY_DELAY
            return
        self.view.animate(before, result, self._clock)
        self._set_interactive(False)
        self._refresh()

    def _show_answer(self) -> None:
        """Load the answer's next move of the learner's as the pending, previewed selection."""
        answer = tuple(self.game.format_move(self.game.parse_move(t)) for t in self.step.answer)
        played = self.attempt.match.moves
        if tuple(played) != answer[: len(played)] or len(played) >= len(answer):
            self._say("Restart the step to see its answer from the beginning.", palette.MUTED)
            return
        move = self.game.parse_move(answer[len(played)])
        words = self.plugin.describe(self.game.format_move(move), self.attempt.match.state)
        if not isinstance(self.view, Suggests):
            self._say(f"Try: {words}", palette.ACCENT)
            return
        feedback = self.view.suggest(move)
        self._feedback(feedback)
        if not feedback.refused:  # the move is on the board, previewed, waiting for Confirm
            self._say(f"Shown on the board: {words}. Confirm ({self._key(c.CONFIRM)}) plays "
                      "it.", palette.ACCENT)

    def _leave(self) -> Transition:
        return Pop() if self.after is None else Replace(self.after)

    def _next(self) -> Transition | None:
        if self.step_index + 1 < len(self.unit.steps):
            self.step_index += 1
        elif self.index + 1 < len(self.units):
            self.index += 1
            self.step_index = 0
            self._recorded = False
        else:
            return self._leave()
        self.message = None
        self.attempt = self._new_attempt()
        self._refresh()
        return None

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        self._clock = clock
        for cue in self.view.cues(clock):
            self.services.sounds.play(cue)
        if self.view.busy(clock):
            return None
        attempt = self.attempt
        if attempt.reply_due():
            self._reply()
        elif attempt.verdict is Verdict.PASSED:
            self._passed()
        elif attempt.verdict is Verdict.FAILED:
            self._failed(clock)
        elif attempt.learners_turn and not self._interactive:
            self._set_interactive(True)
            self._refresh()
        return None

    def _set_interactive(self, on: bool) -> None:
        """Hand the board to the learner or take it back (this drops any selection)."""
        self._interactive = on
        self.view.set_interactive(on)

    def _reply(self) -> None:
        scripted = self.attempt.scripted_reply()
        if scripted:
            self._animate(lambda: self.attempt.play_reply(self.game.parse_move(scripted)))
            return
        decision = self._ask_computer()
        if decision is not None:
            self._thinking = False
            self._animate(lambda: self.attempt.play_reply(decision.move))

    def _ask_computer(self) -> Decision[Any] | None:
        game_id = self.game.info.id
        try:
            if self._computer is None:
                levels = self.services.computers.levels(game_id)
                if not levels:
                    raise LookupError("no computer player to answer")
                self._computer = self.services.computers.seat(game_id, levels[-1])
            if not self._thinking:
                self._thinking = True
                self._computer.start(self.attempt.match)
            return self._computer.poll()
        except Exception as err:  # the seat's message is written for people
            self._refuse(f"the other side cannot answer: {err}")
            self.attempt.verdict = Verdict.FAILED
            self._retry_at = self._clock + RETRY_DELAY
            return None

    def _passed(self) -> None:
        if self.message is None or self.message[1] != palette.GOOD:
            last = self.step_index + 1 == len(self.unit.steps)
            words = self.step.done or "Well done!"
            if last:
                words += f"  {self.unit.kind} complete."
            more = last and self.index + 1 == len(self.units)
            key = self._key(c.REDO)
            words += f"  Continue ({key}): back to the list." if more else (
                f"  Continue ({key}) when you are ready.")
            self._explained = True
            self._say(words, palette.GOOD)
            self.services.sounds.play("fanfare" if last else "click")
            self._refresh()
        if self.step_index + 1 == len(self.unit.steps) and not self._recorded:
            self._recorded = True
            problem = self.services.learning.mark_done(self.game.info.id, self.unit.id)
            if problem:
                self.services.toasts.show(problem, "error")

    def _failed(self, clock: float) -> None:
        if self._retry_at is None:
            self._retry_at = clock + RETRY_DELAY
            self._say((self.step.wrong or "That missed the goal.") + "  Let's try again.",
                      palette.WARN)
            self.services.sounds.play("refuse")
            self._refresh()
        elif clock >= self._retry_at:
            message = self.message
            self.attempt = self._new_attempt()
            self.message = message
            self._refresh()

    def capture(self, event: pygame.event.Event) -> bool:
        """The board cursor's keys come before the input table's."""
        binding = inp.binding_of(event) if event.type == pygame.KEYDOWN else None
        return binding is not None and not self.dialog_open() and self.keys.key(binding)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.view.draw(surface, clock)
        self._draw_marks(surface, clock)
        self.keys.draw(surface, clock)
        title = fonts.text(f"{self.game.info.title}: learn to play", 30, palette.ACCENT, True)
        surface.blit(title, (MARGIN + 4, MARGIN))
        self._draw_panel(surface)

    def marks_shown(self, clock: float) -> tuple[str, ...]:
        """The step's places to look at, while it is played and the board is still: once
        the step is over they would outline a hex the piece has left."""
        if not isinstance(self.view, Marks) or self.view.busy(clock) or \
                self.attempt.verdict is not Verdict.PLAYING:
            return ()
        return self.step.marks

    def _draw_marks(self, surface: pygame.Surface, clock: float) -> None:
        marks = self.marks_shown(clock)
        if not marks or not isinstance(self.view, Marks):
            return
        glow = round(170 + 85 * abs(math.sin(clock * 3)))
        for name in marks:
            rect = self.view.mark_rect(name)
            if rect is not None:
                pygame.draw.rect(surface, (glow, glow * 209 // 255, 102), rect.inflate(8, 8), 4,
                                 border_radius=6)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.panel
        pygame.draw.rect(surface, palette.PANEL, panel)
        pygame.draw.line(surface, palette.GRID, panel.topleft, panel.bottomleft, 2)
        x = panel.x + 14
        first = self._buttons_top
        top = self._draw_seat(surface, x, 16)
        for scale in (1.0, 0.88, 0.76):  # smaller print before anything is cut off
            lines = self._panel_lines(scale, panel.w - 28)
            if top + sum(_step(size) for _, size, _, _ in lines) <= first - 8:
                break
        y = top
        for text, size, colour, bold in lines:
            if y + _step(size) > first - 8:
                break
            surface.blit(fonts.text(text, size, colour, bold), (x, y))
            y += _step(size)

    def _panel_lines(self, scale: float,
                     width: int) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """The panel's text as (line, size, colour, bold), the sizes times ``scale``."""
        small, body, big = round(22 * scale), round(24 * scale), round(30 * scale)
        unit = self.unit
        lines = [(f"{unit.kind} {self.index + 1} of {len(self.units)}", small, palette.MUTED,
                  False)]
        lines += [(line, big, palette.TEXT, True)
                  for line in fonts.wrap(unit.title, big, width, bold=True)]
        if len(unit.steps) > 1:
            lines.append((f"Step {self.step_index + 1} of {len(unit.steps)}", small,
                          palette.MUTED, False))
        lines += [(line, body, palette.TEXT, False)
                  for line in fonts.wrap(self.step.say, body, width)]
        if self.message is not None:
            words, colour = self.message
            lines.append(("", 8, colour, False))
            lines += [(line, body, colour, False) for line in fonts.wrap(words, body, width)]
        elif self._thinking:
            lines.append(("The other side is thinking...", body, palette.MUTED, False))
        elif self.attempt.learners_turn:
            lines.append(("", 8, palette.MUTED, False))
            lines += [(line, small, palette.MUTED, False)
                      for line in fonts.wrap(self.view.status(), small, width)]
        return lines

    def _draw_seat(self, surface: pygame.Surface, x: int, y: int) -> int:
        """Which side the learner plays, in the colour the board draws it (a game's own, as
        Push Fight's White and Brown, else the player's choice)."""
        if self.game.info.players < 2:
            return y
        seat = self.attempt.learner
        colour = seat_colours(self.plugin.seat_colours, self.services.colours())[seat]
        pygame.draw.rect(surface, colour, pygame.Rect(x, y + 2, 22, 22), border_radius=5)
        side = self.attempt.match.seats[seat].name
        if self.plugin.seat_colours is None:  # the colour is what the player sees and chose;
            side = palette.colour_name(colour) or "this colour"  # "Player 1" says nothing
        words = fonts.text(f"You play {side}", 24, colour, True)
        surface.blit(words, (x + 32, y))
        return y + 34
