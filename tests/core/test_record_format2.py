"""Record format 2: seat-named resignations, online endings and details; format 1 loads."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.catalog import all_games
from game.conquid.rules import GAME
from game.core.errors import GameOverError, IllegalMoveError, RecordError
from game.core.match import Match, Seat, meta_word
from game.core.protocol import Outcome, OutcomeReason
from game.core.record import FORMAT_VERSION, Online, Record

GAMES = all_games()
OPENING = ["A 0,0 0,1 0,2", "A 0,3 1,3 1,2", "C"]


def opened() -> Match:
    match = Match(GAME, {"board": "small"}, (Seat("Ada"), Seat("Blaise")))
    for text in OPENING:
        match.play(text)
    return match


def test_the_player_not_to_move_can_resign_and_the_record_names_the_seat() -> None:
    match = opened()  # Blaise (seat 1) to move
    assert match.resign(0) == Outcome(1, OutcomeReason.RESIGN)
    assert match.moves[-1] == "resign 0"
    again = Record.loads(Record.of(match).dumps()).replay(GAMES)
    assert again.outcome == Outcome(1, OutcomeReason.RESIGN) and again.moves == match.moves


@pytest.mark.parametrize(
    ("play", "token", "outcome"),
    [
        (lambda m: m.forfeit("time", 1), "time 1", Outcome(0, OutcomeReason.TIME)),
        (lambda m: m.forfeit("left", 0), "left 0", Outcome(1, OutcomeReason.LEFT)),
        (lambda m: m.abort(), "abort", Outcome(None, OutcomeReason.ABORTED)),
    ],
)
def test_online_endings_round_trip(play: Any, token: str, outcome: Outcome) -> None:
    match = opened()
    play(match)
    assert match.moves[-1] == token and match.outcome == outcome
    with pytest.raises(GameOverError):
        match.play("C")
    again = Record.loads(Record.of(match).dumps()).replay(GAMES)
    assert again.outcome == outcome and again.state == match.state


def test_meta_words_are_never_board_moves() -> None:
    match = opened()
    for text in ["resign", "resign 0", "draw", "abort", "time 1", "left 0"]:
        with pytest.raises(IllegalMoveError, match="not a board move"):
            match.play(text)
    assert match.moves == opened().moves
    assert [meta_word(t) for t in ["resign 2", "draw 1", "abort now", "time", "left x"]] == [
        None
    ] * 5
    with pytest.raises(IllegalMoveError, match="no seat 2"):
        match.resign(2)
    with pytest.raises(ValueError):
        match.forfeit("resign", 0)


def test_a_format_1_record_with_a_bare_resign_loads_unchanged() -> None:
    match = opened()
    document = Record.of(match).to_json()
    document.update(format_version=1, moves=[*OPENING, "resign"],
                    result={"winner": 0, "reason": "resign"})
    document.pop("final_digest")
    loaded = Record.loads(json.dumps(document)).replay(GAMES)
    assert loaded.moves[-1] == "resign 1"  # the side to move resigned: now named
    assert loaded.outcome == Outcome(0, OutcomeReason.RESIGN)
    assert Record.of(loaded).to_json()["format_version"] == FORMAT_VERSION == 2


def test_online_details_are_kept_and_checked() -> None:
    online = Online("arcade.example.org", "k3v9x2m4qa7c", ("Ada", "Blaise"))
    document = Record.of(opened(), online).to_json()
    assert document["online"] == {"server": "arcade.example.org", "table": "k3v9x2m4qa7c",
                                  "names": ["Ada", "Blaise"]}
    assert Record.loads(json.dumps(document)).online == online
    assert "online" not in Record.of(opened()).to_json()
    document["online"]["names"] = ["Ada\x00"]
    with pytest.raises(RecordError, match="invalid character"):
        Record.loads(json.dumps(document))
