"""The move list: turns as entries in every game, click to look back, a computer's turn
played action by action, the layout at three sizes and the smallest text."""

from __future__ import annotations

import dataclasses
import itertools
import random
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game.catalog import PLUGINS
from game.client.app.app import STEP, App
from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.draw import fonts
from game.client.files.paths import Paths
from game.client.view import turn_span
from game.client.widgets.movelist import History, MoveList
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, MoveResult
from game.main_window import build_services
from game.plugin import GamePlugin
from scenes.learning.learn import LearnScene, first_time_offer
from scenes.play import PlayScene
from scenes.play_parts.pacing import BEAT
from scenes.replay import ReplayScene
from tests.ui.driver import Driver
from tests.ui.test_hint_and_demo import ScriptedComputers

SIZES = ((900, 600), (1280, 720), (1920, 1080))


def plugin(game_id: str) -> GamePlugin:
    return next(p for p in PLUGINS if p.id == game_id)


def played(game_id: str, plies: int, seed: int = 1, seats: tuple[Seat, ...] | None = None
           ) -> Match:
    """A match of ``game_id`` after ``plies`` seeded random moves (the dice rolled)."""
    game = plugin(game_id).rules()
    match = Match(game, {}, seats, seed="s1" if game.info.has_chance else None)
    rng = random.Random(seed)
    while match.ply < plies and not match.is_over:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(game.random_move(match.state, rng))
    return match


def movers(match: Match) -> list[int]:
    return [match.game.to_move(match.state_at(ply)) for ply in range(match.ply)]


# -- the entries ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts", "piously"])
def test_every_move_is_in_one_entry_in_order_and_turns_are_numbered(game_id: str) -> None:
    match = played(game_id, 40)
    history = History(plugin(game_id), lambda: [])
    assert history.sync(match)
    plies = [action.ply for turn in history.turns for action in turn.actions]
    assert plies == list(range(match.ply))
    assert [turn.number for turn in history.turns] == list(range(1, len(history.turns) + 1))
    who = movers(match)
    for turn in history.turns:
        players = {who[action.ply] for action in turn.actions} - {CHANCE}
        assert players == {turn.seat}  # one seat's turn, its dice with it
        assert who[turn.start] != CHANCE
        words = [plugin(game_id).describe(match.moves[a.ply], match.state_at(a.ply))
                 for a in turn.actions]
        assert [action.words for action in turn.actions] == words


def test_a_piously_turn_is_one_entry_and_one_move_of_the_counter() -> None:
    match = played("piously", 60)
    history = History(plugin("piously"), lambda: [])
    history.sync(match)
    assert any(len(turn.actions) > 1 for turn in history.turns)
    who = movers(match)
    changes = sum(1 for a, b in itertools.pairwise(who) if a != b)
    assert len(history.turns) == changes + 1  # a new entry exactly when the seat changes
    assert history.turn_now(match) in (len(history.turns), len(history.turns) + 1)


@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts", "piously"])
def test_the_board_marks_the_whole_turn_the_list_shows_last(game_id: str) -> None:
    """Seen on a resumed Piously game: only the turn's last action ("Ended the turn", which
    changes nothing) was marked, where live play had numbered every action of the turn."""
    for plies in (7, 30, 41):
        match = played(game_id, plies)
        history = History(plugin(game_id), lambda: [])
        history.sync(match)
        assert turn_span(match, match.ply) == (history.turns[-1].start, match.ply), plies


def test_a_forts_build_and_its_roll_are_one_turn() -> None:
    match = played("forts", 12)
    history = History(plugin("forts"), lambda: [])
    history.sync(match)
    assert all(len(turn.actions) == 2 for turn in history.turns[:-1])
    assert len(history.turns) == history.turn_now(match) - 1


def test_an_ending_is_an_entry_of_its_own_naming_who_and_a_take_back_shortens_the_list(
        ) -> None:
    match = played("conquid", 4, seats=(Seat("Ann"), Seat("Bo")))
    history = History(plugin("conquid"), lambda: [])
    history.sync(match)
    assert not history.sync(match)  # nothing new: nothing done
    match.resign(1)  # on Ann's turn: only the name says who gave up
    assert history.sync(match)
    ending = history.turns[-1]
    assert ending.number == 0 and ending.actions[0].words == "Resigned (Bo)"
    match.undo()
    match.undo()
    history.sync(match)
    assert [turn.number for turn in history.turns] == [1, 2, 3]


def test_a_solo_ending_names_nobody() -> None:
    match = played("forts", 3)
    history = History(plugin("forts"), lambda: [])
    if match.to_move == CHANCE:
        match.play_chance()
    match.resign()
    history.sync(match)
    assert history.turns[-1].actions[0].words == "Gave up the run"


class Explaining:
    """Words that explain every move to every viewer, to see who is told."""

    def describe(self, notation: str, before: Any = None) -> str:
        return notation

    def explain(self, before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]:
        return (f"seat {viewer} lost something",)


def test_a_move_is_explained_to_the_players_here_who_did_not_make_it() -> None:
    match = played("conquid", 2)
    history = History(Explaining(), lambda: [1])
    history.sync(match)
    first, second = (turn.actions[0] for turn in history.turns)
    assert first.notes == ("seat 1 lost something",)  # seat 0 moved: seat 1 is told
    assert second.notes == ()  # seat 1's own move


class AtText:
    """A game's text that words moves better from the position before them."""

    HELP_TEXT = ""

    def describe(self, notation: str) -> str:
        return "plain"

    def describe_at(self, before: Any, notation: str) -> str:
        return f"at {before}"

    def figure(self, state: Any, seat: int) -> str:
        return ""

    def explain(self, before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]:
        return ("yours",)


def test_the_plugin_uses_the_position_and_explains_only_when_the_text_can() -> None:
    conquid = plugin("conquid")
    assert conquid.explain(None, MoveResult(None, ()), 0) == ()
    assert conquid.describe("C", before=object()) == conquid.describe("C")
    richer = dataclasses.replace(conquid, text=AtText)
    assert richer.describe("C") == "plain"
    assert richer.describe("C", before="here") == "at here"
    assert richer.explain(None, MoveResult(None, ()), 0) == ("yours",)


# -- on screen --------------------------------------------------------------------------


def line_centre(moves: MoveList, ply: int) -> tuple[int, int]:
    """Where the line leading to position ``ply`` is on screen."""
    for y in range(moves.rect.top, moves.rect.bottom):
        if moves.hit((moves.rect.centerx, y)) == ply:
            return moves.rect.centerx, y + 3
    raise AssertionError(f"no line for {ply} in view")


def click(driver: Driver, pos: tuple[int, int]) -> None:
    driver.click(pos)


def test_clicking_an_entry_reviews_it_read_only_and_escape_goes_back(driver: Driver) -> None:
    match = played("conquid", 6)
    play: PlayScene = driver.open_play(match)
    assert play.move_list.turns and play.move_list.rect.h > 0
    click(driver, line_centre(play.move_list, 3))
    assert play.reviewing == 3
    assert play.view.board_rect.h > 0
    driver.key("c")  # a move kind: refused while looking back
    assert "Esc goes back to the game" in driver.toasts()[-1]
    assert play.match.ply == 6
    driver.key("escape")
    assert play.reviewing is None and play.match.ply == 6
    click(driver, line_centre(play.move_list, 2))
    assert play.reviewing == 2
    click(driver, (play.move_list.rect.centerx, play.move_list.rect.top + 4))  # the bar
    assert play.reviewing is None


def test_replay_jumps_to_a_clicked_entry(driver: Driver, services: Services) -> None:
    match = played("pushfight", 6)
    driver.frames(2)
    driver.app.stack.apply(Push(ReplayScene(services, match)))
    driver.frames(2)
    replay = driver.top
    assert isinstance(replay, ReplayScene)
    click(driver, line_centre(replay.moves, 2))
    assert replay.cursor == 2
    assert replay.moves.current == 2


def test_a_computers_turn_plays_action_by_action_each_line_as_it_plays(
        driver: Driver, services: Services) -> None:
    services.computers = ScriptedComputers(["easy"], delay=1)
    seats = (Seat("Me"), Seat("Computer", "computer", "easy"))
    match = played("piously", 12, seats=seats)
    while match.to_move != 1:  # the computer's turn, mid-game
        match.play(match.game.random_move(match.state, random.Random(match.ply)))
    play: PlayScene = driver.open_play(match)
    start, plays = match.ply, []
    for frame in range(60 * 20):
        before = match.ply
        driver.frames(1)
        if match.ply != before:
            plays.append(frame)
            shown = [a.ply for turn in play.move_list.turns for a in turn.actions]
            assert shown[-1] == match.ply - 1  # its line is in the list as it plays
        if match.to_move != 1:
            break
    assert match.ply - start == len(plays) >= 2
    beat = round(BEAT / services.settings.anim_speed / STEP)
    assert all(b - a >= beat for a, b in itertools.pairwise(plays))


@pytest.mark.parametrize("size", SIZES)
def test_the_move_list_has_room_beside_the_board_at_every_size(tmp_path: Path,
                                                                size: tuple[int, int]) -> None:
    services = build_services(Paths.under(tmp_path), size)
    try:
        for game_id in ("conquid", "pushfight", "forts", "piously"):
            services.computers = ScriptedComputers([])
            match = played(game_id, 30)
            for scene in (PlayScene(services, match), ReplayScene(services, match)):
                app = App(services, scene)
                app.step([], STEP)
                moves = scene.move_list if isinstance(scene, PlayScene) else scene.moves
                board = scene.view.board_rect
                assert scene.panel.contains(moves.rect), (game_id, size)
                assert not moves.rect.colliderect(board)
                assert not scene.panel.colliderect(board)
                assert moves.rect.h >= 3 * fonts.font(22).get_linesize(), (game_id, size)
    finally:
        pygame.quit()


def test_text_is_shortened_rather_than_shrunk_below_the_floor() -> None:
    pygame.init()
    try:
        fonts.reset()
        floor = fonts.font(fonts.MIN_SIZE).get_height()
        long = "Cast the Usurper, swapping two rooms and everything on them " * 3
        line = fonts.fit(long, 22, (255, 255, 255), 200)
        assert line.get_width() <= 200
        assert line.get_height() >= floor
    finally:
        fonts.reset()
        pygame.quit()


# -- smaller findings -------------------------------------------------------------------


def test_confirm_is_live_only_with_a_move_waiting(driver: Driver) -> None:
    play: PlayScene = driver.open_play(Match(plugin("pushfight").rules()))
    confirm = next(w for w, name in play.buttons.items() if name == "confirm")
    assert not confirm.is_enabled
    driver.key("s")  # the standard set-up: a whole move waits
    assert play.view.proposal().move is not None
    assert confirm.is_enabled


@pytest.mark.newcomer
def test_lessons_show_done_at_once_and_are_not_offered_once_all_done(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    learn = LearnScene(services, "conquid")
    driver.app.stack.apply(Push(learn))
    driver.frames(2)
    assert learn._ticks == []
    lessons = services.learning.course("conquid").lessons
    services.learning.mark_done("conquid", lessons[0].id)
    driver.app.stack.apply(Push(LearnScene(services, "pushfight")))
    driver.frames(2)
    driver.key("escape")  # back from another screen, as from a lesson
    assert driver.top is learn and len(learn._ticks) == 1
    setup = object()
    assert first_time_offer(services, "conquid", setup) is not setup  # type: ignore[arg-type]
    for lesson in lessons:
        services.learning.mark_done("conquid", lesson.id)
    assert first_time_offer(services, "conquid", setup) is setup  # type: ignore[arg-type]


def test_continue_from_here_says_a_new_game_began(driver: Driver, services: Services) -> None:
    match = played("conquid", 6)
    driver.frames(2)
    driver.app.stack.apply(Push(ReplayScene(services, match)))
    driver.frames(2)
    driver.key("left")
    driver.key("left")
    replay = driver.top
    driver.press(next(w for w, name in replay.buttons.items() if name == "continue"))
    assert isinstance(driver.top, PlayScene) and driver.top.match.ply == 4
    assert any("new game began from move 4" in text for text in driver.toasts())


def test_the_save_dialog_names_the_game_and_its_folder_never_a_path(
        driver: Driver, paths: Paths) -> None:
    play = driver.hot_seat("conquid", "C")
    driver.key("s", mod=pygame.KMOD_CTRL)
    dialog = next(iter(play._dialogs))
    shown = [str(element.text) for element in dialog.get_container().elements
             if hasattr(element, "text")]
    shown.append(dialog.file_path_text_line.get_text())
    assert not any(str(paths.data) in text for text in shown)
    assert "In Your games" in shown
    dialog.file_path_text_line.set_text("sub/name")
    driver.frames(1, [pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED,
                                         ui_element=dialog.file_path_text_line, text="")])
    assert not dialog.ok_button.is_enabled  # a name, not a path
    dialog.file_path_text_line.set_text("Friday")
    dialog.file_path_text_line.focus()
    driver.key("return")
    driver.frames(3)
    assert (paths.saves / "Friday.json").is_file()


def test_a_shortened_line_shows_its_whole_text_under_the_pointer(driver: Driver) -> None:
    seats = (Seat("A player whose name is far too long for the card in the panel"), Seat("B"))
    match = Match(plugin("conquid").rules(), {}, seats)
    play: PlayScene = driver.open_play(match)
    rect = next(rect for rect, full in play.side.fitted.shortened if full == seats[0].name)
    driver.frames(2, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0))])
    tip = driver.app.services.display.surface.get_at((play.panel.x - 20, rect.centery + 8))
    assert tuple(tip)[:3] == (20, 22, 30)  # the tip's box, left of the panel


@pytest.mark.parametrize("size", SIZES)
def test_the_setup_preview_is_drawn_large_enough_to_read_or_not_at_all(
        tmp_path: Path, size: tuple[int, int]) -> None:
    from scenes.setup import PREVIEW_MIN_H, SetupScene

    services = build_services(Paths.under(tmp_path), size)
    try:
        for game_id in ("conquid", "piously"):
            setup = SetupScene(services, services.games.get(game_id))
            App(services, setup).step([], STEP)
            area = setup.preview_area
            if size == (900, 600) and game_id == "piously":
                assert area.h >= PREVIEW_MIN_H  # beside the seats, where there is room
            buttons = [w.get_abs_rect() for w in setup.widgets.values()]
            if area.h >= PREVIEW_MIN_H:
                assert not any(area.colliderect(rect) for rect in buttons), (game_id, size)
    finally:
        pygame.quit()


class ExplainedText:
    """Conquid's own text, plus a line for the player here about every move of the other."""

    def __init__(self) -> None:
        self.inner = plugin("conquid").text()
        self.HELP_TEXT = self.inner.HELP_TEXT

    def describe(self, notation: str) -> str:
        return self.inner.describe(notation)

    def figure(self, state: Any, seat: int) -> str:
        return self.inner.figure(state, seat)

    def explain(self, before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]:
        return (f"That cost seat {viewer} a cell",)


def test_what_the_computers_move_cost_the_player_is_said_and_listed(
        driver: Driver, services: Services) -> None:
    services.plugins = {**services.plugins,
                        "conquid": dataclasses.replace(plugin("conquid"), text=ExplainedText)}
    services.computers = ScriptedComputers(["easy"], delay=1)
    match = Match(plugin("conquid").rules(), {}, (Seat("Me"), Seat("CPU", "computer", "easy")))
    match.play("C")
    play: PlayScene = driver.open_play(match)
    driver.frames(60)
    assert match.ply == 2
    assert play.move_list.turns[-1].actions[0].notes == ("That cost seat 0 a cell",)
    assert play.move_list.turns[0].actions[0].notes == ()  # my own move
    assert "That cost seat 0 a cell" in driver.toasts()


def test_looking_back_browses_and_shows_the_position_as_it_was(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Left and Right step through the moves as in the replay (the last step forward is the
    game); the buttons that cannot act are greyed; the cards count the position shown."""
    from game.client.app import commands as c
    from game.client.widgets.panel import seat_card

    match = played("conquid", 6)
    play: PlayScene = driver.open_play(match)
    drawn: list[seat_card.Seat] = []
    words = seat_card.words
    monkeypatch.setattr(seat_card, "words", lambda surface, card, seat, *rest: (
        drawn.append(seat), words(surface, card, seat, *rest))[1])
    click(driver, line_centre(play.move_list, 3))
    assert play.reviewing == 3
    live = {name: widget.is_enabled for widget, name in play.buttons.items()}
    assert not live[c.TAKE_BACK] and not live[c.REDO] and not live[c.SKIP]
    driver.key("left")
    assert play.reviewing == 2 and play.match.ply == 6, "a step back, nothing taken back"
    drawn.clear()
    driver.frames(1)
    plugin = next(plugin for plugin in PLUGINS if plugin.info.id == "conquid")
    then = match.state_at(2)
    assert [seat.figure for seat in drawn] == [plugin.figure(then, 0), plugin.figure(then, 1)]
    assert [seat.active for seat in drawn] == [match.game.to_move(then) == n for n in (0, 1)]
    driver.key("right")
    driver.key("right")
    assert play.reviewing == 4
    driver.key("right")
    driver.key("right")
    assert play.reviewing is None and play.match.ply == 6, "past the last move: the game"
    live = {name: widget.is_enabled for widget, name in play.buttons.items()}
    assert live[c.TAKE_BACK]


@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "piously"])
def test_the_replay_counts_the_moves_played_not_the_turn_to_come(driver: Driver,
                                                                 game_id: str) -> None:
    """A game reviewed while it goes on: its last move is "Move N of N", its start says N
    moves (it said one more: the turn still to be played)."""
    match = played(game_id, 12)
    history = History(next(p for p in PLUGINS if p.info.id == game_id), lambda: [0, 1])
    history.sync(match)
    played_turns = max(turn.number for turn in history.turns)
    replay = driver.open_replay(match)
    assert replay._where().startswith(f"Move {played_turns} of {played_turns}")
    replay.go_to(0)
    assert replay._where() == f"Start  ·  {played_turns} moves"


@pytest.mark.parametrize("size", [(900, 600), (1280, 720)])
def test_the_newest_move_stays_in_view_when_the_list_changes_size(
        driver: Driver, size: tuple[int, int]) -> None:
    """A resize, or the draw-offer buttons taking room, never leaves the list on old moves."""
    from tests.ui.test_resize import resize_events

    match = played("conquid", 27)
    play: PlayScene = driver.open_play(match)
    driver.frames(2, resize_events((1920, 1080)))
    driver.frames(2, resize_events(size))
    moves = play.move_list
    assert moves.hit((moves.rect.centerx, moves.rect.bottom - 4)) == match.ply
    play.move_list.layout(moves.rect.inflate(0, -80).move(0, 40))  # a row of buttons more
    assert moves.hit((moves.rect.centerx, moves.rect.bottom - 4)) == match.ply


class Counting:
    """A game's words, counting the moves described."""

    def __init__(self, game_id: str) -> None:
        self.inner = plugin(game_id)
        self.described: list[str] = []

    def describe(self, notation: str, before: Any = None) -> str:
        self.described.append(notation)
        return self.inner.describe(notation, before)

    def explain(self, before: Any, result: MoveResult[Any], viewer: int) -> tuple[str, ...]:
        return self.inner.explain(before, result, viewer)


@pytest.mark.parametrize("game_id", ["conquid", "piously"])
def test_a_long_game_is_described_only_where_the_list_shows_it(game_id: str) -> None:
    """The longest record took 15-20 s to open: every move was described first."""
    pygame.display.init()
    pygame.font.init()
    fonts.reset()
    match = played(game_id, 1500)
    words = Counting(game_id)
    history = History(words, lambda: [0, 1])
    history.sync(match)
    assert words.described == []  # grouping asks the match who moved, nothing more
    moves = MoveList()
    moves.layout(pygame.Rect(0, 0, 300, 400))
    moves.show(history.turns, match.ply, ((255, 0, 0), (0, 0, 255)))
    surface = pygame.Surface((300, 400))
    moves.draw(surface)
    assert 0 < len(words.described) < 100, len(words.described)
    newest = history.turns[-1]
    assert {action.ply for action in newest.actions} <= set(range(newest.start, match.ply))
    described = len(words.described)
    moves.show(history.turns, 1, ((255, 0, 0), (0, 0, 255)))  # the first move, far away
    moves.draw(surface)
    assert described < len(words.described) < described + 100
    assert moves.hit((20, 20)) is not None


@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts", "piously"])
def test_turns_grouped_move_by_move_are_the_turns_grouped_at_once(game_id: str) -> None:
    whole = played(game_id, 60)
    step = Match(whole.game, whole.options, whole.seats, whole.seed)
    history = History(plugin(game_id), lambda: [])
    for text in whole.moves:
        step.play_text(text)
        history.sync(step)
    at_once = History(plugin(game_id), lambda: [])
    at_once.sync(whole)
    assert history.turns == at_once.turns
    assert [t.actions for t in history.turns] == [t.actions for t in at_once.turns]
