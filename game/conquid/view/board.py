"""The Conquid board view: drawing, move selection with previews, and animation.

It implements ``game.client.view.GameView``. The rules' helpers give every preview (what a
conquer takes, legal vanquish corners, the conquest path) and every refusal reason; the
view never re-derives a rule. Resting cells are drawn once into a cached layer; only
animated cells and overlays are drawn per frame, which keeps a 600-cell cascade cheap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import pygame

from game.client.access.cursor import Place
from game.client.app.commands import ViewAction
from game.client.board_view import BoardView
from game.client.draw import coords, fonts, palette
from game.client.draw.tween import Cues, mix
from game.client.view import RGB, Feedback, Proposal, parse_cell
from game.conquid.rules.game import (
    Acquire,
    Cell,
    Conquer,
    Conquest,
    ConquidState,
    Vanquish,
    acquire_problem,
    acquire_size,
    conquer_waves,
    conquest_path,
    vanquish_corners,
    vanquish_problem,
)
from game.conquid.view import anim
from game.conquid.view.actions import ACQUIRE, ACTIONS, CONQUER, CONQUEST, VANQUISH
from game.core.protocol import MoveResult
from game.core.text import counted

EMPTY_RGB: Final[RGB] = (66, 72, 92)
FRAME_RGB: Final[RGB] = (36, 40, 52)
MARK_RGB: Final[RGB] = (255, 244, 200)
SECOND_SEAT: Final = frozenset({1, 3})
"""The looks of the second player's cells and base: each carries a dot, so the two players'
cells differ by a shape as well as by their colours (which a player chooses)."""
BLOCK: Final = 4


class ConquidView(BoardView):
    """A Conquid board in a rectangle of the window (see ``game.client.view.GameView``)."""

    game_id: str = "conquid"
    actions: tuple[ViewAction, ...] = ACTIONS

    def __init__(self) -> None:
        super().__init__(pygame.Rect(0, 0, 640, 360))
        self._colours: tuple[RGB, RGB] = ((214, 69, 69), (58, 123, 213))
        self._state: ConquidState | None = None
        self._anim = anim.Animation((), (), 0.0)
        self._by_cell: dict[Cell, anim.CellAnim] = {}
        self._started = 0
        """How many of the animation's cells (sorted by start) have started."""
        self._active: list[anim.CellAnim] = []
        self._uncommitted: dict[Cell, anim.CellAnim] = {}
        """Animated cells the cached layer still shows in their old look."""
        self._rects: dict[tuple[Cell, float, float], pygame.Rect] = {}
        self._cues = Cues()
        self._layer: pygame.Surface | None = None
        self._layer_state: ConquidState | None = None
        """The position the cached layer shows once its pending cells are painted."""
        self._origin = (0, 0)
        self._size = 10
        self._mode: str | None = None
        self._picked: list[Cell] = []
        self._corner: Cell | None = None
        self._hover: Cell | None = None
        self._waves: tuple[tuple[Cell, ...], ...] = ()
        self._corners: frozenset[Cell] = frozenset()
        self._path: tuple[Cell, ...] | None = None
        self._tints: dict[tuple[RGB, int], pygame.Surface] = {}
        self._marks = anim.Marks()
        """What the last move changed, outlined until the next one."""
        self._marks_layer: pygame.Surface | None = None

    # -- setup ---------------------------------------------------------------------------

    def set_colours(self, colours: Sequence[RGB]) -> None:
        self._colours = (colours[0], colours[1])
        self._layer = None

    def layout(self, rect: pygame.Rect) -> None:
        self._layer = None  # drawn again at the new size
        super().layout(rect)

    def _fit(self) -> None:
        if self._state is None:
            return
        board = self._state.board
        margin = coords.margin()
        room_w, room_h = self._area.w - margin, self._area.h - margin
        self._size = max(4, min(room_w // board.cols, room_h // board.rows))
        width, height = self._size * board.cols, self._size * board.rows
        self._origin = (  # centred in what the row and column numbers leave free
            self._area.x + margin + (room_w - width) // 2,
            self._area.y + margin + (room_h - height) // 2,
        )
        self._tints.clear()
        self._rects.clear()
        self._marks_layer = None

    @property
    def board_rect(self) -> pygame.Rect:
        state = self._need_state()
        return pygame.Rect(
            self._origin, (self._size * state.board.cols, self._size * state.board.rows)
        )

    # -- state and animation -------------------------------------------------------------

    def show(self, state: Any, last: Sequence[MoveResult[Any]] = ()) -> None:
        assert isinstance(state, ConquidState)
        resized = self._state is None or self._state.board != state.board
        self._state = state
        self._marks = anim.marks(result.events for result in last)
        self._marks_layer = None
        self._drop_animation()
        self._cues.clear()
        self._reset_selection()
        if resized:
            self._fit()

    def animate(self, before: Any, result: MoveResult[Any], clock: float) -> None:
        assert isinstance(before, ConquidState)
        layer = self._layer if not self._uncommitted and self._layer_state == before else None
        self.show(result.state, (result,))
        built = anim.build(before, result.events, clock, self._speed)
        if layer is not None and built.cells:
            # The layer already shows ``before``: only the animated cells will change on it.
            self._layer, self._layer_state = layer, result.state
        cells = tuple(sorted(built.cells, key=lambda item: item.tween.start))
        self._anim = anim.Animation(cells, built.cues, built.end)
        self._by_cell = {item.cell: item for item in cells}
        self._uncommitted = dict(self._by_cell)
        for at, cue in self._anim.cues:
            self._cues.add(at, cue)

    def busy(self, clock: float) -> bool:
        return bool(self._anim.cells) and clock < self._anim.end

    def skip(self) -> None:
        self._drop_animation()
        self._cues.clear()

    def _drop_animation(self) -> None:
        self._anim = anim.Animation((), (), 0.0)
        self._by_cell = {}
        self._started = 0
        self._active = []
        self._uncommitted = {}
        self._layer = None

    def cues(self, clock: float) -> list[str]:
        return self._cues.due(clock)

    def progress(self, cell: Cell, clock: float) -> float | None:
        """How far ``cell``'s animation has run at ``clock`` (0..1), or None if it has none."""
        item = self._by_cell.get(cell)
        return None if item is None else item.tween.raw(clock)

    def wave_of(self, cell: Cell) -> int | None:
        item = self._by_cell.get(cell)
        return None if item is None else item.wave

    # -- interaction ---------------------------------------------------------------------

    def hover(self, pos: tuple[int, int] | None) -> None:
        self._hover = None if pos is None else self.hit_test(pos)

    def mark_rect(self, name: str) -> pygame.Rect | None:
        cell = parse_cell(name)
        state = self._state
        if cell is None or state is None or not state.board.on_board(cell):
            return None
        return self._cell_rect(cell)

    def places(self) -> tuple[Place, ...]:
        """Every cell, row by row, with what is on it (the board cursor's ``Places``)."""
        state = self._state
        if state is None:
            return ()
        board = state.board
        return tuple(Place(f"{row},{col}", self._cell_rect((row, col)), _owned(state, (row, col)))
                     for row in range(board.rows) for col in range(board.cols)
                     if board.on_board((row, col)))

    def hit_test(self, pos: tuple[int, int]) -> Cell | None:
        if self._state is None:
            return None
        col = (pos[0] - self._origin[0]) // self._size
        row = (pos[1] - self._origin[1]) // self._size
        cell = (row, col)
        return cell if self._state.board.on_board(cell) else None

    def action(self, action_id: str) -> Feedback:
        state = self._need_state()
        if not self._interactive:
            return Feedback("No moves can be made now", refused=True, cue="refuse")
        if action_id == ACQUIRE:
            if acquire_size(state) == 0:
                return Feedback("There are no empty cells left to acquire", True, "refuse")
        elif action_id == CONQUEST:
            path = conquest_path(state)
            if path is None:
                return Feedback(
                    "No conquest yet: no chain of your cells links the two bases", True, "refuse"
                )
            self._path = path
        elif action_id == CONQUER:
            self._waves = conquer_waves(state)
        elif action_id == VANQUISH:
            self._corners = frozenset(vanquish_corners(state))
        else:
            return Feedback(f"Unknown move kind {action_id!r}", True, "refuse")
        if self._mode != action_id:
            self._picked = []
            self._corner = None
        self._mode = action_id
        message = None
        if action_id == CONQUER and not self._waves:
            message = "Conquer would take nothing: confirming passes your turn"
        if action_id == VANQUISH and not self._corners:
            message = "No block can be vanquished now"
        return Feedback(message, cue="click")

    def click(self, pos: tuple[int, int]) -> Feedback:
        cell = self.hit_test(pos)
        if cell is None or not self._interactive:
            return Feedback()
        state = self._need_state()
        if self._mode is None and state.owner(cell) is None:
            self.action(ACQUIRE)
        if self._mode == ACQUIRE:
            return self._toggle(state, cell)
        if self._mode == VANQUISH:
            problem = vanquish_problem(state, cell)
            if problem is not None:
                return Feedback(f"Cannot vanquish there: {problem}", True, "refuse")
            self._corner = cell
            return Feedback(cue="select")
        if self._mode is None:
            return Feedback("Choose a move first: acquire, conquer, vanquish or conquest", True,
                            "refuse")
        return Feedback("Press Confirm (Return) to play this move")

    def _toggle(self, state: ConquidState, cell: Cell) -> Feedback:
        if cell in self._picked:
            self._picked.remove(cell)
            return Feedback(cue="deselect")
        if state.owner(cell) is not None:
            what = "part of a base" if state.is_base(cell) else "not empty"
            return Feedback(f"Cannot acquire {cell[0]},{cell[1]}: it is {what}", True, "refuse")
        needed = acquire_size(state)
        if len(self._picked) >= needed:
            return Feedback(f"You have chosen {needed}: click a chosen cell to deselect it",
                            True, "refuse")
        self._picked.append(cell)
        return Feedback(cue="select")

    def suggest(self, move: object) -> Feedback:
        """Load a hint as the pending selection, previewed and ready to confirm."""
        kinds = {Acquire: ACQUIRE, Conquer: CONQUER, Vanquish: VANQUISH, Conquest: CONQUEST}
        kind = kinds.get(type(move))
        if kind is None:
            return Feedback("The hint is not a Conquid move", True, "refuse")
        self._reset_selection()
        feedback = self.action(kind)
        if feedback.refused:
            return feedback
        if isinstance(move, Acquire):
            self._picked = list(move.cells)
        elif isinstance(move, Vanquish):
            self._corner = move.corner
        return Feedback(cue="select")

    def clear(self) -> Feedback:
        had = self._mode is not None
        self._reset_selection()
        return Feedback(cue="undo" if had else None)

    def _reset_selection(self) -> None:
        self._mode = None
        self._picked = []
        self._corner = None
        self._waves = ()
        self._corners = frozenset()
        self._path = None

    def selected_action(self) -> str | None:
        return self._mode

    def proposal(self) -> Proposal:
        state = self._need_state()
        if self._mode == ACQUIRE:
            problem = acquire_problem(state, self._picked)
            if problem is not None:
                chosen = f" ({len(self._picked)} chosen)" if self._picked else ""
                return Proposal(problem=problem + chosen)
            return Proposal(Acquire(tuple(self._picked)))
        if self._mode == CONQUER:
            return Proposal(Conquer())
        if self._mode == VANQUISH:
            if self._corner is None:
                return Proposal(problem="click the top-left cell of the block to vanquish")
            return Proposal(Vanquish(self._corner))
        if self._mode == CONQUEST:
            return Proposal(Conquest())
        return Proposal(problem="choose a move first: acquire, conquer, vanquish or conquest")

    def status(self) -> str:
        if self._state is None or not self._interactive:
            return ""
        if self._mode == ACQUIRE:
            needed, chosen = acquire_size(self._state), len(self._picked)
            if chosen >= needed:
                return (f"Acquire: all {counted(needed, 'cell')} chosen. Confirm, or click one to "
                        "drop it.")
            return f"Acquire: {chosen} of {counted(needed, 'cell')} chosen. Click empty cells."
        if self._mode == CONQUER:
            taken = sum(len(wave) for wave in self._waves)
            if not taken:
                return "Conquer takes nothing: confirming passes your turn."
            return (f"Conquer takes {counted(taken, 'cell')} in "
                    f"{counted(len(self._waves), 'wave')}.")
        if self._mode == VANQUISH:
            if self._corner is not None:
                return f"Vanquish the block at {self._corner[0]},{self._corner[1]}."
            count = len(self._corners)
            if not count:
                return "No block can be vanquished now: choose another move."
            return (f"Vanquish: {counted(count, 'block')} can be emptied. Click a marked "
                    "top-left corner.")
        if self._mode == CONQUEST and self._path:
            return f"Conquest: a chain of {counted(len(self._path), 'cell')} links the bases!"
        return "Choose a move, preview it, then confirm."

    # -- drawing -------------------------------------------------------------------------

    def _need_state(self) -> ConquidState:
        if self._state is None:
            raise RuntimeError("the view has no position yet (call show first)")
        return self._state

    def _rgb(self, code: int) -> RGB:
        if code == anim.EMPTY:
            return EMPTY_RGB
        if code >= 2:
            return palette.shade(self._colours[code - 2], 0.58)
        return self._colours[code]

    def _cell_rect(self, cell: Cell, scale_x: float = 1.0, scale_y: float = 1.0) -> pygame.Rect:
        if scale_x == 1.0 and scale_y == 1.0:
            key = (cell, 1.0, 1.0)
            rect = self._rects.get(key)
            if rect is None:
                rect = self._rects[key] = self._compute_rect(cell, 1.0, 1.0)
            return rect
        return self._compute_rect(cell, scale_x, scale_y)

    def _compute_rect(self, cell: Cell, scale_x: float, scale_y: float) -> pygame.Rect:
        gap = max(1, self._size // 12)
        inner = self._size - gap
        width, height = max(1, round(inner * scale_x)), max(1, round(inner * scale_y))
        x = self._origin[0] + cell[1] * self._size + gap // 2 + (inner - width) // 2
        y = self._origin[1] + cell[0] * self._size + gap // 2 + (inner - height) // 2
        return pygame.Rect(x, y, width, height)

    def _render_layer(self, state: ConquidState) -> pygame.Surface:
        """The board at rest; cells still to animate keep their old look until they finish."""
        self._layer_state = state
        board = state.board
        layer = pygame.Surface(self._area.size)
        layer.fill(palette.BACKGROUND)
        frame = self.board_rect.move(-self._area.x, -self._area.y).inflate(16, 16)
        pygame.draw.rect(layer, FRAME_RGB, frame, border_radius=10)
        coords.draw(layer, frame.inflate(-16, -16).topleft, self._size, board.rows, board.cols)
        looks: dict[Cell, int] = {}
        for seat in (0, 1):
            for cell in board.cells_of(state.owned[seat]):
                looks[cell] = seat
            for cell in board.bases[seat]:
                looks[cell] = seat + 2
        if state.winner is not None:
            for cell in state.winner_path:
                looks[cell] = state.winner + 2
        for item in self._uncommitted.values():
            looks[item.cell] = item.old
        for row in range(board.rows):
            for col in range(board.cols):
                self._paint(layer, (row, col), looks.get((row, col), anim.EMPTY))
        return layer

    def _paint(self, layer: pygame.Surface, cell: Cell, code: int) -> None:
        rect = self._cell_rect(cell).move(-self._area.x, -self._area.y)
        layer.fill(self._rgb(code), rect)
        if code >= 2 and self._size >= 10:
            pygame.draw.rect(layer, palette.shade(self._rgb(code), 1.25), rect, 1)
        if code in SECOND_SEAT and self._size >= 8:  # a shape, not the colour alone
            pygame.draw.circle(layer, palette.shade(self._rgb(code), 0.55), rect.center,
                               max(2, rect.w // 5))

    def draw_swatch(self, surface: pygame.Surface, rect: pygame.Rect, seat: int,
                    colour: RGB) -> None:
        """A seat card's swatch: a cell of the seat's, the second's with its dot (``Swatches``)."""
        pygame.draw.rect(surface, colour, rect, border_radius=8)
        if seat == 1:
            pygame.draw.circle(surface, palette.shade(colour, 0.55), rect.center,
                               max(3, rect.w // 5))

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        state = self._state
        if state is None:
            return
        if self._layer is None:
            self._layer = self._render_layer(state)
        if self._by_cell:
            self._advance(self._layer, clock)
        surface.blit(self._layer, self._area.topleft)
        for item in self._active:
            self._draw_anim(surface, item, clock)
        if not self._by_cell and (self._marks.cells or self._marks.blocks):
            if self._marks_layer is None:
                self._marks_layer = self._render_marks()
            surface.blit(self._marks_layer, self._area.topleft)
        if self._interactive and not self._by_cell:
            self._draw_preview(surface, state, clock)

    def _advance(self, layer: pygame.Surface, clock: float) -> None:
        """Start the cells whose time has come; paint finished ones into the layer for good."""
        cells = self._anim.cells
        while self._started < len(cells) and cells[self._started].tween.start <= clock:
            self._active.append(cells[self._started])
            self._started += 1
        running = []
        for item in self._active:
            if clock >= item.tween.end:
                self._paint(layer, item.cell, item.new)
                self._uncommitted.pop(item.cell, None)
            else:
                running.append(item)
        self._active = running
        if clock >= self._anim.end:  # finished: late cues still play, so keep the schedule
            self._anim = anim.Animation((), (), 0.0)
            self._by_cell = {}
            self._started = 0

    def _draw_anim(self, surface: pygame.Surface, item: anim.CellAnim, clock: float) -> None:
        full = self._cell_rect(item.cell)
        t = item.tween.value(clock)
        surface.fill(EMPTY_RGB, full)
        if item.kind == anim.FLIP:
            old, new = self._rgb(item.old), self._rgb(item.new)
            if t < 0.5:
                surface.fill(mix(old, (255, 255, 255), t), self._cell_rect(item.cell, 1 - 2 * t))
            else:
                surface.fill(mix(new, (255, 255, 255), 1 - t),
                             self._cell_rect(item.cell, 2 * t - 1))
        elif item.kind == anim.POP:
            scale = min(1.2, max(0.0, t))
            surface.fill(self._rgb(item.new), self._cell_rect(item.cell, scale, scale))
        elif item.kind == anim.CRUMBLE:
            scale = max(0.0, 1 - t)
            rect = self._cell_rect(item.cell, scale, scale).move(0, round(t * self._size * 0.6))
            blast = mix(self._rgb(item.old), (255, 236, 190), 0.7 * (1 - t))  # then dust
            surface.fill(palette.shade(blast, 1 - 0.5 * t), rect)
        else:
            flash = math.sin(t * math.pi) * 0.5
            colour = mix(self._rgb(item.old), self._rgb(item.new), t)
            surface.fill(mix(colour, (255, 255, 255), flash), full)

    def _tint(self, colour: RGB, alpha: int) -> pygame.Surface:
        key = (colour, alpha)
        if key not in self._tints:
            rect = self._cell_rect((0, 0))
            tint = pygame.Surface(rect.size, pygame.SRCALPHA)
            tint.fill((*colour, alpha))
            self._tints[key] = tint
        return self._tints[key]

    def _draw_preview(self, surface: pygame.Surface, state: ConquidState, clock: float) -> None:
        mover = self._colours[state.to_move]
        pulse = 0.5 + 0.5 * math.sin(clock * 6)
        width = max(1, self._size // 10)
        if self._mode == ACQUIRE:
            for cell in self._picked:
                rect = self._cell_rect(cell)
                surface.blit(self._tint(mover, 150 + round(80 * pulse)), rect)
                pygame.draw.rect(surface, palette.TEXT, rect, width)
        elif self._mode == CONQUER:
            alpha = 110 + round(100 * pulse)
            for wave in self._waves:
                for cell in wave:
                    surface.blit(self._tint(mover, alpha), self._cell_rect(cell))
            if self._waves and self._size >= 16:
                for number, wave in enumerate(self._waves, start=1):
                    label = fonts.text(str(number), max(12, self._size // 2), palette.TEXT)
                    for cell in wave:
                        surface.blit(label, label.get_rect(center=self._cell_rect(cell).center))
        elif self._mode == VANQUISH:
            arm = max(4, self._size * 9 // 20)
            for cell in self._corners:  # a bracket on each legal block's top-left corner
                rect = self._cell_rect(cell)
                pygame.draw.line(surface, palette.ACCENT, rect.topleft,
                                 (rect.left + arm, rect.top), width + 1)
                pygame.draw.line(surface, palette.ACCENT, rect.topleft,
                                 (rect.left, rect.top + arm), width + 1)
            corner = self._corner or (self._hover if self._hover in self._corners else None)
            if corner is not None:
                block = self._block_rect(corner)
                surface.blit(self._block_tint(block.size, 90 + round(80 * pulse)), block)
                pygame.draw.rect(surface, palette.WARN, block, width + 1)
        elif self._mode == CONQUEST and self._path:
            base = palette.shade(mover, 0.58)
            points = [self._cell_rect(cell).center for cell in self._path]
            for cell in self._path:
                surface.blit(self._tint(base, 200), self._cell_rect(cell))
            if len(points) > 1:
                pygame.draw.lines(surface, palette.ACCENT, False, points, max(2, self._size // 6))
        if self._hover is not None:
            rect = self._cell_rect(self._hover)
            pygame.draw.rect(surface, palette.TEXT, rect.inflate(2, 2), max(1, width))

    def _render_marks(self) -> pygame.Surface:
        """A dot on each cell the last move changed (a vanquished block gets a frame)."""
        layer = pygame.Surface(self._area.size, pygame.SRCALPHA)
        width = max(1, self._size // 9)
        offset = (-self._area.x, -self._area.y)
        radius = max(2, self._size // 6)  # a dot: unlike the outlines of a selection
        for cell in self._marks.cells:
            centre = self._cell_rect(cell).move(offset).center
            pygame.draw.circle(layer, (*FRAME_RGB, 255), centre, radius + 1)
            pygame.draw.circle(layer, (*MARK_RGB, 255), centre, radius)
        for corner in self._marks.blocks:
            block = self._block_rect(corner).move(offset).inflate(4, 4)
            pygame.draw.rect(layer, (*palette.WARN, 255), block, width + 1, border_radius=3)
        return layer

    def last_marked(self) -> frozenset[Cell]:
        """The cells the last move changed, as the board marks them (tests read it)."""
        return self._marks.cells

    def _block_rect(self, corner: Cell) -> pygame.Rect:
        first = self._cell_rect(corner)
        last = self._cell_rect((corner[0] + BLOCK - 1, corner[1] + BLOCK - 1))
        return first.union(last)

    def _block_tint(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        tint = pygame.Surface(size, pygame.SRCALPHA)
        tint.fill((20, 20, 20, alpha))
        return tint


def _owned(state: ConquidState, cell: Cell) -> str:
    """A cell's owner in words, for a player who cannot see its colour."""
    owner = state.owner(cell)
    if owner is None:
        return "empty"
    return f"player {owner + 1}" + (", base" if state.is_base(cell) else "")
