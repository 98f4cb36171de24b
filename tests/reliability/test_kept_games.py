"""The lists of kept games hold against the player's own folder: file
times out of any calendar, records that disagree with themselves, twin list lines, junk files
and hundreds of unfinished games, records that fail only at their last move, fields this
version does not know. No crash, no game deleted, each file read once, nothing re-played to
list, and the fullest folders the app itself makes list within the bounds."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.app.app import App
from game.client.app.services import Services
from game.client.files import autosaves
from game.client.files.paths import Paths
from game.client.match import result
from game.core.errors import RecordError
from game.core.match import Match, Seat
from game.core.protocol import Outcome, OutcomeReason
from game.core.record import Record, read_record
from game.main_window import build_services
from scenes.games import GamesScene
from scenes.menu import MenuScene
from tests.reliability.hostile import (
    GAMES,
    fullest_kept_folder,
    probe_listing,
    record_document,
    unfinished_record,
)
from tests.reliability.test_bad_files_ui import message_windows
from tests.reliability.test_hostile_records import HANG_GUARD, MEMORY_LIMIT, assert_readable
from tests.ui.driver import Driver

YEAR_11476 = 300_000_000_000 * 10**9
YEAR_MINUS_1199 = -100_000_000_000 * 10**9


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    yield build_services(Paths.under(tmp_path / "home"), (1280, 720))
    pygame.quit()


def conquid(*moves: str) -> Match:
    match = Match(GAMES.get("conquid"), {"board": "small"}, (Seat("Ada"), Seat("Blaise")))
    for text in moves:
        match.play(text)
    return match


def keep(folder: Path, name: str, document: dict[str, Any] | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    data = document if isinstance(document, bytes) else json.dumps(document).encode()
    path.write_bytes(data)
    return path


def own_name(number: int) -> str:
    return f"20261124-{number:06d}-{number:08x}.json"


def all_files(paths: Paths) -> dict[str, bytes]:
    return {f"{p.parent.name}/{p.name}": p.read_bytes()
            for folder in (paths.autosaves, paths.history) if folder.exists()
            for p in folder.iterdir()}


# -- 1. file times out of any calendar --------------------------------------------------------


@pytest.fixture
def clock_gone_wrong(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int]:
    """Files under ``tmp_path`` report the times in the list (year 11476, then -1199): what a
    restored backup or a device with a broken clock leaves on a file system that keeps them
    (this machine's clamps them, so ``os.stat`` says them for it)."""
    times = [YEAR_11476]
    real_stat = os.stat

    def stat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        found = real_stat(path, *args, **kwargs)
        if not str(path).startswith(str(tmp_path)) or not str(path).endswith(".json"):
            return found
        fields = list(found)
        fields[8] = times[0] // 10**9
        return os.stat_result(fields, {"st_mtime": times[0] / 1e9, "st_mtime_ns": times[0]})

    monkeypatch.setattr(os, "stat", stat)
    return times


@pytest.mark.parametrize("when", [YEAR_11476, YEAR_MINUS_1199])
def test_an_autosave_dated_out_of_any_calendar_is_offered_by_the_menu(
    services: Services, clock_gone_wrong: list[int], when: int
) -> None:
    clock_gone_wrong[0] = when
    autosaves.Slot(services.paths).write(conquid("C"))
    driver = Driver(App(services, MenuScene(services)))
    driver.frames(2)
    text, _action = driver.top.entries[0][1], driver.top.entries[0][2]
    assert text == "Resume: Conquid, move 2"
    assert "date unknown" in driver.top.entries[0][0].tool_tip_text
    games = GamesScene(services)
    assert games._lines and all("date unknown" in line for line in games._lines.values())


# -- 2. records that load but disagree with themselves, twin lines ------------------------------


def test_a_result_naming_a_winner_not_at_the_table_is_refused_and_never_crashes_a_list(
    services: Services,
) -> None:
    document = record_document(GAMES.get("conquid"))
    document["players"] = []
    document["result"] = {"winner": 0, "reason": "resign"}
    path = keep(services.paths.history, own_name(1), document)
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert_readable(str(caught.value))
    assert result.words((), Outcome(0, OutcomeReason.RESIGN)).headline == "Game over"
    assert result.words((Seat("Ada"), Seat("Bo")), Outcome(5, OutcomeReason.RESIGN)).headline == \
        "Game over"
    GamesScene(services).build((1280, 720))
    assert path.exists()


def test_a_winner_written_as_a_fraction_is_refused(tmp_path: Path) -> None:
    match = conquid("C")
    match.resign()
    document = json.loads(Record.of(match).dumps())
    document["result"]["winner"] = float(document["result"]["winner"])
    with pytest.raises(RecordError, match="unknown winner"):
        Record.loads(json.dumps(document))


def test_two_games_whose_lines_read_the_same_can_each_be_chosen(services: Services) -> None:
    match = conquid("C")
    match.resign()
    data = Record.of(match).dumps().encode()
    first = keep(services.paths.history, own_name(1), data)
    second = keep(services.paths.history, own_name(2), data)
    for path in (first, second):
        os.utime(path, ns=(10**18, 10**18))  # the same minute too
    scene = GamesScene(services)
    scene.build((1280, 720))
    [_unfinished, finished] = list(scene.lists)
    texts = [item["text"] for item in finished.item_list]
    assert len(set(texts)) == 2, texts
    chosen = set()
    for item in finished.item_list:
        for other in finished.item_list:
            other["selected"] = other is item
        kept = scene._chosen(finished)
        assert kept is not None
        chosen.add(kept.path)
    assert chosen == {first, second}


# -- 3. no game a player started is ever lost ----------------------------------------------------


def test_no_unfinished_game_is_ever_deleted_however_many(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    slots = []
    for number in range(autosaves.KEEP_UNFINISHED + autosaves.KEEP_FINISHED + 2):
        slot = autosaves.Slot(paths)
        slot.name = own_name(number)
        slot.write(conquid(*["C"] * (number % 3 + 1)))
        os.utime(slot.path, ns=(number * 10**9, number * 10**9))
        slots.append(slot)
    slots[-1].write(conquid("C", "C", "C", "C"))
    assert len(autosaves.unfinished(paths)) == autosaves.KEEP_UNFINISHED
    assert all(slot.path.exists() for slot in slots), "the 61st game deleted none"
    assert len(autosaves.finished(paths)) == len(slots) - autosaves.KEEP_UNFINISHED


def test_junk_in_the_history_is_neither_counted_nor_touched(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    junk = {keep(paths.history, f"conflict copy {n}.json", f"not a game {n}".encode()):
            f"not a game {n}".encode() for n in range(autosaves.KEEP_FINISHED)}
    done = conquid("C")
    done.resign()
    games = []
    for number in range(autosaves.KEEP_FINISHED + 1):
        path = keep(paths.history, own_name(number), Record.of(done).dumps().encode())
        os.utime(path, ns=((number + 10) * 10**9,) * 2)
        games.append(path)
    autosaves.Slot(paths).write(conquid("C"))  # any autosave prunes
    assert all(path.read_bytes() == data for path, data in junk.items())
    assert not games[0].exists(), "the oldest finished game past the fifty is pruned"
    assert all(path.exists() for path in games[1:]), "the fifty newest stay"


def test_pruning_counts_and_deletes_only_files_the_app_named(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    done = conquid("C")
    done.resign()
    theirs = [keep(paths.history, f"my best game {n}.json", Record.of(done).dumps().encode())
              for n in range(autosaves.KEEP_FINISHED + 1)]
    os.utime(theirs[0], ns=(1, 1))
    ours = [keep(paths.history, own_name(n), Record.of(done).dumps().encode())
            for n in range(autosaves.KEEP_FINISHED)]
    for path in ours:
        os.utime(path, ns=(2, 2))  # older than all of the player's own files but one
    autosaves.prune(paths)
    assert all(path.exists() for path in theirs + ours)


# -- 4. bounded work: each file read once, nothing re-played to list ------------------------------


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    counts = {"read": 0, "replay": 0}
    real_replay = Record.replay

    def read(path: Path) -> Record:
        counts["read"] += 1
        return read_record(path)

    def replay(record: Record, games: Any) -> Match:
        counts["replay"] += 1
        return real_replay(record, games)

    monkeypatch.setattr("game.client.files.autosaves.read_record", read)
    monkeypatch.setattr(Record, "replay", replay)
    return counts


def failing_at_the_last_move(count: int, folder: Path) -> None:
    document = json.loads(unfinished_record("pushfight"))
    document["moves"] = [*document["moves"][:200], "not a move"]
    for number in range(count):
        path = keep(folder, own_name(number), document)
        os.utime(path, ns=((number + 1) * 60 * 10**9,) * 2)  # a minute apart


def test_the_menu_and_your_games_never_replay_to_list(
    services: Services, counted: dict[str, int]
) -> None:
    failing_at_the_last_move(60, services.paths.autosaves)
    driver = Driver(App(services, MenuScene(services)))
    driver.frames(2)
    assert driver.top.entries[0][1].startswith("Resume: Push Fight")
    GamesScene(services).build((1280, 720))
    assert counted["replay"] == 0
    assert counted["read"] == 60


def test_a_game_that_fails_when_resumed_is_said_and_not_offered_again(
    services: Services, counted: dict[str, int]
) -> None:
    failing_at_the_last_move(3, services.paths.autosaves)
    before = all_files(services.paths)
    driver = Driver(App(services, MenuScene(services)))
    driver.frames(2)
    tips = []
    for _ in range(3):
        tips.append(driver.top.entries[0][0].tool_tip_text)
        driver.press(driver.top.entries[0][0])
        driver.frames(2)
        [window] = message_windows(services)
        assert_readable(window.text_block.html_text[3:-4])
        window.kill()
    assert len(set(tips)) == 3, "each press tried the next game"
    assert driver.top.entries[0][1].startswith("Resume (no unfinished game)")
    assert counted["replay"] == 3
    assert all_files(services.paths) == before


def test_resizing_the_menu_reads_no_file_again(
    services: Services, counted: dict[str, int]
) -> None:
    fullest_history(services.paths)
    driver = Driver(App(services, MenuScene(services)))
    driver.frames(2)
    read = counted["read"]
    for size in ((1000, 700), (1400, 800), (1280, 720)):
        driver.frames(1, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1])])
    assert counted["read"] == read
    assert counted["replay"] == 0


def fullest_history(paths: Paths) -> None:
    done = conquid("C")
    done.resign()
    for number in range(autosaves.KEEP_FINISHED):
        keep(paths.history, own_name(number), Record.of(done).dumps().encode())


def test_a_field_of_a_million_empty_objects_is_refused_before_decoding(tmp_path: Path) -> None:
    document = json.loads(Record.of(conquid("C")).dumps())
    text = json.dumps(document)[:-1] + ', "later": [' + "{}," * 1_000_000 + "{}]}"
    path = keep(tmp_path, "bomb.json", text.encode())
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert_readable(str(caught.value))
    json.loads(Record.of(conquid("C")).dumps())  # a real record stays far below the bound


@pytest.mark.skipif(sys.platform == "win32", reason="measures memory with /proc or resource")
def test_the_fullest_folders_the_app_makes_list_within_the_bounds(tmp_path: Path) -> None:
    """Ten unfinished games, fifty finished and fifty older unfinished ones, each as long as
    its game allows: listed in a fresh process in well under the hang guard, within the memory
    bound, and again (a window resize) without reading a file. ``python -m bench kept``
    measures the time against its 0.5 s target."""
    fullest_kept_folder(tmp_path / "data")
    before = all_files(Paths.under(tmp_path))
    figures = probe_listing(tmp_path)
    assert figures["listed"] == autosaves.KEEP_UNFINISHED + autosaves.KEEP_FINISHED + 50
    assert figures["peak_mb"] * 2**20 <= MEMORY_LIMIT, figures
    assert figures["seconds"] < HANG_GUARD, figures
    assert figures["again_seconds"] < figures["seconds"], figures
    assert all_files(Paths.under(tmp_path)) == before
