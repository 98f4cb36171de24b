"""Property tests: the bit-parallel engine agrees with a plain reference on random positions,
notation round-trips, and random playouts keep the game's invariants."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.conquid.rules.board import make_board
from game.conquid.rules.game import (
    GAME,
    Acquire,
    Conquer,
    ConquidState,
    Vanquish,
    conquer_waves,
    conquest_available,
    conquest_path,
    vanquish_corners,
    vanquish_problem,
)
from game.core.match import Match
from tests.conquid.rules import reference

SIZES = [(7, 14, 1), (14, 28, 2), (9, 20, 3), (12, 30, 4)]


@st.composite
def positions(draw: st.DrawFn) -> ConquidState:
    """Random positions, from scattered cells to large solid areas (so blocks are uniform)."""
    board = make_board(*draw(st.sampled_from(SIZES)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    mine, theirs = draw(st.floats(0, 0.6)), draw(st.floats(0, 0.6))
    patch = draw(st.integers(1, 5))
    owned = list(board.interiors)
    free = board.valid & ~board.all_bases
    for r in range(0, board.rows, patch):
        for c in range(0, board.cols, patch):
            roll = rng.random()
            seat = 0 if roll < mine else 1 if roll < mine + theirs else None
            if seat is not None:
                cells = [(r + i, c + j) for i in range(patch) for j in range(patch)]
                cells = [cell for cell in cells if board.on_board(cell)]
                owned[seat] |= board.mask_of(cells) & free & ~owned[1 - seat]
    return ConquidState(board, (owned[0], owned[1]), to_move=draw(st.integers(0, 1)))


@settings(max_examples=150)
@given(positions())
def test_conquer_matches_the_reference(state: ConquidState) -> None:
    expected = [set(wave) for wave in reference.conquer_rounds(state)]
    assert [set(wave) for wave in conquer_waves(state)] == expected


@settings(max_examples=150)
@given(positions())
def test_vanquish_corners_match_the_reference(state: ConquidState) -> None:
    corners = vanquish_corners(state)
    assert set(corners) == reference.vanquish_corners(state)
    assert corners == sorted(corners)
    for corner in corners[:5]:
        assert vanquish_problem(state, corner) is None


@settings(max_examples=150)
@given(positions(), st.integers(0, 1))
def test_conquest_matches_the_reference(state: ConquidState, seat: int) -> None:
    length = reference.conquest_length(state, seat)
    path = conquest_path(state, seat)
    assert conquest_available(state, seat) == (length is not None)
    assert (path is None) == (length is None)
    if path is not None:
        assert len(path) == length
        board = state.board
        assert all(state.owner(cell) == seat and not state.is_base(cell) for cell in path)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(path))
        assert board.grow(board.bit(path[0])) & board.base_masks[seat]
        assert board.grow(board.bit(path[-1])) & board.base_masks[1 - seat]


@given(
    st.one_of(
        st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), min_size=1, max_size=3).map(
            lambda cells: Acquire(tuple(cells))
        ),
        st.tuples(st.integers(0, 99), st.integers(0, 99)).map(Vanquish),
        st.sampled_from([Conquer(), GAME.parse_move("Q")]),
    )
)
def test_notation_round_trips(move: object) -> None:
    assert GAME.parse_move(GAME.format_move(move)) == move


@settings(max_examples=30)
@given(st.integers(0, 2**32), st.sampled_from(["small", "medium"]))
def test_random_playouts_keep_the_invariants(seed: int, board_name: str) -> None:
    rng = random.Random(seed)
    match = Match(GAME, {"board": board_name})
    start = match.state
    board = start.board
    while not match.is_over and match.ply < 150:
        before = match.state
        move = GAME.random_move(before, rng)
        assert move is not None
        after = match.play(move).state
        assert after.owned[0] & after.owned[1] == 0, "no cell has two owners"
        for seat in (0, 1):
            assert after.owned[seat] & board.all_bases == board.interiors[seat]
            assert after.owned[seat] & ~board.valid == 0
        if isinstance(move, Acquire):
            assert after.count(before.to_move) == before.count(before.to_move) + len(move.cells)
        if isinstance(move, Conquer):
            assert before.count(0) + before.count(1) == after.count(0) + after.count(1)
            assert conquer_waves(replace(after, to_move=before.to_move)) == (), "a fixed point"
    replayed = Match(GAME, {"board": board_name})
    for text in match.moves:
        replayed.play(text)
    assert replayed.state == match.state and replayed.outcome == match.outcome
