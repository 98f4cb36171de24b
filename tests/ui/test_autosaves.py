"""Every game keeps its own autosave: none is lost to another game or another window."""

from __future__ import annotations

import os
import random
from pathlib import Path

from game.catalog import all_games
from game.client.files import autosaves
from game.client.files.paths import Paths
from game.core.match import Match
from game.core.record import load_match, read_record, save_match

GAMES = all_games()


def conquid(*moves: str) -> Match:
    match = Match(GAMES.get("conquid"), {"board": "small"})
    for text in moves:
        match.play(text)
    return match


def age(path: Path, seconds: float) -> None:
    """Make a file look ``seconds`` older (the lists order by when a game was last played)."""
    stat = path.stat()
    os.utime(path, (stat.st_atime - seconds, stat.st_mtime - seconds))


def test_starting_a_new_game_never_overwrites_an_unfinished_one(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    first, second = autosaves.Slot(paths), autosaves.Slot(paths)
    assert first.write(conquid("C")) is None
    assert second.write(conquid("A 0,0 0,1 0,2")) is None
    kept = {read_record(k.path).moves for k in autosaves.unfinished(paths)}
    assert kept == {("C",), ("A 0,0 0,1 0,2",)}


def test_two_windows_on_one_folder_keep_both_games(tmp_path: Path) -> None:
    """Two running copies of the app write one move after the other: both games stay whole."""
    paths = Paths.under(tmp_path)
    mine, theirs = conquid(), conquid()
    window_a, window_b = autosaves.Slot(paths), autosaves.Slot(paths)
    for move in ("C", "C", "C"):
        mine.play(move)
        window_a.write(mine)
        theirs.play("A 0,0 0,1 0,2" if theirs.ply == 0 else "C")
        window_b.write(theirs)
    assert window_a.path != window_b.path
    assert load_match(window_a.path, GAMES).moves == mine.moves
    assert load_match(window_b.path, GAMES).moves == theirs.moves


def test_one_game_resumed_in_two_windows_becomes_two_games(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    original = autosaves.Slot(paths)
    original.write(conquid("C"))
    [kept] = autosaves.unfinished(paths)
    window_a = autosaves.Slot(paths, replaces=kept.path)
    window_b = autosaves.Slot(paths, replaces=kept.path)
    window_a.write(conquid("C", "C"))
    window_b.write(conquid("C", "A 0,0 0,1 0,2"))
    moves = sorted(read_record(k.path).moves for k in autosaves.unfinished(paths))
    assert moves == [("C", "A 0,0 0,1 0,2"), ("C", "C")]
    assert not kept.path.exists()


def test_an_older_versions_last_json_is_offered_and_carried_on(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    legacy = paths.autosaves / "last.json"
    save_match(legacy, conquid("C"))
    [kept] = autosaves.unfinished(paths)
    assert kept.path == legacy and read_record(kept.path).moves == ("C",)
    slot = autosaves.Slot(paths, replaces=legacy)
    assert slot.path == legacy, "until its first move the game is still in last.json"
    slot.write(conquid("C", "C"))
    assert not legacy.exists()
    assert [read_record(k.path).moves for k in autosaves.unfinished(paths)] == [("C", "C")]


def test_only_the_ten_most_recent_unfinished_games_are_offered(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    slots = []
    for number in range(autosaves.KEEP_UNFINISHED + 2):
        slot = autosaves.Slot(paths)
        slot.write(conquid(*["C"] * (number + 1)))
        age(slot.path, 1000 - number)  # the first game is the oldest
        slots.append(slot)
    slots[-1].write(conquid(*["C"] * 12))  # the twelfth game's next move prunes
    offered = autosaves.unfinished(paths)
    assert len(offered) == autosaves.KEEP_UNFINISHED
    assert offered[-1].moves == 3, "the two oldest left the resume list"
    moved = [read_record(k.path).moves for k in autosaves.finished(paths)]
    assert moved == [("C",) * 2, ("C",)], "they are kept in the history, to replay or continue"


def test_a_finished_game_moves_to_the_history(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    slot = autosaves.Slot(paths)
    match = conquid("C")
    slot.write(match)
    match.resign()
    slot.write(match)
    assert autosaves.unfinished(paths) == []
    [done] = autosaves.finished(paths)
    assert done.result is not None and done.path == slot.path
    match.undo()  # taken back: unfinished again, and only there
    slot.write(match)
    assert autosaves.finished(paths) == []
    assert [read_record(k.path).moves for k in autosaves.unfinished(paths)] == [("C",)]


def test_a_folder_that_cannot_be_written_is_a_message_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    slot = autosaves.Slot(Paths.under(tmp_path))
    problem = slot.write(conquid("C"))
    assert problem is not None and problem.startswith("Autosave failed")


def test_how_far_a_game_went_counts_turns_only_where_every_move_is_one(
        tmp_path: Path) -> None:
    """Three moves are move 4 of Conquid, but three actions of a Piously turn (where turns
    end only the rules can tell, and the lists never replay a record) are only counted."""
    paths = Paths.under(tmp_path)
    rng = random.Random(5)
    for game_id in ("conquid", "piously"):
        match = Match(GAMES.get(game_id), {})
        for _ in range(3):
            match.play(match.game.random_move(match.state, rng))
        autosaves.Slot(paths).write(match)
    progress = {kept.game: autosaves.progress(kept, GAMES) for kept in autosaves.unfinished(paths)}
    assert progress == {"conquid": "move 4", "piously": "3 moves recorded"}
