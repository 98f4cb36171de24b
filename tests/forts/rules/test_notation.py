"""Notation and the encoded position read back exactly what they wrote."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.errors import NotationError
from game.core.match import Match
from game.core.protocol import CHANCE
from game.forts.rules.game import GAME, Move, Place, Roll, decode, encode, parse_move

numbers = st.integers(min_value=-(10**6), max_value=10**6)
moves: st.SearchStrategy[Move] = st.one_of(
    st.builds(Place, numbers, numbers, numbers), st.builds(Roll, numbers)
)


@given(moves)
def test_format_then_parse_is_the_same_move(move: Move) -> None:
    assert parse_move(GAME.format_move(move)) == move


@given(st.text(max_size=30))
def test_any_text_parses_to_a_move_or_says_why_not(text: str) -> None:
    try:
        move = parse_move(text)
    except NotationError as err:
        assert str(err)
    else:
        assert parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("4 3,5", Place(4, 3, 5)),
        ("  4   3 , 5 ", Place(4, 3, 5)),
        ("roll 4", Roll(4)),
        ("Roll 6", Roll(6)),
        ("7 0,0", Place(7, 0, 0)),
    ],
)
def test_examples(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize("text", ["", "4", "4 3", "3,5", "4 3 5", "roll", "roll four", "x 1,2"])
def test_non_moves_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


@given(st.integers(min_value=0, max_value=10_000), st.booleans())
def test_encode_round_trips_along_random_games(seed: int, anywhere: bool) -> None:
    rng = random.Random(seed)
    match = Match(GAME, {"anywhere": anywhere}, seed=str(seed))
    while not match.is_over:
        assert decode(encode(match.state)) == match.state
        assert eval(repr(match.state), {"FortsState": type(match.state)}) == match.state
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(GAME.random_move(match.state, rng))
    assert decode(encode(match.state)) == match.state


@pytest.mark.parametrize("text", ["", "3x3:net:place:t0:b0:p1:r-:F../.../..", "3x1:xxx:place:t0"])
def test_decode_refuses_garbage(text: str) -> None:
    with pytest.raises(ValueError, match="not an encoded"):
        decode(text)


def test_huge_numbers_are_notation_errors_not_crashes() -> None:
    with pytest.raises(NotationError):
        parse_move("1 " + "9" * 5000 + ",0")
