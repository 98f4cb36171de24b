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

from game.client.app.commands import ViewAction
from game.core.match import Match, meta_word
from game.core.protocol import CHANCE, MoveResult

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

    def show(self, state: Any, last: Sequence[MoveResult[Any]] = ()) -> None:
        """Display ``state`` at once, dropping any animation and selection.

        ``last`` is the turn that led here (``last_turn``): the view marks what it changed
        until the next move, as it does after ``animate``.
        """
        ...

    def animate(self, before: Any, result: MoveResult[Any], clock: float) -> None:
        """Play the move from ``before`` to ``result.state`` from its events, starting now,
        then mark it (a chance move adds to the marks of the turn it ends)."""
        ...

    def busy(self, clock: float) -> bool:
        """True while an animation is still running.

        The play and replay scenes keep the loop at full frame rate only while this (or a
        computer, the dice, a hint) says so; otherwise the loop rests at two frames a second.
        """
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



@runtime_checkable
class Suggests(Protocol):
    """A view that can load a suggested move (a hint) as its pending, previewed selection."""

    def suggest(self, move: object) -> Feedback: ...


@runtime_checkable
class SuggestsLine(Protocol):
    """A view that can draw a whole suggested line (a computer's planned turn of several
    actions), its first move pending as ``Suggests.suggest`` would make it."""

    def suggest_line(self, line: tuple[object, ...]) -> Feedback: ...


@runtime_checkable
class Offers(Protocol):
    """A view whose move actions apply only at some moments (Piously builds its temple with
    some, then plays its turns with others): the buttons of the rest are greyed out."""

    def offers(self, action_id: str) -> bool:
        """Whether ``action_id`` applies to the position and selection now."""
        ...


def offers(view: GameView, name: str) -> bool:
    """Whether a button named ``name`` may be live as far as the view is concerned: its move
    actions ask it (if it ``Offers``), every other button is the scene's own business."""
    if not isinstance(view, Offers) or all(action.id != name for action in view.actions):
        return True
    return view.offers(name)


@runtime_checkable
class Drags(Protocol):
    """A view whose pieces can also be dragged: a press is a click, the release ends it."""

    def release(self, pos: tuple[int, int]) -> Feedback:
        """The left button was let go at ``pos`` (a drop, if a drag began on the board)."""
        ...


def seat_colours(own: Sequence[RGB] | None, chosen: Sequence[RGB]) -> tuple[RGB, ...]:
    """The colour of each seat as the board shows it: the game's own (``GamePlugin.
    seat_colours``), else the chosen ones."""
    return tuple(own) if own is not None else tuple(chosen)


@runtime_checkable
class Flips(Protocol):
    """A two-player board that can be shown turned half round (``game.client.draw.flip``),
    so either player may sit at its bottom: in play, replays, online play, watching, lessons
    and mistakes, the flip command (F) turns it. Clicks, the board cursor's places, hints
    and arrows follow it (the view maps every one through the same half turn). A screen
    opened from another of the same game (its review, play continued from the replay, its
    mistakes) shows the board the way round the player left it (``turned``, ``turn_to``)."""

    @property
    def flipped(self) -> bool: ...

    def flip(self) -> Feedback:
        """Turn the board round (again); say which way round it is now."""
        ...


def flip(view: GameView) -> Feedback:
    """The flip command on ``view``: turned if it ``Flips``, else why not."""
    if isinstance(view, Flips):
        return view.flip()
    return Feedback("Only a two-player board turns round", refused=True, cue="refuse")


def turned(view: GameView) -> bool:
    """Whether ``view`` shows its board turned round (never a board that does not turn)."""
    return isinstance(view, Flips) and view.flipped


def turn_to(view: GameView, flipped: bool) -> None:
    """Show ``view``'s board turned round or not, as ``flipped`` says, without a word: the
    way round the screen it was opened from had it. A board that does not turn stays."""
    if isinstance(view, Flips) and view.flipped != flipped:
        view.flip()


@runtime_checkable
class Marks(Protocol):
    """A view that can say where a board place named in its game's notation is drawn.

    Lessons name places to look at (``3,5``, ``d2``) as data; the scene outlines them.
    """

    def mark_rect(self, name: str) -> pygame.Rect | None:
        """The place's rectangle on screen now, or None if ``name`` is no place here."""
        ...


@runtime_checkable
class Swatches(Protocol):
    """A view whose seats' pieces differ by a shape as well as by colour (Conquid's second
    player's cells carry a dot): the seat cards' swatches show the same shape, so a card is
    matched to its pieces without telling colours apart."""

    def draw_swatch(self, surface: pygame.Surface, rect: pygame.Rect, seat: int,
                    colour: RGB) -> None:
        """Seat ``seat``'s swatch in ``colour``, filling ``rect``."""
        ...


@runtime_checkable
class FitsMany(Protocol):
    """A view whose board's scale depends on the position (Piously keeps room around its
    temple once the Stonemason is owned): a lesson shows it every position of its steps
    first, so the board keeps one size from step to step."""

    def fit_many(self, states: Sequence[Any]) -> None:
        """Fit the board so that each of ``states`` shows at one scale (none: fit each
        position as it is shown)."""
        ...


@runtime_checkable
class ClickPlays(Protocol):
    """A view whose moves can be whole after a click (Forts: a value, then a cell)."""

    def ready(self) -> bool:
        """True when the last click completed a move: play it without waiting for Confirm."""
        ...


ViewFactory = Callable[[], GameView]


def turns_played(match: Match) -> int:
    """Moves made by players (a die roll belongs to the turn it ends), for move counters."""
    return match.ply - match.chance_moves_played


def last_turn(match: Match, ply: int) -> tuple[MoveResult[Any], ...]:
    """The results that led to the position after ``ply`` moves (see ``turn_span``)."""
    start, end = turn_span(match, ply)
    return tuple(match.results[start:end])


def turn_span(match: Match, ply: int) -> tuple[int, int]:
    """Which moves made the last turn before ply ``ply``: the last player's moves in a row (a
    Piously turn is several, marked together as when they were played) and the chance moves
    (dice) after them. A resignation or an agreed draw changes nothing on the board, so the
    board move before it stays marked."""
    while ply > 0 and meta_word(match.moves[ply - 1]) is not None:
        ply -= 1
    start = ply
    while start > 0 and match.game.to_move(match.state_at(start - 1)) == CHANCE:
        start -= 1
    if start == 0:
        return 0, ply
    start -= 1
    seat = match.game.to_move(match.state_at(start))
    while start > 0 and match.game.to_move(match.state_at(start - 1)) == seat:
        start -= 1
    return start, ply


def parse_cell(name: str) -> tuple[int, int] | None:
    """A ``row,col`` place name (lessons' marks), or None."""
    parts = name.split(",")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        return None
    return int(parts[0]), int(parts[1])
