"""The arena plays whole games between levels, reports them and saves replayable records."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from game.arena import add_arena_parser, computer_levels, parse_option, run_arena, wilson
from game.catalog import all_games
from game.core.record import load_match


def arena_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arena_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["arena", *argv])


def test_levels_come_from_each_games_ai_module() -> None:
    assert set(computer_levels("conquid")) == {"random", "easy", "normal", "hard"}
    assert computer_levels("no_such_game") == {}


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == pytest.approx(1.0)


def test_options_are_read_as_numbers_booleans_or_text() -> None:
    assert parse_option("rows=10") == ("rows", 10)
    assert parse_option("board=small") == ("board", "small")
    assert parse_option("fast=true") == ("fast", True)
    with pytest.raises(ValueError):
        parse_option("rows")


def test_a_short_run_reports_and_saves_every_game(tmp_path: Path) -> None:
    out = io.StringIO()
    args = arena_args(
        "conquid", "--first", "normal", "--second", "easy", "--games", "4", "--seed", "5",
        "--board", "small", "--nodes", "20", "--turn-limit", "60", "--save-dir", str(tmp_path),
    )
    assert run_arena(args, out) == 0
    text = out.getvalue()
    assert "normal vs easy, 4 games" in text
    assert "turn_limit=60" in text and "board=small" in text
    assert "95% CI" in text and "moves/s" in text
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    seats = []
    for path in records:
        match = load_match(path, all_games())
        assert match.is_over
        seats.append(tuple(seat.level for seat in match.seats))
    assert seats[:2] == [("normal", "easy"), ("easy", "normal")]


def test_a_node_limited_run_is_reproducible() -> None:
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        args = arena_args("conquid", "--first", "hard", "--second", "easy", "--games", "2",
                          "--board", "small", "--nodes", "15", "--verbose")
        assert run_arena(args, out) == 0
        outputs.append([line for line in out.getvalue().splitlines() if line.startswith("game")])
    assert outputs[0] == outputs[1] and len(outputs[0]) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ("nogame",),
        ("conquid", "--first", "grandmaster"),
        ("conquid", "--board", "huge"),
        ("conquid", "--option", "rows"),
        ("conquid", "--games", "0"),
    ],
)
def test_usage_problems_are_refused(argv: tuple[str, ...]) -> None:
    assert run_arena(arena_args(*argv), io.StringIO()) == 2
