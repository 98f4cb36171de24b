"""The Forts and Ruins board view: value palette, legal cells, the die, the score panel.

It implements ``game.client.view.GameView`` and the optional ``Suggests`` (hints) and
``ClickPlays`` (a value, then a click on a legal cell plays at once); its high scores and
seeds are the plug-in's. Legal cells and every refusal reason come from the rules'
helpers (``placeable_cells``, ``placement_problem``); the view never re-derives a rule.
Under the board a strip shows the six values (clickable), the die and the score. Tiles are
in ``draw``, the wave-by-wave animations in ``anim``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Final

import pygame

from game.client.access import cursor
from game.client.app.commands import ViewAction
from game.client.board_view import BoardView
from game.client.draw import coords, fonts, palette
from game.client.draw.tip import draw_tip
from game.client.draw.tween import Cues, mix
from game.client.view import RGB, Feedback, Proposal, parse_cell
from game.core.protocol import Event, MoveResult
from game.forts.rules.board import DEAD, EMPTY, FORT, RUIN, VALUES
from game.forts.rules.game import (
    Coord,
    DieRolled,
    FortsRuined,
    FortsSpawned,
    FortsState,
    Place,
    Placed,
    TerritoriesDied,
    placeable_cells,
    placement_problem,
    score,
)
from game.forts.view import anim, draw
from game.forts.view.actions import ACTIONS, VALUE_NAMES

_ACTION_VALUES: Final = {action.id: value for action, value in zip(ACTIONS, VALUES, strict=True)}

HUD_GAP: Final = 10
MARK_PLACED: Final[RGB] = (255, 244, 200)
MARK_RISEN: Final[RGB] = (120, 200, 140)
MARK_LOST: Final[RGB] = (240, 113, 103)


def marks_of(events: Iterable[Event]) -> dict[Coord, RGB]:
    """The mark colour of each cell a turn changed: placed, forts risen, died or ruined."""
    marks: dict[Coord, RGB] = {}
    for event in events:
        if isinstance(event, Placed):
            marks[event.cell] = MARK_PLACED
        elif isinstance(event, FortsSpawned):
            marks.update(dict.fromkeys(event.cells, MARK_RISEN))
        elif isinstance(event, (TerritoriesDied, FortsRuined)):
            marks.update(dict.fromkeys(event.cells, MARK_LOST))
    return marks


class FortsView(BoardView):
    """A Forts and Ruins board in a rectangle of the window (see ``game.client.view.GameView``)."""

    game_id: str = "forts"
    actions: tuple[ViewAction, ...] = ACTIONS

    def __init__(self) -> None:
        super().__init__(pygame.Rect(0, 0, 640, 360))
        self._state: FortsState | None = None
        self._placeable: frozenset[Coord] = frozenset()
        self._anim = anim.NO_ANIMATION
        self._anim_before: FortsState | None = None
        self._by_cell: dict[Coord, list[anim.CellAnim]] = {}
        self._cues = Cues()
        self._value: int | None = None
        self._cell: Coord | None = None
        self._ready = False
        self._hover: Coord | None = None
        self._size = 10
        self._origin = (0, 0)
        self._hud = pygame.Rect(0, 0, 0, 0)
        self._swatches: dict[int, pygame.Rect] = {}
        self._die = pygame.Rect(0, 0, 0, 0)
        self._figures = pygame.Rect(0, 0, 0, 0)
        self._tiles: dict[tuple[int, int], pygame.Surface] = {}
        self._marks: dict[Coord, RGB] = {}
        """What the last turn did, by cell: placed, forts risen, died, ruined."""

    # -- setup ---------------------------------------------------------------------------

    def set_colours(self, colours: Sequence[RGB]) -> None:
        """Values have their own fixed colour-blind-safe colours; seat colours are unused."""

    def _reset_selection(self) -> None:
        self._cell = None
        self._ready = False

    def _fit(self) -> None:
        if self._state is None:
            return
        rows, cols, area = self._state.rows, self._state.cols, self._area
        margin = coords.margin()
        hud_h = 0 if area.h < 300 else max(72, min(104, area.h // 6))
        spare = (hud_h + HUD_GAP if hud_h else 0) + margin  # and the numbers
        self._size = max(4, min((area.w - margin) // cols, (area.h - spare) // rows))
        width, height = self._size * cols, self._size * rows
        self._origin = (area.x + margin + (area.w - margin - width) // 2,
                        area.y + margin + (area.h - height - spare) // 2)
        self._hud = pygame.Rect(self._origin[0], self._origin[1] + height + HUD_GAP, width, hud_h)
        self._swatches = {}
        self._tiles = {}
        if not hud_h:
            return
        side = min(hud_h - 24, 56, (width // 2 - 40) // 6)
        x = self._hud.x + 4
        for value in VALUES:
            self._swatches[value] = pygame.Rect(x, self._hud.y + 6, side, side)
            x += side + 8
        die = hud_h - 26
        self._die = pygame.Rect(x + 18, self._hud.y + 4, die, die)
        left = self._die.right + 24
        self._figures = pygame.Rect(left, self._hud.y, self._hud.right - left, hud_h)

    @property
    def board_rect(self) -> pygame.Rect:
        """The board and the strip under it (palette, die, score)."""
        state = self._need_state()
        board = pygame.Rect(self._origin, (self._size * state.cols, self._size * state.rows))
        return board.union(self._hud) if self._hud.h else board

    def cell_centre(self, cell: Coord) -> tuple[int, int]:
        """Where ``cell`` is drawn (tests click there)."""
        return self._cell_rect(cell).center

    def swatch_centre(self, value: int) -> tuple[int, int]:
        return self._swatches[value].center

    # -- state and animation -------------------------------------------------------------

    def show(self, state: Any, last: Sequence[MoveResult[Any]] = ()) -> None:
        assert isinstance(state, FortsState)
        self._marks = marks_of(event for result in last for event in result.events)
        resized = self._state is None or (self._state.rows, self._state.cols) != (
            state.rows, state.cols)
        self._state = state
        self._placeable = frozenset(placeable_cells(state))
        self._drop_animation()
        self._cues.clear()
        self._cell = None
        self._ready = False
        if resized:
            self._fit()

    def animate(self, before: Any, result: MoveResult[Any], clock: float) -> None:
        assert isinstance(before, FortsState)
        rolled = any(isinstance(event, DieRolled) for event in result.events)
        kept = self._marks if rolled else {}  # the roll ends the turn the placement began
        self.show(result.state, (result,))
        self._marks = {**kept, **self._marks}
        self._anim = anim.build(before, result.events, clock, self._speed)
        self._anim_before = before
        for item in sorted(self._anim.cells, key=lambda each: each.tween.start):
            self._by_cell.setdefault(item.cell, []).append(item)
        for at, cue in self._anim.cues:
            self._cues.add(at, cue)

    def busy(self, clock: float) -> bool:
        return (bool(self._anim.cells) or self._anim.die is not None) and clock < self._anim.end

    def skip(self) -> None:
        self._drop_animation()
        self._cues.clear()

    def _drop_animation(self) -> None:
        self._anim = anim.NO_ANIMATION
        self._anim_before = None
        self._by_cell = {}

    def cues(self, clock: float) -> list[str]:
        return self._cues.due(clock)

    def die_face(self, clock: float) -> int | None:
        """The face the die shows at ``clock`` (tumbling faces while it rolls)."""
        if self._anim.die is not None and clock < self._anim.end:
            return self._anim.die.face(clock)
        return None if self._state is None else self._state.last_roll

    def look(self, cell: Coord, clock: float) -> tuple[int, str | None]:
        """The cell code drawn at ``clock`` and the animation running on it, if any."""
        state = self._need_state()
        for item in self._by_cell.get(cell, ()):
            if clock < item.tween.start:
                return item.old, None
            if clock < item.tween.end:
                return item.old, item.kind
        return state.code(*cell), None

    # -- interaction ---------------------------------------------------------------------

    def hover(self, pos: tuple[int, int] | None) -> None:
        self._hover = None if pos is None else self.hit_test(pos)

    def mark_rect(self, name: str) -> pygame.Rect | None:
        cell = parse_cell(name)
        state = self._state
        if cell is None or state is None or not (
            0 <= cell[0] < state.rows and 0 <= cell[1] < state.cols
        ):
            return None
        return self._cell_rect(cell)

    def places(self) -> tuple[cursor.Place, ...]:
        """The value palette, then every cell row by row with what is on it (the board
        cursor's ``Places``)."""
        state = self._state
        if state is None:
            return ()
        swatches = self._swatches.items()
        values = tuple(cursor.Place(f"value {value}", rect) for value, rect in swatches)
        return values + tuple(
            cursor.Place(f"{row},{col}", self._cell_rect((row, col)),
                         _content(state.code(row, col)))
            for row in range(state.rows) for col in range(state.cols))

    def hit_test(self, pos: tuple[int, int]) -> Coord | None:
        if self._state is None:
            return None
        col = (pos[0] - self._origin[0]) // self._size
        row = (pos[1] - self._origin[1]) // self._size
        if 0 <= row < self._state.rows and 0 <= col < self._state.cols:
            return row, col
        return None

    def action(self, action_id: str) -> Feedback:
        value = _ACTION_VALUES.get(action_id)
        if value is None:
            return Feedback(f"Unknown command {action_id!r}", True, "refuse")
        return self._choose(value)

    def _choose(self, value: int) -> Feedback:
        if not self._interactive:
            return Feedback("No moves can be made now", True, "refuse")
        self._value = value
        if self._cell is not None and placement_problem(self._need_state(), value,
                                                        *self._cell) is not None:
            self._cell = None
        return Feedback(cue="click")

    def click(self, pos: tuple[int, int]) -> Feedback:
        self._ready = False
        for value, rect in self._swatches.items():
            if rect.collidepoint(pos):
                return self._choose(value)
        cell = self.hit_test(pos)
        if cell is None or not self._interactive:
            return Feedback()
        state = self._need_state()
        if self._value is None:
            return Feedback("Choose a value first: keys 1-6, the buttons or the palette",
                            True, "refuse")
        problem = placement_problem(state, self._value, *cell)
        if problem is not None:
            return Feedback(f"Cannot build on {cell[0]},{cell[1]}: {problem}", True, "refuse")
        self._cell = cell
        self._ready = True
        return Feedback()

    def ready(self) -> bool:
        """The last click chose a legal cell with a value: the move is whole (``ClickPlays``)."""
        return self._ready and self.proposal().move is not None

    def suggest(self, move: object) -> Feedback:
        """Load a hint as the pending value and cell, shown on the board, ready to confirm."""
        if not isinstance(move, Place):
            return Feedback("The hint is not a placement", True, "refuse")
        if not self._interactive:
            return Feedback("No moves can be made now", True, "refuse")
        self._value, self._cell, self._ready = move.value, move.cell, False
        return Feedback(cue="select")

    def clear(self) -> Feedback:
        had = self._value is not None or self._cell is not None
        self._value, self._cell, self._ready = None, None, False
        return Feedback(cue="undo" if had else None)

    def selected_action(self) -> str | None:
        return None if self._value is None or not self._interactive else f"value{self._value}"

    def proposal(self) -> Proposal:
        state = self._need_state()
        if self._value is None:
            return Proposal(problem="choose a value (1-6), then click a highlighted cell")
        if self._cell is None:
            return Proposal(problem=f"click a highlighted cell to build a {self._value} there")
        problem = placement_problem(state, self._value, *self._cell)
        if problem is not None:
            return Proposal(problem=str(problem))
        return Proposal(Place(self._value, *self._cell))

    def status(self) -> str:
        if self._state is None or not self._interactive:
            return ""
        if self._value is None:
            return "Choose a value (keys 1-6 or the palette), then click a highlighted cell."
        name = VALUE_NAMES[self._value]
        if self._cell is not None:
            return (f"Build a {self._value} ({name}) on {self._cell[0]},{self._cell[1]}: "
                    "press Return or click it.")
        return f"Value {self._value} ({name}): click one of the {len(self._placeable)} " \
               "highlighted cells."

    # -- drawing -------------------------------------------------------------------------

    def _need_state(self) -> FortsState:
        if self._state is None:
            raise RuntimeError("the view has no position yet (call show first)")
        return self._state

    def _cell_rect(self, cell: Coord) -> pygame.Rect:
        gap = max(1, self._size // 14)
        return pygame.Rect(self._origin[0] + cell[1] * self._size + gap // 2,
                           self._origin[1] + cell[0] * self._size + gap // 2,
                           self._size - gap, self._size - gap)

    def _tile(self, code: int, size: int = 0) -> pygame.Surface:
        """A cell's look at ``size`` pixels (a board cell's size by default), cached."""
        size = size or self._size - max(1, self._size // 14)
        surface = self._tiles.get((code, size))
        if surface is None:
            surface = self._tiles[code, size] = draw.tile(code, size)
        return surface

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        state = self._state
        if state is None:
            return
        board = pygame.Rect(self._origin, (self._size * state.cols, self._size * state.rows))
        pygame.draw.rect(surface, draw.FRAME_RGB, board.inflate(14, 14), border_radius=10)
        coords.draw(surface, self._origin, self._size, state.rows, state.cols)
        busy = self.busy(clock)
        for row in range(state.rows):
            for col in range(state.cols):
                self._draw_cell(surface, (row, col), clock)
        if not busy:
            self._draw_marks(surface)
        if self._interactive and not busy:
            self._draw_targets(surface, clock)
        if self._hud.h:
            shown = self._anim_before if busy and self._anim_before is not None else state
            self._draw_hud(surface, shown, clock)
        if not busy:
            self._draw_tip(surface, state)

    def cell_tip(self, cell: Coord) -> str | None:
        """What the pointer on ``cell`` is told: why a hatched cell can never be built on,
        what a ruin is (the only cells whose look does not say it)."""
        state = self._need_state()
        code = state.code(*cell)
        if code > DEAD:
            return ("Dead territory: the die or a lost fort killed it. Nothing can be built "
                    "here for the rest of the run.")
        if code == RUIN:
            return "A ruin: a fort the die killed. Nothing can be built here again."
        return None

    def _draw_tip(self, surface: pygame.Surface, state: FortsState) -> None:
        """The hovered cell's tip, above it (below near the top), inside the window."""
        tip = None if self._hover is None else self.cell_tip(self._hover)
        if tip is None or self._hover is None:
            return
        cell = self._cell_rect(self._hover)

        def place(box: pygame.Rect) -> None:
            box.midbottom = (cell.centerx, cell.y - 6)
            if box.y < 0:
                box.midtop = (cell.centerx, cell.bottom + 6)

        draw_tip(surface, tip, min(340, surface.get_width() - 20), place)

    def _draw_cell(self, surface: pygame.Surface, cell: Coord, clock: float) -> None:
        rect = self._cell_rect(cell)
        code, kind = self.look(cell, clock)
        if kind is None:
            surface.blit(self._tile(code), rect)
            return
        item = next(each for each in self._by_cell[cell] if each.tween.running(clock))
        t = item.tween.value(clock)
        if kind == anim.POP:
            surface.blit(self._tile(EMPTY), rect)
            scaled = _scaled(self._tile(item.new), max(0.05, min(1.2, t)))
            surface.blit(scaled, scaled.get_rect(center=rect.center))
        elif kind == anim.RISE:
            surface.blit(self._tile(EMPTY), rect)
            height = max(1, round(rect.h * min(1.0, t)))
            surface.blit(self._tile(item.new), (rect.x, rect.bottom - height),
                         pygame.Rect(0, rect.h - height, rect.w, height))
            glow = round(200 * (1 - t))
            if glow > 0:
                pygame.draw.rect(surface, mix(palette.ACCENT, (0, 0, 0), 1 - glow / 255),
                                 rect.inflate(4, 4), max(2, self._size // 12), border_radius=6)
        else:
            surface.blit(self._tile(item.new), rect)
            scaled = _scaled(self._tile(item.old), max(0.05, 1 - 0.8 * t))
            scaled.set_alpha(round(255 * (1 - t)))
            target = scaled.get_rect(center=rect.center).move(0, round(t * rect.h * 0.35))
            surface.blit(scaled, target)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Outline what the last turn changed, each kind of change in its own colour."""
        width = max(3, self._size // 9)
        radius = max(2, self._size // 8)
        for cell, colour in self._marks.items():
            rect = self._cell_rect(cell).inflate(4, 4)
            pygame.draw.rect(surface, draw.FRAME_RGB, rect, width + 2, border_radius=radius)
            pygame.draw.rect(surface, colour, rect.inflate(-2, -2), width, border_radius=radius)
            if self._size >= 16 and colour != MARK_PLACED:
                _kind_badge(surface, rect, colour)

    def last_marked(self) -> dict[Coord, RGB]:
        """The cells the last turn changed and their mark colours (tests read it)."""
        return dict(self._marks)

    def _draw_targets(self, surface: pygame.Surface, clock: float) -> None:
        """Legal cells pulse; the hovered or chosen cell previews the chosen value."""
        pulse = 0.5 + 0.5 * math.sin(clock * 5)
        edge = mix(palette.ACCENT, draw.EMPTY_RGB, 0.55 - 0.4 * pulse)
        width = max(1, self._size // 16)
        for cell in self._placeable:
            pygame.draw.rect(surface, edge, self._cell_rect(cell).inflate(-2 * width, -2 * width),
                             width + 1, border_radius=max(2, self._size // 8))
        for spot in (self._hover, self._cell):
            if spot is None or spot not in self._placeable or self._value is None:
                continue
            rect = self._cell_rect(spot)
            ghost = self._tile(self._value).copy()
            ghost.set_alpha(200 if spot == self._cell else 140)
            surface.blit(ghost, rect)
            pygame.draw.rect(surface, palette.TEXT, rect.inflate(2, 2), max(2, width + 1),
                             border_radius=max(2, self._size // 8))

    def _draw_hud(self, surface: pygame.Surface, state: FortsState, clock: float) -> None:
        for value, rect in self._swatches.items():
            chosen = value == self._value and self._interactive
            surface.blit(self._tile(value, rect.w), rect)
            if chosen:
                pygame.draw.rect(surface, palette.ACCENT, rect.inflate(8, 8), 3, border_radius=8)
            key = fonts.text(str(value), 18, palette.TEXT if chosen else palette.MUTED)
            surface.blit(key, key.get_rect(midtop=(rect.centerx, rect.bottom + 3)))
        self._draw_die(surface, state, clock)
        self._draw_figures(surface, state)

    def _draw_die(self, surface: pygame.Surface, state: FortsState, clock: float) -> None:
        die = self._anim.die
        rect = self._die
        if die is not None and clock < self._anim.end and clock >= die.tween.start:
            face = die.face(clock)
            if clock < die.tween.end:
                raw = die.tween.raw(clock)
                angle = 720 * raw + 25 * math.sin(raw * 13)
                lift = round(math.sin(raw * math.pi) * rect.h * 0.18)
                image = pygame.transform.rotate(draw.die_face(face, rect.w), angle)
                surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - lift)))
            else:
                grow = 1.0 + 0.22 * math.sin(die.land.raw(clock) * math.pi)
                image = _scaled(draw.die_face(face, rect.w, palette.ACCENT), grow)
                surface.blit(image, image.get_rect(center=rect.center))
            caption = "Rolling..."
        else:
            due = self._state is not None and self._state.rolling
            rim = palette.ACCENT if due else None
            surface.blit(draw.die_face(state.last_roll, rect.w, rim), rect)
            caption = "Die due" if due else ("Last roll" if state.last_roll else "Die")
        words = fonts.text(caption, 18, palette.MUTED)
        surface.blit(words, words.get_rect(midtop=(rect.centerx, rect.bottom + 3)))

    def _draw_figures(self, surface: pygame.Surface, state: FortsState) -> None:
        result = score(state)
        figures = (("Turns survived", result.turns_survived), ("Forts built", result.forts_built),
                   ("Peak forts", result.peak_forts), ("Living forts", state.living_forts))
        area = self._figures
        if area.w < 120:
            return
        column = area.w // 2
        for i, (name, number) in enumerate(figures):
            x = area.x + (i % 2) * column
            y = area.y + 4 + (i // 2) * (area.h // 2)
            value = fonts.text(str(number), 34, palette.TEXT, True)
            surface.blit(value, (x, y))
            label = fonts.fit(name, 20, palette.MUTED, column - value.get_width() - 16)
            surface.blit(label, (x + value.get_width() + 8, y + 10))


def _scaled(image: pygame.Surface, factor: float) -> pygame.Surface:
    width = max(1, round(image.get_width() * factor))
    height = max(1, round(image.get_height() * factor))
    return pygame.transform.smoothscale(image, (width, height))


def _content(code: int) -> str:
    """A cell's code in words, for a player who cannot see the board."""
    if code == EMPTY:
        return "empty"
    if code == FORT:
        return "fort"
    if code == RUIN:
        return "ruin"
    return f"dead {code - DEAD}" if code > DEAD else f"living {code}"


def _kind_badge(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    """A shape in a marked cell's corner that says the change without its colour: a
    triangle for a fort risen, a cross for what was lost (a placement has the frame only)."""
    side = max(6, rect.w // 4)
    box = pygame.Rect(rect.right - side - 2, rect.top + 2, side, side)
    pygame.draw.rect(surface, draw.FRAME_RGB, box.inflate(4, 4), border_radius=3)
    if colour == MARK_RISEN:
        pygame.draw.polygon(surface, colour, (box.midtop, box.bottomright, box.bottomleft))
    else:
        pygame.draw.line(surface, colour, box.topleft, box.bottomright, 3)
        pygame.draw.line(surface, colour, box.topright, box.bottomleft, 3)
