"""The game-agnostic view interface: what play, replay and setup scenes need from a game.

Scenes know no game's rules. Each game supplies a view (``game.<name>.view``) that draws its
board into a rectangle, turns clicks into its own selections, previews the pending move,
animates the events the rules return, and says which sounds to play when. The composition
root maps game ids to view factories; scenes only ever see this protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import pygame

from game.core.protocol import MoveResult
from game.ui.commands import ViewAction

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Feedback:
    """A view's answer to a click or an action key: a message to show, and a sound."""

    message: str | None = None
    refused: bool = False
    cue: str | None = None


@dataclass(frozen=True)
class Proposal:
    """What confirming would play: a move value, or the reason there is none yet."""

    move: object | None = None
    problem: str | None = None


class GameView(Protocol):
    game_id: str
    actions: tuple[ViewAction, ...]
    """Move actions, with default keys; the play scene makes a side-panel button of each
    (but the key-only ones)."""
    help_title: str
    help_text: str
    """The rules as the in-game help screen shows them (pygame_gui's HTML subset)."""

    def set_colours(self, colours: Sequence[RGB]) -> None:
        """The player colours, one per seat, from the settings."""
        ...

    def set_speed(self, speed: float) -> None:
        """Animation speed multiplier; 0 means no animation."""
        ...

    def layout(self, rect: pygame.Rect) -> None:
        """The area the board may use; the view keeps its cells square and centred."""
        ...

    @property
    def board_rect(self) -> pygame.Rect:
        """Where the board itself ended up inside the layout area."""
        ...

    def show(self, state: Any) -> None:
        """Display ``state`` at once, dropping any animation and selection."""
        ...

    def animate(self, before: Any, result: MoveResult[Any], clock: float) -> None:
        """Play the move from ``before`` to ``result.state`` from its events, starting now."""
        ...

    def busy(self, clock: float) -> bool:
        """True while an animation is still running."""
        ...

    def skip(self) -> None:
        """Jump every running animation to its end."""
        ...

    def cues(self, clock: float) -> list[str]:
        """Sound cues whose time has come since the last call."""
        ...

    def draw(self, surface: pygame.Surface, clock: float) -> None: ...

    def hit_test(self, pos: tuple[int, int]) -> object | None:
        """The board target under ``pos`` (a cell, a square...), or None."""
        ...

    # -- interaction (the play scene; the replay scene never calls these) ----------------

    def set_interactive(self, on: bool) -> None: ...

    def hover(self, pos: tuple[int, int] | None) -> None: ...

    def action(self, action_id: str) -> Feedback:
        """The player chose a move kind (Conquid's A, C, V, Q)."""
        ...

    def click(self, pos: tuple[int, int]) -> Feedback:
        """The player clicked the board."""
        ...

    def clear(self) -> Feedback:
        """Drop the pending selection (Conquid's U)."""
        ...

    def selected_action(self) -> str | None:
        """The move kind being prepared (its side-panel button is highlighted), if any."""
        ...

    def proposal(self) -> Proposal:
        """The move the pending selection makes, or why it makes none."""
        ...

    def status(self) -> str:
        """One or two lines on the pending selection and its preview, for the side panel."""
        ...

    def score(self, state: Any, seat: int) -> str:
        """A short per-seat figure for the side panel (Conquid: the cell count)."""
        ...

    def describe(self, notation: str) -> str:
        """A move's notation in words, for the replay list and toasts."""
        ...


@runtime_checkable
class Suggests(Protocol):
    """A view that can load a suggested move (a hint) as its pending, previewed selection."""

    def suggest(self, move: object) -> Feedback: ...


@runtime_checkable
class Drags(Protocol):
    """A view whose pieces can also be dragged: a press is a click, the release ends it."""

    def release(self, pos: tuple[int, int]) -> Feedback:
        """The left button was let go at ``pos`` (a drop, if a drag began on the board)."""
        ...


ViewFactory = Callable[[], GameView]
