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
from game.conquid.rules.game import GAME
from game.core import record as record_module
from game.core.atomic import atomic_write_text
from game.core.errors import RecordError
from game.core.match import Match, Seat
from game.core.protocol import Outcome, OutcomeReason
from game.core.record import FORMAT_VERSION, Record, load_match, read_record, save_match
from game.forts.info import NO_LIVING_FORTS
from game.pushfight.info import PUSH_OFF

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


OLD_FORTS = (
    '{"format": "conquid-arcade-record", "format_version": 1, "app_version": "0.1.0", '
    '"game": "forts", "rules_version": 1, "options": {"board": "9x18", "anywhere": false}, '
    '"players": [{"name": "Builder", "kind": "human"}], "created": "2026-11-20T10:00:00", '
    '"seed": "by-hand", "moves": ["1 3,3", "roll 6", "2 5,3", "roll 6", "3 4,2", "roll 1", '
    '"4 5,5", "roll 2", "4 5,2", "roll 4", "5 3,4", "roll 3", "6 3,5", "roll 5", "6 5,4", '
    '"roll 6"], "result": {"winner": null, "reason": "no-living-forts"}}'
)
OLD_PUSHFIGHT = (
    '{"format": "conquid-arcade-record", "format_version": 1, "app_version": "0.1.0", '
    '"game": "pushfight", "rules_version": 1, "options": {}, "players": [{"name": "White", '
    '"kind": "human"}, {"name": "Brown", "kind": "human"}], "created": "2026-11-20T10:00:00", '
    '"moves": ["setup Od3 Oc2 Od2 od4 od1", "setup Xe3 Xf3 Xe2 xe4 xe1", "c2-d2", "f3-f2", '
    '"d2-c1,c1-d1"], "result": {"winner": 0, "reason": "push-off"}}'
)
"""Records as the app wrote them before games declared their own endings."""


def test_old_records_of_a_games_own_ending_load_unchanged() -> None:
    forts = Record.loads(OLD_FORTS).replay(GAMES)
    assert forts.outcome == Outcome(None, NO_LIVING_FORTS)
    assert forts.outcome is not None and forts.outcome.reason is NO_LIVING_FORTS
    assert forts.outcome.reason.label == "no living fort remains"
    push = Record.loads(OLD_PUSHFIGHT)
    assert push.result is not None and push.result.reason.value == "push-off"
    assert push.result.labelled(GAMES.info("pushfight")).reason is PUSH_OFF
    assert push.replay(GAMES).outcome == Outcome(0, PUSH_OFF)


@pytest.mark.parametrize("reason", ["conquest", "no-such-ending"])
def test_a_reason_the_game_does_not_have_is_refused(reason: str) -> None:
    """Conquid's own ending in a Push Fight record is as unknown as a made-up one."""
    text = OLD_PUSHFIGHT.replace('"push-off"', json.dumps(reason))
    with pytest.raises(RecordError, match="unknown reason"):
        Record.loads(text).replay(GAMES)


def test_core_keeps_only_generic_reasons_and_no_game_reuses_them() -> None:
    generic = {reason.value for reason in OutcomeReason}
    assert generic == {"resign", "draw-agreed", "repetition", "turn-limit", "time", "left",
                       "aborted"}
    for info in GAMES.infos():
        own = [ending.value for ending in info.endings]
        assert len(set(own)) == len(own) and not set(own) & generic, info.id
        for ending in info.endings:
            assert info.reason(ending.value) is ending and ending.label
        assert info.reason("resign") is OutcomeReason.RESIGN
