"""The Push Fight board view: setup tray, turn building with hints, animation, last turn.

It implements ``game.client.view.GameView``. A setup is collected placement by placement and
confirmed as one ``Setup`` move; a turn is built with ``rules.assist.PartialTurn`` (up to two
slides, each undoable, then a push) and confirmed as one ``Turn``. Every hint (reachable
squares, legal pushes) and every refusal reason comes from the rules' helpers; the view
never re-derives a rule. Drawing is in ``draw``, the event animations in ``anim``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final

import pygame

from game.client.access.cursor import Place
from game.client.app.commands import ViewAction
from game.client.board_view import BoardView
from game.client.draw import fonts, palette
from game.client.draw.tween import Cues
from game.client.view import RGB, Feedback, Proposal
from game.core.errors import IllegalMoveError
from game.core.protocol import MoveResult
from game.pushfight.info import SEATS
from game.pushfight.rules.assist import PartialTurn
from game.pushfight.rules.board import (
    HALVES,
    INDEX_OF,
    SQUARES,
    STEPS,
    bits,
    coords,
    square_name,
)
from game.pushfight.rules.engine import push_line
from game.pushfight.rules.events import PieceSlid
from game.pushfight.rules.game import HALF_FILES, State
from game.pushfight.rules.notation import Setup, Turn
from game.pushfight.rules.setups import PUSHERS, ROUNDS, random_setup, standard_setup
from game.pushfight.rules.steps import occupied, slide, slide_path
from game.pushfight.view import anim, draw
from game.pushfight.view.actions import ACTIONS, RANDOM, STANDARD
from game.pushfight.view.colours import BROWN_RGB, WHITE_RGB
from game.pushfight.view.last import NO_LAST, LastTurn, draw_last, draw_paths, last_turn

SETUP_PIECES: Final = PUSHERS + ROUNDS


class PushFightView(BoardView):
    """A Push Fight board in a rectangle of the window (see ``game.client.view.GameView``)."""

    game_id: str = "pushfight"
    actions: tuple[ViewAction, ...] = ACTIONS

    def __init__(self) -> None:
        super().__init__(pygame.Rect(0, 0, 640, 360))
        self._colours: tuple[RGB, RGB] = (WHITE_RGB, BROWN_RGB)
        self._flipped = False
        self._geo = draw.Geometry.fit(self._area, False)
        self._state: State | None = None
        self._anim = anim.EMPTY_ANIMATION
        self._anim_base: State | None = None
        self._local = anim.EMPTY_ANIMATION
        """A slide made while building a turn, played on the spot (never blocks input)."""
        self._local_base: State | None = None
        self._cues = Cues()
        self._now = 0.0
        self._hover: int | None = None
        self._last: LastTurn = NO_LAST
        """The last turn's marks: squares touched, arrows, pieces pushed off."""
        self._rng = random.Random()
        self._placed: list[tuple[int, bool]] = []
        self._pick: bool | None = None
        self._turn: PartialTurn | None = None
        self._selected: int | None = None
        self._push: tuple[int, int] | None = None
        self._drag: tuple[int | None, bool | None] | None = None
        """A press that may become a drag: (square it began on, setup piece kind carried)."""
        self._pointer: tuple[int, int] | None = None
        self._board: tuple[PartialTurn, State] | None = None
        """The position the turn being built shows (worked out once per step)."""

    # -- setup ---------------------------------------------------------------------------

    def set_colours(self, colours: Sequence[RGB]) -> None:
        """The sides are White and Brown (rules, notation and help say so): chosen player
        colours do not apply (the plug-in's ``seat_colours`` says so)."""

    def _fit(self) -> None:
        """Fit the board to the area; the tray's row is kept only while a side sets up."""
        tray = self._state is None or self._state.in_setup
        self._geo = draw.Geometry.fit(self._area, self._flipped, tray)

    @property
    def board_rect(self) -> pygame.Rect:
        return self._geo.outline

    @property
    def flipped(self) -> bool:
        return self._flipped

    # -- state and animation -------------------------------------------------------------

    def show(self, state: Any, last: Sequence[MoveResult[Any]] = ()) -> None:
        assert isinstance(state, State)
        self._state = state
        if self._geo.tray != state.in_setup:
            self._fit()
        self._anim = self._local = anim.EMPTY_ANIMATION
        self._cues.clear()
        self._last = last_turn(last)
        self._reset_selection()

    def animate(self, before: Any, result: MoveResult[Any], clock: float) -> None:
        assert isinstance(before, State)
        base, events = before, tuple(result.events)
        turn = self._turn
        if turn is not None and turn.slides and turn.start == before:
            made = [(INDEX_OF[e.path[0]], INDEX_OF[e.path[-1]])
                    for e in events if isinstance(e, PieceSlid)]
            if made == list(turn.slides):  # already shown while the turn was built
                base = turn.board()
                events = tuple(e for e in events if not isinstance(e, PieceSlid))
        self.show(result.state, (result,))
        self._now = clock
        self._anim_base = base
        self._anim = anim.build(base, events, clock, self._speed)
        for at, cue in self._anim.cues:
            self._cues.add(at, cue)

    def busy(self, clock: float) -> bool:
        self._now = clock
        return clock < self._anim.end

    def skip(self) -> None:
        self._anim = self._local = anim.EMPTY_ANIMATION
        self._cues.clear()

    def cues(self, clock: float) -> list[str]:
        self._now = clock
        return self._cues.due(clock)

    # -- interaction ---------------------------------------------------------------------

    def hover(self, pos: tuple[int, int] | None) -> None:
        self._pointer = pos
        self._hover = None if pos is None else self._geo.square_at(pos)

    def release(self, pos: tuple[int, int]) -> Feedback:
        """End a drag: dropping a piece on another square is clicking that square."""
        drag, self._drag = self._drag, None
        state = self._state
        square = self._geo.square_at(pos)
        if drag is None or state is None or not self._interactive or square is None:
            return Feedback()
        origin, kind = drag
        if square == origin:
            return Feedback()
        if state.in_setup:
            if kind is None or square in dict(self._placed):
                return Feedback()
            self._pick = kind
            feedback = self._setup_click(state, pos)
            self._pick = None  # a drop places one piece; a click on the tray picks for longer
            return feedback
        if origin is None or self._turn is None:
            return Feedback()
        self._selected, self._push = origin, None
        return self._turn_click(self._turn, square)

    def mark_rect(self, name: str) -> pygame.Rect | None:
        index = INDEX_OF.get(name.strip().lower())
        return None if index is None else self._geo.square_rect(index)

    def places(self) -> tuple[Place, ...]:
        """Every square, top rank first as drawn, with what stands on it, then the set-up
        tray's pieces (the board cursor's ``Places``)."""
        state = self._state
        if state is None:
            return ()
        shown = self._turn_board(self._turn) if self._turn is not None else state
        squares = sorted(SQUARES, key=lambda index: self._geo.square_rect(index).topleft[::-1])
        found = [Place(square_name(index), self._geo.square_rect(index), _piece(shown, index))
                 for index in squares]
        if state.in_setup and self._geo.tray:
            for slot in range(SETUP_PIECES):
                pusher = slot < PUSHERS
                if slot - (0 if pusher else PUSHERS) < self._left(pusher):
                    kind = "pusher" if pusher else "round piece"
                    found.append(Place(f"tray {slot + 1}", self._geo.tray_slot(slot),
                                       f"a {kind} to place"))
        return tuple(found)

    def hit_test(self, pos: tuple[int, int]) -> int | None:
        return self._geo.square_at(pos)

    def square_centre(self, name: str) -> tuple[int, int]:
        """Where a square is drawn now (tests and tools click there)."""
        return self._geo.pixel(coords(INDEX_OF[name]))

    def targets(self) -> frozenset[int]:
        """The squares highlighted for the selected piece: where it can move now."""
        if self._turn is None or self._selected is None:
            return frozenset()
        return self._turn.targets(self._selected)

    def partial_turn(self) -> PartialTurn | None:
        """The turn being built (its slides so far), if any."""
        return self._turn

    def tray_centre(self, slot: int) -> tuple[int, int]:
        rect = self._geo.tray_slot(slot)
        return rect.centerx, rect.centery

    def flip(self) -> Feedback:
        """Turn the board round (``Flips``)."""
        self._flipped = not self._flipped
        self._fit()
        left = SEATS[1] if self._flipped else SEATS[0]
        return Feedback(f"Board flipped: {left}'s half on the left", cue="click")

    def action(self, action_id: str) -> Feedback:
        state = self._need_state()
        if action_id not in (STANDARD, RANDOM):
            return Feedback(f"Unknown command {action_id!r}", True, "refuse")
        if not self._interactive:
            return Feedback("No moves can be made now", True, "refuse")
        if not state.in_setup:
            return Feedback("The setup is over: standard and random setups are for the start",
                            True, "refuse")
        side = state.to_move
        setup = standard_setup(side) if action_id == STANDARD else random_setup(side, self._rng)
        self._load_setup(setup)
        return Feedback("Setup placed: press Return (Confirm) to play it", cue="place")

    def _load_setup(self, setup: Setup) -> None:
        """Show ``setup`` as the pending placements (square pieces first, reading order)."""
        order = {index: n for n, index in enumerate(SQUARES)}
        self._placed = [(i, True) for i in sorted(setup.pushers, key=order.__getitem__)]
        self._placed += [(i, False) for i in sorted(setup.rounds, key=order.__getitem__)]
        self._pick = None

    def click(self, pos: tuple[int, int]) -> Feedback:
        state = self._state
        if state is None or not self._interactive:
            return Feedback()
        self._local = anim.EMPTY_ANIMATION
        self._drag = None
        if state.in_setup:
            return self._setup_click(state, pos)
        square = self._geo.square_at(pos)
        if square is None or self._turn is None:
            return Feedback()
        feedback = self._turn_click(self._turn, square)
        if self._turn is not None and self._turn_board(self._turn).owner(square) == state.to_move:
            self._drag = (square, None)
        return feedback

    def _left(self, pusher: bool) -> int:
        placed = sum(1 for _square, kind in self._placed if kind == pusher)
        return (PUSHERS if pusher else ROUNDS) - placed

    def _setup_click(self, state: State, pos: tuple[int, int]) -> Feedback:
        slot = self._geo.tray_at(pos)
        if slot is not None:
            pusher = slot < PUSHERS
            if slot - (0 if pusher else PUSHERS) >= self._left(pusher):
                return Feedback()
            self._drag = (None, pusher)
            self._pick = None if self._pick == pusher else pusher
            return Feedback(cue="select" if self._pick is not None else "deselect")
        square = self._geo.square_at(pos)
        if square is None:
            return Feedback()
        placed = dict(self._placed)
        if square in placed:
            self._placed.remove((square, placed[square]))
            self._pick = placed[square]
            self._drag = (square, placed[square])
            return Feedback(cue="deselect")
        side = state.to_move
        if not HALVES[side] >> square & 1:
            return Feedback(f"{square_name(square)} is not on {SEATS[side]}'s half "
                            f"(files {HALF_FILES[side]})", True, "refuse")
        kind = self._pick
        if kind is None or not self._left(kind):
            kind = True if self._left(True) else (False if self._left(False) else None)
        if kind is None:
            return Feedback("All five pieces are placed: press Return to confirm, or click a "
                            "piece to pick it up", True, "refuse")
        self._placed.append((square, kind))
        if not self._left(kind):
            self._pick = None
        return Feedback(cue="place")

    def _turn_click(self, turn: PartialTurn, square: int) -> Feedback:
        board = turn.board()
        side = turn.side
        owner = board.owner(square)
        chosen = self._selected
        self._push = None
        name = square_name(square)
        if chosen is None:
            if owner == side:
                self._selected = square
                return Feedback(cue="select")
            if owner is None:
                return Feedback("Click one of your pieces first, then where it goes or what it "
                                "pushes", True, "refuse")
            return Feedback(f"The piece on {name} is not yours: click one of yours", True,
                            "refuse")
        if square == chosen:
            self._selected = None
            return Feedback(cue="deselect")
        if owner is None:
            problem = turn.slide_problem(chosen, square)
            if problem:
                return Feedback(f"Cannot move there: {problem}", True, "refuse")
            self._slide(turn, chosen, square)
            return self._after_slide()
        adjacent = square - chosen in STEPS
        if adjacent and board.is_pusher(chosen):
            problem = turn.push_problem(chosen, square)
            if problem is None:
                self._push = (chosen, square)
                return Feedback("Push chosen: press Return (Confirm) to play the turn",
                                cue="select")
            if owner != side:
                return Feedback(f"Cannot push {name}: {problem}", True, "refuse")
            self._selected = square
            return Feedback(f"Selected {name} (pushing it is not allowed: {problem})",
                            cue="select")
        if owner == side:
            self._selected = square
            return Feedback(cue="select")
        problem = turn.push_problem(chosen, square) or "that is not a push"
        return Feedback(f"Cannot push {name}: {problem}", True, "refuse")

    def _slide(self, turn: PartialTurn, src: int, dst: int) -> None:
        before = turn.board()
        path = slide_path(turn.packed, src, dst)
        self._turn = turn.slide(src, dst)
        self._selected = None
        event = PieceSlid(path=tuple(square_name(i) for i in path), side=turn.side,
                          pusher=before.is_pusher(src))
        self._local_base = before
        self._local = anim.build(before, (event,), self._now, self._speed)

    def _after_slide(self) -> Feedback:
        turn = self._turn
        assert turn is not None
        if not turn.can_still_push():
            return Feedback("No push is possible after this move: press U to take it back",
                            True, "refuse")
        left = turn.slides_left
        more = f"{left} more move, or " if left else ""
        return Feedback(f"Moved. Now {more}push", cue="place")

    def suggest(self, move: object) -> Feedback:
        """Load a hint as the pending setup or turn, previewed and ready to confirm."""
        state = self._need_state()
        if not self._interactive:
            return Feedback("No moves can be made now", True, "refuse")
        self._reset_selection()
        if isinstance(move, Setup) and state.in_setup and move.side == state.to_move:
            self._load_setup(move)
            return Feedback(cue="select")
        if isinstance(move, Turn) and self._turn is not None:
            turn = self._turn
            try:
                for src, dst in move.slides:
                    turn = turn.slide(src, dst)
                turn.finish(*move.push)
            except IllegalMoveError as err:
                return Feedback(f"The hint does not fit this position: {err}", True, "refuse")
            self._turn = turn
            self._selected, self._push = move.push[0], move.push
            return Feedback(cue="select")
        return Feedback("The hint is not a move for this position", True, "refuse")

    def clear(self) -> Feedback:
        self._local = anim.EMPTY_ANIMATION
        if self._placed:
            self._placed.pop()
            return Feedback(cue="undo")
        if self._pick is not None:
            self._pick = None
            return Feedback(cue="deselect")
        if self._push is not None:
            self._push = None
            return Feedback(cue="undo")
        if self._selected is not None:
            self._selected = None
            return Feedback(cue="deselect")
        if self._turn is not None and self._turn.slides:
            self._turn = self._turn.undo()
            return Feedback("Took back one move of this turn", cue="undo")
        return Feedback()

    def _reset_selection(self) -> None:
        state = self._state
        self._placed = []
        self._pick = None
        self._selected = None
        self._push = None
        self._drag = None
        self._local = anim.EMPTY_ANIMATION
        playing = state is not None and not state.in_setup and state.ending is None
        self._turn = PartialTurn(state) if self._interactive and playing and state else None

    def selected_action(self) -> str | None:
        return None

    def offers(self, action_id: str) -> bool:
        """The standard and random setups apply only while the side to move sets up
        (``Offers``: their buttons go grey)."""
        if action_id in (STANDARD, RANDOM):
            state = self._state
            return state is not None and state.in_setup and self._interactive
        return True

    def proposal(self) -> Proposal:
        state = self._need_state()
        if state.in_setup:
            missing = SETUP_PIECES - len(self._placed)
            if missing:
                return Proposal(problem=f"place {missing} more piece{'s' * (missing > 1)} on "
                                        f"your half (or press S for the standard setup)")
            pushers = frozenset(i for i, kind in self._placed if kind)
            rounds = frozenset(i for i, kind in self._placed if not kind)
            return Proposal(Setup(state.to_move, pushers, rounds))
        if self._turn is None:
            return Proposal(problem="no turn can be made now")
        if self._push is None:
            return Proposal(problem="choose a push: click one of your square pieces, then the "
                                    "piece next to it")
        try:
            return Proposal(self._turn.finish(*self._push))
        except IllegalMoveError as err:
            return Proposal(problem=str(err))

    def status(self) -> str:
        state = self._state
        if state is None or not self._interactive:
            return ""
        if state.in_setup:
            placed = len(self._placed)
            if placed == SETUP_PIECES:
                return "All five pieces placed. Confirm to play the setup."
            return (f"Setup: {placed} of 5 placed. Click a tray piece, then a square of files "
                    f"{HALF_FILES[state.to_move]}; S standard, R random.")
        turn = self._turn
        if turn is None:
            return ""
        if self._push is not None:
            src, dst = self._push
            return (f"Push {square_name(src)} into {square_name(dst)}. "
                    "Confirm to play the turn, U to change it.")
        moves = f"{turn.slides_left} move{'s' * (turn.slides_left != 1)} left"
        if self._selected is not None:
            if self._turn_board(turn).is_pusher(self._selected):
                return f"{moves}. Click a dot to move there, or a neighbour to push it."
            return f"{moves}. Click a dot to move there (round pieces never push)."
        return f"{moves}, then a push. Click one of your pieces."

    # -- drawing -------------------------------------------------------------------------

    def _need_state(self) -> State:
        if self._state is None:
            raise RuntimeError("the view has no position yet (call show first)")
        return self._state

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        state = self._state
        if state is None:
            return
        self._now = clock
        geo = self._geo
        draw.draw_board(surface, geo, self._colours)
        if clock < self._anim.end and self._anim_base is not None:
            draw.draw_animation(surface, self._geo, self._colours, self._anim_base,
                                self._anim, clock)
            return
        turn = self._turn
        shown = self._turn_board(turn) if turn is not None else state
        if self._interactive and state.in_setup:
            self._draw_setup(surface, state, clock)
        elif clock < self._local.end and self._local_base is not None:
            draw.draw_animation(surface, self._geo, self._colours, self._local_base,
                                self._local, clock)
        else:
            marked = turn is None or (not turn.slides and self._selected is None)
            if marked:
                draw_last(surface, geo, self._colours, self._last)
            draw.draw_position(surface, self._geo, self._colours, shown)
            if marked:
                draw_paths(surface, geo, self._colours, self._last)
            if turn is not None and self._interactive:
                self._draw_turn(surface, turn, clock)
        self._draw_hover(surface)
        self._draw_drag(surface, state)

    def _draw_drag(self, surface: pygame.Surface, state: State) -> None:
        """The piece being dragged, under the pointer once it has left its square."""
        if self._drag is None or self._pointer is None or not self._interactive:
            return
        origin, kind = self._drag
        if origin is not None and self._geo.square_at(self._pointer) == origin:
            return
        side = state.to_move
        if kind is None:
            if origin is None or self._turn is None:
                return
            kind = self._turn_board(self._turn).is_pusher(origin)
        draw.draw_piece(surface, self._pointer, self._geo.cell, self._colours[side], side, kind,
                        0.9, 170)

    def _turn_board(self, turn: PartialTurn) -> State:
        if self._board is None or self._board[0] is not turn:
            self._board = (turn, turn.board())
        return self._board[1]

    def _draw_setup(self, surface: pygame.Surface, state: State, clock: float) -> None:
        geo, cell = self._geo, self._geo.cell
        side = state.to_move
        colour = self._colours[side]
        tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
        tint.fill((*colour, 40 + round(25 * math.sin(clock * 4))))
        for index in SQUARES:
            if HALVES[side] >> index & 1 and state.owner(index) is None:
                surface.blit(tint, geo.square_rect(index))
        draw.draw_position(surface, geo, self._colours, state)
        for index, pusher in self._placed:
            draw.draw_piece(surface, geo.centre(coords(index)), cell, colour, side, pusher)
        words = f"{SEATS[side]} to place:" if len(self._placed) < SETUP_PIECES else "All placed"
        label = fonts.text(words, max(14, cell // 3), palette.TEXT)
        first = geo.tray_slot(0)
        surface.blit(label, label.get_rect(midright=(first.x - cell // 4, first.centery)))
        for slot in range(draw.TRAY_SLOTS):
            rect = geo.tray_slot(slot)
            pygame.draw.rect(surface, palette.PANEL, rect.inflate(-4, -4), border_radius=8)
            pusher = slot < PUSHERS
            if slot - (0 if pusher else PUSHERS) < self._left(pusher):
                draw.draw_piece(surface, rect.center, cell, colour, side, pusher)
            if self._pick == pusher and slot == (0 if pusher else PUSHERS):
                pygame.draw.rect(surface, palette.ACCENT, rect.inflate(-2, -2), 3,
                                 border_radius=8)

    def _draw_turn(self, surface: pygame.Surface, turn: PartialTurn, clock: float) -> None:
        geo, cell = self._geo, self._geo.cell
        mover = self._colours[turn.side]
        board = self._turn_board(turn)
        arrows: list[tuple[RGB, list[anim.Point], int]] = []
        packed = turn.start.packed
        for src, dst in turn.slides:  # the moves made so far this turn
            path = tuple(coords(i) for i in slide_path(packed, src, dst))
            packed = slide(packed, src, dst)
            arrows.append((palette.shade(mover, 1.3), draw.trimmed(path, 0.42), cell // 14))
        chosen = self._selected
        if chosen is not None:
            pulse = 0.5 + 0.5 * math.sin(clock * 6)
            rect = geo.square_rect(chosen).inflate(-cell // 12, -cell // 12)
            pygame.draw.rect(surface, palette.ACCENT, rect, 3 + round(2 * pulse),
                             border_radius=cell // 8)
        if chosen is not None and self._push is None:
            for target in self.targets():
                pygame.draw.circle(surface, palette.ACCENT, geo.pixel(coords(target)),
                                   max(4, cell // 9))
                pygame.draw.circle(surface, draw.INK, geo.pixel(coords(target)),
                                   max(4, cell // 9), 1)
            if board.is_pusher(chosen):
                for src, dst in turn.pushes():
                    if src == chosen:
                        arrows.append((palette.GOOD, self._push_points(src, dst, 1), cell // 10))
        if self._push is not None:
            src, dst = self._push
            step = dst - src
            seg, beyond = push_line(occupied(turn.packed), src, step)
            length = len(bits(seg))
            arrows.append((palette.ACCENT, self._push_points(src, dst, length), cell // 9))
            if beyond not in SQUARES:  # the last piece of the line falls off
                ring = geo.square_rect(beyond - step).inflate(-cell // 10, -cell // 10)
                pygame.draw.rect(surface, palette.WARN, ring, 4, border_radius=cell // 6)
                words = fonts.text("falls off!", max(14, cell // 4), palette.WARN, True)
                surface.blit(words, words.get_rect(midbottom=ring.midtop))
        draw.draw_arrows(surface, self._geo, arrows, 210)

    def _push_points(self, src: int, dst: int, length: int) -> list[anim.Point]:
        """A push arrow from the pusher's edge along the ``length`` pieces it shoves."""
        (fx, fr), (tx, tr) = coords(src), coords(dst)
        dx, dy = tx - fx, tr - fr
        reach = length - 0.1
        return [(fx + dx * 0.3, fr + dy * 0.3), (fx + dx * reach, fr + dy * reach)]

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self._hover is None or not self._interactive:
            return
        rect = self._geo.square_rect(self._hover)
        pygame.draw.rect(surface, palette.TEXT, rect.inflate(-2, -2), 2,
                         border_radius=self._geo.cell // 10)


def _piece(state: State, index: int) -> str:
    """What stands on a square, in words, for a player who cannot see the board."""
    owner = state.owner(index)
    if owner is None:
        return "empty"
    return f"{SEATS[owner]} {'pusher' if state.is_pusher(index) else 'round piece'}"
