"""Push Fight's last turn is marked as clearly as Conquid's: the squares it touched
tinted, solid arrows, and a piece pushed off drawn where it went; the setup buttons apply only
during the setup."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import all_games
from game.client.draw import fonts
from game.core.match import Match
from game.pushfight.rules.board import INDEX_OF
from game.pushfight.view import draw
from game.pushfight.view.actions import RANDOM, STANDARD
from game.pushfight.view.board import PushFightView
from game.pushfight.view.last import FALL_REACH, TINT, Fall, last_turn
from tests.pushfight.view.test_pushfight_play import BROWN_STANDARD, WHITE_STANDARD, WIN

GAME = all_games().get("pushfight")


@pytest.fixture(autouse=True)
def fonts_ready() -> None:
    """Fonts made afresh: an earlier test may have quit the font module they came from."""
    pygame.font.init()
    fonts.reset()


def _match(*moves: str) -> Match:
    match = Match(GAME, {})
    for move in moves:
        match.play(move)
    return match


def _view(match: Match, size: tuple[int, int] = (880, 600)) -> tuple[PushFightView,
                                                                      pygame.Surface]:
    view = PushFightView()
    view.layout(pygame.Rect((0, 0), size))
    view.set_interactive(False)
    view.show(match.state, match.results[-1:])
    surface = pygame.Surface(size)
    view.draw(surface, 0.0)
    return view, surface


def test_a_turn_marks_where_pieces_left_and_arrived() -> None:
    match = _match(WHITE_STANDARD, BROWN_STANDARD, "c2-b2,d3-e3")
    marks = last_turn(match.results[-1:])
    named = {name for name, index in INDEX_OF.items() if index in marks.squares}
    assert named == {"c2", "b2", "d3", "e3", "f3", "g3"}  # the slide, the pusher, the line
    assert len(marks.arrows) == 2 and not marks.falls


def test_a_push_off_marks_where_the_piece_fell() -> None:
    match = _match(WHITE_STANDARD, BROWN_STANDARD, *WIN)
    marks = last_turn(match.results[-1:])
    assert marks.falls == (Fall(1, True, (5.0, 1.0), (6.0, 1.0)),)  # f1, into the g1 hole
    view, surface = _view(match)
    ghost = view._geo.pixel((6.0, 1.0))
    quiet = PushFightView()
    quiet.layout(pygame.Rect(0, 0, 880, 600))
    quiet.show(match.state)  # the same position with nothing marked
    plain = pygame.Surface((880, 600))
    quiet.draw(plain, 0.0)
    assert surface.get_at(ghost) != plain.get_at(ghost)


@pytest.mark.parametrize("flipped", [False, True])
def test_a_piece_pushed_past_a_short_end_stays_inside_the_board_area(flipped: bool) -> None:
    """Seen at 1280x720: the ghost of a piece pushed off h2 was cut by the side panel."""
    area = pygame.Rect(0, 0, 700, 600)  # narrow: the board is as wide as it may be
    geo = draw.Geometry.fit(area, flipped, tray=False)
    reach = FALL_REACH[1]
    for place in ((draw.FILES - 1 + reach, 2.0), (-reach, 3.0)):
        x, _ = geo.pixel(place)
        ring = round(geo.cell * 0.36) + 2
        assert area.left <= x - ring and x + ring <= area.right, place


def test_the_marked_squares_are_tinted_under_the_pieces() -> None:
    match = _match(WHITE_STANDARD, BROWN_STANDARD, "c2-b2,d3-e3")
    view, surface = _view(match)
    rect = view._geo.square_rect(INDEX_OF["c2"])  # the slide's start: now empty
    corner = (rect.x + rect.w // 3, rect.y + rect.h // 5)
    quiet = PushFightView()
    quiet.layout(pygame.Rect(0, 0, 880, 600))
    quiet.show(match.state)
    plain = pygame.Surface((880, 600))
    quiet.draw(plain, 0.0)
    tinted, bare = surface.get_at(corner), plain.get_at(corner)
    assert tinted != bare and tinted.b < bare.b + TINT[2] // 4  # warmer: yellow over it


def test_the_setup_buttons_apply_only_during_the_setup() -> None:
    view = PushFightView()
    view.layout(pygame.Rect(0, 0, 880, 600))
    view.set_interactive(True)
    view.show(_match().state)
    assert view.offers(STANDARD) and view.offers(RANDOM)
    view.show(_match(WHITE_STANDARD, BROWN_STANDARD).state)
    assert not view.offers(STANDARD) and not view.offers(RANDOM)


def test_the_board_stays_put_when_the_setup_tray_goes() -> None:
    import random

    from game.pushfight.rules.game import GAME

    view = PushFightView()
    view.layout(pygame.Rect(16, 52, 900, 560))
    match = Match(GAME, {})
    view.show(match.state)
    during = view._geo.grid
    while match.state.in_setup:
        match.play(GAME.random_move(match.state, random.Random(match.ply)))
    view.show(match.state)
    assert view._geo.grid == during, "same size, same place"
