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

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.app import commands as c
from game.client.app.commands import Command
from game.client.app.scene import Pop, Replace, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.match.computer import ComputerSeat
from game.client.view import FitsMany, Marks, Suggests
from game.core.errors import GameError
from game.core.learn import Attempt, Step, Verdict, answer_positions
from game.core.player import Decision
from scenes.common import enable
from scenes.learning.board_panel import MARGIN, BoardPanelScene, Line, panel_width

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


def _button_size(size: tuple[int, int]) -> tuple[int, int]:
    """What the panel's buttons' sizes follow: the panel's width and the buttons' height."""
    return panel_width(size), fonts.grow(30 if size[1] < 720 else 36)


class LessonScene(BoardPanelScene):
    def __init__(self, services: Services, game_id: str, units: Sequence[Unit],
                 index: int = 0, after: Scene | None = None) -> None:
        super().__init__(services, services.games.get(game_id))
        self.after = after
        """What the lesson gives way to when it ends or is left (the lesson list it was not
        opened from, as from the first-time offer); None: the screen under it."""
        self.units = tuple(units)
        self.index = index
        self.step_index = 0
        self._retry_at: float | None = None
        self._computer: ComputerSeat | None = None
        self._thinking = False
        self._recorded = False
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
        self._follow_settings()
        self._build_root()

    # -- layout --------------------------------------------------------------------------

    def resize(self) -> None:
        """The panel's buttons keep their sizes in most windows (the panel is as wide from
        1140 pixels up; they are as tall from 720): a resize then moves them, with the
        panel's bottom right corner, and lays out the board again; else they are made anew."""
        old, size = self._built_for, self.services.surface_size()
        if self.root is None or old is None or _button_size(old) != _button_size(size) \
                or not self._moved_with_the_window(old, size, _button_size(size)[1]):
            self._build_root()

    def build(self, size: tuple[int, int]) -> None:
        self._place(size)
        self.buttons = {}
        self._build_buttons(size, _button_size(size)[1], [
            [("Clear", c.CLEAR, ""), ("Show me", SHOW, "")],
            [("Restart step", RESTART, ""), (f"Continue ({self._key(c.REDO)})", NEXT, "")],
            [("Back", c.BACK, "")]], "")
        self._refresh()

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

    @property
    def board_area(self) -> pygame.Rect:
        return self.board.area

    def board_command(self, command: Command) -> Transition | None:
        name = command.name
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
        self._answer(command)
        return None

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
        self._tick(clock)
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
        glow = palette.shade(palette.ACCENT, (170 + 85 * abs(math.sin(clock * 3))) / 255)
        for name in marks:
            rect = self.view.mark_rect(name)
            if rect is not None:
                pygame.draw.rect(surface, glow, rect.inflate(8, 8), 4,
                                 border_radius=6)

    def panel_lines(self, scale: float = 1.0, width: int = 300) -> list[Line]:
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
        waiting = "The other side is thinking..." if self._thinking else None
        return lines + self._foot_lines(small, body, width, waiting,
                                        self.attempt.learners_turn)

    def _player_seat(self) -> int:
        return self.attempt.learner

    def _side(self, colour: tuple[int, int, int]) -> str:
        if self.plugin.seat_colours is None:  # the colour is what the player sees and chose;
            return palette.colour_name(colour) or "this colour"  # "Player 1" says nothing
        return self.attempt.match.seats[self.attempt.learner].name
