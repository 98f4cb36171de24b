"""File names as Windows and macOS treat them: ``.JSON`` is ``.json`` there (their file
systems ignore case), and a name never needs the player to know the path separator."""

from __future__ import annotations

from pathlib import Path

from game.client.widgets.gamefiles import chosen_path, listed


def test_games_saved_with_an_upper_case_suffix_are_listed(tmp_path: Path) -> None:
    for name in ("a.json", "B.JSON", "c.Json", "notes.txt"):
        (tmp_path / name).write_text("{}", "utf-8")
    assert sorted(listed(tmp_path)) == ["B.JSON", "a.json", "c.Json"]


def test_a_typed_suffix_in_any_case_is_not_doubled(tmp_path: Path) -> None:
    assert chosen_path(tmp_path, "Game.JSON") == (tmp_path / "Game.JSON", None)
    assert chosen_path(tmp_path, "game") == (tmp_path / "game.json", None)
    assert chosen_path(tmp_path, "sub\\game")[1] == "a name only, without folders"
    assert chosen_path(tmp_path, "sub/game")[1] == "a name only, without folders"
