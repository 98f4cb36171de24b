"""Push Fight through the GUI with a player's clicks and keys: setup tray, standard setup,
moves with reachable-square hints, pushes with refusals and their reasons, undo within a
turn, flipping, and a whole game from the menu to the push-off banner."""

from __future__ import annotations

import pygame

from game.pushfight.info import PUSH_OFF
from game.pushfight.rules.assist import reachable_squares
from game.pushfight.rules.board import INDEX_OF
from game.pushfight.rules.game import State
from game.pushfight.view.board import PushFightView
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.setup import SetupScene
from tests.ui.driver import Driver

WHITE_STANDARD = "setup Od3 Oc2 Od2 od4 od1"
BROWN_STANDARD = "setup Xe3 Xf3 Xe2 xe4 xe1"
WIN = ("c2-d2", "f3-f2", "d2-c1,c1-d1")
"""From the standard setups, three turns: the last slides to c1 and pushes the bottom rank
right, so Brown's round piece on f1 falls through the hole at g1."""


def view_of(play: PlayScene) -> PushFightView:
    view = play.view
    assert isinstance(view, PushFightView)
    return view


def square(driver: Driver, play: PlayScene, name: str) -> None:
    """Click a square of the board where the view draws it."""
    driver.click(view_of(play).square_centre(name))


def start_from_menu(driver: Driver) -> PlayScene:
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    entry = next(widget for widget, text, _action in menu.entries if "Push Fight" in text)
    assert entry.is_enabled  # playable, not "coming soon"
    driver.press(entry)
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game.info.id == "pushfight"
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    return play


def play_scene(driver: Driver, *moves: str) -> PlayScene:
    """A hot-seat game after ``moves``, opened straight in the play scene."""
    play: PlayScene = driver.hot_seat("pushfight", *moves)
    return play


def state(play: PlayScene) -> State:
    current = play.match.state
    assert isinstance(current, State)
    return current


def test_a_whole_game_from_the_menu_to_the_push_off_banner(driver: Driver) -> None:
    play = start_from_menu(driver)
    view = view_of(play)
    driver.key("return")
    assert "Place 5 more pieces" in driver.toasts()[-1]
    driver.key("s")  # White: the standard setup
    driver.key("return")
    assert list(play.match.moves) == [WHITE_STANDARD]
    assert view.busy(driver.app.clock)  # the pieces pop in
    driver.wait(1.5)
    square(driver, play, "a3")
    assert "not on Brown's half" in driver.toasts()[-1]
    for name in ("e3", "f3", "e2", "e4", "e1"):  # square pieces first, then round ones
        square(driver, play, name)
    driver.key("return")
    assert list(play.match.moves) == [WHITE_STANDARD, BROWN_STANDARD]
    driver.wait(1.5)
    square(driver, play, "c2")
    square(driver, play, "d2")  # the push: c2 shoves d2 and e2 right
    assert "Push chosen" in driver.toasts()[-1]
    driver.key("return")
    driver.wait(1.5)
    assert state(play).anchor == INDEX_OF["d2"]
    square(driver, play, "f3")
    square(driver, play, "f2")
    driver.key("return")
    driver.wait(1.5)
    square(driver, play, "d2")
    square(driver, play, "c1")  # a move round the corner
    square(driver, play, "c1")
    square(driver, play, "d1")  # and the push that drops f1 into the hole
    driver.key("return")
    assert play.match.moves == (WHITE_STANDARD, BROWN_STANDARD, *WIN)
    outcome = play.match.outcome
    assert outcome is not None and outcome.winner == 0
    assert outcome.reason is PUSH_OFF
    assert view.busy(driver.app.clock)  # the line is shoved and the piece tumbles
    driver.wait(3.0)
    assert not view.busy(driver.app.clock)  # so the banner is up
    assert "crumble" in driver.app.services.sounds.played
    assert play.result_card()[:2] == ["White beat Brown", "A piece was pushed off"]


def test_a_selected_piece_shows_every_square_it_can_reach(driver: Driver) -> None:
    play = play_scene(driver, WHITE_STANDARD, BROWN_STANDARD)
    view = view_of(play)
    square(driver, play, "d1")
    assert view.targets() == reachable_squares(state(play), INDEX_OF["d1"])
    assert INDEX_OF["a2"] in view.targets()  # round the corner of c1 and b2
    square(driver, play, "e2")  # d1 is round: it cannot push
    assert "a push needs a square piece" in driver.toasts()[-1]
    square(driver, play, "d1")
    assert view.targets() == frozenset()


def test_illegal_pushes_are_refused_with_the_rules_reason(driver: Driver) -> None:
    play = play_scene(driver, WHITE_STANDARD, BROWN_STANDARD, WIN[0])
    square(driver, play, "f2")  # Brown's pusher, next to White's e2, d2 (anchored) behind
    square(driver, play, "e2")
    assert "the anchor is in the line" in driver.toasts()[-1]
    square(driver, play, "e3")
    square(driver, play, "e4")
    assert "the line would cross the rail" in driver.toasts()[-1]
    assert "Selected e4" in driver.toasts()[-1]  # an own piece: chosen instead
    square(driver, play, "e3")
    square(driver, play, "d4")  # White's piece, but not next to e3
    assert "one square up, down, left or right" in driver.toasts()[-1]
    driver.key("return")
    assert "Choose a push" in driver.toasts()[-1]
    assert play.match.ply == 3


def test_a_move_is_taken_back_within_the_turn(driver: Driver) -> None:
    play = play_scene(driver, WHITE_STANDARD, BROWN_STANDARD)
    view = view_of(play)
    square(driver, play, "d3")
    square(driver, play, "b3")
    turn = view.partial_turn()
    assert turn is not None and turn.slides == ((INDEX_OF["d3"], INDEX_OF["b3"]),)
    square(driver, play, "c2")
    square(driver, play, "c1")
    turn = view.partial_turn()
    assert turn is not None and len(turn.slides) == 2
    square(driver, play, "d2")
    square(driver, play, "b2")  # empty and reachable, but the moves are used up
    assert "two moves are made; now push" in driver.toasts()[-1]
    driver.key("u")  # the selection goes first
    driver.key("u")  # then the second move
    turn = view.partial_turn()
    assert turn is not None and turn.slides == ((INDEX_OF["d3"], INDEX_OF["b3"]),)
    square(driver, play, "d2")
    square(driver, play, "e2")
    driver.key("return")
    assert play.match.moves[-1] == "d3-b3,d2-e2"
    assert view.busy(driver.app.clock)


def test_the_board_flips_and_clicks_follow_it(driver: Driver) -> None:
    play = play_scene(driver, WHITE_STANDARD, BROWN_STANDARD)
    view = view_of(play)
    left = view.square_centre("a3")
    driver.key("f")
    assert view.flipped
    assert view.square_centre("h2") == left  # turned round: Brown's corner is top left
    assert view.hit_test(view.square_centre("d3")) == INDEX_OF["d3"]
    square(driver, play, "d3")
    assert view.targets() == reachable_squares(state(play), INDEX_OF["d3"])
    flip = next(widget for widget, name in play.buttons.items() if name == "flip")
    driver.press(flip)
    assert not view.flipped


def test_the_setup_tray_picks_a_kind_and_pieces_can_be_picked_up(driver: Driver) -> None:
    play = play_scene(driver)
    view = view_of(play)
    driver.click(view.tray_centre(3))  # a round piece
    square(driver, play, "a3")
    square(driver, play, "b3")  # the second round piece
    square(driver, play, "a2")  # then square pieces
    square(driver, play, "b2")
    square(driver, play, "b3")  # pick that round piece up again
    square(driver, play, "c3")
    square(driver, play, "d3")
    assert "all five" in str(view.status()).lower()
    driver.key("return")
    assert play.match.moves == ("setup Od3 Oa2 Ob2 oa3 oc3",)


def drag(driver: Driver, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move to ``end`` with the button held, let go there."""
    def motion(pos: tuple[int, int], held: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(held, 0, 0))

    driver.frames(1, [motion(start, 0)])
    driver.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    driver.frames(1, [motion(end, 1)])
    driver.frames(2, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def test_pieces_can_be_dragged_from_the_tray_and_on_the_board(driver: Driver) -> None:
    play = play_scene(driver)
    view = view_of(play)
    drag(driver, view.tray_centre(4), view.square_centre("a3"))  # a round piece
    drag(driver, view.square_centre("a3"), view.square_centre("b3"))  # placed: move it
    for name in ("a2", "b2", "c2", "c3"):
        square(driver, play, name)
    driver.key("return")
    assert list(play.match.moves) == ["setup Oa2 Ob2 Oc2 ob3 oc3"]
    driver.wait(1.5)
    driver.key("s")
    driver.key("return")
    driver.wait(1.5)
    drag(driver, view.square_centre("b3"), view.square_centre("a3"))  # a move
    turn = view.partial_turn()
    assert turn is not None and turn.slides == ((INDEX_OF["b3"], INDEX_OF["a3"]),)
    drag(driver, view.square_centre("b2"), view.square_centre("c2"))  # a push
    assert "Push chosen" in driver.toasts()[-1]
    driver.key("return")
    assert play.match.moves[-1] == "b3-a3,b2-c2"
