"""Structure-aware fuzzing of records: real records of every game, broken the ways files break.

Byte flips (``tests/core/test_record.py``) rarely get past the JSON parser; these mutations
keep the document well formed and break its meaning instead: a wrong type or a huge number at
each key, keys removed or added, an unknown game, a future format or rules version, an
illegal or garbled move in the middle, moves swapped or repeated, a wrong result, deep
nesting, invalid UTF-8 inside a string. Every one must load or raise ``RecordError`` with a
short message, and the file must be left exactly as it was.
"""

from __future__ import annotations

import json
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalog import all_games
from game.core.errors import RecordError
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.record import FORMAT_VERSION, Record, load_match

GAMES = all_games()
GAME_IDS = [game.info.id for game in GAMES]
KEYS = ["format", "format_version", "app_version", "game", "rules_version", "options",
        "players", "created", "seed", "moves", "result", "final_digest"]
MESSAGE_LIMIT = 2000
"""Longer than this is no longer a message for people (the dialog would need to scroll)."""
FUZZ_MESSAGE_LIMIT = 400
"""What ``fuzz/fuzz_records.py`` allows: a message that fits the error dialog."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.sampled_from([10**400, -(10**400), 2**63, -1, 0, 1e308, 1.5]) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


@cache
def real_document(game_id: str, seed: int) -> str:
    """A record of a real random game (dice included), as JSON text."""
    game = GAMES.get(game_id)
    rng = random.Random(seed)
    match = Match(game, {}, seed=f"structure-{seed}")
    length = rng.randrange(4, 60)
    while not match.is_over and match.ply < length:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(game.random_move(match.state, rng))
    if not match.is_over and rng.random() < 0.3 and match.to_move != CHANCE:
        match.resign()
    return Record.of(match).dumps()


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    text = real_document(draw(st.sampled_from(GAME_IDS)), draw(st.integers(0, 7)))
    document: dict[str, Any] = json.loads(text)
    return document


def mutate(draw: st.DrawFn, doc: dict[str, Any]) -> bytes:
    """Apply one or more meaning-breaking mutations; return the file's bytes."""
    moves: list[Any] = doc["moves"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from([
            "wrong type", "drop key", "extra key", "unknown game", "future version",
            "newer rules", "garbled move", "illegal move", "swap moves", "repeat move",
            "wrong result", "wrong digest", "bad option", "bad player",
        ]))
        if kind == "wrong type":
            doc[draw(st.sampled_from(KEYS))] = draw(json_values)
        elif kind == "drop key":
            doc.pop(draw(st.sampled_from(KEYS)), None)
        elif kind == "extra key":
            doc[draw(st.text(max_size=10))] = draw(json_values)
        elif kind == "unknown game":
            doc["game"] = draw(st.text(max_size=20))
        elif kind == "future version":
            doc["format_version"] = FORMAT_VERSION + draw(st.integers(1, 10**6))
        elif kind == "newer rules":
            doc["rules_version"] = draw(st.integers(2, 10**7))
        elif kind == "bad option":
            doc["options"] = {draw(st.text(max_size=10)): draw(json_values)}
        elif kind == "bad player":
            doc["players"] = draw(st.lists(json_values, max_size=3))
        elif kind == "wrong result":
            doc["result"] = {"winner": draw(json_values), "reason": draw(json_values)}
        elif kind == "wrong digest":
            doc["final_digest"] = draw(st.text(max_size=40))
        elif moves:
            i = draw(st.integers(0, len(moves) - 1))
            if kind == "garbled move":
                moves[i] = draw(st.text(max_size=220))
            elif kind == "illegal move":
                moves[i] = moves[draw(st.integers(0, len(moves) - 1))]
            elif kind == "swap moves":
                j = draw(st.integers(0, len(moves) - 1))
                moves[i], moves[j] = moves[j], moves[i]
            else:
                moves.insert(i, moves[i])
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return damage(draw, data)


def damage(draw: st.DrawFn, data: bytes) -> bytes:
    """Sometimes also nest the document deeply or put invalid UTF-8 inside a string."""
    kind = draw(st.sampled_from(["none", "none", "nested", "invalid utf-8"]))
    if kind == "nested":
        depth = draw(st.sampled_from([10, 1000, 100_000]))
        return b'{"moves": ' + b"[" * depth + b"]" * depth + b", " + data[1:]
    if kind == "invalid utf-8":
        quote = data.find(b'"', draw(st.integers(0, max(0, len(data) - 1))))
        if quote >= 0:
            return data[: quote + 1] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) \
                + data[quote + 1 :]
    return data


@st.composite
def broken_files(draw: st.DrawFn) -> bytes:
    return mutate(draw, draw(documents()))


@settings(max_examples=400)
@given(broken_files())
def test_broken_records_load_or_are_refused_readably_and_stay_untouched(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_bytes(data)
        try:
            load_match(path, GAMES)
        except RecordError as err:
            message = str(err)
            assert message and "Traceback" not in message and len(message) < MESSAGE_LIMIT
        assert path.read_bytes() == data
        assert [p.name for p in Path(folder).iterdir()] == ["record.json"]


@settings(max_examples=60)
@given(documents())
def test_the_unbroken_documents_load(doc: dict[str, Any]) -> None:
    """The mutations above start from real, loadable records (else they would prove little)."""
    match = Record.loads(json.dumps(doc)).replay(GAMES)
    assert list(match.moves) == doc["moves"]


def test_a_garbled_move_gets_a_short_message() -> None:
    doc = json.loads(real_document("forts", 1))
    doc["moves"][0] = "ro" + "\x7f" * 190 + "ll 4"  # control characters: repr makes 4 of each
    try:
        Record.loads(json.dumps(doc)).replay(GAMES)
    except RecordError as err:
        assert len(str(err)) <= FUZZ_MESSAGE_LIMIT, len(str(err))
    else:
        raise AssertionError("a garbled move was accepted")
