"""Notation: squares, turns, setups, position strings and state texts round-trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.errors import NotationError
from game.pushfight.rules.board import (
    NO_ANCHOR,
    SQUARES,
    STEPS,
    VALID,
    format_position,
    parse_position,
)
from game.pushfight.rules.game import GAME, State
from game.pushfight.rules.notation import Setup, Turn
from game.pushfight.rules.setups import half_squares

squares = st.sampled_from(SQUARES)


@st.composite
def turns(draw: st.DrawFn) -> Turn:
    slides = []
    for _ in range(draw(st.integers(0, 2))):
        src = draw(squares)
        dst = draw(st.sampled_from([s for s in SQUARES if s != src]))
        slides.append((src, dst))
    src = draw(squares.filter(lambda s: any(VALID >> (s + d) & 1 for d in STEPS)))
    step = draw(st.sampled_from([d for d in STEPS if VALID >> (src + d) & 1]))
    return Turn(tuple(slides), (src, src + step))


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    side = draw(st.integers(0, 1))
    five = draw(st.lists(st.sampled_from(half_squares(side)), min_size=5, max_size=5, unique=True))
    return Setup(side, frozenset(five[:3]), frozenset(five[3:]))


@st.composite
def boards(draw: st.DrawFn) -> str:
    chars = draw(st.lists(st.sampled_from(".oOxX"), min_size=26, max_size=26))
    squares_at = [i for i, c in enumerate(chars) if c in "OX"]
    anchored: bool = draw(st.booleans())
    if squares_at and anchored:
        at = draw(st.sampled_from(squares_at))
        chars[at] = "P" if chars[at] == "O" else "Y"
    return "".join(chars)


@given(turns())
def test_turns_round_trip(turn: Turn) -> None:
    text = GAME.format_move(turn)
    assert GAME.parse_move(text) == turn
    assert GAME.format_move(GAME.parse_move(text)) == text


@given(setups())
def test_setups_round_trip(setup: Setup) -> None:
    text = GAME.format_move(setup)
    assert text.startswith("setup ")
    assert GAME.parse_move(text) == setup
    shuffled = "setup " + " ".join(reversed(text.split()[1:]))
    assert GAME.parse_move(shuffled) == setup


@given(boards())
def test_position_strings_round_trip(text: str) -> None:
    white, brown, squares_mask, anchor = parse_position(text)
    assert format_position(white, brown, squares_mask, anchor) == text
    assert (anchor != NO_ANCHOR) == ("P" in text or "Y" in text)


@given(boards(), st.integers(2, 60), st.booleans(), st.integers(0, 300))
def test_state_texts_round_trip(text: str, ply: int, repetition: bool, limit: int) -> None:
    words = [text, "wb"[ply % 2], str(ply)]
    if repetition:
        words.append("repetition")
    if limit:
        words.append(f"limit={limit}")
    state = State.parse(" ".join(words))
    again = State.parse(state.text())
    assert again == state and again.text() == state.text() == GAME.encode(state)
    assert eval(repr(state), {"State": State}) == state


def test_the_published_example() -> None:
    turn = GAME.parse_move("d1-a2,d3-c3,c2-d2")
    assert isinstance(turn, Turn) and len(turn.slides) == 2
    assert GAME.format_move(turn) == "d1-a2,d3-c3,c2-d2"
    assert GAME.format_move(GAME.parse_move(" D1-A2 , d3-c3,c2-d2 ")) == "d1-a2,d3-c3,c2-d2"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "d1",
        "d1-z9",
        "a4-b3",
        "d1-d1,d2-d3",
        "d1-d2,d2-d3,d3-d4,c2-c3",
        "d1-d3",
        "h3-a2",
        "setup",
        "setup Qd3",
        "setup O",
        "setup Oc2 Xd2",
    ],
)
def test_bad_texts_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(text)


@pytest.mark.parametrize(
    "text",
    ["x", "." * 25, "." * 26 + " w", "." * 26 + " b 2", "." * 26 + " w 2 loud", "PY" + "." * 24],
)
def test_bad_state_texts_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        State.parse(text)
