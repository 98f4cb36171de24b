"""Play of any game through its view: select, preview, confirm, animate.

The match is played at a ``game.client.match.table.Table`` (whose turn, the dice, the computer
seats, hints, take back, resign and draw, the autosave): the scene shows it, hands it the moves
people make on the board (``game.client.widgets.board_host.BoardHost``: the view owns the selection
and previews, and says when an input completed a move) and animates every move the table plays.
Every refusal is shown as a toast with the rules' reason. The side panel, the result card
and the dialogs (resign, draw, save, open) are the scene's own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.client.access.play import PlayAccess
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.commands import Command
from game.client.app.scene import Push, Replace, Scene, Transition
from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.files import autosaves, storage
from game.client.match import result
from game.client.match.computer import STALLED_CHOICES, STALLED_TITLE, ComputerSeat, stalled_text
from game.client.match.table import MovingSeat, Played, Table
from game.client.view import Feedback, Suggests, SuggestsLine, last_turn, seat_colours
from game.client.widgets.board_host import BoardHost
from game.client.widgets.movelist import History, MoveList
from game.core.errors import GameError
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.record import Online
from game.core.text import counted
from game.plugin import HighScores
from scenes import layout
from scenes.common import button, confirm, enable, file_dialog, open_match, pressed, save_match_to
from scenes.demo import next_demo

REMATCH = "rematch"
"""Side-panel only: once the game is over, start another with the same players and board."""
MARGIN = layout.MARGIN
BUTTON_H = 38
INFO_H, INFO_H_COMPACT = 134, 100
"""Panel height of the move counter, the last move and the status lines."""
CARD_H, CARD_H_COMPACT = 76, 54
"""A player's card in the panel."""
COMPACT_BELOW = 840
"""Window heights below which the panel packs tighter, to leave the move list room."""
EXPLAIN_TOPIC = "explain"
"""Message topic: what the other side's move changed that a player here owns."""
BEAT = 0.45
"""Seconds (at animation speed 1) between two moves of a turn no one here plays, so each
action of a computer's or a remote player's turn can be followed, line by line."""
SELECTION = "selection"
"""Message topic: what the view said about the pending selection (ends with the move)."""
HINT_TOPIC = "hint"
HINT_LEVEL = "normal"
"""Hints come from this computer level, or from the strongest a game has without it."""
DEMO_PAUSE = 5.0
"""Seconds a finished demo game stays on screen before the next one starts."""


class PlayScene(Scene):
    """Shows a match at its table (``game.client.match.table``) and hands it the moves people make
    on the board (``game.client.widgets.board_host``); the side panel, the result card and the
    dialogs. The ``_``-methods marked "hook" are where a kind of play that adds to it
    (``scenes.online.play``) says what it adds."""

    KEY_HINTS: tuple[tuple[str, str], ...] = (
        (c.CONFIRM, "confirm"), (c.CLEAR, "clear"), (c.TAKE_BACK, "take back"),
        (c.SKIP, "skip animation"), (inp.REVIEW, "review"), (c.BACK, "pause"))
    """The keys the message strip shows while it has no message (after the rules' key)."""

    def __init__(self, services: Services, match: Match, demo: bool = False,
                 resumed_from: Path | None = None, back_to: str | None = None) -> None:
        super().__init__(services)
        self.match = match
        self.back_to = back_to
        """The screen under this one, named, when leaving the game goes back to it (the
        lobby): None, to the menu."""
        self._panel_bottom = 0
        """Where the panel's buttons end (what a kind of play adds may go below)."""
        self.demo = demo
        """A computer-vs-computer demo: never autosaved, and the next demo follows."""
        self.slot = None if demo else autosaves.Slot(services.paths, resumed_from)
        """This game's own autosave (a resumed game continues in a new one)."""
        self.plugin = services.plugin(match.game.info.id)
        self.view = services.make_view(match.game.info.id)
        self.board = BoardHost(self.view)
        self.contexts = (f"game:{match.game.info.id}", inp.PLAY, inp.GLOBAL)
        self.buttons: dict[Any, str] = {}
        self.compact = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.messages = pygame.Rect(0, 0, 0, 0)
        self.card = pygame.Rect(0, 0, 0, 0)
        """Where the result card goes once the game is over (in place of the move buttons)."""
        self._built_over = match.is_over
        self.view.show(match.state, last_turn(match, match.ply))
        self._clock = 0.0
        self.table = Table(match, self._moving_seats(), self._report, self._autosave(),
                           self._hinter, self._high_scores(), self._hint_stopped)
        self._stall: tuple[Any, int] | None = None
        """The dialog about a stalled seat, and the seat (``_watch``)."""
        self._over_since: float | None = None
        self.history = History(self.plugin, self._local_seats)
        self.move_list = MoveList()
        self.reviewing: int | None = None
        """The earlier position shown read-only (a click in the move list), or None: live."""
        self._beat_due = False
        """The last move was a moving seat's: the next waits a ``BEAT`` after its animation."""
        self._quiet_from: float | None = None
        self._can_confirm = False
        self._shortened: list[tuple[pygame.Rect, str]] = []
        """Lines drawn this frame shorter than their text, and the whole text (on hover)."""
        self._pointer: tuple[int, int] | None = None
        self.history.sync(match)
        self.view.set_interactive(self.table.human_to_move())
        self.access = PlayAccess(self, self._play, self._human_to_move)
        """The move box, the board cursor and what is said (``game.client.access``)."""

    def _local_seats(self) -> list[int]:
        """The seats people at this screen play (what the others' moves cost is told them)."""
        return [seat for seat in range(len(self.match.seats)) if seat not in self.table.seats]

    def _moving_seats(self) -> dict[int, MovingSeat]:
        """The computer seats, each thinking in its worker (a seat that cannot be made is
        played by a person, and the player is told why)."""
        seats: dict[int, MovingSeat] = {}
        for number, seat in enumerate(self.match.seats):
            if seat.is_computer:
                try:
                    seats[number] = self.services.computers.seat(
                        self.match.game.info.id, seat.level or ""
                    )
                except (LookupError, ValueError) as err:
                    self.services.toasts.show(f"{seat.name} plays as a human: {err}", "error")
        return seats

    def _autosave(self) -> autosaves.Background | None:
        if self.slot is None:
            return None
        return autosaves.Background(self.slot, self.services.writer, self._report,
                                    self._record_online)

    def _record_online(self) -> Online | None:
        """Hook: where the game is played, for its record (None: here)."""
        return None

    def _hinter(self) -> ComputerSeat:
        """The computer that suggests moves. Raises ValueError when the game has none."""
        level = self._hint_level()
        if level is None:
            raise ValueError(f"there are no hints for {self.match.game.info.title} yet")
        return self.services.computers.seat(self.match.game.info.id, level)

    def _high_scores(self) -> tuple[HighScores, Callable[[], Path]] | None:
        kept = self.plugin.scores
        return None if kept is None else (kept, lambda: self.services.paths.scores)

    def _report(self, problem: str) -> None:
        self.services.toasts.show(problem, "error")

    def _hint_stopped(self) -> None:
        self.services.toasts.end(HINT_TOPIC)  # no longer looking

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
        self.panel = layout.panel(size)
        self.messages = layout.message_strip(size)
        width = self.panel.w
        self.board.layout(layout.board_area(size))
        self.buttons = {}
        self._built_over = self.match.is_over
        self.compact = size[1] < COMPACT_BELOW
        button_h = 28 if self.compact else BUTTON_H
        x, inner = self.panel.x + 14, width - 28
        y = self._info_top() + (INFO_H_COMPACT if self.compact else INFO_H)
        if self.match.is_over:
            top = self._info_top()
            y = min(y + self._move_rows_height(button_h), top + self._card_height(width - 24))
            self.card = pygame.Rect(self.panel.x + 12, top, width - 24, y - top - 8)
        else:
            self.card = pygame.Rect(0, 0, 0, 0)
            y = self._move_buttons(x, y, inner, button_h)
        for row in self._control_rows():
            cell = (inner - 8 * (len(row) - 1)) // len(row)
            for col, (text, name, tip) in enumerate(row):
                rect = pygame.Rect(x + col * (cell + 8), y, cell, button_h)
                self._button(rect, text, name, tip)
            y += button_h + 6
        room = self.panel.bottom - 10 - (y + 4)
        extras = self._extras_room(room)
        self.move_list.layout(pygame.Rect(x - 6, y + 4, inner + 12, max(0, room - extras)))
        self._panel_bottom = self.move_list.rect.bottom
        self._show_moves()
        self._build_extras()
        self._refresh_buttons()

    def _extras_room(self, room: int) -> int:
        """Hook: of the ``room`` under the buttons, the height what a kind of play adds
        takes (the rest is the move list's)."""
        return 0

    def _build_extras(self) -> None:
        """Hook: widgets beyond the panel's buttons."""

    def _card_height(self, width: int) -> int:
        """The result card's height for its words (the move list takes what it leaves)."""
        _headline, *lines = self.result_card()
        rows = sum(len(fonts.wrap(line, 24, width - 28)) for line in lines)
        return fonts.font(56, True).get_linesize() + 26 + 26 * rows + 16

    def _info_top(self) -> int:
        card_h = CARD_H_COMPACT if self.compact else CARD_H
        return (10 if self.compact else 16) + len(self.match.seats) * (card_h + 8)

    def _move_rows_height(self, button_h: int) -> int:
        rows = (len(self.board.actions) + 1) // 2
        confirm = button_h + 6 if self.compact else (button_h + 12) + (button_h + 6)
        return rows * (button_h + 6) + 4 + confirm

    def _move_buttons(self, x: int, y: int, inner: int, button_h: int) -> int:
        """The view's move kinds, Confirm, Clear and Skip; returns the next free y."""
        game_ctx = self.contexts[0]
        half = (inner - 8) // 2
        for i, action in enumerate(self.board.actions):
            rect = pygame.Rect(x + (i % 2) * (half + 8), y + (i // 2) * (button_h + 6), half,
                               button_h)
            self._button(rect, f"{action.label} ({self._key(game_ctx, action.id)})", action.id,
                         action.hint)
        y += ((len(self.board.actions) + 1) // 2) * (button_h + 6) + 4
        clicks_play = self.board.clicks_play  # a click plays: Confirm is secondary
        key = self._key(inp.PLAY, c.CONFIRM)
        if self.compact:  # one row: Confirm, Clear and Skip (the key in the tooltip)
            self._button(pygame.Rect(x, y, half, button_h), "Confirm", c.CONFIRM,
                         f"Play the previewed move (key: {key})",
                         "" if clicks_play else "#primary")
            quarter = (half - 8) // 2
            for col, (text, name) in enumerate((("Clear", c.CLEAR), ("Skip", c.SKIP))):
                rect = pygame.Rect(x + half + 8 + col * (quarter + 8), y, quarter, button_h)
                self._button(rect, text, name, self._tip(inp.PLAY, name))
            return y + button_h + 6
        self._button(pygame.Rect(x, y, inner, button_h + 6), f"Confirm ({key})", c.CONFIRM,
                     "Play the previewed move", "" if clicks_play else "#primary")
        y += button_h + 12
        for col, (text, name) in enumerate((("Clear", c.CLEAR), ("Skip", c.SKIP))):
            rect = pygame.Rect(x + col * (half + 8), y, half, button_h)
            self._button(rect, text, name, self._tip(inp.PLAY, name))
        return y + button_h + 6

    def _control_rows(self) -> list[list[tuple[str, str, str]]]:
        """The buttons that apply to this game and its seats, in rows of the panel."""
        people = self.table.has_human
        rows: list[list[tuple[str, str, str]]] = []
        if people:
            rows.append([("Take back", c.TAKE_BACK, self._tip(inp.PLAY, c.TAKE_BACK)),
                         ("Redo", c.REDO, self._tip(inp.PLAY, c.REDO))])
        ending = []
        if people:
            ending.append(("Resign", c.RESIGN, "Give up this game"))
        if self.table.draw_possible():
            ending.append(("Offer draw", c.OFFER_DRAW, self._tip(inp.PLAY, c.OFFER_DRAW)))
        tools = [("Save", c.SAVE, self._tip(inp.GLOBAL, c.SAVE)),
                 ("Review", inp.REVIEW, self._tip(inp.PLAY, inp.REVIEW))]
        if people and self._hint_level() is not None:
            tools.insert(0, ("Hint", c.HINT, self._tip(inp.PLAY, c.HINT)))
        rest = [*ending, *tools]
        if self.match.is_over:  # a rematch applies only then
            rest.append(("Rematch", REMATCH, "A new game with the same players and board"))
        rest.append((f"Pause ({self._key(inp.PLAY, c.BACK)})", c.BACK,
                     "Save, settings, help or back to the menu"))
        per_row = 3 if self.panel.w >= 360 else 2  # the move list needs the height more
        rows += [rest[i:i + per_row] for i in range(0, len(rest), per_row)]
        return rows

    def _colours(self) -> tuple[palette.RGB, ...]:
        return seat_colours(self.plugin.seat_colours, self.services.colours())

    def _hint_level(self) -> str | None:
        return hint_level(self.services.computers.levels(self.match.game.info.id))

    def _button(self, rect: pygame.Rect, text: str, name: str, tip: str = "",
                object_id: str = "") -> None:
        self.buttons[button(self, rect, text, tip, object_id)] = name

    def _key(self, ctx: str, command: str) -> str:
        keys = self.services.table.keys(ctx, command)
        return inp.pretty(keys[0]) if keys else "unbound"

    def _tip(self, ctx: str, command: str) -> str:
        """A button's tooltip: its key, if it has one."""
        keys = self.services.table.keys(ctx, command)
        return f"Key: {inp.pretty(keys[0])}" if keys else ""

    def _refresh_buttons(self) -> None:
        over = self.match.is_over
        human = self._human_to_move() and self.reviewing is None
        self._can_confirm = human and self.view.proposal().move is not None
        for widget, name in self.buttons.items():
            enable(widget, self._enabled(name, over, human))

    def _enabled(self, name: str, over: bool, human: bool) -> bool:
        """Hook: whether the panel button ``name`` applies now."""
        if name == c.CONFIRM:  # only when a move waits to be confirmed
            return self._can_confirm and self.board.offers(name)
        if name in self._human_only():
            return human and self.board.offers(name)
        return {
            c.TAKE_BACK: self.match.can_undo and self.table.has_human,
            c.REDO: self.match.can_redo and self.table.has_human,
            c.CLEAR: human,
            REMATCH: over,
        }.get(name, True)

    # -- input ---------------------------------------------------------------------------

    def widget_event(self, event: pygame.event.Event) -> Transition | None:
        command = pressed(self.buttons, event)
        return None if command is None else self.command(command)

    def command(self, command: Command) -> Transition | None:
        name = command.name
        if name == c.POINT:
            self._pointer = command.pos
            self.move_list.hover(command.pos)
            self.board.point(command.pos)
            return None
        if name == c.RELEASE:
            if self._human_to_move() and self.reviewing is None:
                self._board_input(command)
            return None
        if self.board.skip(name, self._clock):
            return None
        if self.reviewing is not None and name == c.BACK:
            self.review(None)
            return None
        if self.reviewing is not None and name in {*self._human_only(), c.TAKE_BACK, c.REDO}:
            self._refuse(f"you are looking at {self._review_name()}: "
                         f"{self._key(inp.PLAY, c.BACK)} goes back to the game")
        elif name in self._human_only() and not self._human_to_move():
            self._refuse(self._wait_reason())
        elif name in (c.SELECT, c.CONFIRM, c.CLEAR) or self.board.is_move_action(name):
            self._board_input(command)
        elif name == c.TAKE_BACK:
            self._take_back()
        elif name == c.REDO:
            self._redo()
        elif name == c.RESIGN:
            self._ask_resign()
        elif name == c.OFFER_DRAW:
            self._offer_draw()
        elif name == c.HINT:
            self._ask_hint()
        elif name == c.SAVE:
            self._save()
        elif name == c.OPEN:
            dialog = file_dialog(self, "Open a game", self.services.paths.saves)
            self.watch(dialog, lambda event: self._opened(Path(event.text)))
        elif name == REMATCH and self.match.is_over:
            rematch = Match(self.match.game, self.match.options, self.match.seats,
                            self.match.seed, storage.now_iso())
            return Replace(PlayScene(self.services, rematch, back_to=self.back_to))
        elif name == inp.REVIEW:
            return Push(self.services.scenes.replay(self.services, self.match, from_play=True))
        elif name == c.HELP:
            return Push(self.services.scenes.help(self.services, self.match.game.info.id))
        elif name == c.BACK:
            return Push(self.services.scenes.pause(self.services, self, self.match.game.info.id,
                                                   self.back_to))
        return None

    def capture(self, event: pygame.event.Event) -> bool:
        """The move list's own pointer: a click reviews the position an entry leads to (or
        goes back to the game), the wheel over it scrolls it. Keys go first to the move box
        and the board cursor (``game.client.access``)."""
        if self.access.capture(event) or self.move_list.wheel(event, self._pointer):
            return True
        ply = None if self.dialog_open() else self.move_list.clicked(event)
        if ply is None:
            return False
        self.review(None if ply < 0 or ply >= self.match.ply else ply)
        return True

    def holds_keys(self) -> bool:
        return self.access.box.shown

    def review(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves, read-only; None: back to the game."""
        if ply == self.reviewing:
            return
        self.view.skip()
        self.reviewing = ply
        shown = self.match.ply if ply is None else ply
        self.view.show(self.match.state_at(shown), last_turn(self.match, shown))
        self.view.set_interactive(ply is None and self._human_to_move())
        if ply is not None:
            self.services.toasts.show(
                f"Looking at {self._review_name()}: click another, or "
                f"{self._key(inp.PLAY, c.BACK)} for the game", topic=SELECTION)
        else:
            self.services.toasts.end(SELECTION)
        self._show_moves()
        self._refresh_buttons()

    def _review_name(self) -> str:
        """The position under review, as the player counts: "move N" or "the start"."""
        turn = None if not self.reviewing else self.history.turn_of(self.reviewing - 1)
        return "the start" if turn is None else f"move {turn.number or self.turn_number()}"

    def _show_moves(self) -> None:
        """The move list catches up with the match (the cost of the moves added only)."""
        self.history.sync(self.match)
        current = self.match.ply if self.reviewing is None else self.reviewing
        self.move_list.show(self.history.turns, current, self._colours(),
                            back=self.reviewing is not None)

    def command_by_name(self, name: str) -> Transition | None:
        """Run a command as its side-panel button does."""
        return self.command(Command(name))

    def _wait_reason(self) -> str:
        return self.table.wait_reason()

    def _human_only(self) -> set[str]:
        moves = {action.id for action in self.view.actions if not action.anytime}
        return moves | {c.SELECT, c.CONFIRM, c.RESIGN, c.OFFER_DRAW, c.HINT}

    def _board_input(self, command: Command) -> None:
        """A person's command on the board: feedback, and the move it completed, if any."""
        if command.name == c.CONFIRM and self.match.is_over:
            self._refuse("the game is over")
            return
        answer = self.board.handle(command)
        self._refresh_buttons()  # the selection may now make a move, or no longer
        if answer is None:
            return
        if answer.feedback is not None:
            self._feedback(answer.feedback)
        if answer.no_move:
            self._refuse(answer.problem or "there is no move to confirm")
        elif answer.move is not None:
            self._play(answer.move)

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
        if self.match.is_over:
            self._refuse("the game is over")
            return
        ply = self.match.ply
        try:
            played = self.table.play(move)
        except GameError as err:
            self._refuse(str(err))
            return
        self._moved_here(ply)
        self._show(played)

    def _moved_here(self, ply: int) -> None:
        """Hook: a person here played the move at ``ply``."""

    def _show(self, played: Played) -> None:
        """Animate a move the table played, then bring the panel up to date; a moving seat's
        move says what it cost the players here, and the next waits a beat after it."""
        if self.reviewing is not None:
            self.reviewing = None
            self.view.show(played.before)
        mover = self.match.game.to_move(played.before)
        self._quiet_from = None
        self.view.animate(played.before, played.result, self._clock)
        self._after_move()
        self._beat_due = mover in self.table.seats
        turn = self.history.turn_of(self.match.ply - 1)
        if self._beat_due and turn is not None:
            notes = turn.actions[-1].notes
            if notes:
                self.services.toasts.show("  ".join(notes), "error", EXPLAIN_TOPIC)

    def _ask_hint(self) -> None:
        """Ask a computer player for a move; it arrives as a preview to confirm."""
        try:
            started = self.table.ask_hint()
        except ValueError as err:
            self._refuse(str(err))
            return
        if started:
            self.services.toasts.show("Looking for a good move...", topic=HINT_TOPIC)

    def _poll_hint(self) -> None:
        try:
            line = self.table.poll_hint()
        except Exception as err:  # the seat's message is written for people
            self._hint_stopped()
            self._refuse(f"no hint this time: {err}")
            return
        if line is None:
            return
        move = line[0]
        notation = self.match.game.format_move(move)
        words = self.plugin.describe(notation, self.match.state)
        self.services.toasts.show(f"Hint: {words}", "good", HINT_TOPIC)
        if isinstance(self.view, SuggestsLine):
            self._feedback(self.view.suggest_line(line))
        elif isinstance(self.view, Suggests):
            self._feedback(self.view.suggest(move))

    def _take_back(self) -> None:
        try:
            undone = self.table.take_back()
        except ValueError as err:
            self._refuse(str(err))
            return
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        words = self.plugin.describe(undone, self.match.state)  # (the position before it)
        self.services.toasts.show(f"Took back: {words}", topic=SELECTION)
        self.services.sounds.play("undo")
        self._after_move()

    def _redo(self) -> None:
        try:
            played = self.table.redo()
        except ValueError as err:
            self._refuse(str(err))
            return
        self._show(played)

    def _ask_resign(self) -> None:
        if self.match.is_over:
            self._refuse("the game is over")
            return
        name = self.match.seats[self.match.to_move].name
        question = f"{name}, do you really resign this game?"
        if self.table.high_scores is not None:
            question += " The run keeps the score it has now in the high scores."
        dialog = confirm(self, "Resign", question, "Resign")
        self.watch(dialog, lambda _event: self._resign())

    def _resign(self) -> None:
        self.table.resign()
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        self.services.sounds.play("crumble")
        self._after_move()

    def _offer_draw(self) -> None:
        refusal = self.table.draw_refusal()
        if refusal is not None:
            self._refuse(refusal)
            return
        mover = self.match.to_move
        offer, reply = self.match.seats[mover].name, self.match.seats[1 - mover].name
        dialog = confirm(self, "Draw offered", f"{offer} offers a draw. {reply}, do you accept?",
                         "Accept draw")
        self.watch(dialog, lambda _event: self._draw_agreed())

    def _draw_agreed(self) -> None:
        self.table.agree_draw()
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        self.services.sounds.play("fanfare")
        self._after_move()

    def _after_move(self) -> None:
        """The match has changed: the table keeps it, and the screen follows (a position
        under review gives way to the game)."""
        self.table.after_move()
        if self.reviewing is not None:
            self.reviewing = None
            self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        self._show_moves()
        self.services.toasts.end(SELECTION)  # it spoke of a selection the move has replaced
        self.view.set_interactive(self._human_to_move())
        if self.match.is_over != self._built_over:
            self._build_root()  # the result card takes the move buttons' place, or gives it back
        self._refresh_buttons()
        self.access.moved()

    # -- files ---------------------------------------------------------------------------

    def _save(self) -> None:
        name = storage.default_save_name(self.match)
        dialog = file_dialog(self, "Save game", self.services.paths.saves, name, must_exist=False)
        self.watch(dialog, lambda event: save_match_to(self, Path(event.text), self.match))

    def _opened(self, path: Path) -> Transition | None:
        match = open_match(self, path)
        if match is None:
            return None
        if match.is_over:
            return Replace(self.services.scenes.replay(self.services, match))
        return Replace(PlayScene(self.services, match))

    # -- frames --------------------------------------------------------------------------

    def update(self, clock: float) -> Transition | None:
        self._clock = clock
        seats = len(self.table.seats)
        played = self.table.advance(self._holding(clock))
        if played is not None:
            self._show(played)
        elif len(self.table.seats) != seats:  # a seat failed: a person plays it now
            self.view.set_interactive(self._human_to_move())
        self._watch()
        self._poll_hint()
        for cue in self.view.cues(clock):
            self.services.sounds.play(cue)
        return self._next_demo(clock) if self.demo else None

    def _holding(self, clock: float) -> bool:
        """Whether the next move that no one here makes must wait: the board is animating,
        a beat after a moving seat's move has not passed, or a person is looking back."""
        if self.view.busy(clock):
            self._quiet_from = None
            return True
        if self._quiet_from is None:
            self._quiet_from = clock
        speed = self.services.settings.anim_speed
        beat = BEAT / speed if self._beat_due and speed > 0 else 0.0
        return clock - self._quiet_from < beat or self.reviewing is not None

    def _watch(self) -> None:
        """A seat's watchdog said it stopped answering: say so once, offering a fresh
        computer player (Restart) or a person in its seat (closing the dialog too). (The
        dialog is answered once it has left ``_dialogs``: Restart clears ``_stall`` first.)"""
        if self._stall is not None:
            if self._stall[0] not in self._dialogs:
                answered, self._stall = self._stall[1], None
                self.table.to_person(answered)
                self.view.set_interactive(self._human_to_move())
            return
        stalled = self.table.stalled()
        if stalled is not None:
            name = self.match.seats[stalled].name
            dialog = confirm(self, STALLED_TITLE, stalled_text(name), STALLED_CHOICES[0])
            dialog.cancel_button.set_text(STALLED_CHOICES[1])
            self._stall = (dialog, stalled)
            self.watch(dialog, lambda _event: self._restart(stalled))

    def _restart(self, seat: int) -> None:
        self._stall = None
        self.table.restart(seat)

    def animating(self, clock: float) -> bool:
        """Pieces moving, or a computer, the dice or a hint about to play or show a move."""
        return self.table.waiting() or self.view.busy(clock)

    def _next_demo(self, clock: float) -> Transition | None:
        """In a demo, start the next game a little while after this one ends."""
        if not self.match.is_over or self.view.busy(clock):
            self._over_since = None
            return None
        if self._over_since is None:
            self._over_since = clock
        if clock - self._over_since < DEMO_PAUSE:
            return None
        match = next_demo(self.services, self.match.game.info.id)
        return Replace(PlayScene(self.services, match, demo=True)) if match else None

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        self._shortened = []
        self.view.draw(surface, clock)
        self._draw_top_bar(surface)
        self._draw_keys(surface)
        self._draw_panel(surface)
        self._draw_selected(surface, clock)
        self.access.draw(surface, clock)
        self._draw_tip(surface)

    def _blit_fit(self, surface: pygame.Surface, words: str, size: int,
                  colour: palette.RGB, width: int, pos: tuple[int, int],
                  bold: bool = False) -> pygame.Surface:
        """``words`` fitted to ``width`` at ``pos``; if shortened, the whole text is kept
        to show while the pointer is on it."""
        image = fonts.fit(words, size, colour, width, bold)
        rect = surface.blit(image, pos)
        if fonts.font(size, bold).size(words)[0] > width:
            self._shortened.append((rect, words))
        return image

    def _draw_tip(self, surface: pygame.Surface) -> None:
        """The whole text of a shortened line the pointer is on, beside the panel (where no
        button covers it) or under the line."""
        pointer = self._pointer
        shown = next((full for rect, full in self._shortened
                      if pointer is not None and rect.collidepoint(pointer)), None)
        if shown is None or pointer is None:
            return
        width = min(520, surface.get_width() - 20)
        lines = fonts.wrap(shown, fonts.MIN_SIZE, width - 16)
        line_h = fonts.font(fonts.MIN_SIZE).get_linesize()
        box = pygame.Rect(0, 0, width, len(lines) * line_h + 12)
        if self.panel.collidepoint(pointer):
            box.topright = (self.panel.x - 8, pointer[1])
        else:
            box.topleft = (pointer[0], pointer[1] + 20)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (20, 22, 30), box, border_radius=6)
        pygame.draw.rect(surface, palette.ACCENT, box, 1, border_radius=6)
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, fonts.MIN_SIZE, palette.TEXT),
                         (box.x + 8, box.y + 6 + i * line_h))

    def turn_number(self) -> int:
        """The move counter: players' turns (a turn of several actions is one move, a die
        roll is part of the turn it ends)."""
        self.history.sync(self.match)
        return self.history.turn_now(self.match)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        info = self.match.game.info
        room = self.board_area.w - 8
        title = fonts.fit(info.title, 30, palette.ACCENT, room // 2, True)
        surface.blit(title, (MARGIN + 4, MARGIN))
        if self.reviewing is not None:
            line = (f"Looking at {self._review_name()} (of {self.turn_number()})  ·  "
                    f"{self._key(inp.PLAY, c.BACK)} back to the game")
            colour = palette.ACCENT
        elif self.match.is_over:
            outcome = self.match.outcome
            assert outcome is not None
            line, colour = result.summary(self.match.seats, outcome), palette.ACCENT
        elif self.match.to_move == CHANCE:
            line, colour = f"Move {self.turn_number()}  ·  the dice roll", palette.ACCENT
        else:
            seat = self.match.to_move
            line = f"Move {self.turn_number()}  ·  {self.match.seats[seat].name} to move"
            colour = palette.readable(self._colours()[seat])
        if self.match.seed is not None:
            line += f"  ·  seed {self.match.seed}"
        line += self._top_bar_note()
        left = MARGIN + title.get_width() + 24
        self._blit_fit(surface, line, 28, colour, max(40, room - title.get_width() - 24),
                       (left, MARGIN + 2))

    def _draw_keys(self, surface: pygame.Surface) -> None:
        """The message strip under the board shows the current keys while it has no message."""
        if self.services.toasts.items:
            return
        parts = [f"{self._key(inp.PLAY, name)} {text}" for name, text in self.KEY_HINTS
                 if name != c.CONFIRM or self._can_confirm]
        parts.insert(0, f"{self._key(inp.GLOBAL, c.HELP)} rules")
        room = self.messages.w - 16
        words = fonts.text("  ·  ".join(parts), 22, palette.MUTED)
        while words.get_width() > room and len(parts) > 1:
            parts.pop()
            words = fonts.text("  ·  ".join(parts), 22, palette.MUTED)
        surface.blit(words, words.get_rect(midleft=(self.messages.x + 8,
                                                    self.messages.centery)))

    def _draw_selected(self, surface: pygame.Surface, clock: float) -> None:
        """Outline the button of the move kind being prepared."""
        chosen = self.view.selected_action()
        for widget, name in self.buttons.items():
            if name == chosen:
                glow = round(160 + 95 * abs(math.sin(clock * 3)))
                rect = widget.get_abs_rect().inflate(6, 6)
                pygame.draw.rect(surface, (glow, glow * 209 // 255, 102), rect, 3,
                                 border_radius=8)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.panel
        pygame.draw.rect(surface, palette.PANEL, panel)
        pygame.draw.line(surface, palette.GRID, panel.topleft, panel.bottomleft, 2)
        y = 10 if self.compact else 16
        for seat in range(len(self.match.seats)):
            y = self._draw_seat(surface, seat, y)
        if self.match.is_over:
            self._draw_result(surface)
            self.move_list.draw(surface)
            self._draw_extras(surface)
            return
        text_w = panel.w - 28
        move = fonts.text(f"Move {self.turn_number()}", 26, palette.TEXT, True)
        surface.blit(move, (panel.x + 14, y))
        top = y + move.get_height() + 2
        last = "" if self.compact else self._last_move()  # (the move list is just below)
        if last:
            full = f"Last: {last}"
            lines = fonts.wrap(full, fonts.MIN_SIZE, text_w)
            start = top
            for line in (lines[0], " ".join(lines[1:])) if len(lines) > 2 else lines:
                words = fonts.fit(line, fonts.MIN_SIZE, palette.MUTED, text_w)
                surface.blit(words, (panel.x + 14, top))
                top += words.get_height()
            if len(lines) > 2:  # shortened: the whole turn shows on hover (and in the list)
                self._shortened.append((pygame.Rect(panel.x + 14, start, text_w, top - start),
                                        full))
        status = self._status()
        room = y + (INFO_H_COMPACT if self.compact else INFO_H) - top - 6
        size, lines = fit_lines(status, text_w, room)
        for i, line in enumerate(lines):
            self._blit_fit(surface, line, size, palette.TEXT, text_w,
                           (panel.x + 14, top + 2 + i * fonts.font(size).get_linesize()))
        self.move_list.draw(surface)
        self._draw_extras(surface)

    def _status(self) -> str:
        """Hook: the status line: whose turn it is and what they do."""
        if self.reviewing is not None:
            return (f"Looking back at {self._review_name()}: the board is as it was then. "
                    f"{self._key(inp.PLAY, c.BACK)} or the bar above the moves returns "
                    "to the game.")
        if self.match.to_move == CHANCE:
            return "Rolling the dice..."
        if not self._human_to_move():
            dots = "." * (1 + int(self._clock * 3) % 3)
            return f"{self.match.seats[self.match.to_move].name} is thinking{dots}"
        return self.view.status()

    def _top_bar_note(self) -> str:
        """Hook: words added to the top bar's line."""
        return ""

    def _draw_extras(self, surface: pygame.Surface) -> None:
        """Hook: what goes in the panel below its buttons."""

    def _seat_mark(self, surface: pygame.Surface, card: pygame.Rect, seat: int) -> str:
        """Hook: what a seat's card shows beyond the game; returns words for its detail."""
        return ""

    def _draw_seat(self, surface: pygame.Surface, seat: int, y: int) -> int:
        """One player's card: colour, name, score and who plays it; returns the next y."""
        panel, info = self.panel, self.match.seats[seat]
        colour = self._colours()[seat]
        active = not self.match.is_over and seat == self.match.to_move
        card_h, pad, side = (CARD_H_COMPACT, 4, 34) if self.compact else (CARD_H, 14, 44)
        card = pygame.Rect(panel.x + 12, y, panel.w - 24, card_h)
        pygame.draw.rect(surface, (44, 49, 64), card, border_radius=10)
        if active:
            pygame.draw.rect(surface, colour, card, 3, border_radius=10)
        swatch = pygame.Rect(card.x + 10, card.y + (card_h - side) // 2, side, side)
        pygame.draw.rect(surface, colour, swatch, border_radius=8)
        pygame.draw.rect(surface, palette.shade(colour, 0.58), swatch.inflate(-side // 2.2,
                                                                             -side // 2.2),
                         border_radius=4)
        left = swatch.right + 12
        room = card.right - left - 10
        self._blit_fit(surface, info.name, 26 if self.compact else 28, palette.TEXT, room,
                       (left, card.y + pad - (1 if self.compact else 4)), active)
        mark = self._seat_mark(surface, card, seat)
        detail = self.plugin.figure(self.match.state, seat) + mark
        if info.is_computer:
            detail += f"  ·  computer, {info.level}"
        elif active and fonts.font(22).size(detail + "  ·  to move")[0] <= room:
            detail += "  ·  to move"  # (the card's frame says it too, where there is no room)
        tint = palette.readable(colour) if active else palette.MUTED
        height = fonts.font(22).get_height()
        self._blit_fit(surface, detail, 22, tint, room,
                       (left, card.y + card_h - pad - height + 2))
        return y + card_h + 8

    def _last_move(self) -> str:
        """The last turn in words, every action of it (the dice rolled after it too)."""
        self.history.sync(self.match)
        turns = [turn for turn in self.history.turns if turn.number]
        if not turns:
            return ""
        return "; ".join(action.words for action in turns[-1].actions)

    def _draw_result(self, surface: pygame.Surface) -> None:
        """The result card: who won (in the reader's words), why, and a run's figures."""
        outcome = self.match.outcome
        assert outcome is not None
        card = self.card
        colour = palette.ACCENT
        if outcome.winner is not None:
            colour = palette.readable(self._colours()[outcome.winner])
        pygame.draw.rect(surface, (44, 49, 64), card, border_radius=10)
        pygame.draw.rect(surface, colour, card, 3, border_radius=10)
        room = card.w - 28
        headline, *lines = self.result_card()
        title = fonts.fit(headline, 56, colour, room, True)
        surface.blit(title, title.get_rect(midtop=(card.centerx, card.y + 10)))
        y = card.y + 16 + title.get_height()
        for i, line in enumerate(lines):
            for part in fonts.wrap(line, 24, room):
                if y + 24 > card.bottom - 6:
                    return
                words = fonts.fit(part, 24, palette.TEXT if i == 0 else palette.MUTED, room)
                surface.blit(words, words.get_rect(midtop=(card.centerx, y)))
                y += 26

    def result_card(self) -> list[str]:
        """The result card's lines: the headline for its reader, why, then the figures."""
        outcome = self.match.outcome
        if outcome is None:
            return []
        return [result.headline(self.match.seats, outcome), result.reason(outcome),
                *self._result_lines()]

    def _result_lines(self) -> list[str]:
        """A scored run's summary, its seed and its place in the high-score table."""
        lines = [counted(self.turn_number(), "move")]
        if self.plugin.scores is not None:
            lines = [self.plugin.scores.summary(self.match.state)]
            if self.match.seed is not None:
                lines.append(f"Seed {self.match.seed}")
            if self.ranked is not None:
                lines.append(self.ranked)
        return lines


def fit_lines(text: str, width: int, height: int) -> tuple[int, tuple[str, ...]]:
    """``text`` wrapped to ``width`` in the largest size whose lines fit ``height``, never
    below ``fonts.MIN_SIZE`` (the last line shortened if even that does not fit)."""
    for size in (24, 22, fonts.MIN_SIZE):
        lines = fonts.wrap(text, size, width)
        if len(lines) * fonts.font(size).get_linesize() <= height:
            return size, lines
    size = fonts.MIN_SIZE
    keep = max(1, height // fonts.font(size).get_linesize())
    lines = fonts.wrap(text, size, width)
    return size, (*lines[: keep - 1], " ".join(lines[keep - 1:]))


def hint_level(levels: list[str]) -> str | None:
    """The computer level hints come from: ``HINT_LEVEL``, else the strongest on offer."""
    if HINT_LEVEL in levels:
        return HINT_LEVEL
    return levels[-1] if levels else None
