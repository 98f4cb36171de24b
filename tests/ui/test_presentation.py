"""Presentation, as a player sees it: nothing lost, the last move marked, the result beside the
board, one message at a time, labels that fit, controls that apply, layouts that stay put."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catalog import PUSHFIGHT, all_games
from game.client.app.app import App
from game.client.app.scene import Pop, Push
from game.client.app.services import Services
from game.client.draw import fonts
from game.client.files import autosaves
from game.client.files.paths import Paths
from game.client.match import result
from game.client.widgets.toast import Toasts, lines_label
from game.core.match import Match, Seat
from game.core.protocol import Outcome, OutcomeReason
from game.core.record import load_match, read_record, save_match
from game.forts.info import NO_LIVING_FORTS
from game.main_window import build_services
from game.pushfight.info import PUSH_OFF
from game.pushfight.rules.setups import standard_setup
from scenes.games import GamesScene
from scenes.help import HelpScene
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from scenes.setup import SetupScene
from tests.ui.driver import Driver
from tests.ui.test_computer import start_against_computer
from tests.ui.test_hint_and_demo import ScriptedComputers
from tests.ui.test_play import acquire, choose, start_small_game

GAMES = all_games()
SIZES = ((900, 600), (1280, 720), (1920, 1080))


def open_play(driver: Driver, match: Match) -> PlayScene:
    play: PlayScene = driver.open_play(match)
    return play


# -- never lose a game -------------------------------------------------------------------


def test_starting_a_new_game_keeps_the_unfinished_one(driver: Driver, paths: Paths) -> None:
    first = start_small_game(driver, ("Ada", "Blaise"))
    driver.key("c")
    driver.key("return")
    driver.key("escape")
    driver.key("down")
    driver.key("down")
    driver.key("down")
    driver.key("down")
    driver.key("return")  # the pause screen's "Quit to menu"
    assert isinstance(driver.top, MenuScene)
    assert driver.top.entries[0][1] == "Resume: Conquid, move 2"
    driver.key("down")
    driver.key("down")  # from Resume past "Your games" to "Play Conquid"
    second = start_small_game(driver, ("Cleo", "Dan"))
    assert second is not first
    acquire(driver, second, (0, 0), (0, 1), (0, 2))
    kept = {tuple(seat.name for seat in k.seats): read_record(k.path).moves
            for k in autosaves.unfinished(paths)}
    assert kept == {("Ada", "Blaise"): ("C",), ("Cleo", "Dan"): ("A 0,0 0,1 0,2",)}


def test_your_games_lists_game_players_move_and_date(driver: Driver, paths: Paths) -> None:
    match = Match(GAMES.get("conquid"), {"board": "small"}, (Seat("Ada"), Seat("Blaise")))
    match.play("C")
    autosaves.Slot(paths).write(match)
    done = Match(GAMES.get("conquid"), {"board": "small"}, (Seat("Cleo"), Seat("Dan")))
    done.resign()
    autosaves.Slot(paths).write(done)
    driver.app.stack.apply(Push(GamesScene(driver.app.services)))
    driver.frames(2)
    scene = driver.top
    assert isinstance(scene, GamesScene)
    unfinished, finished = (widget.item_list for widget in scene.lists)
    assert unfinished[0]["text"].startswith("Conquid  ·  Ada vs Blaise  ·  move 2  ·  ")
    assert finished[0]["text"].startswith("Conquid  ·  Cleo vs Dan  ·  Dan beat Cleo by resign")
    driver.press(unfinished[0]["button_element"])
    driver.press(next(iter(scene.open_buttons.values())))
    play = driver.top
    assert isinstance(play, PlayScene) and play.match.moves == ("C",)


def test_the_menu_never_shifts_when_a_game_can_be_resumed(services: Services,
                                                          paths: Paths) -> None:
    driver = Driver(App(services, MenuScene(services)))
    driver.frames(2)
    before = [widget.get_abs_rect() for widget, _text, _action in driver.top.entries]
    match = Match(GAMES.get("conquid"), {"board": "small"})
    match.play("C")
    save_match(paths.autosaves / "last.json", match)  # an older version's autosave too
    driver.app.stack.apply(Push(MenuScene(services)))
    driver.frames(2)
    menu = driver.top
    assert menu.entries[0][1] == "Resume: Conquid, move 2"
    assert [widget.get_abs_rect() for widget, _t, _a in menu.entries] == before


# -- the last move -----------------------------------------------------------------------


def test_the_last_move_stays_marked_in_play_and_in_replay(driver: Driver) -> None:
    play = start_small_game(driver)
    acquire(driver, play, (0, 0), (0, 1), (0, 2))
    driver.wait(2)
    assert play.view.last_marked() == {(0, 0), (0, 1), (0, 2)}  # type: ignore[attr-defined]
    acquire(driver, play, (6, 0), (6, 1), (6, 2))
    driver.key("left")  # take back: the move before is marked again
    assert play.view.last_marked() == {(0, 0), (0, 1), (0, 2)}  # type: ignore[attr-defined]
    driver.key("up")
    replay = driver.top
    assert isinstance(replay, ReplayScene)
    replay.go_to(0)
    assert replay.view.last_marked() == frozenset()  # type: ignore[attr-defined]
    replay.go_to(1)
    assert replay.view.last_marked() == {(0, 0), (0, 1), (0, 2)}  # type: ignore[attr-defined]


def test_a_forts_turn_marks_the_placement_and_what_the_die_did(driver: Driver) -> None:
    match = Match(GAMES.get("forts"), {}, seed="castle-rock")
    play = open_play(driver, match)
    view: Any = play.view
    cell = sorted(view._placeable)[0]
    driver.key("3")
    driver.click(view.cell_centre(cell))
    driver.wait(3)
    assert match.ply == 2, "placed, then the die rolled"
    assert cell in view.last_marked()
    assert play.turn_number() == 2, "the move counter counts turns, not dice"


# -- the result --------------------------------------------------------------------------


def test_the_result_never_covers_the_board_and_speaks_to_its_reader(
    driver: Driver, services: Services
) -> None:
    play = start_against_computer(driver, services)
    board = play.view.board_rect.copy()
    play._resign()  # as the Resign dialog's yes does
    driver.frames(3)
    assert play.match.outcome is not None and play.match.outcome.winner == 1
    assert play.result_card()[:2] == ["You lost", "By resignation"]
    assert not play.side.card.colliderect(play.board_area) and play.panel.contains(play.side.card)
    assert play.view.board_rect == board


def test_result_wording_for_each_table() -> None:
    people = (Seat("Ada"), Seat("Blaise"))
    computer = (Seat("Ada"), Seat("CPU", "computer", "hard"))
    push_off = Outcome(1, PUSH_OFF)
    hot_seat = result.words(people, push_off, result.reader(people))  # two people: names
    assert (hot_seat.headline, hot_seat.reason) == ("Blaise beat Ada", "A piece was pushed off")
    assert hot_seat.line == "Blaise beat Ada: a piece was pushed off"
    assert result.words(computer, push_off, result.reader(computer)).headline == "You lost"
    you_won = result.words(computer, Outcome(0, OutcomeReason.RESIGN), 0)
    assert (you_won.headline, you_won.line) == ("You won", "You won by resignation")
    draw = result.words(people, Outcome(None, OutcomeReason.DRAW_AGREED), 1)
    assert (draw.headline, draw.reason, draw.line) == ("Draw", "By agreement",
                                                       "Draw by agreement")
    on_time = result.words(people, Outcome(0, OutcomeReason.TIME), 1)
    assert on_time.line == "You lost on time"
    assert result.words(people, Outcome(0, OutcomeReason.TIME)).line == "Ada beat Blaise on time"
    assert result.words((Seat("Builder"),), Outcome(None, NO_LIVING_FORTS)).headline \
        == "Game over"


def test_an_aborted_game_is_never_called_a_draw() -> None:
    people = (Seat("Ada"), Seat("Blaise"))
    for you in (None, 0, 1):
        aborted = result.words(people, Outcome(None, OutcomeReason.ABORTED), you)
        assert aborted.headline == "Game aborted" and "draw" not in aborted.line.lower()
        assert aborted.line == "Game aborted before it began"
    assert PUSHFIGHT.describe("abort") == "Game aborted"  # the move list's words


# -- messages ----------------------------------------------------------------------------


def test_a_message_replaces_the_older_one_of_its_kind_and_ends_with_its_cause() -> None:
    toasts = Toasts()
    for text in ("one", "two", "three", "four"):
        toasts.show(text, "error")
    assert toasts.current == ["four"]
    toasts.show("Looking for a good move...", topic="hint")
    toasts.show("Hint: Conquer", "good", "hint")
    assert toasts.current == ["four", "Hint: Conquer"]
    toasts.end("hint")
    assert toasts.current == ["four"]


def test_messages_stay_in_their_strip_under_the_board(driver: Driver) -> None:
    play = start_small_game(driver)
    for key in ("v", "q", "c", "v", "q"):
        driver.key(key)
    assert len(driver.app.services.toasts.items) <= 2
    strip = play.message_area()
    assert strip is not None and not strip.colliderect(play.view.board_rect)
    driver.key("c")
    driver.key("return")  # the move is played: what was said about the selection ends
    assert all(item.kind == "error" for item in driver.app.services.toasts.items)


def test_a_long_message_wraps_instead_of_losing_its_end(driver: Driver) -> None:
    """A refusal's reason is usually its last words: a message too long for the strip at
    900x600 takes a second line (growing into the margin under it), not an ellipsis."""
    step = fonts.font(fonts.MIN_SIZE).get_linesize()
    assert lines_label("Not your turn", 24, 600, 2).get_height() == fonts.font(24).get_height()
    reason = ("cannot conquer there: the cells you pick must touch your own and stay inside "
              "the board, and this one is the other player's base")
    assert lines_label(reason, 24, 600, 2).get_height() == 2 * step
    assert lines_label(reason * 4, 24, 600, 2).get_height() == 2 * step  # at most two
    start_small_game(driver)
    driver.app.services.toasts.show(reason, "error")
    driver.frames(2)
    assert driver.app.services.toasts.items[0]._label is not None  # laid out once, kept


def test_looking_for_a_move_ends_when_the_hint_arrives(driver: Driver,
                                                      services: Services) -> None:
    start_small_game(driver)
    services.computers = ScriptedComputers(["normal"], "A 0,0 0,1 0,2")
    driver.key("h")
    assert "Looking for a good move..." in services.toasts.current
    driver.frames(6)
    assert "Looking for a good move..." not in services.toasts.current
    assert any(text.startswith("Hint: ") for text in services.toasts.current)


def test_setup_placed_ends_when_the_setup_is_played(driver: Driver) -> None:
    match = Match(GAMES.get("pushfight"))
    play = open_play(driver, match)
    driver.key("s")
    assert any(text.startswith("Setup placed") for text in driver.app.services.toasts.current)
    driver.key("return")
    assert match.ply == 1
    assert not any(t.startswith("Setup placed") for t in driver.app.services.toasts.current)
    assert play.match is match


# -- fitting at every size ---------------------------------------------------------------


def button_text_fits(widget: Any) -> bool:
    text = widget.text
    width = widget.font.size(text)[0] if hasattr(widget, "font") else 0
    return width + 8 <= widget.get_abs_rect().w


def matches() -> list[Match]:
    conquid = Match(GAMES.get("conquid"), {"board": "large"},
                    (Seat("Ada Lovelace the first"), Seat("Computer (normal)", "computer",
                                                          "normal")))
    pushfight = Match(GAMES.get("pushfight"))
    for side in (0, 1):
        pushfight.play(standard_setup(side))
    forts = Match(GAMES.get("forts"), {}, seed="a-rather-long-seed-typed-by-someone")
    return [conquid, pushfight, forts]


@pytest.mark.parametrize("size", SIZES)
def test_labels_fit_their_rects_and_nothing_leaves_the_window(tmp_path: Path,
                                                             size: tuple[int, int]) -> None:
    services = build_services(Paths.under(tmp_path), size)
    try:
        for match in matches():
            services.computers = ScriptedComputers([])
            app = App(services, PlayScene(services, match))
            app.step([], 1 / 60)
            play = app.stack.top
            assert isinstance(play, PlayScene)
            window = pygame.Rect((0, 0), size)
            assert window.contains(play.view.board_rect)
            assert play.board_area.contains(play.view.board_rect)
            for widget in play.buttons:
                assert window.contains(widget.get_abs_rect()), widget.text
                assert button_text_fits(widget), (size, widget.text)
            app.close()
        app = App(services, MenuScene(services))
        app.step([], 1 / 60)
        for widget, text, _action in app.stack.top.entries:  # type: ignore[union-attr]
            assert window.contains(widget.get_abs_rect()), text
            assert button_text_fits(widget), (size, text)
        for game in GAMES:
            app.stack.apply(Push(SetupScene(services, game)))
            app.step([], 1 / 60)
            setup = app.stack.top
            assert isinstance(setup, SetupScene)
            for widget in [*setup.widgets.values(), setup.start_button, setup.back_button]:
                assert window.contains(widget.get_abs_rect()), (size, game.info.id)
        app.stack.apply(Push(HelpScene(services, "piously")))
        app.step([], 1 / 60)
        help_scene = app.stack.top
        assert isinstance(help_scene, HelpScene)
        buttons = [help_scene.back, *help_scene.tabs]
        for i, widget in enumerate(buttons):
            assert window.contains(widget.get_abs_rect()), (size, widget.text)
            assert button_text_fits(widget), (size, widget.text)
            for other in buttons[i + 1:]:
                assert not widget.get_abs_rect().colliderect(other.get_abs_rect()), (
                    size, widget.text, other.text)
        app.close()
    finally:
        pygame.quit()


# -- controls that apply -----------------------------------------------------------------


def test_only_the_controls_that_apply_are_offered(driver: Driver, services: Services) -> None:
    forts = open_play(driver, Match(GAMES.get("forts"), {}, seed="1"))
    names = set(forts.buttons.values())
    assert "offer_draw" not in names, "a solo game cannot be drawn"
    confirm = next(w for w, name in forts.buttons.items() if name == "confirm")
    assert confirm.most_specific_combined_id != "#primary", "a click plays: Confirm is secondary"
    driver.app.stack.apply(Pop())
    against = start_against_computer(driver, services)
    assert "offer_draw" not in set(against.buttons.values()), "the computer never accepts"
    pause = next(w for w, name in against.buttons.items() if name == "back")
    assert pause.text.startswith("Pause")


def test_setup_greys_custom_sizes_and_names_computer_seats(driver: Driver,
                                                          services: Services) -> None:
    services.computers = ScriptedComputers(["easy", "hard"])
    driver.frames(2)
    driver.key("return")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    choose(driver, setup.widgets["opt:board"], "small")
    rows = setup.widgets["opt:rows"]
    assert not rows.is_enabled and rows.get_text() == ""
    choose(driver, setup.widgets["kind:1"], "computer: hard")
    assert setup.widgets["name:1"].get_text() == "Computer (hard)"
    choose(driver, setup.widgets["opt:board"], "custom")
    assert rows.is_enabled and rows.get_text() == "14"


# -- replay and files --------------------------------------------------------------------


def test_replay_shows_the_board_where_play_does_and_its_track_jumps(driver: Driver) -> None:
    play = start_small_game(driver)
    for cells in (((0, 0), (0, 1), (0, 2)), ((6, 0), (6, 1), (6, 2)),
                  ((1, 0), (1, 1), (1, 2)), ((5, 0), (5, 1), (5, 2))):
        acquire(driver, play, *cells)
    board = play.view.board_rect.copy()
    driver.key("up")
    replay = driver.top
    assert isinstance(replay, ReplayScene)
    assert replay.view.board_rect == board
    track = replay.slider.get_abs_rect()
    driver.click((track.x + track.w // 4 + 6, track.centery))
    driver.frames(2)
    assert replay.cursor == 1


def test_return_in_the_file_name_box_opens_the_file(driver: Driver, paths: Paths) -> None:
    match = Match(GAMES.get("conquid"), {"board": "small"})
    match.play("C")
    record = paths.saves / "mine.json"
    save_match(record, match)
    driver.frames(2)
    driver.key("o", mod=pygame.KMOD_CTRL)
    menu = driver.top
    dialog = next(iter(menu._dialogs))
    assert menu.root is not None and all(
        getattr(e, "tool_tip_text", None) is None for e in menu.root.elements
    ), "no tooltip may show over the dialog"
    dialog.file_path_text_line.set_text(str(record))
    dialog.file_path_text_line.focus()
    driver.key("return")
    driver.frames(3)
    assert isinstance(driver.top, ReplayScene)
    assert driver.top.match.moves == ("C",)
    assert load_match(record, GAMES).moves == ("C",)


def test_a_picture_opened_as_a_game_says_it_is_not_a_save_file(tmp_path: Path) -> None:
    from game.core.errors import RecordError
    from game.core.record import read_record

    picture = tmp_path / "photo.json"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    with pytest.raises(RecordError) as caught:
        read_record(picture)
    assert "not a Conquid Arcade save file" in str(caught.value)
    assert "codec" not in str(caught.value)


# -- fullscreen --------------------------------------------------------------------------


def test_a_held_fullscreen_key_replayed_after_refocus_is_ignored(driver: Driver) -> None:
    display = driver.app.services.display
    f11 = pygame.key.key_code("f11")

    def press() -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.KEYDOWN, key=f11, mod=0, unicode="", scancode=0)]

    driver.frames(1, press())
    assert display.fullscreen
    focus = pygame.event.Event(pygame.WINDOWFOCUSGAINED)
    driver.frames(1, [focus, *press()])  # SDL's replay of the still-held key
    assert display.fullscreen
    driver.app._focused_at -= 1.0  # a real press, well after the window came back
    driver.frames(1, press())
    assert not display.fullscreen


def test_a_fresh_fullscreen_press_right_after_refocus_counts(driver: Driver) -> None:
    display = driver.app.services.display
    driver.key("f11")
    assert display.fullscreen
    driver.frames(1, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    driver.key("f11")  # released and pressed again: a real press, however soon
    assert not display.fullscreen


def test_the_status_lines_never_run_out_of_their_room(services: Services) -> None:
    from game.client.widgets.panel.turn_info import fit_lines

    long = ("Choose a value (keys 1-6 or the palette), then click a highlighted cell next to "
            "your living network; it is built at once.")
    for width, height in ((232, 70), (300, 110), (180, 40)):
        size, lines = fit_lines(long, width, height)
        assert len(lines) * size <= height + size // 2
        assert " ".join(lines).replace("  ", " ").startswith("Choose a value")


def test_player_colours_are_readable_as_text_on_the_panels() -> None:
    from game.client.draw import palette

    for first, second in palette.PALETTES.values():
        for colour in (first, second):
            shown = palette.readable(palette.parse_hex(colour))
            assert palette.contrast(shown, palette.PANEL) >= 4.5
            assert palette.contrast(shown, palette.BACKGROUND) >= 4.5
    deep_blue = palette.parse_hex("#0072b2")
    assert palette.contrast(deep_blue, palette.PANEL) < 4.5, "the case the issue measured"
