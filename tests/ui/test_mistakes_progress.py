"""The solved mistakes kept per game: atomic, joined with another copy's, bounded, and a
broken or hostile file set aside with a readable message, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.client.files.mistakes import MAX_GAMES, MistakeProgress, Solved, game_key
from game.core.match import Match
from tests.review.fakes import random_match


def _key(n: int) -> str:
    return f"{n:032x}"


def test_solved_plies_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "mistakes.json"
    progress = MistakeProgress(path)
    assert progress.problem is None and progress.of(_key(1)) == frozenset()
    assert progress.mark_solved(_key(1), 4)() is None
    assert progress.mark_solved(_key(1), 9)() is None
    assert progress.of(_key(1)) == {4, 9}
    assert MistakeProgress(path).of(_key(1)) == {4, 9}


def test_another_copy_of_the_app_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mistakes.json"
    one, two = MistakeProgress(path), MistakeProgress(path)
    store_one = one.mark_solved(_key(1), 1)
    store_two = two.mark_solved(_key(2), 5)
    assert store_one() is None and store_two() is None
    again = MistakeProgress(path)
    assert again.of(_key(1)) == {1} and again.of(_key(2)) == {5}


def test_the_oldest_games_are_forgotten_first() -> None:
    solved = Solved()
    for n in range(MAX_GAMES + 3):
        solved = solved.with_solved(_key(n), 1)
    assert _key(2) not in solved.games and _key(3) in solved.games
    solved = solved.with_solved(_key(3), 2)  # solved in again: the latest
    solved = solved.with_solved(_key(MAX_GAMES + 3), 1)
    assert len(solved.games) == MAX_GAMES
    assert _key(4) not in solved.games, "the oldest went"
    assert list(solved.games)[-2] == _key(3) and solved.games[_key(3)] == {1, 2}
    assert Solved.from_json(json.loads(json.dumps(solved.to_json()))) == solved


@pytest.mark.parametrize("text", [
    "not json",
    "[]",
    '{"version": 2, "solved": {}}',
    '{"version": 1, "solved": []}',
    '{"version": 1, "solved": {"../../etc": [1]}}',
    '{"version": 1, "solved": {"' + "0" * 32 + '": [0]}}',
    '{"version": 1, "solved": {"' + "0" * 32 + '": [true]}}',
    '{"version": 1, "solved": {"' + "0" * 32 + '": [1.5]}}',
    '{"version": 1, "solved": {"' + "0" * 32 + '": "1"}}',
    '{"version": 1, "solved": {"' + "0" * 32 + '": [' + "9" * 5000 + "]}}",
    "[" * 100_000,
    "\udcff",
])
def test_a_hostile_file_is_set_aside(tmp_path: Path, text: str) -> None:
    path = tmp_path / "mistakes.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    progress = MistakeProgress(path)
    assert progress.solved == Solved()
    assert progress.problem is not None and "kept as mistakes.json.bad" in progress.problem
    assert (tmp_path / "mistakes.json.bad").read_bytes() == text.encode("utf-8",
                                                                        "surrogateescape")
    assert progress.mark_solved(_key(1), 1)() is None
    assert MistakeProgress(path).of(_key(1)) == {1}


def test_too_many_games_or_a_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mistakes.json"
    many = {_key(n): [1] for n in range(MAX_GAMES + 1)}
    path.write_text(json.dumps({"version": 1, "solved": many}))
    assert MistakeProgress(path).problem is not None
    path.write_text(" " * (2 * 1024 * 1024))
    problem = MistakeProgress(path).problem
    assert problem is not None and "too large" in problem


def test_a_folder_in_its_place_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "mistakes.json"
    path.mkdir()
    progress = MistakeProgress(path)
    assert progress.problem is not None and "could not be read" in progress.problem
    problem = progress.mark_solved(_key(1), 1)()
    assert problem is not None and "could not be saved" in problem
    assert path.is_dir() and progress.of(_key(1)) == {1}, "kept for this visit"


def test_a_game_is_known_by_its_whole_record() -> None:
    match = random_match("conquid", 5, limit=10, board="small")
    copy = Match(match.game, match.options, match.seats, match.seed, match.created)
    for move in match.moves:
        copy.play_text(move)
    assert game_key(copy) == game_key(match)
    later = Match(match.game, match.options, match.seats, match.seed, "2026-01-01T00:00:00")
    for move in match.moves:
        later.play_text(move)
    assert game_key(later) != game_key(match)
    assert game_key(match.branch(9)) != game_key(match)
