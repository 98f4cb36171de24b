"""The Piously board view: temple builder, placement, actions, spell casting, claims.

It implements ``game.client.view.GameView`` (plus ``Drags`` for the builder, ``Marks`` for
lessons, and ``ClickPlays``: one action is one move, played as soon as a click or key makes
it whole). A spell is cast
through a ``cast.Walk``, one choice at a time with its legal targets highlighted,
previewed once whole and confirmed with Return; U (Clear) steps back, and cancels the cast
from its first step. Ending the turn in an unclaimed room opens the claim dialog. Every
target and refusal comes from the rules' queries; the view never re-derives a rule.
Geometry is in ``geo``, painting in ``draw`` and ``panel``, animation in ``anim``, the
builder in ``temple``, a move in words in ``words``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import pygame

from game.client.access.cursor import Place
from game.client.app.commands import ViewAction
from game.client.board_view import BoardView
from game.client.draw import palette
from game.client.draw.tween import Cues
from game.client.view import RGB, Feedback, Proposal
from game.core.protocol import MoveResult
from game.piously.rules import actions as act
from game.piously.rules import casting as cs
from game.piously.rules import moves as m
from game.piously.rules.game import GAME, move_problem
from game.piously.rules.hexes import Hex, parse_hex
from game.piously.rules.names import hex_label
from game.piously.rules.spellbook import BY_NAME, OPPORTUNIST, SPELLS, STONEMASON
from game.piously.rules.state import ARTWORK, SEAT_NAMES, Phase, PiouslyState, object_name
from game.piously.rules.temple import DEFAULT_LAYOUT, ROOM_NAMES, ROOMS, SHOVEL, Placement
from game.piously.view import anim, panel, places
from game.piously.view import draw as paint
from game.piously.view.actions import (
    ACTIONS,
    BLESS,
    CLAIM_KEYS,
    DROP,
    END_TURN,
    PICK_UP,
    RANDOM,
    ROTATE,
    SEAT_COLOURS,
)
from game.piously.view.cast import Walk
from game.piously.view.geo import Geometry, button_rects, spell_cell, spell_rows, split
from game.piously.view.temple import Builder
from game.piously.view.words import describe_move

NOTE_ROOM: Final = 30
"""Pixels kept under the temple for a note while no temple is built (the setup preview)."""
MASON_MARGIN: Final = 2.2
"""Hexes kept free around the temple once someone owns the Stonemason (a room of four
moved beside the temple shows whole)."""
BUILDER_BUTTONS: Final = ("Default layout", "Random layout (N)")
_MOVES: Final = (m.BuildTemple, m.PlacePiece, m.Step, m.Bless, m.Flip, m.Drop, m.PickUp,
                 m.EndTurn, m.Cast)


def _margin(state: PiouslyState) -> float:
    """Hexes kept around a built temple: more once the Stonemason has an owner."""
    return MASON_MARGIN if state.owners[STONEMASON] >= 0 else 1.2


class PiouslyView(BoardView):
    """A Piously temple in a rectangle of the window (see ``game.client.view.GameView``)."""

    game_id: str = "piously"
    actions: tuple[ViewAction, ...] = ACTIONS

    def __init__(self) -> None:
        super().__init__(pygame.Rect(0, 0, 800, 500))
        self._colours: tuple[RGB, RGB] = SEAT_COLOURS
        self._board_area, self._panel = split(self._area)
        self._geo = Geometry.fit(self._board_area, ())
        self._state: PiouslyState | None = None
        self._fit_over: tuple[PiouslyState, ...] = ()
        """Positions whose scale the board keeps besides the one shown (a lesson's steps)."""
        self._cap: tuple[tuple[int, ...], float | None] | None = None
        """``_largest`` for the last area asked."""
        self._anim: anim.Animation | None = None
        self._cues = Cues()
        self._now = 0.0
        self._rng = random.Random()
        self._pointer: tuple[int, int] | None = None
        self._builder: Builder | None = None
        self._walk: Walk | None = None
        self._drop: int | None = None
        self._picking = False
        """P was pressed with several artworks to pick up: a click on one picks it up (a
        click on an artwork is a step there otherwise, where a step is allowed)."""
        self._claim: int | None = None
        """The room whose spells the claim dialog offers, while it is open."""
        self._pending: m.Move | None = None
        self._ready = False
        self._preview: tuple[m.Move, PiouslyState] | None = None
        self._castable_memo: tuple[PiouslyState, frozenset[int]] | None = None
        self._targets_memo: tuple[object, frozenset[Hex]] | None = None
        self._board_cache = paint.BoardCache()
        self._trail: list[anim.Marks] = []
        """What each action of the turn on show changed, in order (marked until the next
        turn's first action)."""
        self._trail_key: tuple[int, int] | None = None
        """The seat and turn number whose actions ``_trail`` holds."""
        self._plan: tuple[anim.Marks, ...] = ()
        """The marks of the suggested move or turn while it is pending."""
        self._spots_memo: tuple[object, frozenset[Hex]] | None = None
        self._panel_memo: tuple[object, pygame.Surface] | None = None
        """The spell panel, drawn again only when what it shows changes."""

    # -- set-up --------------------------------------------------------------------------

    def set_colours(self, colours: Sequence[RGB]) -> None:
        """The sides are White and Black (rules, notation and help say so): chosen player
        colours do not apply (the plug-in's ``seat_colours`` says so)."""

    def _fit(self) -> None:
        self._board_area, self._panel = split(self._area, panel.least_width())
        self._refit()

    @property
    def board_rect(self) -> pygame.Rect:
        """The temple and the spell panel beside it (the scene puts key hints below)."""
        return self._geo.board.clip(self._board_area).union(self._panel)

    def _refit(self, keep: bool = False) -> None:
        """Fit the hexes that may be shown now to the board area: once the Stonemason has an
        owner, with room around the temple for a room it moves, so that a room picked up
        never makes the temple jump or shrink; never larger than any position of
        ``fit_many`` would be shown. A temple being built is centred on its rooms at the
        scale the default temple sets; ``keep``: a room was dragged, and the board stays
        where it is while every room still shows (the room under the pointer stays put)."""
        state = self._state
        hexes: list[Hex] = []
        area = self._board_area
        if self._anim is not None and self._anim.before.temple is not None:
            hexes += self._anim.before.temple.room_of
        if state is not None and state.temple is not None:
            hexes += state.temple.room_of
            margin = _margin(state)
        elif self._builder is not None:
            rooms = [h for room, p in enumerate(self._builder.layout) for h in p.hexes(room)]
            if keep and self._shows(rooms, area):
                return
            default = [h for room, p in enumerate(DEFAULT_LAYOUT) for h in p.hexes(room)]
            scale = Geometry.fit(area, rooms + default, 2.6, self._largest(area)).size
            self._geo = Geometry.fit(area, rooms, 2.6, scale)
            return
        else:  # no temple yet: the default one, with room under it for what comes
            hexes += [h for room, p in enumerate(DEFAULT_LAYOUT) for h in p.hexes(room)]
            area = pygame.Rect(area.x, area.y, area.w, area.h - NOTE_ROOM)
            margin = 1.2
        self._geo = Geometry.fit(area, hexes, margin, self._largest(area))  # never rescaled

    def _shows(self, hexes: Sequence[Hex], area: pygame.Rect) -> bool:
        """Whether the board as placed shows every one of ``hexes`` whole in ``area``."""
        if self._geo.area != area:
            return False
        inner = area.inflate(-2 * self._geo.size, -2 * self._geo.size)
        return all(inner.collidepoint(self._geo.icentre(h)) for h in hexes)

    def fit_many(self, states: Sequence[Any]) -> None:
        self._fit_over = tuple(s for s in states if isinstance(s, PiouslyState))
        self._cap = None
        self._refit()

    def _largest(self, area: pygame.Rect) -> float | None:
        """The largest hex size at which every position of ``fit_many`` shows in ``area``
        (None: no such positions), worked out once per area: the board refits on every
        position shown."""
        key = tuple(area)
        if self._cap is None or self._cap[0] != key:
            largest = min((Geometry.fit(area, s.temple.room_of, _margin(s)).size
                           for s in self._fit_over if s.temple is not None), default=None)
            self._cap = (key, largest)
        return self._cap[1]

    # -- state and animation -------------------------------------------------------------

    def show(self, state: Any, last: Sequence[MoveResult[Any]] = ()) -> None:
        assert isinstance(state, PiouslyState)
        self._state = state
        self._anim = None
        self._cues.clear()
        self._trail = []
        for result in last:  # an action's marks move with the rooms a later one moves
            moves = anim.tile_moves(result.events)
            self._trail = [*(marks.carried(moves) for marks in self._trail),
                           anim.marks(result.events)]
        self._trail_key = None
        self._reset_selection()

    def animate(self, before: Any, result: MoveResult[Any], clock: float) -> None:
        """Play the action, and mark it after the turn's earlier ones (numbered in order)."""
        assert isinstance(before, PiouslyState)
        trail, old, key = self._trail, self._trail_key, (before.to_move, before.turn)
        self.show(result.state, (result,))
        if before.phase is Phase.PLAY and old == key:
            moves = anim.tile_moves(result.events)
            self._trail = [*(marks.carried(moves) for marks in trail), *self._trail]
        self._trail_key = key if before.phase is Phase.PLAY else None
        self._now = clock
        self._anim = anim.build(before, result.state, tuple(result.events), clock, self._speed)
        if self._anim is not None:
            for at, cue in self._anim.cues:
                self._cues.add(at, cue)
        self._refit()

    def busy(self, clock: float) -> bool:
        self._now = clock
        return self._anim is not None and clock < self._anim.end

    def skip(self) -> None:
        self._anim = None
        self._cues.clear()
        self._refit()

    def cues(self, clock: float) -> list[str]:
        self._now = clock
        return self._cues.due(clock)

    def _reset_selection(self) -> None:
        state = self._state
        building = (self._interactive and state is not None and state.phase is Phase.TEMPLE
                    and state.verdict is None)
        self._builder = Builder() if building else None
        self._walk = None
        self._drop = None
        self._picking = False
        self._claim = None
        self._pending = None
        self._plan = ()
        self._ready = False
        self._preview = None
        self._refit()

    def _need_state(self) -> PiouslyState:
        if self._state is None:
            raise RuntimeError("the view has no position yet (call show first)")
        return self._state

    # -- queries for tools and tests -----------------------------------------------------

    def hex_centre(self, h: Hex) -> tuple[int, int]:
        """Where a hex is drawn now (tests and tools click there)."""
        return self._geo.icentre(h)

    def spell_centre(self, spell: int) -> tuple[int, int]:
        return self._spell_rect(spell).center

    def _spell_rect(self, spell: int) -> pygame.Rect:
        return spell_cell(spell_rows(self._panel, ROOMS)[spell // 2], spell % 2)

    def mark_rect(self, name: str) -> pygame.Rect | None:
        """A hex of the temple named ``q,r`` (as moves name it) or by its label ("P2"), or a
        spell by its name (its cell in the spell panel), for lessons to outline (``Marks``)."""
        state = self._state
        if state is None or state.temple is None:
            return None
        spell = BY_NAME.get(name.strip().lower())
        if spell is not None:
            return self._spell_rect(spell.id)
        h = parse_hex(name)
        if h is None:  # a label as the board shows it ("P2")
            h = next((k for k in state.temple.room_of
                      if hex_label(state.temple, k) == name.strip().upper()), None)
        if h is None or h not in state.temple.room_of:
            return None
        x, y = self._geo.centre(h)
        half_w, half_h = self._geo.size * 0.8, self._geo.size * 0.75
        return pygame.Rect(round(x - half_w), round(y - half_h), round(2 * half_w),
                           round(2 * half_h))

    def places(self) -> tuple[Place, ...]:
        """The board's hexes, then the panel's choices (the board cursor's ``Places``)."""
        state = self._state
        if state is not None and state.temple is not None:
            around = list(state.temple.room_of)
        elif self._builder is not None:
            around = [h for room, p in enumerate(self._builder.layout) for h in p.hexes(room)]
        else:
            return ()
        building = BUILDER_BUTTONS if self._builder is not None else None
        return (*places.board_places(state, self._geo, self._board_area, around),
                *places.panel_places(self._panel, building, self._claim is not None))

    def builder_button_centre(self, index: int) -> tuple[int, int]:
        return button_rects(self._panel, len(BUILDER_BUTTONS))[index].center

    def targets(self) -> frozenset[Hex]:
        """The hexes highlighted for the choice being made (asked of the rules once for
        each position and choice, not every frame)."""
        key = (self._state, self._walk, self._drop, self._claim, self._interactive,
               self._picking)
        if self._targets_memo is None or self._targets_memo[0] != key:
            self._targets_memo = (key, self._find_targets())
        return self._targets_memo[1]

    def _find_targets(self) -> frozenset[Hex]:
        state = self._state
        if state is None or not self._interactive or state.verdict is not None:
            return frozenset()
        if state.phase is Phase.PLACE:
            return frozenset(act.placement_hexes(state))
        if state.phase is not Phase.PLAY or self._claim is not None:
            return frozenset()
        if self._walk is not None:
            return self._walk.targets(state)
        if self._drop is not None:
            return frozenset(act.drop_targets(state, self._drop))
        pickups = self._pickups(state)
        return pickups if self._picking else frozenset(act.step_targets(state)) | pickups

    @staticmethod
    def _pickups(state: PiouslyState) -> frozenset[Hex]:
        """Where the artworks the side to move may pick up lie."""
        return frozenset(h for h in (state.objects[ARTWORK + room]
                                     for room in act.pickup_rooms(state)) if h is not None)

    def marked(self) -> tuple[anim.Marks, ...]:
        """The actions of the turn on show, as the board marks them (tests read it)."""
        return tuple(self._trail)

    @property
    def walk(self) -> Walk | None:
        return self._walk

    @property
    def claim_open(self) -> bool:
        return self._claim is not None

    @property
    def builder(self) -> Builder | None:
        return self._builder

    # -- interaction ---------------------------------------------------------------------

    def hit_test(self, pos: tuple[int, int]) -> Hex | None:
        if not self._board_area.collidepoint(pos):
            return None
        return self._geo.hex_at(pos)

    def hover(self, pos: tuple[int, int] | None) -> None:
        self._pointer = pos

    def ready(self) -> bool:
        """The last click or key made a whole action: play it (``ClickPlays``)."""
        return self._ready and self._pending is not None

    def _play(self, move: m.Move, cue: str = "select") -> Feedback:
        self._pending, self._plan = move, ()
        self._ready = True
        return Feedback(cue=cue)

    def offers(self, action_id: str) -> bool:
        """Building offers turning and a random layout; a turn offers its actions, and
        turning only while a Stonemason's room is being placed; placing a piece, none."""
        state = self._state
        if state is None or state.verdict is not None:
            return False
        if self._builder is not None:
            return action_id in (ROTATE, RANDOM)
        if state.phase is not Phase.PLAY:
            return False
        if action_id == ROTATE:
            return self._placing_room()
        return action_id != RANDOM

    def action(self, action_id: str) -> Feedback:
        state = self._need_state()
        if not self._interactive or state.verdict is not None:
            return Feedback("No moves can be made now", True, "refuse")
        self._ready = False
        self._pending, self._plan = None, ()  # the player takes over from a suggestion
        if action_id == ROTATE:
            return self._rotate(1)
        if action_id == RANDOM:
            if self._builder is None:
                return Feedback("Random temples are for building the temple", True, "refuse")
            self._builder = self._builder.shuffled(self._rng)
            self._refit()
            return Feedback("A random temple: press Return to build it", cue="place")
        if action_id in CLAIM_KEYS:
            if self._claim is None:
                return Feedback("Claims are made when a turn ends in an unclaimed room (E)",
                                True, "refuse")
            return self._choose_claim(CLAIM_KEYS.index(action_id))
        if state.phase is not Phase.PLAY:
            return Feedback(f"{SEAT_NAMES[state.to_move]} is setting up: that comes later",
                            True, "refuse")
        self._walk, self._claim, self._picking = None, None, False
        if action_id == BLESS:
            cost, reason = act.bless_cost(state)
            move: m.Move = m.Flip() if cost == act.FLIP_COST else m.Bless()
            problem = move_problem(state, move) if cost is not None else reason
            return self._refuse(problem) if problem else self._play(move, "flip")
        if action_id == DROP:
            return self._next_drop(state)
        if action_id == PICK_UP:
            rooms = act.pickup_rooms(state)
            if len(rooms) == 1:
                return self._play(m.PickUp(rooms[0]), "place")
            if rooms:
                self._picking = True
                return Feedback("Click the artwork to pick up (outlined)")
            return self._refuse("there is no artwork of yours next to you to pick up")
        if action_id == END_TURN:
            return self._end_turn(state)
        return Feedback(f"Unknown command {action_id!r}", True, "refuse")

    def _refuse(self, reason: str) -> Feedback:
        return Feedback(reason[:1].upper() + reason[1:], True, "refuse")

    def _rotate(self, turns: int) -> Feedback:
        if self._builder is not None:
            if self._builder.selected is None:
                return self._refuse("click a room first, then turn it")
            self._builder = self._builder.turn(turns)
            return Feedback(cue="click")
        if self._walk is not None and self._placing_room():
            self._walk = self._walk.turned(turns)
            return Feedback(cue="click")
        return self._refuse("turning is for a room being built or moved by the Stonemason")

    def _placing_room(self) -> bool:
        """A Stonemason cast has its room chosen and waits for where it goes (R turns it)."""
        walk = self._walk
        return walk is not None and walk.spell == STONEMASON and len(walk.picks) == 1

    def _next_drop(self, state: PiouslyState) -> Feedback:
        """Choose an artwork in hand to put down (again: the next one in hand)."""
        rooms = [room for room in state.in_hand(state.to_move) if act.drop_targets(state, room)]
        if not rooms:
            held = state.in_hand(state.to_move)
            if not held:
                return self._refuse("you hold no artwork")
            problem = act.drop_problem(state, m.Drop(held[0], 0), hex_given=False)
            return self._refuse(problem or "there is no free hex next to you")
        later = [room for room in rooms if self._drop is not None and room > self._drop]
        self._drop = (later or rooms)[0]
        name = SPELLS[2 * self._drop].name
        return Feedback(f"Dropping the {name} artwork: click a hex next to you", cue="select")

    def _end_turn(self, state: PiouslyState) -> Feedback:
        claims = act.claimable(state)
        if not claims:
            return self._play(m.EndTurn(), "click")
        self._claim = SPELLS[claims[0]].room
        return Feedback(cue="select")

    def _choose_claim(self, choice: int) -> Feedback:
        room = self._claim
        assert room is not None
        self._claim = None
        return self._play(m.EndTurn(None if choice == 2 else 2 * room + choice), "place")

    def click(self, pos: tuple[int, int]) -> Feedback:
        state = self._state
        if state is None or not self._interactive or state.verdict is not None:
            return Feedback()
        self._ready = False
        self._pending, self._plan = None, ()  # the player takes over from a suggestion
        if self._builder is not None:
            return self._builder_click(pos)
        if self._claim is not None:
            choice = panel.claim_choice(self._panel, pos)
            return self._choose_claim(choice) if choice is not None else Feedback()
        spell = panel.spell_at(self._panel, pos)
        if spell is not None and state.phase is Phase.PLAY:
            return self._spell_click(state, spell)
        if not self._board_area.collidepoint(pos):
            return Feedback()
        h = self._geo.hex_at(pos)
        if state.phase is Phase.PLACE:
            problem = act.place_problem(state, m.PlacePiece(h))
            return self._refuse(problem) if problem else self._play(m.PlacePiece(h), "place")
        if self._walk is not None:
            return self._walk_click(state, self._walk, h)
        return self._action_click(state, h)

    def _builder_click(self, pos: tuple[int, int]) -> Feedback:
        builder = self._builder
        assert builder is not None
        rects = button_rects(self._panel, len(BUILDER_BUTTONS))
        if rects[0].collidepoint(pos):
            self._builder = builder.default()
            self._refit()
            return Feedback("The default temple: press Return to build it", cue="place")
        if rects[1].collidepoint(pos):
            return self.action(RANDOM)
        if not self._board_area.collidepoint(pos):
            return Feedback()
        self._builder = builder.press(self._geo.hex_at(pos))
        return Feedback(cue="select" if self._builder.selected is not None else "deselect")

    def release(self, pos: tuple[int, int]) -> Feedback:
        """The end of a drag in the temple builder: the room lands where it was let go."""
        builder = self._builder
        if builder is None or not builder.dragging:
            return Feedback()
        h = self._geo.hex_at(pos)
        placement = builder.placed_at(h)
        moved = placement is not None and placement != builder.layout[builder.selected or 0]
        self._builder = builder.drop(h)
        if moved:
            self._refit(keep=True)
            return Feedback(cue="place")
        return Feedback()

    def _spell_click(self, state: PiouslyState, spell: int) -> Feedback:
        walk = self._walk
        if walk is not None and walk.spell == OPPORTUNIST and not walk.picks:
            room_hexes = state.built.room_hexes[SPELLS[spell].room]
            picked = walk.pick(state, room_hexes[0])
            if spell in cs.opportunist_spells(state) and picked is not None:
                self._walk = picked
                return self._after_pick()
        if walk is not None and walk.spell == spell:
            self._walk = None
            return Feedback(f"{SPELLS[spell].name} cancelled", cue="undo")
        self._claim = None
        problem = cs.cast_problem(state, spell)
        if problem is None:
            self._walk, self._drop = Walk(spell), None
            self._refit()
            return self._after_pick()
        if spell % 2 == 0 and state.owners[spell] == state.to_move:
            room = spell // 2
            if state.objects[ARTWORK + room] is None and act.drop_targets(state, room):
                self._drop = room
                return Feedback(f"Dropping the {SPELLS[spell].name} artwork: click a hex next "
                                "to you", cue="select")
        return self._refuse(f"cannot cast the {SPELLS[spell].name}: {problem}")

    def _walk_click(self, state: PiouslyState, walk: Walk, h: Hex) -> Feedback:
        picked = walk.pick(state, h)
        if picked is None:
            ghost = walk.ghost(state, h)
            if ghost is not None and ghost[2]:
                return self._refuse(f"the room cannot go there: {ghost[2]}")
            return self._refuse(f"not a choice for the {walk.name}: {walk.prompt(state)}")
        self._walk = picked
        self._refit()
        return self._after_pick()

    def _after_pick(self) -> Feedback:
        state = self._need_state()
        walk = self._walk
        if walk is None:
            return Feedback()
        move = walk.move(state)
        if move is not None and cs.check_cast(state, move) is None:
            return Feedback(f"{walk.name}: the preview shows the result. Return casts it",
                            cue="select")
        return Feedback(cue="select")

    def _action_click(self, state: PiouslyState, h: Hex) -> Feedback:
        if self._drop is not None:
            drop = m.Drop(self._drop, h)
            problem = act.drop_problem(state, drop)
            return self._refuse(problem) if problem else self._play(drop, "place")
        me = state.objects[state.to_move]
        if h == me:
            return self.action(BLESS)
        step = m.Step(h)
        problem = act.step_problem(state, step)
        taken = state.object_at.get(h)
        if taken is not None and taken - ARTWORK in act.pickup_rooms(state) and \
                taken >= ARTWORK:  # a click means a step: picking up is P's (an action)
            if self._picking:
                self._picking = False
                return self._play(m.PickUp(taken - ARTWORK), "place")
            name = SPELLS[2 * (taken - ARTWORK)].name
            return self._refuse(f"cannot move there: your {name} artwork is there "
                                "(P picks it up)")
        return self._refuse(f"cannot move there: {problem}") if problem else self._play(step,
                                                                                         "place")

    def suggest(self, move: object) -> Feedback:
        """A hint (or a lesson's "Show me") becomes the pending move, drawn on the board and
        described in the status line, played on Return (``Suggests``); U drops it and
        whatever was being made (a cast half chosen) is still there."""
        return self.suggest_line((move,))

    def suggest_line(self, line: tuple[object, ...]) -> Feedback:
        """A computer's planned line (``SuggestsLine``, ``Decision.line``) as ``suggest``
        makes one move: the first pending, every action of the mover's turn numbered on the
        board in order."""
        state = self._need_state()
        if not self._interactive:
            return self._refuse("no moves can be made now")
        if not line or not all(isinstance(each, _MOVES) for each in line):
            return self._refuse("the hint is not a Piously move")
        first = line[0]
        assert isinstance(first, _MOVES)
        problem = move_problem(state, first)
        if problem is not None:
            return self._refuse(f"the hint does not fit this position: {problem}")
        self._pending, self._ready = first, False  # a half-made cast stays: U comes back to it
        self._plan = self._plan_marks(state, line)
        return Feedback(f"Shown on the board: {describe_move(first, state)}", cue="select")

    @staticmethod
    def _plan_marks(state: PiouslyState, line: tuple[object, ...]) -> tuple[anim.Marks, ...]:
        """The marks of each move of a suggested line that is legal in turn, up to the end
        of the mover's turn."""
        marks: list[anim.Marks] = []
        for each in line:
            if not isinstance(each, _MOVES) or move_problem(state, each) is not None:
                break
            result = GAME.apply(state, each)
            marks.append(anim.marks(result.events))
            if result.state.to_move != state.to_move or result.state.verdict is not None:
                break
            state = result.state
        return tuple(marks)

    def clear(self) -> Feedback:
        self._ready = False
        if self._pending is not None:
            self._pending, self._plan = None, ()
            return Feedback(cue="deselect")
        if self._claim is not None:
            self._claim = None
            return Feedback("Claim dialog closed: the turn goes on", cue="deselect")
        if self._walk is not None:
            self._walk = self._walk.back()
            self._refit()
            return Feedback(cue="undo") if self._walk else Feedback("Cast cancelled", cue="undo")
        if self._drop is not None or self._picking:
            self._drop, self._picking = None, False
            return Feedback(cue="deselect")
        if self._builder is not None and self._builder.selected is not None:
            self._builder = Builder(self._builder.layout)
            return Feedback(cue="deselect")
        return Feedback()

    def selected_action(self) -> str | None:
        if self._drop is not None:
            return DROP
        if self._picking:
            return PICK_UP
        if self._claim is not None:
            return END_TURN
        return None

    def proposal(self) -> Proposal:
        state = self._need_state()
        if self._builder is not None:
            move = self._builder.move()
            return Proposal(move) if move else Proposal(problem=self._builder.status())
        if self._pending is not None:
            return Proposal(self._pending)
        if self._walk is not None:
            cast = self._walk.move(state)
            if cast is None:
                return Proposal(problem=f"{self._walk.name}: {self._walk.prompt(state)}")
            problem = cs.check_cast(state, cast)
            return Proposal(problem=problem) if problem else Proposal(cast)
        if state.phase is Phase.PLACE:
            return Proposal(problem="click a free hex to place your piece")
        return Proposal(problem="click a hex to move, a spell to cast, or press E to end "
                                "the turn")

    def status(self) -> str:
        state = self._state
        if state is None or not self._interactive or state.verdict is not None:
            return ""
        if self._builder is not None:
            return ("Build the temple: drag rooms, R or the wheel turns the one grabbed. "
                    + self._builder.status())
        if state.phase is Phase.PLACE:
            return f"{SEAT_NAMES[state.to_move]}: click a free hex to place your piece."
        left = f"{state.actions} action{'s' * (state.actions != 1)} left. "
        if self._pending is not None:
            return (f"Suggested: {describe_move(self._pending, state)}. Return plays it, "
                    "U drops it.")
        if self._claim is not None:
            return "Claim the artwork (1), the bewitchment (2) or neither (3)."
        if self._walk is not None:
            walk = self._walk
            move = walk.move(state)
            ready = move is not None and cs.check_cast(state, move) is None
            return (f"Casting the {walk.name}. {walk.prompt(state)}"
                    + (" Return casts it." if ready else "") + " U steps back.")
        if self._drop is not None:
            return f"{left}Click a hex next to you for the {SPELLS[2 * self._drop].name} artwork."
        if state.actions == 0:  # spells cost no action: they are all that is left
            return "No actions left: cast a spell you own, or E ends the turn."
        if self._picking:
            return f"{left}Click the outlined artwork to pick it up (U: not now)."
        pick = "; P picks up your artwork" if self._pickups(state) else ""
        return (f"{left}Click a dot to move, yourself to bless (B), a spell to cast{pick}; "
                "E ends the turn.")

    # -- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        state = self._state
        if state is None:
            return
        self._now = clock
        if self._builder is not None:
            self._draw_builder(surface, clock)
            return
        live = self._interactive and state.verdict is None
        shown = self._shown(state)
        owners = shown.owners
        if self._anim is not None and clock < self._anim.end:
            frame = self._anim.frame(self._geo, clock)
            room_of = self._anim.after.built.room_of
            paint.draw_frame(surface, self._geo, frame, room_of, owners, self._colours,
                             self._board_cache, self._anim.after.built)
        elif shown.temple is not None:
            frame = paint.still(shown, self._geo)
            paint.draw_frame(surface, self._geo, frame, shown.temple.room_of, owners,
                             self._colours, self._board_cache)
            marks, colour = self._marks_on_show(state, shown)
            self._draw_rings(surface, state, marks, colour)
            if live:
                self._draw_choices(surface, state, clock)
            paint.draw_labels(surface, self._geo, frame, shown.temple)  # over rings, outlines
            self._draw_arrows(surface, state, marks, colour)
            if shown is not state:
                paint.label(surface, "Preview: Return casts, U steps back",
                            (self._board_area.centerx, self._board_area.y + 14), 22,
                            palette.ACCENT)
        else:
            self._draw_layout(surface, DEFAULT_LAYOUT)
            paint.label(surface, "Black builds the temple",
                        (self._board_area.centerx, self._board_area.bottom - NOTE_ROOM // 2), 22)
        self._draw_actions(surface, state)
        hovered = self._hovered_spell()
        chosen = self._walk.spell if self._walk else None
        castable = self._castable(state) if live else frozenset()
        key = (state, self._colours, chosen, hovered, castable, tuple(self._panel))
        if self._panel_memo is None or self._panel_memo[0] != key:
            image = pygame.Surface(self._panel.size)
            image.fill(palette.BACKGROUND)  # the window's own: text edges blend into it
            panel.draw_spells(image, image.get_rect(), state, self._colours, chosen, hovered,
                              castable)
            self._panel_memo = (key, image)
        surface.blit(self._panel_memo[1], self._panel.topleft)
        if hovered is not None:
            panel.draw_tooltip(surface, self._panel, state, hovered, live)
        elif not self._placing_room():  # the room's ghost says all while it follows
            self._draw_hover(surface, shown)
        if self._claim is not None:
            for h in state.built.room_hexes[self._claim]:
                paint.outline(surface, self._geo, h, palette.ACCENT, clock, 0.9)
            choice = panel.claim_choice(self._panel, self._pointer) if self._pointer else None
            panel.draw_claim(surface, self._panel, state, self._claim, self._colours, choice)

    def _marks_on_show(self, state: PiouslyState, shown: PiouslyState
                       ) -> tuple[Sequence[anim.Marks], RGB]:
        """What the still board marks, and in which colour: a suggested move or turn (a hint,
        a lesson's "Show me") in green, else the turn on show in white, each action of it
        numbered (none while a cast is being made)."""
        if self._pending is not None:
            return self._plan, palette.GOOD
        if shown is state and self._walk is None:
            return self._trail, paint.MARK_INK
        return (), palette.GOOD

    def _draw_rings(self, surface: pygame.Surface, state: PiouslyState,
                    actions: Sequence[anim.Marks], colour: RGB) -> None:
        """Each hex the actions changed, ringed (under the labels)."""
        room_of = state.built.room_of
        for action in actions:
            for h in action.hexes:
                if h in room_of:
                    paint.ring(surface, self._geo, h, colour)

    def _draw_arrows(self, surface: pygame.Surface, state: PiouslyState,
                     actions: Sequence[anim.Marks], colour: RGB) -> None:
        """Each slide an arrow, each action's number on the hex it ended on (over the
        labels: they are what changed)."""
        room_of = state.built.room_of
        for action in actions:
            for source, target in action.slides:
                paint.arrow(surface, self._geo, source, target, colour)
        if len(actions) < 2:
            return
        taken: dict[Hex, int] = {}
        for number, action in enumerate(actions, 1):
            spot = action.spot
            if spot is None or spot not in room_of:
                continue
            paint.badge(surface, self._geo, spot, number, colour, taken.get(spot, 0))
            taken[spot] = taken.get(spot, 0) + 1

    def _shown(self, state: PiouslyState) -> PiouslyState:
        """The position drawn: a whole, legal cast's preview, else the position itself."""
        walk = self._walk
        if walk is None or not self._interactive:
            return state
        move = walk.move(state)
        if move is None or cs.check_cast(state, move) is not None:
            return state
        if self._preview is None or self._preview[0] != move:
            self._preview = (move, GAME.apply(state, move).state)
        return self._preview[1]

    def _castable(self, state: PiouslyState) -> frozenset[int]:
        """The spells the side to move can cast now (asked of the rules once a position)."""
        if self._castable_memo is None or self._castable_memo[0] is not state:
            spells = frozenset(spell for spell in range(len(SPELLS))
                               if cs.cast_problem(state, spell) is None)
            self._castable_memo = (state, spells)
        return self._castable_memo[1]

    def _hovered_spell(self) -> int | None:
        if self._pointer is None or self._claim is not None:
            return None
        return panel.spell_at(self._panel, self._pointer)

    def _steps(self, state: PiouslyState) -> frozenset[Hex]:
        """The hexes a click steps to now (none while choosing something else)."""
        if self._walk is not None or self._drop is not None or self._picking or \
                state.phase is not Phase.PLAY:
            return frozenset()
        return frozenset(act.step_targets(state))

    def _draw_actions(self, surface: pygame.Surface, state: PiouslyState) -> None:
        """Pips for the actions left (the side to move's colour), top left of the board."""
        if state.phase is not Phase.PLAY or state.verdict is not None:
            return
        x, y = self._board_area.x + 14, self._board_area.y + 14
        filled = pip_colour(self._colours[state.to_move])
        for i in range(max(3, state.actions)):
            if i < state.actions:  # an action left: a disc; one used: a ring
                pygame.draw.circle(surface, filled, (x + i * 22, y), 8)
                pygame.draw.circle(surface, paint.INK, (x + i * 22, y), 8, 1)
            else:
                pygame.draw.circle(surface, palette.MUTED, (x + i * 22, y), 7, 2)

    def _draw_choices(self, surface: pygame.Surface, state: PiouslyState, clock: float) -> None:
        geo = self._geo
        walk = self._walk
        room_of = state.built.room_of
        dots = self._steps(state) | (self.targets() if self._drop is not None else frozenset())
        pickups = self._pickups(state) if walk is None and self._drop is None else frozenset()
        for h in sorted(self.targets()):
            if h not in room_of:
                paint.ghost_space(surface, geo, h, palette.ACCENT)
                continue
            if h in dots:  # a step or a drop: a dot, over an artwork too (a click steps)
                paint.dot(surface, geo, h, palette.ACCENT)
            if h not in dots or h in pickups:  # a spell's choice, or what P picks up
                paint.outline(surface, geo, h, palette.ACCENT, clock)
            if h in pickups and not self._picking:  # its key, so no click is taken for it
                centre = geo.icentre(h)
                paint.label(surface, "P", (centre[0], centre[1] - round(geo.size * 0.45)),
                            16, palette.ACCENT)
        if walk is None:
            return
        for h in walk.picks:  # the choices made so far
            if h in room_of:
                paint.outline(surface, geo, h, palette.GOOD, clock, 0.7)
        if self._placing_room():
            lifted = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for h in state.built.room_hexes[room_of[walk.picks[0]]]:  # dimmed: it is lifted
                pygame.draw.polygon(lifted, (*palette.BACKGROUND, 150),
                                    geo.corners(geo.centre(h), 0.96))
            surface.blit(lifted, (0, 0))
            for h in self._room_spots(state, walk):
                paint.dot(surface, geo, h, palette.GOOD)
            if self._pointer is not None and self._board_area.collidepoint(self._pointer):
                surface.set_clip(self._board_area)  # the ghost never spills over the panel
                self._draw_room_ghost(surface, state, walk, self._geo.hex_at(self._pointer))
                surface.set_clip(None)

    def _room_spots(self, state: PiouslyState, walk: Walk) -> frozenset[Hex]:
        """Where the pointer may put the room being moved, turned as it is now: the rules'
        placements (``stonemason_placements``) by the hex that follows the pointer."""
        room = state.built.room_of[walk.picks[0]]
        key = (state, room, walk.rotation)
        if self._spots_memo is None or self._spots_memo[0] != key:
            spots = frozenset(p.anchor for p in cs.stonemason_placements(state, room)
                              if p.rotation == walk.rotation)
            self._spots_memo = (key, spots)
        return self._spots_memo[1]

    def _draw_room_ghost(self, surface: pygame.Surface, state: PiouslyState, walk: Walk,
                         h: Hex) -> None:
        ghost = walk.ghost(state, h)
        if ghost is None:
            return
        room, placement, problem = ghost
        self._ghost_room(surface, room, placement, problem)

    def _ghost_room(self, surface: pygame.Surface, room: int, placement: Placement,
                    problem: str | None) -> None:
        colour = palette.WARN if problem else palette.GOOD
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for h in placement.hexes(room):
            pygame.draw.polygon(veil, (*paint.ROOM_COLOURS[room], 150),
                                self._geo.corners(self._geo.centre(h), 0.96))
            pygame.draw.polygon(veil, (*colour, 255), self._geo.corners(self._geo.centre(h),
                                                                         0.96), 3)
        surface.blit(veil, (0, 0))
        if problem and self._pointer is not None:
            paint.label(surface, problem, (self._pointer[0], self._pointer[1] - 40), 20,
                        palette.WARN, self._board_area)

    def _draw_hover(self, surface: pygame.Surface, state: PiouslyState) -> None:
        """What is under the pointer: the hex's room, aura and object."""
        if self._pointer is None or state.temple is None:
            return
        if not self._board_area.collidepoint(self._pointer):
            return
        h = self._geo.hex_at(self._pointer)
        room = state.temple.room_of.get(h)
        if room is None:
            return
        pygame.draw.polygon(surface, palette.TEXT, self._geo.corners(self._geo.centre(h), 0.96),
                            2)
        parts = [f"{hex_label(state.temple, h)}: "
                 + ("the Shovel's hex" if room == SHOVEL else f"{ROOM_NAMES[room]} room")]
        aura = state.aura(h)
        parts.append(f"{SEAT_NAMES[aura]} aura" if aura is not None else "no aura")
        obj = state.object_at.get(h)
        if obj is not None:
            parts.append(object_name(obj))
        x, y = self._geo.icentre(h)
        paint.label(surface, "  ·  ".join(parts), (x, max(self._board_area.y + 40,
                                                         y - round(self._geo.size) - 14)), 20,
                    bounds=self._board_area)

    def _draw_layout(self, surface: pygame.Surface, layout: Sequence[Placement],
                     hidden: int | None = None) -> None:
        """The rooms of a temple being built (all but ``hidden``, the one being dragged)."""
        geo = self._geo
        room_of = {h: room for room, p in enumerate(layout) for h in p.hexes(room)}
        frame = paint.Frame()
        for h, room in room_of.items():
            if room != hidden:
                frame.tiles.append(paint.Tile(h, room, geo.centre(h)))
        paint.draw_frame(surface, geo, frame, room_of, (-1,) * 14, self._colours)

    def _draw_builder(self, surface: pygame.Surface, clock: float) -> None:
        builder = self._builder
        assert builder is not None
        geo = self._geo
        layout = builder.layout
        dragging = builder.selected if builder.dragging else None
        self._draw_layout(surface, layout, dragging)
        problem = builder.problem()
        if builder.selected is not None and dragging is None:
            for h in layout[builder.selected].hexes(builder.selected):
                paint.outline(surface, geo, h, palette.ACCENT, clock, 0.9)
        if dragging is not None and self._pointer is not None:
            placement = builder.placed_at(geo.hex_at(self._pointer))
            if placement is not None:
                moved = Builder(builder._with(dragging, placement)).problem()
                self._ghost_room(surface, dragging, placement, moved)
        words = f"Cannot build: {problem}" if problem else "A valid temple: Return builds it"
        paint.label(surface, words, (self._board_area.centerx, self._board_area.bottom - 16),
                    22, palette.WARN if problem else palette.GOOD, self._board_area)
        hovered = None
        rects = button_rects(self._panel, len(BUILDER_BUTTONS))
        if self._pointer is not None:
            hovered = next((i for i, r in enumerate(rects) if r.collidepoint(self._pointer)),
                           None)
        panel.draw_buttons(surface, rects, list(BUILDER_BUTTONS), hovered)
        width = self._panel.w - 16
        needed = panel.text_block_height(BUILDER_HELP, width)
        text = pygame.Rect(self._panel.x + 8, rects[-1].bottom + 12, width,
                           min(needed, self._panel.bottom - rects[-1].bottom - 20))
        panel.draw_text_block(surface, text, BUILDER_HELP)


BUILDER_HELP: Final = (
    "Black builds the temple. Drag a room to move it; it snaps to the grid. R or the mouse "
    "wheel turns the room you grabbed. Every room must touch at least two others and the "
    "temple must hold together. Return builds it; then White, then Black place their pieces."
)


def pip_colour(colour: RGB) -> RGB:
    """An action pip in the seat's ``colour``, lightened until it stands out from the
    window's background as much as a control must (3:1): Black's pips were dark grey on
    dark grey."""
    return palette.readable(colour, palette.BACKGROUND, 3.0)
