"""Play of any game through its view: select, preview, confirm, animate.

The match is played at a ``game.client.match.table.Table``; the scene hosts the board
(``game.client.widgets.board_host``), the panel's widgets (seat cards, the turn's lines, the
result card, the move buttons, the top bar) and the keyboard's (``game.client.access``), and
routes commands to ``scenes.play_parts`` (the moves' flow, looking back, hints, endings,
files, the keys named). Every refusal is shown as a toast with the rules' reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.client.access.play import PlayAccess
from game.client.access.stops import ListStop
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Push, Replace, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import autosaves
from game.client.match import result
from game.client.match.computer import ComputerSeat
from game.client.match.table import MovingSeat
from game.client.view import Feedback, Flips, Swatches, last_turn, seat_colours
from game.client.widgets import top_bar
from game.client.widgets.board_host import BoardHost
from game.client.widgets.movelist import History, MoveList
from game.client.widgets.panel import move_buttons
from game.client.widgets.panel.side_panel import Ended, SidePanel, Turn
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.record import Online
from scenes import layout
from scenes.common import button_width, copy_watch_code
from scenes.demo import next_demo
from scenes.play_parts import controls, endings, files, keys
from scenes.play_parts.flow import SELECTION, Follow, MatchFlow
from scenes.play_parts.hints import Hints
from scenes.play_parts.keys import KeyNames
from scenes.play_parts.lookback import LookBack
from scenes.play_parts.seating import computer_seats, table_for
from scenes.play_parts.words import MatchWords


class PlayScene(Scene):
    """A match at its table, its board and side panel. The ``_``-methods marked "hook" are
    where a kind of play that adds to it (``scenes.online.play``) says what it adds."""

    KEY_HINTS: tuple[tuple[str, str], ...] = keys.HINTS
    """The message strip's keys of play (a kind of play leaves out those it has not)."""
    MOVES_KEPT = 3
    """Lines of moves the list keeps under the panel's buttons (one fewer with larger text,
    its lines taller): where the buttons would take them, they scroll instead (in rows
    shown whole, so about as many lines)."""

    def __init__(self, services: Services, match: Match, demo: bool = False,
                 resumed_from: Path | None = None, back_to: str | None = None) -> None:
        super().__init__(services)
        self.match = match
        self.back_to = back_to  # the named screen leaving goes back to (the lobby); None: menu
        self.demo = demo
        """A computer-vs-computer demo: never autosaved, and the next demo follows."""
        self.slot = None if demo else autosaves.Slot(services.paths, resumed_from)
        """This game's own autosave (a resumed game continues in a new one)."""
        self.plugin = services.plugin(match.game.info.id)
        self.view = services.make_view(match.game.info.id)
        self.board = BoardHost(self.view)
        self.contexts = (f"game:{match.game.info.id}", inp.PLAY, inp.GLOBAL)
        self.keys = KeyNames(services, self.contexts[0])
        self.controls = move_buttons.Buttons()
        self.side = SidePanel()
        self.side.swatches = self.view if isinstance(self.view, Swatches) else None
        self.messages = pygame.Rect(0, 0, 0, 0)
        self._built_over = match.is_over
        self.view.show(match.state, last_turn(match, match.ply))
        self._clock = 0.0
        self.hints = Hints(services, match, self.plugin, self.view, self._feedback)
        self.table = table_for(services, match, self._moving_seats(), self.slot,
                               self._record_online, self._hinter, self.hints.stopped)
        self.stall = endings.StallWatch(self, match, self.table, self._seats_changed)
        self.history = History(self.plugin, lambda: [
            seat for seat in range(len(match.seats)) if seat not in self.table.seats])
        self.move_list = MoveList()
        self.moves_stop = ListStop("Moves", self.move_list, self.review)  # Tab stop
        self.look = LookBack(match, self.history, lambda: self.keys.name(inp.PLAY, c.BACK))
        self.words = MatchWords(match, self.history, self.plugin, self.spoken_to)
        self.flow = MatchFlow(services, match, self.table, self.view, self.plugin, self.history,
                              self.look, Follow(self._refuse, self._moved_here,
                                                self._human_to_move, self._panel_follows,
                                                lambda: self._clock, self._feedback))
        self._can_confirm = False
        self.history.sync(match)
        self.view.set_interactive(self.table.human_to_move())
        self.access = PlayAccess(self, self._play, self._human_to_move)  # move box, cursor

    def _moving_seats(self) -> dict[int, MovingSeat]:
        """Hook: the seats that move by themselves (here, the computer seats)."""
        return computer_seats(self.services, self.match)

    def _record_online(self) -> Online | None:
        """Hook: where the game is played, for its record (None: here)."""
        return None

    def _hinter(self) -> ComputerSeat:
        """Hook: the computer that suggests moves. Raises ValueError when the game has none."""
        return self.hints.seat()

    @property
    def computers(self) -> dict[int, MovingSeat]:
        """The seats that move by themselves."""
        return self.table.seats

    @property
    def ranked(self) -> str | None:
        """What became of a finished run in the high-score table (games that keep one)."""
        return self.table.ranked

    @property
    def board_area(self) -> pygame.Rect:
        return self.board.area

    @property
    def panel(self) -> pygame.Rect:
        return self.side.rect

    @property
    def reviewing(self) -> int | None:
        """The earlier position shown read-only (a click in the move list), or None: live."""
        return self.look.ply

    @property
    def autosave_path(self) -> Path | None:
        """Where this game is kept (crash reports point to it)."""
        return None if self.slot is None else self.slot.path

    def message_area(self) -> pygame.Rect | None:
        return self.messages

    def exit(self) -> None:
        self.table.close()
        self._left_table()
        super().exit()

    def _left_table(self) -> None:
        """Hook: the scene has closed its table."""

    def _human_to_move(self) -> bool:
        return self.table.human_to_move()

    def resume(self) -> None:
        """Back from pause, settings or help: pick up new colours, speed and keys."""
        self.view.set_colours(self.services.colours())
        self.view.set_speed(self.services.settings.anim_speed)
        self._build_root()

    # -- layout --------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        self.side.place(layout.panel(size), size[1])
        self.messages = layout.message_strip(size)
        self.board.layout(layout.board_area(size))
        self._built_over = self.match.is_over
        specs, y, view = self.side.lay_out_kept(
            len(self.match.seats), self.board.actions, self.board.clicks_play, self.keys.buttons(),
            self._control_rows(), self.result_card() if self.match.is_over else None,
            lambda words: button_width(self, words), self.MOVES_KEPT - (fonts.text_scale() > 1))
        self.controls.make(specs, self.services.ui, self.root, view)
        room = self.panel.bottom - 10 - (y + 4)
        extras = self._extras_room(room)
        self.move_list.layout(pygame.Rect(self.panel.x + 8, y + 4, self.panel.w - 16,
                                          max(0, room - extras)))
        self._show_moves()
        self._build_extras()
        self._refresh_buttons()

    @property
    def buttons(self) -> dict[Any, str]:
        """The panel's buttons, and the command each sends."""
        return self.controls.named

    def _extras_room(self, room: int) -> int:
        """Hook: of the ``room`` under the buttons, the height extras take from the moves."""
        return 0

    def _build_extras(self) -> None:
        """Hook: widgets beyond the panel's buttons."""

    def _control_rows(self) -> list[controls.Row]:
        """Hook: the buttons that apply to this game and its seats, in rows of the panel."""
        return controls.rows(self.table.has_human, self.table.draw_possible(),
                             self.hints.level() is not None, self.match.is_over,
                             self.panel.w >= 360, self.keys.name, self.keys.tip,
                             controls.flip_row(self.view, self.keys.tip(inp.PLAY, c.FLIP_BOARD)))

    def _colours(self) -> tuple[palette.RGB, ...]:
        return seat_colours(self.plugin.seat_colours, self.services.colours())

    def _refresh_buttons(self) -> None:
        over, human = self.match.is_over, self._human_to_move() and self.reviewing is None
        self._can_confirm = human and self.view.proposal().move is not None
        self.controls.refresh(lambda name: self._enabled(name, over, human))

    def _enabled(self, name: str, over: bool, human: bool) -> bool:
        """Hook: whether the panel button ``name`` applies now."""
        return controls.enabled(name, controls.Live(
            self.match, human, self._can_confirm, self.table.has_human, self.reviewing is not None,
            self.flow.busy, controls.human_only(self.view), self.board.offers))

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        name = self.controls.pressed(event)
        return None if name is None else self.command(Command(name))

    def command(self, command: Command) -> Transition | None:
        name = command.name
        if name == c.POINT:
            self.move_list.hover(command.pos)
            self.board.point(command.pos)  # kept there: the list's wheel and the tips read it
            return None
        if name == c.RELEASE:
            if self._human_to_move() and self.reviewing is None:
                self.flow.board_input(self.board, command)
            return None
        human_only = controls.human_only(self.view)
        if self.board.skip(name, self._clock) or self.flow.while_looking(name, human_only):
            return None
        if name in human_only and not self._human_to_move():
            self._refuse(self._wait_reason())
        elif name in (c.SELECT, c.CONFIRM, c.CLEAR) or self.board.is_move_action(name):
            self.flow.board_input(self.board, command)
        else:
            return self._table_command(name)
        return None

    def _table_command(self, name: str) -> Transition | None:
        """A panel command that is not a move on the board."""
        scenes, game_id, asked = self.services.scenes, self.match.game.info.id, (
            self, self.match, self.table, self._refuse, self.flow.ended)
        actions: dict[str, Callable[[], Transition | None]] = {
            c.TAKE_BACK: self._take_back, c.REDO: self.flow.redo,
            c.RESIGN: lambda: endings.ask_resign(*asked),
            c.OFFER_DRAW: lambda: endings.offer_draw(*asked),
            c.HINT: lambda: self.hints.ask(self.table, self._refuse),
            c.FLIP_BOARD: lambda: self._feedback(self.board.flip()),
            c.SAVE: lambda: files.ask_save(self, self.match), c.OPEN: lambda: files.ask_open(self),
            controls.REMATCH: lambda: endings.rematch(self.services, self.match, self.back_to),
            inp.REVIEW: lambda: Push(scenes.replay(
                self.services, self.match, from_play=True, source=self.autosave_path,
                review=self.match.is_over, flipped=self.board.flipped)),
            c.HELP: lambda: Push(scenes.help(self.services, game_id)),
            c.COPY_WATCH_CODE: lambda: copy_watch_code(self, self.watch_code),
            c.BACK: lambda: Push(scenes.pause(self.services, self, game_id, self.back_to,
                                              self.watch_code))}
        return actions[name]() if name in actions else None

    @property
    def watch_code(self) -> str | None:
        """What others watch this game with: a table on a server has one (None here)."""
        return None

    def capture(self, event: pygame.event.Event) -> bool:
        """Keys go first to the move box and cursor (``game.client.access``); a click in the
        move list reviews its position (or goes back to the game), the wheel scrolls it."""
        if self.access.capture(event) or self.move_list.wheel(event, self.board.pointer):
            return True
        ply = None if self.dialog_open() else self.move_list.clicked(event)
        if ply is None:
            return False
        self.review(ply)
        return True

    def holds_keys(self) -> bool:
        return self.access.box.shown

    def stops(self) -> list[ListStop]:
        return [self.moves_stop]

    def command_by_name(self, name: str) -> Transition | None:
        """Run a command as its side-panel button does."""
        return self.command(Command(name))

    def _show_moves(self) -> None:
        """The move list catches up with the match (the cost of the moves added only)."""
        self.history.sync(self.match)
        self.move_list.show(self.history.turns, self.look.shown, self._colours(),
                            back=self.reviewing is not None)

    def _wait_reason(self) -> str:  # hook
        return self.table.wait_reason()

    def _feedback(self, feedback: Feedback) -> None:
        self._refresh_buttons()  # a selection may have made an action apply, or stop applying
        if feedback.message:
            kind = "error" if feedback.refused else "info"
            self.services.toasts.show(feedback.message, kind, SELECTION if kind == "info" else None)
        if feedback.cue:
            self.services.sounds.play(feedback.cue)

    def _refuse(self, reason: str) -> None:
        self._feedback(Feedback(reason[:1].upper() + reason[1:], True, "refuse"))

    # -- moves ---------------------------------------------------------------------------

    def _play(self, move: object) -> None:
        self.flow.play(move)

    def _moved_here(self, ply: int) -> None:
        """Hook: a person here played the move at ``ply``."""

    def _take_back(self) -> None:
        """Hook: take back the last move."""
        self.flow.take_back()

    def _after_move(self) -> None:
        self.flow.after_move()

    def review(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves, read-only; None (or a row of the move list
        past the last move): back to the game."""
        self.flow.review(ply)

    def _panel_follows(self) -> None:
        """The move list, the result card (in or out) and the buttons follow the match."""
        self._show_moves()
        if self.match.is_over != self._built_over:
            self._build_root()
        self._refresh_buttons()
        self.access.moved()

    def _resign(self) -> None:
        """What the Resign dialog's yes does."""
        endings.resign(self.table, self.flow.ended)

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        self._clock = clock
        seats = len(self.table.seats)
        played = self.flow.advance(clock)
        if played is not None:
            self.flow.show(played)
        elif len(self.table.seats) != seats:  # a seat failed: a person plays it now
            self._seats_changed()
        self.stall.check()
        self.hints.poll(self.table, self._refuse)
        if self.flow.busy_changed(clock):
            self._refresh_buttons()  # Skip is live only while the pieces move
        for cue in self.view.cues(clock):
            self.services.sounds.play(cue)
        return self._next_demo(clock) if self.demo else None

    def _seats_changed(self) -> None:
        """A person plays a seat a computer played: the board takes their input."""
        self.view.set_interactive(self._human_to_move())

    def animating(self, clock: float) -> bool:
        """Pieces moving, or a computer, the dice or a hint about to play or show a move."""
        return self.table.waiting() or self.view.busy(clock)

    def _next_demo(self, clock: float) -> Transition | None:
        """In a demo, start the next game a little while after this one ends."""
        if not self.flow.pacing.demo_done(clock, self.match.is_over and not self.view.busy(clock)):
            return None
        demo = next_demo(self.services, self.match.game.info.id)
        return None if demo is None else Replace(demo)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self.side.fitted.clear()
        self.view.draw(surface, clock)
        line, colour = self._top_line()
        top_bar.draw(surface, self.board_area, self.match.game.info.title, line, colour,
                     self.side.fitted, (layout.MARGIN, layout.MARGIN))
        self._draw_keys(surface)
        self._draw_panel(surface)
        self.controls.glow(surface, self.view.selected_action(), clock)
        self.access.draw(surface, clock)
        self.side.fitted.draw_tip(surface, self.board.pointer, self.panel)

    def turn_number(self) -> int:
        return self.words.turn_number()

    def _top_line(self) -> tuple[str, palette.RGB]:
        """The top bar's line on the position shown, and its colour."""
        if self.reviewing is not None:
            line, colour = self.look.top_line(), palette.ACCENT
        else:
            line, colour = self.words.top_line(self._colours())
        return line + self.words.seed() + self._top_bar_note(), colour

    def _draw_keys(self, surface: pygame.Surface) -> None:
        """Hook: the message strip under the board shows the keys while it has no message."""
        if not self.services.toasts.items:
            self.keys.strip(surface, self.messages, self.access.strip_keys(), self.KEY_HINTS,
                            self._can_confirm, isinstance(self.view, Flips))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The cards, the result card or the turn's lines, the move list and any extras."""
        body: Turn | Ended
        if self.match.outcome is not None:
            body = Ended(self.result_card(), self.words.result_colour(self._colours()))
        elif self.reviewing is not None:  # all of it as it was then
            body = Turn(self.look.counter(), self.look.last(), self._status())
        else:  # (the move list is just below the last move)
            body = Turn(f"Move {self.turn_number()}",
                        "" if self.side.compact else self.words.last_move(), self._status())
        self.side.draw(surface, self.words.seat_cards(self._colours(), self.look.shown),
                       self._seat_mark, body)
        self.move_list.draw(surface)
        self._draw_extras(surface)

    def _status(self) -> str:
        """Hook: the status line: whose turn it is and what they do."""
        if self.reviewing is not None:
            return self.look.status()
        if not self._human_to_move() or self.match.to_move == CHANCE:
            return self.words.waiting(self._clock)
        return self.view.status()

    def _top_bar_note(self) -> str:
        """Hook: words added to the top bar's line."""
        return ""

    def _draw_extras(self, surface: pygame.Surface) -> None:
        """Hook: what goes in the panel below its buttons."""

    def _seat_mark(self, surface: pygame.Surface, card: pygame.Rect, seat: int) -> str:
        """Hook: what a seat's card shows beyond the game; returns words for its detail."""
        return ""

    def spoken_to(self) -> int | None:
        """Hook: the seat of the one player at this screen, whom the result speaks to ("You
        won"), or None: names (hot-seat, a demo)."""
        return result.reader(self.match.seats)

    def result_card(self) -> list[str]:
        """The result card's lines: the headline for its reader, why, then the figures."""
        return self.words.result_card(self._result_lines())

    def _result_lines(self) -> list[str]:
        """Hook: a scored run's summary, its seed and its place in the high-score table."""
        return self.words.figures(self.ranked)
