"""The moves of a game played here, on the screen: a person's move handed to the table, a
move the table played animated, a take-back, a game ended at the table, and looking back
at an earlier position. The screen follows each change through ``Follow``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from game.client.app import commands as c
from game.client.app.commands import Command
from game.client.app.services import Services
from game.client.match.table import Played, Table
from game.client.view import Feedback, GameView, last_turn
from game.client.widgets.board_host import BoardHost
from game.client.widgets.movelist import History
from game.core.errors import GameError
from game.core.match import Match
from game.plugin import GamePlugin
from scenes.play_parts.lookback import LookBack
from scenes.play_parts.pacing import Pacing

EXPLAIN_TOPIC = "explain"
"""Message topic: what the other side's move changed that a player here owns."""
SELECTION = "selection"
"""Message topic: what the view said about the pending selection (ends with the move)."""
STEPS = {c.TAKE_BACK: -1, c.STEP_BACK: -1, c.REDO: 1, c.STEP_FORWARD: 1}
"""While looking back, the commands that step through the moves (Left and Right)."""
T = TypeVar("T")


@dataclass(frozen=True)
class Follow:
    """What the scene does when the match changes."""

    refuse: Callable[[str], None]
    moved_here: Callable[[int], None]
    """A person here played the move at this ply."""
    human_to_move: Callable[[], bool]
    panel: Callable[[], None]
    """The panel catches up: the move list, the result card (in or out), the buttons."""
    clock: Callable[[], float]
    """The scene's clock (animations start at it)."""
    feedback: Callable[[Feedback], None]
    """Shows what the view said of a selection (and makes the buttons follow it)."""


class MatchFlow:
    def __init__(self, services: Services, match: Match, table: Table, view: GameView,
                 plugin: GamePlugin, history: History, look: LookBack, follow: Follow) -> None:
        self.services, self.match, self.table, self.view = services, match, table, view
        self.plugin, self.history, self.look, self.follow = plugin, history, look, follow
        self.pacing = Pacing()
        self.busy = False
        """The board was animating at the last frame."""

    def board_input(self, board: BoardHost, command: Command) -> None:
        """A person's command on the board: feedback, and the move it completed, if any."""
        if command.name == c.CONFIRM and self.match.is_over:
            self.follow.refuse("the game is over")
            return
        answer = board.handle(command)
        if answer is None or answer.feedback is None:
            self.follow.feedback(Feedback())  # the selection may now make a move, or no longer
        else:
            self.follow.feedback(answer.feedback)
        if answer is None:
            return
        if answer.no_move:
            self.follow.refuse(answer.problem or "there is no move to confirm")
        elif answer.move is not None:
            self.play(answer.move)

    def play(self, move: object) -> None:
        """A person's move: to the table, then animated."""
        if self.match.is_over:
            self.follow.refuse("the game is over")
            return
        ply = self.match.ply
        try:
            played = self.table.play(move)
        except GameError as err:
            self.follow.refuse(str(err))
            return
        self.follow.moved_here(ply)
        self.show(played)

    def show(self, played: Played) -> None:
        """Animate a move the table played, then bring the panel up to date; a moving seat's
        move says what it cost the players here, and the next waits a beat after it."""
        if self.look.ply is not None:
            self.look.ply = None
            self.view.show(played.before)
        mover = self.match.game.to_move(played.before)
        self.pacing.moved(False)
        self.view.animate(played.before, played.result, self.follow.clock())
        self.after_move()
        self.pacing.moved(mover in self.table.seats)
        turn = self.history.turn_of(self.match.ply - 1)
        if self.pacing.beat_due and turn is not None:
            notes = turn.actions[-1].notes
            if notes:
                self.services.toasts.show("  ".join(notes), "error", EXPLAIN_TOPIC)

    def take_back(self) -> None:
        undone = self._asked(self.table.take_back)
        if undone is None:
            return
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        words = self.plugin.describe(undone, self.match.state)  # (the position before it)
        self.services.toasts.show(f"Took back: {words}", topic=SELECTION)
        self.services.sounds.play("undo")
        self.after_move()

    def redo(self) -> None:
        played = self._asked(self.table.redo)
        if played is not None:
            self.show(played)

    def _asked(self, step: Callable[[], T]) -> T | None:
        """What the table's ``step`` gave (a take back, a redo), or None: the table refused
        it, and the player is told why."""
        try:
            return step()
        except ValueError as err:
            self.follow.refuse(str(err))
            return None

    def ended(self, cue: str) -> None:
        """The game ended at the table (resigned, a draw agreed): show it, with ``cue``."""
        self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        self.services.sounds.play(cue)
        self.after_move()

    def after_move(self) -> None:
        """The match has changed: the table keeps it, and the screen follows (a position
        looked back at gives way to the game)."""
        self.table.after_move()
        if self.look.ply is not None:
            self.look.ply = None
            self.view.show(self.match.state, last_turn(self.match, self.match.ply))
        self.services.toasts.end(SELECTION)  # it spoke of a selection the move has replaced
        self.view.set_interactive(self.follow.human_to_move())
        self.follow.panel()

    def review(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves, read-only; None, or a ply outside the moves
        played (the move list's row past the last move, a step forward from it): back to
        the game."""
        if ply is not None and not 0 <= ply < self.match.ply:
            ply = None
        if ply == self.look.ply:
            return
        self.view.skip()
        self.look.ply = ply
        shown = self.look.shown
        self.view.show(self.match.state_at(shown), last_turn(self.match, shown))
        self.view.set_interactive(ply is None and self.follow.human_to_move())
        if ply is not None:
            self.services.toasts.show(self.look.toast(), topic=SELECTION)
        else:
            self.services.toasts.end(SELECTION)
        self.follow.panel()

    def while_looking(self, name: str, human_only: set[str]) -> bool:
        """A command given while looking back: Back returns to the game; the keys of take
        back and redo (Left, Right) step through the moves, as in a replay, the last step
        forward being the game; moves are refused. True when it was handled here."""
        if self.look.ply is None:
            return False
        if name == c.BACK:
            self.review(None)
        elif name in STEPS:
            self.review(max(0, self.look.ply + STEPS[name]))
        elif name in human_only:
            self.follow.refuse(self.look.refusal())
        else:
            return False
        return True

    def busy_changed(self, clock: float) -> bool:
        """Whether the board started or stopped animating since the last frame."""
        busy = self.view.busy(clock)
        changed, self.busy = busy != self.busy, busy
        return changed

    def advance(self, clock: float) -> Played | None:
        """The table's next move no one here makes, once it may be played (``Pacing``)."""
        holding = self.pacing.holding(clock, self.view.busy(clock),
                                      self.services.settings.anim_speed, self.look.ply is not None)
        return self.table.advance(holding)
