"""What a new Piously player tripped on: Black's action pips were dark grey on dark grey;
a click on a hex next to you that holds your artwork picked it up (an action spent) when a
step there was meant, the step's dot hidden under the artwork."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.draw import fonts, palette
from game.piously.rules import actions as act
from game.piously.rules import moves as m
from game.piously.rules.game import GAME
from game.piously.rules.state import Phase, PiouslyState
from game.piously.rules.temple import DEFAULT_LAYOUT
from game.piously.view.actions import SEAT_COLOURS
from game.piously.view.board import PiouslyView
from tests.piously.view.piously_hands import hex_click, settle, state_of, view_of
from tests.ui.driver import Driver

ARTWORK = 2


def playing(want: object, seed: int = 1, limit: int = 400) -> list[str]:
    """Moves from the default temple, random from ``seed``, up to a position ``want``
    (a predicate on the state) holds in."""
    rng = random.Random(seed)
    state = GAME.apply(GAME.new_state({}), m.BuildTemple(DEFAULT_LAYOUT)).state
    moves = [str(m.BuildTemple(DEFAULT_LAYOUT))]
    for _ in range(limit):
        if want(state):  # type: ignore[operator]
            return moves
        move = GAME.random_move(state, rng)
        assert move is not None
        moves.append(str(move))
        state = GAME.apply(state, move).state
    raise AssertionError("no such position in reach")


def artwork_next_to_you(state: PiouslyState) -> int | None:
    """A hex next to the side to move holding its artwork (a piece cannot step there)."""
    if state.actions < 1:
        return None
    rooms = act.pickup_rooms(state)
    return state.objects[ARTWORK + rooms[0]] if rooms else None


@pytest.mark.parametrize("seat", [0, 1])
def test_the_action_pips_stand_out_for_both_sides(seat: int) -> None:
    pygame.font.init()
    fonts.reset()  # faces kept from before an earlier test's pygame.quit are dead
    moves = playing(lambda s: s.phase is Phase.PLAY and s.to_move == seat and s.actions >= 2)
    state = GAME.new_state({})
    for text in moves:
        state = GAME.apply(state, GAME.parse_move(text)).state
    view = PiouslyView()
    view.set_interactive(False)
    view.layout(pygame.Rect(0, 0, 900, 600))
    view.show(state)
    surface = pygame.Surface((900, 600))
    surface.fill(palette.BACKGROUND)
    view._draw_actions(surface, state)
    area = view._board_area
    pip = surface.get_at((area.x + 14, area.y + 14))[:3]
    assert palette.contrast(pip, palette.BACKGROUND) >= 3.0, (SEAT_COLOURS[seat], pip)


def test_a_click_on_your_artwork_next_to_you_is_never_taken_as_a_pick_up(
        driver: Driver) -> None:
    """A click means a step: on the artwork it is refused with the reason and the key
    that picks it up (no action spent); P picks it up; both are shown on the board."""
    moves = playing(lambda s: artwork_next_to_you(s) is not None)
    play = driver.hot_seat("piously", *moves)
    settle(driver, play)
    target = artwork_next_to_you(state_of(play))
    assert target is not None
    assert "P picks up" in view_of(play).status(), "the pick-up is offered, and how"
    before = play.match.ply
    hex_click(driver, play, target)
    assert play.match.ply == before, "nothing picked up by a click"
    assert "P picks it up" in driver.toasts()[-1]
    rooms = act.pickup_rooms(state_of(play))
    driver.key("p")
    if len(rooms) > 1:
        hex_click(driver, play, target)
    assert play.match.ply == before + 1
    assert play.match.moves[-1].startswith("pickup"), play.match.moves[-1]


def builder_view() -> PiouslyView:
    pygame.font.init()
    fonts.reset()  # faces kept from before an earlier test's pygame.quit are dead
    view = PiouslyView()
    view.set_interactive(True)
    view.layout(pygame.Rect(16, 52, 1000, 640))
    view.show(GAME.new_state({}))
    assert view.builder is not None
    return view


def test_the_temple_stays_put_while_its_rooms_are_dragged() -> None:
    """The room let go of lies under the pointer: the temple does not re-centre."""
    from game.piously.rules.hexes import DIRECTIONS

    view = builder_view()
    before = view._geo
    builder = view.builder
    assert builder is not None
    moved = 0
    for room in range(len(builder.layout)):
        for step in (DIRECTIONS[room % 6], -DIRECTIONS[room % 6]):  # there and back
            builder = view.builder
            assert builder is not None
            grab = builder.layout[room].hexes(room)[0]
            view.click(view.hex_centre(grab))
            view.release(view.hex_centre(grab + step))
            if view.builder is not None and view.builder.layout != builder.layout:
                moved += 1
                assert view._geo == before, "the board did not move"
    assert moved, "some room was moved"


def test_a_random_temple_is_drawn_in_the_middle() -> None:
    from game.piously.view.actions import RANDOM

    view = builder_view()
    for _ in range(5):
        view.action(RANDOM)
        builder = view.builder
        assert builder is not None
        centres = [view.hex_centre(h) for room, placement in enumerate(builder.layout)
                   for h in placement.hexes(room)]
        middle_x = (min(x for x, _ in centres) + max(x for x, _ in centres)) / 2
        middle_y = (min(y for _, y in centres) + max(y for _, y in centres)) / 2
        area = view._board_area
        assert abs(middle_x - area.centerx) <= view._geo.size, "centred across"
        assert abs(middle_y - area.centery) <= view._geo.size, "centred down"


def test_a_spells_tip_ends_when_the_pointer_leaves_the_window(driver: Driver) -> None:
    play = driver.hot_seat("piously", str(m.BuildTemple(DEFAULT_LAYOUT)))
    view = view_of(play)
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=view.spell_centre(0), rel=(0, 0),
                              buttons=(0, 0, 0))
    driver.frames(1, [over])
    assert view._hovered_spell() == 0
    driver.frames(1, [pygame.event.Event(pygame.WINDOWLEAVE)])
    assert view._hovered_spell() is None, "no tip left behind"
