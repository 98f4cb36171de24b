"""Every rule of Push Fight (docs/rules.md), with its edge cases."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.errors import GameOverError, IllegalMoveError, NotationError, OptionsError
from game.core.match import Match
from game.core.protocol import MoveResult, Outcome, OutcomeReason
from game.pushfight.info import NO_PUSH, PUSH_OFF
from game.pushfight.rules.board import DANGER, NO_ANCHOR, SQUARES, parse_square, square_name
from game.pushfight.rules.events import (
    AnchorPlaced,
    PieceFell,
    PiecePlaced,
    PieceSlid,
    PiecesPushed,
)
from game.pushfight.rules.game import GAME, INFO, SEEN_BLOCK, Seen, State
from game.pushfight.rules.notation import Turn
from game.pushfight.rules.setups import STANDARD, random_setup, safe_squares
from tests.pushfight.rules.positions import position, state

HOLES = ("a4", "b4", "h4", "a1", "g1", "h1")


def play(before: State, text: str) -> MoveResult[State]:
    return GAME.apply(before, GAME.parse_move(text))


def refused(before: State, text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=re.escape(reason)):
        play(before, text)


def after_setup(**options: object) -> State:
    start = GAME.new_state(options)
    return play(play(start, "setup Oc2 Od2 Od3 od1 od4").state, "setup Xe2 Xe3 Xf3 xe1 xe4").state


# -- the board ----------------------------------------------------------------------------


def test_board_has_26_squares_and_six_holes() -> None:
    assert len(SQUARES) == 26
    for hole in HOLES:
        assert parse_square(hole) is None
        with pytest.raises(NotationError):
            GAME.parse_move(f"{hole}-b3")
    assert [square_name(i) for i in SQUARES[:5]] == ["c4", "d4", "e4", "f4", "g4"]
    assert [square_name(i) for i in SQUARES[-5:]] == ["b1", "c1", "d1", "e1", "f1"]


def test_danger_squares_are_those_beside_open_edges_and_holes() -> None:
    names = {square_name(i) for i in SQUARES if DANGER >> i & 1}
    assert names == {"c4", "g4", "a3", "b3", "h3", "a2", "g2", "h2", "b1", "f1"}


@pytest.mark.parametrize(
    ("pieces", "push"),
    [
        ("Ob3 xa3", "b3-a3"),  # off the left end
        ("Og2 xh2", "g2-h2"),  # off the right end
        ("Oa2 xa3", "a2-a3"),  # into the a4 hole
        ("Ob2 xb3", "b2-b3"),  # into the b4 hole
        ("Of4 xg4", "f4-g4"),  # into the h4 hole
        ("Od4 xc4", "d4-c4"),  # into the b4 hole, sideways
        ("Og3 xg2", "g3-g2"),  # into the g1 hole
        ("Oc1 xb1", "c1-b1"),  # into the a1 hole
        ("Oe1 xf1", "e1-f1"),  # into the g1 hole
        ("Oh3 xh2", "h3-h2"),  # into the h1 hole
    ],
)
def test_open_edges_and_holes_drop_the_last_piece(pieces: str, push: str) -> None:
    result = play(state(pieces + " Xe3 xe2"), push)
    assert result.outcome == Outcome(0, PUSH_OFF)
    fell = [e for e in result.events if isinstance(e, PieceFell)]
    assert len(fell) == 1 and fell[0].side == 1
    assert result.state.position.count("x") == 1  # e2 stays, the pushed piece is gone


@pytest.mark.parametrize(
    ("pieces", "push"),
    [
        ("Oc2 xc3 xc4", "c2-c3"),  # up into the rail above c4
        ("Og3 xg4", "g3-g4"),  # up into the rail above g4
        ("Od3 xd2 xd1", "d3-d2"),  # down into the rail below d1
        ("Ob2 xb1", "b2-b1"),  # down into the rail below b1
        ("Of3 Xf2 xf1", "f3-f2"),
    ],
)
def test_a_line_cannot_cross_a_rail(pieces: str, push: str) -> None:
    refused(state(pieces + " Xe3"), push, "the line would cross the rail")


# -- setup --------------------------------------------------------------------------------


def test_setup_white_then_brown_and_no_anchor() -> None:
    start = GAME.new_state({})
    assert start.in_setup and GAME.to_move(start) == 0 and start.position == "." * 26
    first = play(start, "setup Oc2 Od2 Od3 od1 od4")
    assert GAME.to_move(first.state) == 1 and first.outcome is None
    placed = [e for e in first.events if isinstance(e, PiecePlaced)]
    assert {e.square for e in placed} == {"c2", "d2", "d3", "d1", "d4"}
    assert all(e.wave == 0 and e.side == 0 for e in placed)
    assert sum(e.pusher for e in placed) == 3
    done = after_setup()
    assert not done.in_setup and done.anchor == NO_ANCHOR and GAME.to_move(done) == 0
    assert "P" not in done.position and "Y" not in done.position


def test_setup_refusals() -> None:
    start = GAME.new_state({})
    refused(start, "setup Xe2 Xe3 Xf3 xe1 xe4", "it is White's turn to set up")
    refused(start, "setup Oc2 Od2 Oe3 od1 od4", "e3 is not on White's half (files a-d)")
    refused(start, "setup Oc2 Od2 od3 od1 od4", "White places 3 square pieces and 2 round")
    refused(start, "setup Oc2 Od2 Od3 od1", "White places 3 square pieces")
    refused(start, "d2-d3", "White must set up first")
    white_done = play(start, "setup Oc2 Od2 Od3 od1 od4").state
    refused(white_done, "setup Xe2 Xe3 Xd3 xe1 xe4", "d3 is not on Brown's half (files e-h)")
    refused(after_setup(), "setup Oc2 Od2 Od3 od1 od4", "the setup is over")
    with pytest.raises(NotationError):
        GAME.parse_move("setup Oc2 Xd2 Od3 od1 od4")  # two sides' pieces
    with pytest.raises(NotationError):
        GAME.parse_move("setup Oc2 Oc2 Od3 od1 od4")


def test_standard_and_random_setups_are_legal_and_safe() -> None:
    assert GAME.format_move(STANDARD[0]) == "setup Od3 Oc2 Od2 od4 od1"
    assert GAME.format_move(STANDARD[1]) == "setup Xe3 Xf3 Xe2 xe4 xe1"
    rng = random.Random(3)
    for _ in range(50):
        white = random_setup(0, rng)
        brown = random_setup(1, rng)
        assert not any(DANGER >> i & 1 for i in white.pushers | white.rounds)
        assert set(white.pushers | white.rounds) <= set(safe_squares(0))
        white_done = GAME.apply(GAME.new_state({}), white).state
        assert GAME.apply(white_done, brown).outcome is None


def test_setup_moves_are_listed_lazily_and_all_distinct() -> None:
    setups = list(GAME.legal_moves(GAME.new_state({})))
    assert len(setups) == 12_870 == len(set(setups))
    assert STANDARD[0] in setups
    for setup in setups[::997]:
        GAME.check_move(GAME.new_state({}), setup)


# -- turns: slides ------------------------------------------------------------------------


def test_zero_one_or_two_slides_then_a_push() -> None:
    start = after_setup()
    assert play(start, "d2-e2").outcome is None
    assert play(start, "c2-b2,d2-e2").outcome is None
    two = play(start, "d1-a2,c2-c3,d2-e2")
    assert two.state.position == position("Oc3 od4 Od3 Pe2 oa2 xe4 Xe3 Xf3 Xf2 xe1")
    with pytest.raises(NotationError, match="at most two moves"):
        GAME.parse_move("d1-a2,c2-c3,d4-c4,d2-e2")


def test_a_slide_turns_corners_and_the_event_has_its_path() -> None:
    result = play(state("oa3 Od2 Xe2"), "a3-c4,d2-e2")
    slid = [e for e in result.events if isinstance(e, PieceSlid)]
    assert slid[0].path == ("a3", "b3", "c3", "c4") and slid[0].wave == 0
    around = play(state("oa3 Od2 Xe2 xc3"), "a3-c1,d2-e2")
    path = next(e for e in around.events if isinstance(e, PieceSlid)).path
    assert path[0] == "a3" and path[-1] == "c1" and len(path) == 5  # a shortest way round
    for a, b in itertools.pairwise(path):
        assert abs(ord(a[0]) - ord(b[0])) + abs(int(a[1]) - int(b[1])) == 1
    assert not {"c3", "d2"} & set(path)


def test_slides_cannot_pass_through_or_land_on_pieces() -> None:
    walled = state("oa3 xb3 xa2 Od2 Xe2")
    refused(walled, "a3-c4,d2-e2", "c4 cannot be reached from a3 through empty squares")
    refused(walled, "a3-b3,d2-e2", "b3 is not empty")
    refused(walled, "e2-f1,d2-e2", "the piece on e2 is not yours")
    refused(walled, "c3-c4,d2-e2", "there is no piece on c3")


def test_the_second_slide_sees_the_first() -> None:
    before = state("oa3 Ob3 xa2 xb2 Od2 Xe2")
    # a3 is shut in until b3 moves away; then it can go.
    refused(before, "a3-c3,d2-e2", "c3 cannot be reached from a3")
    assert play(before, "b3-c4,a3-c3,d2-e2").outcome is None


# -- turns: the push ----------------------------------------------------------------------


def test_a_push_shifts_the_whole_line_of_both_colours() -> None:
    result = play(state("Ob3 oc3 xd3 Xe3 Xh2"), "b3-c3")
    assert result.state.position == position("Pc3 od3 xe3 Xf3 Xh2")
    push = next(e for e in result.events if isinstance(e, PiecesPushed))
    assert push.line == ("b3", "c3", "d3", "e3") and push.direction == "right"
    assert (push.pusher_from, push.pusher_to, push.wave) == ("b3", "c3", 2)
    anchor = next(e for e in result.events if isinstance(e, AnchorPlaced))
    assert anchor.square == "c3" and anchor.wave == 4


def test_stepping_into_an_empty_square_is_not_a_push() -> None:
    refused(state("Ob3 Xe3"), "b3-c3", "that square is empty (that is a move, not a push)")


def test_only_square_pieces_push() -> None:
    refused(state("ob3 xc3 Xe3 Od2 xe2"), "b3-c3", "a push needs a square piece")


def test_the_anchor_blocks_its_piece_and_any_line_holding_it() -> None:
    refused(state("Ob3 Yc3 Od2 xe2"), "b3-c3", "the anchor is in the line")
    refused(state("Ob3 xc3 Yd3"), "b3-c3", "the anchor is in the line")
    # the same line is fine once the anchor has moved on
    assert play(state("Ob3 xc3 Xd3 Ye1"), "b3-c3").outcome is None


def test_the_anchor_moves_to_the_pusher_and_frees_the_old_piece() -> None:
    before = state("Oc2 Yd2 Ob3 xc3 Xf2 xg2")
    refused(before, "c2-d2", "the anchor is in the line")
    after_white = play(before, "b3-c3").state
    assert square_name(after_white.anchor) == "c3"
    assert "Y" not in after_white.position and after_white.position.count("P") == 1
    after_brown = play(after_white, "f2-g2").state
    assert square_name(after_brown.anchor) == "g2"
    assert play(after_brown, "c2-d2").outcome is None  # d2 is free to be pushed again


def test_pushing_your_own_piece_off_loses() -> None:
    result = play(state("Ob3 oa3 Xe3"), "b3-a3")
    assert result.outcome == Outcome(1, PUSH_OFF)
    assert GAME.outcome(result.state) == result.outcome
    with pytest.raises(GameOverError):
        GAME.check_move(result.state, GAME.parse_move("e3-d3"))


def test_brown_pushing_a_white_piece_off_wins() -> None:
    result = play(state("Xc3 xb3 oa3 Od2", "b"), "c3-b3")
    assert result.outcome == Outcome(1, PUSH_OFF)


# -- endings ------------------------------------------------------------------------------


def test_no_reachable_push_loses_at_the_start_of_the_turn() -> None:
    # White's only square piece is shut in on c4: right is the anchor, down is a full
    # column against the rail; its round pieces cannot push.
    trapped = state("Oc4 Yd4 Xc3 xc2 xc1 oa2 oh3 Xf2")
    assert GAME.outcome(trapped) == Outcome(1, NO_PUSH)
    assert list(GAME.legal_moves(trapped)) == []
    assert GAME.random_move(trapped, random.Random(0)) is None


def test_a_push_reachable_only_after_slides_is_enough() -> None:
    far = state("Od4 xf3 Xg2 og3")
    assert GAME.outcome(far) is None
    assert all(len(move.slides) >= 1 for move in GAME.legal_moves(far) if isinstance(move, Turn))
    assert play(far, "d4-e3,e3-f3").outcome is None


def test_resign_and_draw_are_the_generic_ones() -> None:
    match = Match(GAME)
    match.play("setup Oc2 Od2 Od3 od1 od4")
    assert match.resign() == Outcome(0, OutcomeReason.RESIGN)
    other = Match(GAME)
    assert other.agree_draw() == Outcome(None, OutcomeReason.DRAW_AGREED)


CYCLE = ["d2-f2,f2-e2", "e3-c3,c3-d3", "e2-c2,c2-d2", "d3-f3,f3-e3"]
"""Each side shuttles one piece back and forth; positions repeat every four turns."""


def _shuttle(extra: str) -> list[MoveResult[State]]:
    current = state("Oc2 xd2 Xf3 oe3", extra=extra)
    results = [play(current, "c2-d2")]
    results.append(play(results[-1].state, "f3-e3"))
    for text in CYCLE * 3:
        if results[-1].outcome is not None:
            break
        results.append(play(results[-1].state, text))
    return results


def test_threefold_repetition_draws_only_when_the_option_is_on() -> None:
    on = _shuttle("repetition")
    assert on[-1].outcome == Outcome(None, OutcomeReason.REPETITION)
    assert all(r.outcome is None for r in on[:-1])
    assert len(on) == 10  # after Brown's 1st, 3rd and 5th turns
    off = _shuttle("")
    assert all(r.outcome is None for r in off)
    assert INFO.default_options()["repetition_draw"] is False


def test_turn_limit_draws_when_reached() -> None:
    start = after_setup(turn_limit=2)
    one = play(start, "d2-e2").state
    assert GAME.outcome(one) is None
    two = play(one, "e3-d3")
    assert two.outcome == Outcome(None, OutcomeReason.TURN_LIMIT)


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionsError):
        GAME.new_state({"turn_limit": -1})
    with pytest.raises(OptionsError):
        GAME.new_state({"repetition_draw": "yes"})
    with pytest.raises(OptionsError):
        GAME.new_state({"board": "small"})


def test_events_come_in_waves_slides_push_fall_anchor() -> None:
    result = play(state("Od4 oa3 xa2 ob2 Xe3 xf3"), "a3-c4,d4-c2,c2-b2")
    kinds = [(type(e).__name__, e.wave) for e in result.events]
    assert kinds == [
        ("PieceSlid", 0),
        ("PieceSlid", 1),
        ("PiecesPushed", 2),
        ("PieceFell", 3),
        ("AnchorPlaced", 4),
    ]
    fell = result.events[3]
    assert isinstance(fell, PieceFell)
    assert (fell.square, fell.side, fell.pusher, fell.direction) == ("a2", 1, False, "left")
    assert result.outcome == Outcome(0, PUSH_OFF)
    assert result.state.fell == 1 and "fell=b" in result.state.text()


@given(st.lists(st.integers(0, 40), max_size=SEEN_BLOCK * 9), st.integers(0, 40))
def test_the_repetition_history_counts_like_a_list(keys: list[int], probe: int) -> None:
    """``Seen`` shares sealed blocks between positions (a copy of the whole history per
    position cost gigabytes); it must still count exactly, across block merges."""
    seen = Seen()
    for index, key in enumerate(keys):
        seen = seen.add(key)
        if index % 37 == 0:
            assert seen.count(key) == keys[: index + 1].count(key)
    assert seen.count(probe) == keys.count(probe)
    assert len(seen.blocks) <= len(keys).bit_length()


def test_a_position_holds_little_of_a_long_history() -> None:
    seen = Seen()
    for key in range(10_000):
        seen = seen.add(key % 977)
    assert len(seen.blocks) + len(seen.tail) < 2 * SEEN_BLOCK
