"""Overlapping rooms can each be grabbed: while the temple is built, a press takes the room
nearest the pointer among those under it, which is the one drawn on top there and outlined
while the pointer rests on it; the Stonemason's room to lift is outlined whole too."""

from __future__ import annotations

import math

import pygame

from game.client.app.services import Services
from game.client.draw import palette
from game.piously.rules import casting as cs
from game.piously.rules.game import GAME
from game.piously.rules.hexes import DIRECTIONS, Hex
from game.piously.rules.spellbook import STONEMASON
from game.piously.rules.temple import DEFAULT_LAYOUT
from game.piously.view import draw as paint
from game.piously.view.board import PiouslyView
from game.piously.view.temple import Builder
from tests.piously.view.test_piously_steps import seeded_states

AREA = pygame.Rect(0, 0, 1280, 640)


def building() -> PiouslyView:
    view = PiouslyView()
    view.layout(AREA)
    view.set_interactive(True)
    view.show(GAME.new_state({}))
    assert view.builder is not None
    return view


def centre(view: PiouslyView, h: Hex) -> tuple[int, int]:
    return view.hex_centre(h)


def toward(view: PiouslyView, h: Hex, target: tuple[float, float]) -> tuple[int, int]:
    """A point inside hex ``h``, on its side towards ``target``."""
    x, y = centre(view, h)
    dx, dy = target[0] - x, target[1] - y
    reach = 0.45 * view._geo.size / math.hypot(dx, dy)
    return round(x + dx * reach), round(y + dy * reach)


def outlined(surface: pygame.Surface, view: PiouslyView, h: Hex) -> bool:
    """Whether hex ``h`` has the hover outline: the text colour along its lower edge."""
    corners = view._geo.corners(view._geo.centre(h), 0.96)
    (x1, y1), (x2, y2) = corners[1], corners[2]  # the bottom edge (corners go clockwise)
    x, y = round((x1 + x2) / 2), round((y1 + y2) / 2)
    return any(tuple(surface.get_at((x, y - dy))[:3]) == palette.TEXT for dy in range(3))


def overlapped(view: PiouslyView) -> tuple[Hex, int, int]:
    """Room 1 dragged so that one of its hexes lies on one of room 0's: the hex shared, the
    room on top (grabbed last) and the one under it."""
    top, under = 1, 0
    grabbed = DEFAULT_LAYOUT[top].hexes(top)[0]  # the end of a line of four
    onto = DEFAULT_LAYOUT[under].hexes(under)[3]  # room 0's end: the line goes on beyond it
    view.click(centre(view, grabbed))
    view.release(centre(view, onto))
    builder = view.builder
    assert builder is not None and builder.rooms_at(onto) == (top, under)
    shared = [h for h in builder.layout[top].hexes(top) if h in builder.layout[under].hexes(under)]
    assert shared == [onto]
    return onto, top, under


def test_the_builder_stacks_rooms_the_one_grabbed_last_on_top() -> None:
    builder = Builder()
    a, b = DEFAULT_LAYOUT[0].hexes(0)[0], DEFAULT_LAYOUT[1].hexes(1)[0]
    on_a = builder.press(b).drop(a)  # room 1's grabbed hex dropped on room 0's hex
    assert on_a.rooms_at(a) == (1, 0) and on_a.stacking()[-1] == 1
    assert on_a.press(a).selected == 1, "the top room by default"
    assert on_a.press(a, 0).selected == 0, "or the one asked for, under it"
    assert on_a.press(a, 5).selected == 1, "never a room that is not there"


def test_a_press_on_overlapping_rooms_grabs_the_one_drawn_on_top_where_pressed(
        services: Services) -> None:
    view = building()
    shared, top, under = overlapped(view)
    empty = (AREA.x + 4, AREA.y + 4)
    view.click(empty)  # let go of the room: no selection's frame, the hover's alone
    view.release(empty)
    builder = view.builder
    assert builder is not None and builder.selected is None
    for room in (top, under):
        other = under if room == top else top
        beyond = next(h for h in builder.layout[room].hexes(room)  # its way on from there
                      if h not in builder.layout[other].hexes(other)
                      and any(h == shared + d for d in DIRECTIONS))
        spot = toward(view, shared, centre(view, beyond))
        view.hover(spot)
        surface = pygame.Surface(AREA.size)
        view.draw(surface, 0.0)
        assert surface.get_at(spot)[:3] == paint.ROOM_COLOURS[room], "drawn on top there"
        for h in builder.layout[room].hexes(room):  # its outline shows whole
            assert outlined(surface, view, h)
        view.click(spot)
        grabbed = view.builder
        assert grabbed is not None and grabbed.selected == room and grabbed.dragging
        view.release(spot)  # put down where it was
        assert view.builder is not None and view.builder.layout == builder.layout
        view.click(empty)
        view.release(empty)


def test_the_stonemasons_room_is_outlined_whole_before_it_is_lifted(services: Services) -> None:
    state = next(s for s in seeded_states()
                 if s.phase.value == "play" and cs.cast_problem(s, STONEMASON) is None)
    view = PiouslyView()
    view.layout(AREA)
    view.set_interactive(True)
    view.show(state)
    view.click(view.spell_centre(STONEMASON))
    walk = view.walk
    assert walk is not None and walk.spell == STONEMASON
    room = cs.stonemason_rooms(state)[0]
    hexes = state.built.room_hexes[room]
    view.hover(view.hex_centre(hexes[0]))
    assert view._room_to_lift(state, walk) == room
    surface = pygame.Surface(AREA.size)
    view.draw(surface, 0.0)
    for h in hexes:
        assert outlined(surface, view, h)
    view.hover(None)
    assert view._room_to_lift(state, walk) is None
