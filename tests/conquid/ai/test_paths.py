"""The AI's mask-level model of Conquid agrees with the rules."""

from __future__ import annotations

import random

import pytest

from game.conquid.ai.paths import INF, breach_distance, chain, distance
from game.conquid.ai.position import Pos
from game.conquid.rules.game import GAME, Conquest, ConquidState, conquest_available
from tests.conquid.ai.positions import BREAK_BY_CONQUER, position


@pytest.mark.parametrize(("board", "expected"), [("small", 4), ("medium", 16), ("large", 28)])
def test_opening_distance_is_the_gap_between_the_bases(board: str, expected: int) -> None:
    state = GAME.new_state({"board": board})
    assert distance(state.board, 0, state.owned[0], state.owned[1]) == expected
    assert distance(state.board, 1, state.owned[1], state.owned[0]) == expected


def test_chain_levels_are_the_columns_of_the_straight_chains() -> None:
    state = GAME.new_state({"board": "medium"})
    found = chain(state.board, 0, state.owned[0], state.owned[1])
    assert found.distance == 16 == len(found.levels)
    assert state.board.cells_of(found.levels[0]) == [(6, 6), (7, 6)]
    assert state.board.cells_of(found.levels[-1]) == [(6, 21), (7, 21)]


def test_enemy_cells_are_walls() -> None:
    state = position(BREAK_BY_CONQUER)
    board = state.board
    assert distance(board, 1, state.owned[1], state.owned[0]) == 0
    # Player 1 goes round player 2's row: (2,4) (2,5) [2,6 owned] (2,7) (2,8) (2,9).
    assert distance(board, 0, state.owned[0], state.owned[1]) == 5
    walled = state.owned[1] | board.mask_of((r, 5) for r in range(board.rows))
    assert distance(board, 0, state.owned[0], walled) == INF


def test_a_walled_in_side_is_measured_through_the_enemy_cells() -> None:
    state = position(BREAK_BY_CONQUER)
    board = state.board
    mine, theirs = state.owned[0], state.owned[1]
    # Column 5 is now player 2's from top to bottom: player 1 is walled in.
    walled = theirs | board.mask_of((r, 5) for r in range(board.rows) if r != 3)
    assert distance(board, 0, mine, walled) == INF
    # At cost 1 enemy cells count as empty: straight along row 3.
    assert breach_distance(board, 0, mine, walled, 1) == 4
    # At cost 3: (2,4) empty, (2,5) enemy, (2,6) owned, then (2,7) (2,8) (2,9) empty.
    assert breach_distance(board, 0, mine, walled, 3) == 1 + 3 + 3
    # Where the side is not walled in, crossing at cost 1 can only be cheaper.
    assert breach_distance(board, 0, mine, theirs, 1) <= distance(board, 0, mine, theirs)


def _playout(board: str, seed: int, plies: int) -> list[ConquidState]:
    rng = random.Random(seed)
    state = GAME.new_state({"board": board})
    states = [state]
    for _ in range(plies):
        move = GAME.random_move(state, rng)
        if move is None or isinstance(move, Conquest):
            break
        state = GAME.apply_unchecked(state, move).state
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(6))
def test_positions_follow_the_rules_and_distance_zero_means_conquest(seed: int) -> None:
    rng = random.Random(seed)
    for state in _playout("small" if seed % 2 else "medium", seed, 120):
        board = state.board
        for seat in (0, 1):
            zero = distance(board, seat, state.owned[seat], state.owned[1 - seat]) == 0
            assert zero == conquest_available(state, seat)
        move = GAME.random_move(state, rng)
        if move is None or isinstance(move, Conquest):
            continue
        after = GAME.apply_unchecked(state, move).state
        assert Pos.of(state).play(move) == Pos.of(after)
