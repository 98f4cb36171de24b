"""The board turns round (F) in every two-player game, and every click, cursor place and
hint follows it: a place is picked on the turned board at its mirrored spot."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.client.access.cursor import Places
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.services import Services
from game.client.draw import flip
from game.client.view import Flips
from game.client.widgets.panel import turn_info
from game.core.match import Match
from scenes.help import APP_HELP
from scenes.play_parts import controls
from tests.ui.driver import Driver
from tests.ui.keyboard import cursor_to, press

TEMPLE = "temple P2,-4r0 I3,-3r0 O2,-2r0 U2,0r0 S0,0r0 L1,2r0 Y-1,4r0"
POSITIONS: dict[str, tuple[str, ...]] = {
    "conquid": ("A 0,3 1,3 2,3",),
    "piously": (TEMPLE, "place 0,0", "place 2,-2"),
    "pushfight": (),
}
"""A position of each two-player game with its board's places in sight."""
LOOK = ("Flip board", c.FLIP_BOARD, "")


def test_the_half_turn_is_its_own_inverse() -> None:
    for cell in ((0, 0), (2, 5), (6, 13)):
        turned = flip.cell(cell, 7, 14, True)
        assert turned != cell and flip.cell(turned, 7, 14, True) == cell
        assert flip.cell(cell, 7, 14, False) == cell
    assert flip.point((10.0, 4.0), (50.0, 20.0), True) == (90.0, 36.0)
    assert flip.point(flip.point((3.5, 9.0), (7.0, 1.0), True), (7.0, 1.0), True) == (3.5, 9.0)


def test_every_two_player_game_turns_round_and_others_say_why_not(services: Services) -> None:
    for plugin in services.games:
        view = services.make_view(plugin.info.id)
        assert isinstance(view, Flips) == (plugin.info.players == 2), plugin.info.id


def _board_places(view: Any) -> dict[str, tuple[tuple[int, int], object]]:
    """Each board place (one a click picks) by name: its centre, and what a click there
    picks."""
    assert isinstance(view, Places)
    found = {}
    for place in view.places():
        picked = view.hit_test(place.rect.center)
        if picked is not None:
            found[place.name] = (place.rect.center, picked)
    return found


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_a_click_on_the_turned_board_picks_the_place_at_its_mirrored_spot(
        driver: Driver, game_id: str) -> None:
    play = driver.hot_seat(game_id, *POSITIONS[game_id])
    view = play.view
    before = _board_places(view)
    driver.key("f")
    assert view.flipped
    after = _board_places(view)
    assert before.keys() == after.keys() and len(before) > 10
    pivots = set()
    for name, (spot, picked) in before.items():
        seen, picked_now = after[name]
        assert picked_now == picked, name  # a click at the mirrored spot picks the same place
        assert view.hit_test(spot) != picked or seen == spot, name
        pivots.add(((spot[0] + seen[0]) // 2, (spot[1] + seen[1]) // 2))
    xs, ys = {x for x, _ in pivots}, {y for _, y in pivots}
    assert max(xs) - min(xs) <= 2 and max(ys) - min(ys) <= 2  # one half turn about one centre
    assert any(after[name][0] != spot for name, (spot, _) in before.items())
    driver.key("f")
    assert not view.flipped and _board_places(view) == before


def test_a_conquid_click_and_the_cursor_pick_the_mirrored_cell(driver: Driver) -> None:
    play = driver.hot_seat("conquid")
    view = play.view
    rows, cols = play.match.state.board.rows, play.match.state.board.cols
    top_left = view.mark_rect("0,3").center
    driver.key("f")
    assert view.mark_rect(f"{rows - 1},{cols - 4}").center == top_left
    driver.key("a")
    driver.click(top_left)  # where 0,3 was drawn: now the cell turned round to it
    driver.click(view.mark_rect("0,3").center)
    cursor_to(driver, play.access.board, "1,3")
    press(driver, "space")
    assert view.proposal().move is not None
    assert play.match.game.format_move(view.proposal().move) == \
        f"A 0,3 1,3 {rows - 1},{cols - 4}"
    press(driver, "right")  # the arrows move over the board as it is seen
    assert play.access.board.cursor.at(view.places()).name == "1,2"


def test_the_highlight_under_the_pointer_follows_the_turn(driver: Driver) -> None:
    play = driver.hot_seat("conquid")
    view = play.view
    rows, cols = play.match.state.board.rows, play.match.state.board.cols
    pointer = view.mark_rect("0,3").center
    driver.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0),
                                         buttons=(0, 0, 0))])
    assert view.hit_test(pointer) == view._hover == (0, 3)
    driver.key("f")  # the pointer has not moved: the cell now under it is highlighted
    assert view._hover == (rows - 1, cols - 4) == view.hit_test(pointer)


def test_a_hint_is_drawn_on_the_turned_board(driver: Driver) -> None:
    play = driver.hot_seat("conquid")
    view = play.view
    driver.key("f")
    plain = pygame.Surface((1280, 720))
    view.draw(plain, driver.app.clock)
    view.suggest(play.match.game.parse_move("A 0,0 0,1 0,2"))
    hinted = pygame.Surface((1280, 720))
    view.draw(hinted, driver.app.clock)
    corner = view.mark_rect("0,0")
    bottom_right = view.board_rect.bottomright  # row 0, column 0 is there now
    assert abs(corner.right - bottom_right[0]) <= 2 and abs(corner.bottom - bottom_right[1]) <= 2
    assert hinted.get_at(corner.center) != plain.get_at(corner.center)


@pytest.mark.parametrize("game_id", ["conquid", "piously"])
def test_replays_turn_the_board_too(driver: Driver, game_id: str) -> None:
    play = driver.hot_seat(game_id, *POSITIONS[game_id])
    replay = driver.open_replay(play.match)
    driver.key("f")
    assert replay.view.flipped
    flip_button = next(w for w, name in replay.buttons.items() if name == c.FLIP_BOARD)
    driver.press(flip_button)
    assert not replay.view.flipped


def test_flip_board_takes_a_free_place_in_the_panel_never_a_row_of_its_own() -> None:
    def rows(wide: bool, looks: bool) -> list[list[str]]:
        made = controls.rows(True, True, True, False, wide, lambda ctx, name: "Esc",
                             lambda ctx, name: "", [LOOK] if looks else [])
        return [[name for _words, name, _tip in row] for row in made]

    for wide in (False, True):
        plain, flipping = rows(wide, False), rows(wide, True)
        assert len(flipping) == len(plain), "no row of its own: the move list keeps its room"
        with_button = [name for row in flipping for name in row]
        assert (c.FLIP_BOARD in with_button) == any(
            len(row) < (3 if wide else 2) for row in plain), "wherever a place is free"
    assert c.FLIP_BOARD in [name for row in rows(True, True) for name in row]


def test_the_key_is_in_the_table_the_strip_and_the_help(driver: Driver,
                                                        services: Services,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table = services.table
    for ctx in (inp.PLAY, inp.REPLAY):
        assert table.keys(ctx, c.FLIP_BOARD) == ("f",)
        assert table.conflict(ctx, c.FLIP_BOARD, "f") is None  # no game's key is F
    assert table.label(inp.PLAY, c.FLIP_BOARD) == "Flip the board"
    assert "<b>F</b>" in APP_HELP and "turns the board round" in APP_HELP
    strips: list[list[str]] = []
    monkeypatch.setattr(turn_info, "key_strip",
                        lambda surface, rect, parts: strips.append(list(parts)))
    driver.hot_seat("piously", *POSITIONS["piously"])
    driver.frames(1)
    assert "F flip board" in strips[-1]
    services.toasts.items.clear()
    driver.open_play(Match(services.games.get("forts"), {}, seed="flip"))
    driver.frames(1)
    assert "F flip board" not in strips[-1], "not where the board does not turn"


def test_a_one_player_game_says_its_board_does_not_turn(driver: Driver) -> None:
    services = driver.app.services
    play = driver.open_play(Match(services.games.get("forts"), {}, seed="flip"))
    assert not any(name == c.FLIP_BOARD for name in play.buttons.values())
    driver.key("f")
    assert any("two-player" in toast for toast in driver.toasts())
