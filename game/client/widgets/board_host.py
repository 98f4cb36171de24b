"""The board in a scene: one host for the play and lesson scenes.

It routes the board's input to the game's view (pointer, select, drag, move actions,
confirm, clear), skips a running animation, and answers with what the scene must do: show
the view's feedback, play a move the input completed, or refuse a confirm that has none.
A click (or key) that completes a move returns that move at once: the scene no longer asks
the view whether it is ready and what it proposes. It also says which move buttons the view
has and which of them apply now. What a move then does to the match is the scene's business
(the play scene's table, the lesson's attempt).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.app import commands as c
from game.client.app.commands import Command, ViewAction
from game.client.view import ClickPlays, Drags, Feedback, GameView, flip, offers, turned


@dataclass(frozen=True)
class BoardInput:
    """What a command did on the board."""

    feedback: Feedback | None = None
    """The view's answer to show (a message, a refusal, a sound)."""
    move: object | None = None
    """A whole move the input made: play it."""
    no_move: bool = False
    """Confirm found no move to play; ``problem`` says why, if the view knows."""
    problem: str | None = None


HANDLED = BoardInput()
"""The command was the board's, and there is nothing more to do."""


class BoardHost:
    """A game's view in a rectangle of a scene (see the module's docstring)."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.area = pygame.Rect(0, 0, 0, 0)
        self.pointer: tuple[int, int] | None = None
        """Where the pointer was last said to be (anywhere in the window, or None: gone)."""

    def layout(self, area: pygame.Rect) -> None:
        self.area = area
        self.view.layout(area)

    @property
    def actions(self) -> list[ViewAction]:
        """The view's move actions that get a side-panel button (not the key-only ones)."""
        return [action for action in self.view.actions if action.button]

    @property
    def clicks_play(self) -> bool:
        """Whether a click can complete a move (Confirm is then secondary)."""
        return isinstance(self.view, ClickPlays)

    def is_move_action(self, name: str) -> bool:
        return any(action.id == name for action in self.view.actions)

    def offers(self, name: str) -> bool:
        """Whether a button named ``name`` may be live as far as the board is concerned."""
        return offers(self.view, name)

    def point(self, pos: tuple[int, int] | None) -> None:
        """The pointer moved: the view highlights what is under it on the board."""
        self.pointer = pos
        inside = pos is not None and self.area.collidepoint(pos)
        self.view.hover(pos if inside else None)

    def flip(self) -> Feedback:
        """Turn the board round (or say why it does not turn); the highlight under the
        pointer follows it."""
        feedback = flip(self.view)
        self.point(self.pointer)
        return feedback

    @property
    def flipped(self) -> bool:
        """Whether the board is shown turned round: a screen opened from this one for the
        same game shows it so too."""
        return turned(self.view)

    def skip(self, name: str, clock: float) -> bool:
        """Any command ends a running animation; True when that is all it does (a click or
        Skip while the pieces still move)."""
        if not self.view.busy(clock):
            return False
        self.view.skip()
        return name in (c.SELECT, c.SKIP)

    def handle(self, command: Command) -> BoardInput | None:
        """A move command of the side to move, on the board (None: not the board's)."""
        name, view = command.name, self.view
        if name == c.RELEASE:
            if isinstance(view, Drags) and command.pos is not None:
                return BoardInput(view.release(command.pos))
            return HANDLED
        if name == c.SELECT and command.pos is not None:
            if not self.area.collidepoint(command.pos):
                return HANDLED
            return self._completed(view.click(command.pos))
        if self.is_move_action(name):
            return self._completed(view.action(name))
        if name == c.CONFIRM:
            return self.confirm()
        if name == c.CLEAR:
            return BoardInput(view.clear())
        return None

    def confirm(self, feedback: Feedback | None = None) -> BoardInput:
        """The move the selection makes, or why there is none."""
        proposal = self.view.proposal()
        if proposal.move is None:
            return BoardInput(feedback, no_move=True, problem=proposal.problem)
        return BoardInput(feedback, move=proposal.move)

    def _completed(self, feedback: Feedback) -> BoardInput:
        """The view's feedback, and the move if that input made a whole one."""
        if isinstance(self.view, ClickPlays) and self.view.ready():
            return self.confirm(feedback)
        return BoardInput(feedback)
