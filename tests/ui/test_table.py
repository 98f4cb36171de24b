"""The table drives a match with no screen: seats that move by themselves (any object with
start/poll/cancel/close, as a remote player will be), the dice, take back, the autosave
through the background writer, and the board host's answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.catalog import all_games
from game.client.files import autosaves
from game.client.files.paths import Paths
from game.client.files.writer import BackgroundWriter
from game.client.match.table import Played, Table
from game.core.match import Match, Seat
from game.core.player import Decision
from game.core.record import Record, load_match
from tests.reliability.seats import SeededSeat, play_out

GAMES = all_games()


class Kept:
    """An autosave that remembers what it was asked to keep."""

    def __init__(self) -> None:
        self.moves: list[tuple[str, ...]] = []

    def keep(self, match: Match) -> None:
        self.moves.append(match.moves)


def test_two_moving_seats_and_the_dice_play_a_whole_game_headless() -> None:
    game = GAMES.get("forts")
    match = Match(game, {}, (Seat("Bot", "computer", "quick"),), seed="table")
    kept = Kept()
    table = Table(match, {0: SeededSeat("table", delay=1)}, pytest.fail, kept)
    assert not table.human_to_move() and not table.has_human and table.waiting()
    frames = 0
    while not match.is_over and frames < 5_000:
        table.advance(busy=False)
        frames += 1
    expected = play_out(Match(game, {}, seed="table"), "table")
    assert match.is_over and match.moves == expected.moves
    assert kept.moves[-1] == match.moves and len(kept.moves) == match.ply


def test_a_busy_board_holds_the_next_move_back() -> None:
    match = Match(GAMES.get("conquid"), {"board": "small"},
                  (Seat("Ada"), Seat("Bot", "computer", "quick")))
    table = Table(match, {1: SeededSeat("busy")}, pytest.fail)
    played = table.play(match.game.parse_move("C"))
    assert isinstance(played, Played) and played.result is match.results[-1]
    assert table.advance(busy=True) is None and match.ply == 1  # thought, not yet played
    assert table.advance(busy=False) is not None and match.ply == 2
    assert table.take_back() == "C" and match.ply == 0 and table.human_to_move()


def test_a_failing_seat_is_reported_and_handed_to_a_person() -> None:
    class Broken(SeededSeat):
        def poll(self) -> None:
            raise RuntimeError("the line went down")

    match = Match(GAMES.get("conquid"), {"board": "small"},
                  (Seat("Remote", "computer", "x"), Seat("Ada")))
    told: list[str] = []
    table = Table(match, {0: Broken("x")}, told.append)
    assert table.advance(busy=False) is None
    assert told == ["The computer player failed: the line went down"]
    assert table.human_to_move() and not table.seats


def test_refusals_say_why() -> None:
    match = Match(GAMES.get("conquid"), {"board": "small"})
    table = Table(match, {}, pytest.fail)
    with pytest.raises(ValueError, match="no move to take back"):
        table.take_back()
    with pytest.raises(ValueError, match="no hints"):
        table.ask_hint()
    assert table.draw_refusal() is None
    table.agree_draw()
    assert table.draw_refusal() == "the game is over"


def test_the_background_writer_keeps_every_move_in_order(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    writer = BackgroundWriter()
    slot = autosaves.Slot(paths)
    match = Match(GAMES.get("conquid"), {"board": "small"})
    table = Table(match, {}, pytest.fail, autosaves.Background(slot, writer, pytest.fail))
    for text in ("C", "A 0,0 0,1 0,2", "C"):
        table.play(match.game.parse_move(text))
    writer.settle()
    assert load_match(slot.path, GAMES).moves == match.moves


def test_the_writer_reports_problems_and_raises_crashes_on_the_main_thread() -> None:
    writer = BackgroundWriter()
    told: list[str] = []
    writer.submit(lambda: "Autosave failed: disk full", told.append)
    writer.settle()
    assert told == ["Autosave failed: disk full"]

    def broken() -> str | None:
        raise ZeroDivisionError("a bug")

    writer.submit(broken, told.append)
    with pytest.raises(ZeroDivisionError):
        writer.settle()
    writer.submit(broken, told.append)
    writer.drain()  # a crash being reported: nothing more is raised
    writer.settle()


def test_a_record_is_made_where_the_match_is_played(tmp_path: Path) -> None:
    """The writer stores a record made before the next move, never the live match."""
    slot = autosaves.Slot(Paths.under(tmp_path))
    match = Match(GAMES.get("conquid"), {"board": "small"})
    match.play("C")
    record = Record.of(match)
    match.play("C")
    assert slot.keep(record) is None
    assert load_match(slot.path, GAMES).moves == ("C",)


class PlannedHint:
    """A hinter whose decision carries a planned line (as the Piously players' turns do)."""

    busy = False
    stalled = False

    def __init__(self, decision: Decision[object]) -> None:
        self.decision = decision

    def start(self, match: Match) -> None:
        pass

    def poll(self) -> Decision[object]:
        return self.decision

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.mark.parametrize(("line", "expected"), [
    (("step", "bless", "end"), ("step", "bless", "end")),
    ((), ("step",)),
    (("other", "step"), ("step",)),  # a line that is not the move's own is not shown
])
def test_a_hint_comes_with_the_line_the_computer_plans(
        line: tuple[str, ...], expected: tuple[str, ...]) -> None:
    match = Match(GAMES.get("conquid"), {"board": "small"})
    hinter = PlannedHint(Decision("step", line=line))
    table = Table(match, {}, pytest.fail, hints=lambda: hinter)
    assert table.ask_hint()
    assert table.poll_hint() == expected
    assert table.poll_hint() is None  # given once
