"""Hostile records through the loader: every text field with every hostile text, huge numbers,
keys and lists, every option at and past its bounds, and the longest game of every game.

Each must load, or be refused with a ``RecordError`` whose message is short and printable;
the file's bytes never change; an accepted record costs at most 200 MB to load (time: the
guard here only catches a hang; ``python -m bench records`` measures against the 1 s target).
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.core.errors import GameOverError, RecordError
from game.core.protocol import OptionKind, OptionSpec, OutcomeReason
from game.core.record import MAX_MOVES, Record, load_match
from game.core.registry import Registry
from game.core.text import printable
from tests.reliability.hostile import (
    FRIENDLY_TEXTS,
    GAME_IDS,
    GAMES,
    HOSTILE_TEXTS,
    longest_game,
    longest_record,
    probe_load,
    record_document,
    text_fields,
    with_field,
)

MESSAGE_LIMIT = 300
MEMORY_LIMIT = 200 * 2**20
PER_MOVE = 4096
"""Bytes of memory per move a load may cost: a copy of the whole history per position (the
quadratic cost once found in Push Fight) is thousands of times more at these lengths."""
HANG_GUARD = 20.0
"""Seconds: far above the 1 s target (the machine is shared); only a hang trips it."""


def assert_readable(message: str) -> None:
    assert message and len(message) <= MESSAGE_LIMIT, f"{len(message)} characters"
    assert printable(message, MESSAGE_LIMIT) == message, "the message itself is printable"
    assert "Traceback" not in message


def refused(path: Path) -> str:
    """Load ``path``, expecting a refusal; the message, checked, and the bytes unchanged."""
    before = path.read_bytes()
    with pytest.raises(RecordError) as caught:
        load_match(path, GAMES)
    assert path.read_bytes() == before
    message = str(caught.value)
    assert_readable(message)
    return message


def hostile_cases() -> list[tuple[str, tuple[Any, ...], str]]:
    cases = []
    for game_id in GAME_IDS:
        for field in text_fields(record_document(GAMES.get(game_id))):
            cases += [(game_id, field, name) for name in HOSTILE_TEXTS]
    return cases


@pytest.mark.parametrize(("game_id", "field", "text"), hostile_cases())
def test_every_text_field_refuses_every_hostile_text(
    tmp_path: Path, game_id: str, field: tuple[Any, ...], text: str
) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(with_field(record_document(GAMES.get(game_id)), field, HOSTILE_TEXTS[text]))
    refused(path)


@pytest.mark.parametrize("text", sorted(FRIENDLY_TEXTS))
def test_unusual_but_fine_names_load(tmp_path: Path, text: str) -> None:
    document = record_document(GAMES.get("conquid"))
    path = tmp_path / "record.json"
    path.write_bytes(with_field(document, ("players", 0, "name"), FRIENDLY_TEXTS[text]))
    assert load_match(path, GAMES).seats[0].name == FRIENDLY_TEXTS[text]


def huge_cases() -> dict[str, dict[str, Any]]:
    big = 10**4000
    huge_key = "k" * 3_000_000
    return {
        "4,000-digit format version": {"format_version": big},
        "4,000-digit rules version": {"rules_version": big},
        "4,000-digit option": {"options": {"turn_limit": big}},
        "4,000-digit winner": {"result": {"winner": big, "reason": "resign"}},
        "3 MB option name": {"options": {huge_key: 1}},
        "3 MB option value": {"options": {"board": huge_key}},
        "3 MB game id": {"game": huge_key},
        "100,000 options": {"options": {f"o{n}": n for n in range(100_000)}},
        "100,000 players": {"players": [{"name": "p"}] * 100_000},
        "more moves than any game": {"moves": ["C"] * (MAX_MOVES + 1)},
        "3 MB digest": {"final_digest": huge_key},
    }


@pytest.mark.parametrize("case", sorted(huge_cases()))
def test_huge_numbers_keys_and_lists_are_refused_shortly(tmp_path: Path, case: str) -> None:
    document = record_document(GAMES.get("conquid"))
    document.update(huge_cases()[case])
    path = tmp_path / "record.json"
    text = json.dumps(document)
    if len(text) > 4 * 2**20:  # past the file limit: write it as big as is allowed
        text = text[: 4 * 2**20]
    path.write_text(text)
    started = time.perf_counter()
    refused(path)
    assert time.perf_counter() - started < HANG_GUARD


def test_a_huge_version_number_is_not_repeated_in_the_message(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**record_document(GAMES.get("conquid")),
                                "format_version": 10**4000}))
    assert "0000000000" not in refused(path)


# -- options at and past their bounds --------------------------------------------------------


def bound_values(spec: OptionSpec) -> tuple[list[object], list[object]]:
    """Values at the bounds (fine for the option itself) and past them (always refused)."""
    wrong_types: list[object] = [None, [1], {"a": 1}, 1.5]
    if spec.kind is OptionKind.INT:
        return ([spec.minimum, spec.maximum],
                [spec.minimum - 1, spec.maximum + 1, 10**19, True, "1", *wrong_types])
    if spec.kind is OptionKind.BOOL:
        return [True, False], [0, 1, "true", *wrong_types]
    return list(spec.choices), ["", spec.choices[0].upper() + "?", "x" * 200, 1, *wrong_types]


def option_cases() -> list[tuple[str, str, str, int]]:
    cases = []
    for game in GAMES:
        for spec in game.info.options:
            at, past = bound_values(spec)
            cases += [(game.info.id, spec.name, "at", n) for n in range(len(at))]
            cases += [(game.info.id, spec.name, "past", n) for n in range(len(past))]
    return cases


@pytest.mark.parametrize(("game_id", "name", "where", "index"), option_cases())
def test_options_at_and_past_every_bound(
    tmp_path: Path, game_id: str, name: str, where: str, index: int
) -> None:
    game = GAMES.get(game_id)
    spec = next(spec for spec in game.info.options if spec.name == name)
    value = bound_values(spec)[0 if where == "at" else 1][index]
    document = {**record_document(game, plies=0), "options": {name: value},
                "final_digest": None}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(document))
    if where == "past":
        refused(path)
        return
    try:
        match = load_match(path, GAMES)
    except RecordError as err:  # a value fine alone may not make a game with the rest
        assert_readable(str(err))
    else:
        assert match.options[name] == value


# -- the longest games --------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="measures memory with resource")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_longest_game_of_every_game_loads_within_the_bounds(
    tmp_path: Path, game_id: str
) -> None:
    data = longest_record(game_id)
    path = tmp_path / "longest.json"
    path.write_bytes(data)
    figures = probe_load(path)
    assert figures["plies"] == len(json.loads(data)["moves"])
    assert figures["peak_mb"] * 2**20 <= MEMORY_LIMIT, figures
    assert figures["load_mb"] * 2**20 <= PER_MOVE * figures["plies"] + 16 * 2**20, \
        f"memory grows faster than the game: {figures}"
    assert figures["seconds"] < HANG_GUARD, figures
    assert path.read_bytes() == data


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_move_past_a_games_bound_is_refused_naming_the_bound(
    tmp_path: Path, game_id: str
) -> None:
    game = GAMES.get(game_id)
    document = record_document(game, plies=2)
    document["moves"] = (document["moves"] * game.info.max_plies)[: game.info.max_plies + 1]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(document))
    message = refused(path)
    assert f"at most {game.info.max_plies:,}" in message and game.info.title in message


class Capped:
    """A game whose bound is ``plies`` moves: the bound reached quickly, for the test."""

    def __init__(self, game: Any, plies: int) -> None:
        self._game = game
        self.info = replace(game.info, max_plies=plies)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_match_ends_at_its_games_bound_and_its_record_loads(game_id: str) -> None:
    """A game that reaches ``max_plies`` ends drawn there, so every game played can be saved
    and opened again."""
    game = Capped(GAMES.get(game_id), 30)
    match = longest_game(game)
    if match.ply < 30:
        pytest.skip(f"{game.info.title} ended on its own before 30 moves")
    assert match.outcome is not None and match.outcome.winner is None
    assert match.outcome.reason is OutcomeReason.TURN_LIMIT
    with pytest.raises(GameOverError):
        match.play(game.random_move(match.state, random.Random(1)))
    again = Record.loads(Record.of(match).dumps()).replay(Registry([game]))
    assert again.outcome == match.outcome and again.moves == match.moves


def test_loading_never_repeats_a_hostile_text_in_full(tmp_path: Path) -> None:
    document = record_document(GAMES.get("conquid"))
    document["moves"][0] = "Z" * 200
    path = tmp_path / "record.json"
    path.write_text(json.dumps(document))
    assert "Z" * 41 not in refused(path)


def test_every_games_bound_is_within_what_a_file_may_list() -> None:
    for game in GAMES:
        assert 0 < game.info.max_plies <= MAX_MOVES, game.info.id
