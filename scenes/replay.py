"""Replays: step, play, scrub and branch through a game's history, with its animations.

Stepping forward animates the recorded move's events exactly as play did; stepping back
shows the earlier position at once. "Continue from here" branches a new match from the
position shown (``Match.branch``) and opens it in the play scene.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import pygame
import pygame_gui

from game.client.access.stops import ListStop
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Pop, Push, Replace, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import storage
from game.client.match import result
from game.client.view import Flips, flip, last_turn, seat_colours, turned
from game.client.widgets import top_bar
from game.client.widgets.fitted import Fitted
from game.client.widgets.movelist import History, MoveList
from game.client.widgets.panel import turn_info
from game.client.widgets.slider import JumpSlider
from game.core.match import Match
from game.core.text import counted
from scenes import layout
from scenes.common import button, file_dialog, open_match, save_match_to
from scenes.review_panel import ReviewPanel

SPEEDS: Final = (0.25, 0.5, 1.0, 2.0, 4.0)
PAUSE_BETWEEN: Final = 0.6
"""Seconds (at speed 1) between one move's animation ending and the next starting."""
SEAT_LINE: Final = 30
KEY_HINTS: Final = ((c.STEP_BACK, "back"), (c.STEP_FORWARD, "forward"),
                    (c.PLAY_PAUSE, "play or pause"), (c.TO_START, "start"), (c.TO_END, "end"),
                    (c.BACK, "leave"))
"""The keys the message strip shows while it has no message (the transport row's)."""
STEPS: Final = (c.STEP_BACK, c.STEP_FORWARD, c.TO_START, c.TO_END)
"""The transport row's commands that stop playing and show another position."""


class ReplayScene(Scene):
    contexts: tuple[str, ...] = (inp.REPLAY, inp.GLOBAL)
    TITLE = "Replay"
    REVIEWS = True
    """Whether the computer's review is on offer here (never for a table being watched)."""

    def __init__(self, services: Services, match: Match, from_play: bool = False,
                 source: Path | None = None, review: bool = False) -> None:
        """``source``: the file the game is kept in (a review is stored there);
        ``review``: start the computer's review at once."""
        super().__init__(services)
        self.match = match
        self.from_play = from_play
        self.cursor = match.ply
        self.playing = False
        self.speed_index = SPEEDS.index(1.0)
        self.plugin = services.plugin(match.game.info.id)
        self.view = services.make_view(match.game.info.id)
        self.view.set_interactive(False)
        self.contexts = (inp.REPLAY, f"game:{match.game.info.id}", inp.GLOBAL)
        self.view.show(match.state_at(self.cursor), last_turn(match, self.cursor))
        self.buttons: dict[Any, str] = {}
        self.slider: Any = None
        self.history = History(self.plugin, lambda: [
            seat for seat, info in enumerate(match.seats) if not info.is_computer])
        self.history.sync(match)
        self.moves = MoveList()
        self.moves_stop = ListStop("Moves", self.moves, self._jump)
        """The move list as a stop of the Tab focus: Return on a move jumps there."""
        self._pointer: tuple[int, int] | None = None
        self.fitted = Fitted()
        """Lines drawn this frame shorter than their text, and the whole text (on hover)."""
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.messages = pygame.Rect(0, 0, 0, 0)
        self._clock = 0.0
        self._next_at = 0.0
        self._apply_speed()
        self.review = ReviewPanel(self, self.REVIEWS and match.is_over, source, review)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def _apply_speed(self) -> None:
        self.view.set_speed(self.services.settings.anim_speed * self.speed)

    def resume(self) -> None:
        self.view.set_colours(self.services.colours())
        self._apply_speed()
        self._build_root()

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        """The board where play puts it; controls, timeline and the move list in the panel."""
        self.panel = layout.panel(size)
        self.board_area = self.review.layout(layout.board_area(size), size)
        self.messages = layout.message_strip(size)
        self.view.layout(self.board_area)
        self.buttons = {}
        x, inner = self.panel.x + 14, self.panel.w - 28
        button_h = fonts.grow(32 if size[1] < 720 else 38)
        y = 16 + len(self.match.seats) * SEAT_LINE + 8
        transport = [("|<", c.TO_START), ("<", c.STEP_BACK), ("Play", c.PLAY_PAUSE),
                     (">", c.STEP_FORWARD), (">|", c.TO_END)]
        y = self._row(transport, x, y, inner, button_h, tips=False)
        self.slider = JumpSlider(
            pygame.Rect(x, y, inner, fonts.grow(28)), self.cursor, (0, max(1, self.match.ply)),
            self.services.ui, container=self.root,
        )
        y += 34
        looks = [("Flip", c.FLIP_BOARD)] if isinstance(self.view, Flips) else []
        y = self._row([("Slower", c.SLOWER), ("Faster", c.FASTER), *looks], x, y, inner,
                      button_h)
        self.buttons[button(self, pygame.Rect(x, y, inner, button_h + 4), "Continue from here",
                            "Play on from the position shown", "#primary")] = "continue"
        y += button_h + 10
        self.buttons[button(self, pygame.Rect(x, y, inner, button_h), "Back",
                            self._tip(c.BACK))] = c.BACK
        y += button_h + 10
        self.moves.layout(pygame.Rect(x - 6, y, inner + 12, max(0, size[1] - y - 10)))
        self.review.build()
        self._sync_widgets()

    def _row(self, items: list[tuple[str, str]], x: int, y: int, inner: int,
             button_h: int, tips: bool = True) -> int:
        """A row of equal buttons across the panel; returns the next free y. Without
        ``tips`` (the transport row, over the timeline a tip would cover) the message strip
        names their keys."""
        cell = (inner - 6 * (len(items) - 1)) // len(items)
        for i, (text, name) in enumerate(items):
            rect = pygame.Rect(x + i * (cell + 6), y, cell, button_h)
            self.buttons[button(self, rect, text, self._tip(name) if tips else "")] = name
        return y + button_h + 6

    def _tip(self, name: str) -> str:
        key = self._key(name)
        return f"Key: {key}" if key else ""

    def _key(self, name: str) -> str:
        keys = self.services.table.keys(inp.REPLAY, name)
        return inp.pretty(keys[0]) if keys else ""

    def message_area(self) -> pygame.Rect | None:
        return self.messages

    def _sync_widgets(self) -> None:
        if self.slider is not None and int(self.slider.get_current_value()) != self.cursor:
            self.slider.set_current_value(self.cursor)
        for widget, name in self.buttons.items():
            if name == c.PLAY_PAUSE:
                widget.set_text("Pause" if self.playing else "Play")
        colours = seat_colours(self.plugin.seat_colours, self.services.colours())
        self.moves.show(self.history.turns, self.cursor, colours, marks=self.review.marks())

    # -- moving through the history ------------------------------------------------------

    def go_to(self, ply: int, animate: bool = False) -> None:
        self.review.leave_line()
        ply = max(0, min(self.match.ply, ply))
        if animate and ply == self.cursor + 1:
            self.view.animate(self.match.state_at(self.cursor), self.match.results[self.cursor],
                              self._clock)
        else:
            self.view.show(self.match.state_at(ply), last_turn(self.match, ply))
        self.cursor = ply
        if self.cursor >= self.match.ply:
            self.playing = False
        self._sync_widgets()

    def command(self, command: Command) -> Transition | None:
        name = command.name
        if name == c.POINT:
            self._pointer = command.pos
            self.moves.hover(command.pos)
            self.review.hover(command.pos)
            return None
        if self.review.handles(name):
            self.playing = False
            return self.review.command(name)
        if name in (c.SKIP, c.SELECT):
            self.view.skip()
        elif name in STEPS:
            self._step(name)
        elif name == c.PLAY_PAUSE:
            self._toggle_play()
        elif name in (c.FASTER, c.SLOWER):
            self._change_speed(1 if name == c.FASTER else -1)
        elif name == "continue":
            return self._continue()
        elif name == c.SAVE:
            self._ask_save()
        elif name == c.OPEN:
            self._ask_open()
        elif name == c.FLIP_BOARD:
            self._flip()
        elif name == c.HELP:
            return Push(self.services.scenes.help(self.services, self.match.game.info.id))
        elif name == c.BACK:
            return Pop()
        return None

    def _step(self, name: str) -> None:
        """One of ``STEPS``: playing stops; a step forward animates the move as play did,
        the others show their position at once."""
        self.playing = False
        if name == c.STEP_FORWARD:
            self.view.skip()
            self.go_to(self.cursor + 1, animate=True)
        else:
            ends = {c.STEP_BACK: self.cursor - 1, c.TO_START: 0, c.TO_END: self.match.ply}
            self.go_to(ends[name])

    def _change_speed(self, step: int) -> None:
        """One of ``SPEEDS`` faster (``step`` 1) or slower (-1), said in a toast."""
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        self._apply_speed()
        self.services.toasts.show(f"Replay speed x{self.speed:g}")

    def _ask_save(self) -> None:
        """Save the game, with the computer's review if it has one, where the player says."""
        dialog = file_dialog(self, "Save game", self.services.paths.saves,
                             storage.default_save_name(self.match), must_exist=False)
        self.watch(dialog, lambda event: save_match_to(self, Path(event.text), self.match,
                                                       self.review.analysis))

    def _ask_open(self) -> None:
        dialog = file_dialog(self, "Open a game", self.services.paths.saves)
        self.watch(dialog, lambda event: self._opened(Path(event.text)))

    def _flip(self) -> None:
        """Turn the board round, or say why it does not turn."""
        feedback = flip(self.view)
        if feedback.message:
            self.services.toasts.show(feedback.message, "error" if feedback.refused else "info")

    def _toggle_play(self) -> None:
        if not self.playing and self.cursor >= self.match.ply:
            self.go_to(0)
        self.playing = not self.playing
        self._next_at = self._clock
        self._sync_widgets()

    def _continue(self) -> Transition | None:
        branch = self.match.branch(self.cursor)
        if branch.is_over:
            self.services.toasts.show("The game is over here: step back to play on", "error")
            self.services.sounds.play("refuse")
            return None
        branch.created = storage.now_iso()
        play = self.services.scenes.play(self.services, branch, autosave_now=True,
                                         flipped=turned(self.view))
        turn = self.history.turn_of(self.cursor - 1) if self.cursor else None
        where = f"move {turn.number}" if turn is not None and turn.number else "the start"
        self.services.toasts.show(f"A new game began from {where}; the game you watched is "
                                  "kept as it was", "good")
        return Pop(2, then=play) if self.from_play else Replace(play)

    def _opened(self, path: Path) -> Transition | None:
        match = open_match(self, path)
        return None if match is None else Replace(ReplayScene(self.services, match, source=path))

    def capture(self, event: pygame.event.Event) -> bool:
        """The move list's pointer: a click jumps to the position a line leads to, the
        wheel over it scrolls it."""
        if self.moves.wheel(event, self._pointer):
            return True
        ply = None if self.dialog_open() else self.moves.clicked(event)
        if ply is None and not self.dialog_open():
            ply = self.review.clicked(event)
        if ply is None or ply < 0:
            return False
        self._jump(ply)
        return True

    def _jump(self, ply: int) -> None:
        """Show the position after ``ply`` moves at once (a click on the list or graph)."""
        self.playing = False
        self.view.skip()
        self.go_to(ply)

    def stops(self) -> list[ListStop]:
        return [self.moves_stop]

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            return self.command(Command(self.buttons[event.ui_element]))
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.playing = False
            self.go_to(int(event.value))
        return None

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        self._clock = clock
        if self.review.update():
            self._sync_widgets()
        for cue in self.view.cues(clock):
            self.services.sounds.play(cue)
        if self.playing and not self.view.busy(clock):
            if self._next_at <= clock:
                self.go_to(self.cursor + 1, animate=True)
                self._next_at = clock + PAUSE_BETWEEN / self.speed
        elif self.view.busy(clock):
            self._next_at = clock + PAUSE_BETWEEN / self.speed
        return None

    def animating(self, clock: float) -> bool:
        return self.playing or self.view.busy(clock) or self.review.running

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.fitted.clear()
        self.view.draw(surface, clock)
        where = self.review.where() or self._where()
        outcome = self.match.outcome_at(self.cursor)
        if outcome is not None:
            where += f"  ·  {result.words(self.match.seats, outcome).line}"  # names
        where += f"  ·  speed x{self.speed:g}" + ("  (playing)" if self.playing else "")
        top_bar.draw(surface, self.board_area, f"{self.TITLE}: {self.match.game.info.title}",
                     where, palette.TEXT, self.fitted, (layout.MARGIN, layout.MARGIN))
        self._draw_panel(surface)
        self.moves.draw(surface)
        self.review.draw(surface, seat_colours(self.plugin.seat_colours, self.services.colours()))
        self._draw_keys(surface)
        self.fitted.draw_tip(surface, self._pointer, self.panel)

    def _draw_keys(self, surface: pygame.Surface) -> None:
        """The message strip names the transport keys while it has no message."""
        if not self.services.toasts.items:
            turn_info.key_strip(surface, self.messages, [
                f"{self._key(name)} {words}" for name, words in KEY_HINTS if self._key(name)])

    def exit(self) -> None:
        self.review.close()
        super().exit()

    def _where(self) -> str:
        """The position shown, as the player counts: the move (a turn), and the action of
        it when a turn has several."""
        total = self.history.played()
        turn = self.history.turn_of(self.cursor - 1) if self.cursor else None
        if turn is None:
            return f"Start  ·  {counted(total, 'move')}"
        index = next(i for i, action in enumerate(turn.actions) if action.ply == self.cursor - 1)
        words = turn.actions[index].words
        if not turn.number:
            return words
        part = f" (action {index + 1} of {len(turn.actions)})" if len(turn.actions) > 1 else ""
        return f"Move {turn.number} of {total}{part}: {words}"

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's background and each player's line (name and score where shown)."""
        panel = self.panel
        pygame.draw.rect(surface, palette.PANEL, panel)
        pygame.draw.line(surface, palette.GRID, panel.topleft, panel.bottomleft, 2)
        state = self.match.state_at(self.cursor)
        colours = seat_colours(self.plugin.seat_colours, self.services.colours())
        for seat, info in enumerate(self.match.seats):
            y = 16 + seat * SEAT_LINE
            swatch = pygame.Rect(panel.x + 14, y + 4, 20, 20)
            pygame.draw.rect(surface, colours[seat], swatch, border_radius=5)
            right = self._seat_mark(surface, pygame.Rect(swatch.x, y, panel.w - 28, SEAT_LINE),
                                    seat)
            self.fitted.blit(surface, f"{info.name}  ·  {self.plugin.figure(state, seat)}", 24,
                             palette.TEXT, right - swatch.right - 12, (swatch.right + 10, y + 2))

    def _seat_mark(self, surface: pygame.Surface, line: pygame.Rect, seat: int) -> int:
        """Draw what a seat's ``line`` shows at its right end beside the name (nothing
        here); returns the x the name must end before."""
        return line.right
