"""Records: round trips, atomic writes, and refusal of every kind of bad file."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.catalog import all_games
from game.conquid.rules import GAME
from game.core import record as record_module
from game.core.atomic import atomic_write_text
from game.core.errors import RecordError
from game.core.match import Match, Seat
from game.core.record import FORMAT_VERSION, Record, load_match, read_record, save_match

GAMES = all_games()


def sample_match() -> Match:
    match = Match(GAME, {"board": "small"}, (Seat("Ada"), Seat("Blaise")), created="2026-11-21")
    for text in ["A 0,0 0,1 0,2", "A 0,3 1,3 1,2", "C", "A 2,2 2,3 2,4"]:
        match.play(text)
    return match


def sample_document() -> dict[str, Any]:
    return Record.of(sample_match()).to_json()


def test_save_then_load_gives_an_equal_game(tmp_path: Path) -> None:
    match = sample_match()
    match.resign()
    path = tmp_path / "game.json"
    save_match(path, match)
    again = load_match(path, GAMES)
    assert again.moves == match.moves and again.state == match.state
    assert again.outcome == match.outcome and again.seats == match.seats
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file left"


def test_atomic_write_keeps_the_old_file_when_the_swap_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.json"
    atomic_write_text(path, "old")

    def broken_replace(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def corrupt(document: dict[str, Any], **changes: Any) -> bytes:
    document.update(changes)
    return json.dumps(document).encode()


BAD_DOCUMENTS = {
    "not a record": lambda d: json.dumps([1, 2, 3]).encode(),
    "other format": lambda d: corrupt(d, format="chess-pgn"),
    "future version": lambda d: corrupt(d, format_version=FORMAT_VERSION + 1),
    "version as text": lambda d: corrupt(d, format_version="1"),
    "unknown game": lambda d: corrupt(d, game="chess"),
    "newer rules": lambda d: corrupt(d, rules_version=99),
    "moves not a list": lambda d: corrupt(d, moves="A 0,0"),
    "move not text": lambda d: corrupt(d, moves=[1, 2]),
    "illegal move": lambda d: corrupt(d, moves=["A 0,0 0,1 0,2", "A 0,0 0,1 0,2"]),
    "not a move": lambda d: corrupt(d, moves=["hello"]),
    "bad option": lambda d: corrupt(d, options={"board": "gigantic"}),
    "option of wrong type": lambda d: corrupt(d, options={"board": [1]}),
    "huge number": lambda d: corrupt(d, rules_version=10**400),
    "wrong result": lambda d: corrupt(d, result={"winner": 1, "reason": "conquest"}),
    "unknown reason": lambda d: corrupt(d, result={"winner": 1, "reason": "luck"}),
    "three players": lambda d: corrupt(d, players=[{"name": "a"}] * 3),
    "bad digest": lambda d: corrupt(d, final_digest="nope"),
    "truncated": lambda d: json.dumps(d).encode()[:57],
    "invalid utf-8": lambda d: b'{"format": "\xff\xfe"}',
    "deeply nested": lambda d: b"[" * 100_000 + b"]" * 100_000,
    "empty": lambda d: b"",
    "long name": lambda d: corrupt(d, players=[{"name": "x" * 10_000}, {"name": "y"}]),
}


@pytest.mark.parametrize("name", sorted(BAD_DOCUMENTS))
def test_bad_files_are_refused_readably_and_left_untouched(tmp_path: Path, name: str) -> None:
    path = tmp_path / "bad.json"
    data = BAD_DOCUMENTS[name](sample_document())
    path.write_bytes(data)
    with pytest.raises(RecordError) as caught:
        load_match(path, GAMES)
    message = str(caught.value)
    assert message and "Traceback" not in message and len(message) < 300
    assert path.read_bytes() == data


def test_missing_file_directory_and_oversized_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="not found"):
        read_record(tmp_path / "nothing.json")
    with pytest.raises(RecordError, match="not a file"):
        read_record(tmp_path)
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(record_module.MAX_BYTES + 1)
    with pytest.raises(RecordError, match="too large"):
        read_record(big)


def test_older_formats_are_upgraded_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    document = {**sample_document(), "format_version": 1}
    monkeypatch.setattr(record_module, "FORMAT_VERSION", 3)
    monkeypatch.setitem(
        record_module.UPGRADES, 2, lambda doc: {**doc, "created": doc["created"] + " (v2)"}
    )
    loaded = Record.from_json(document)
    assert loaded.created == "2026-11-21 (v2)"


@given(st.data())
def test_mutated_records_load_or_raise_record_error(data: st.DataObject) -> None:
    text = bytearray(Record.of(sample_match()).dumps().encode())
    for _ in range(data.draw(st.integers(1, 4))):
        position = data.draw(st.integers(0, len(text) - 1))
        action = data.draw(st.sampled_from(["flip", "delete", "insert", "cut"]))
        if action == "flip":
            text[position] = data.draw(st.integers(0, 255))
        elif action == "delete":
            del text[position]
        elif action == "insert":
            text.insert(position, data.draw(st.integers(0, 255)))
        else:
            del text[position:]
            break
    with contextlib.suppress(RecordError):
        Record.loads(bytes(text)).replay(GAMES)
