"""Every rule and edge case of Conquid (docs/rules.md), one test each where possible."""

from __future__ import annotations

import pytest

from game.conquid.info import CONQUEST
from game.conquid.rules.game import (
    GAME,
    Acquire,
    Acquired,
    Conquer,
    Conquered,
    Conquest,
    ConquestDeclared,
    Vanquish,
    Vanquished,
    acquire_problem,
    acquire_size,
    conquer_waves,
    conquest_available,
    conquest_path,
    make_board,
    vanquish_corners,
    vanquish_problem,
)
from game.core.errors import GameOverError, IllegalMoveError, NotationError, OptionsError
from game.core.protocol import Outcome, OutcomeReason
from tests.conquid.rules.positions import SMALL, position

# -- boards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "size", "bases"),
    [
        ("small", (7, 14), ({(3, 4)}, {(3, 9)})),
        (
            "medium",
            (14, 28),
            (
                {(r, c) for r in (6, 7) for c in (4, 5)},
                {(r, c) for r in (6, 7) for c in (22, 23)},
            ),
        ),
        (
            "large",
            (21, 42),
            (
                {(r, c) for r in (9, 10, 11) for c in (4, 5, 6)} - {(10, 5)},
                {(r, c) for r in (9, 10, 11) for c in (35, 36, 37)} - {(10, 36)},
            ),
        ),
    ],
)
def test_presets_match_the_table(
    preset: str, size: tuple[int, int], bases: tuple[set[tuple[int, int]], ...]
) -> None:
    state = GAME.new_state({"board": preset})
    assert (state.board.rows, state.board.cols) == size
    assert state.board.bases == tuple(frozenset(b) for b in bases)
    assert state.count(0) == state.count(1) == (1 if preset == "large" else 0)


def test_a_3x3_base_centre_is_an_ordinary_cell_of_its_owner() -> None:
    state = GAME.new_state({"board": "large"})
    assert state.owner((10, 5)) == 0 and not state.is_base((10, 5))
    assert state.owner((10, 36)) == 1 and not state.is_base((10, 36))


def test_medium_is_the_default() -> None:
    assert GAME.new_state({}).board == make_board(14, 28, 2)


def test_custom_sizes_follow_the_pattern() -> None:
    board = make_board(10, 30, 2)
    assert board.bases[0] == {(4, 4), (4, 5), (5, 4), (5, 5)}
    assert board.bases[1] == {(4, 24), (4, 25), (5, 24), (5, 25)}


@pytest.mark.parametrize(
    ("rows", "cols", "base", "reason"),
    [
        (14, 15, 2, "at least 16 columns"),
        (3, 28, 1, "4 to 60 rows"),
        (4, 28, 3, "at least 5 rows"),
        (14, 28, 6, "1 to 5"),
        (14, 200, 2, "at most 100"),
    ],
)
def test_custom_sizes_that_cannot_fit_are_refused(
    rows: int, cols: int, base: int, reason: str
) -> None:
    with pytest.raises(OptionsError, match=reason):
        GAME.new_state({"board": "custom", "rows": rows, "cols": cols, "base": base})


# -- acquire ---------------------------------------------------------------------------------


def test_acquire_claims_three_empty_cells() -> None:
    state = GAME.new_state({"board": "small"})
    result = GAME.apply(state, Acquire(((0, 0), (5, 5), (6, 13))))
    assert result.state.count(0) == 3 and result.state.owner((5, 5)) == 0
    assert result.state.to_move == 1 and result.state.ply == 1
    assert result.events == (Acquired(seat=0, cells=((0, 0), (5, 5), (6, 13))),)


@pytest.mark.parametrize(
    ("cells", "reason"),
    [
        (((0, 0), (0, 0), (0, 1)), "different"),
        (((0, 0), (0, 1)), "exactly three"),
        (((0, 0), (0, 1), (3, 4)), "base"),
        (((0, 0), (0, 1), (3, 9)), "base"),
        (((0, 0), (0, 1), (7, 1)), "off the board"),
        (((0, 0), (0, 1), (2, 2)), "not empty"),
        (((0, 0), (0, 1), (2, 3)), "not empty"),
    ],
)
def test_acquire_refusals(cells: tuple[tuple[int, int], ...], reason: str) -> None:
    state = position(
        """
        ..............
        ..............
        ..xo..........
        ....X....O....
        ..............
        ..............
        ..............
        """
    )
    assert reason in (acquire_problem(state, cells) or "")
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.apply(state, Acquire(cells))


def test_fewer_than_three_left_must_all_be_claimed() -> None:
    picture = "\n".join(["xxxxxxxxxxxxxx"] * 3 + ["xxxxXxxxxOxxxx"] + ["xxxxxxxxxxxxxx"] * 3)
    two_left = position(picture.replace("x", ".", 2))
    assert acquire_size(two_left) == 2
    assert acquire_problem(two_left, [(0, 0)]) == "only 2 empty cell(s) remain: acquire all of them"
    assert GAME.apply(two_left, Acquire(((0, 0), (0, 1)))).state.empty_cells() == []
    one_left = position(picture.replace("x", ".", 1))
    assert acquire_size(one_left) == 1
    assert GAME.apply(one_left, Acquire(((0, 0),))).state.count(0) == 96


def test_no_acquire_when_the_board_is_full() -> None:
    full = position("\n".join(["oooooooooooooo"] * 3 + ["ooooXooooOoooo"] + ["ooooooooooooo."] * 3))
    full = GAME.apply(full, Acquire(((4, 13), (5, 13), (6, 13)))).state
    assert acquire_size(full) == 0
    assert "no empty cells" in (acquire_problem(full, [(0, 0)]) or "")
    assert not any(isinstance(move, Acquire) for move in GAME.legal_moves(full))


# -- conquer ---------------------------------------------------------------------------------


def test_conquer_takes_cells_flanked_by_two_and_cascades_in_waves() -> None:
    state = position(
        """
        .xx...........
        xoo...........
        xoo...........
        ....X....O....
        ..............
        ..............
        ..............
        """
    )
    result = GAME.apply(state, Conquer())
    waves = [(event.wave, set(event.cells)) for event in result.events]
    assert waves == [(0, {(1, 1)}), (1, {(1, 2), (2, 1)}), (2, {(2, 2)})]
    assert all(isinstance(event, Conquered) for event in result.events)
    assert result.state.count(1) == 0 and result.state.count(0) == 8


def test_diagonal_neighbours_never_count() -> None:
    state = position(
        """
        x.x...........
        .o............
        x.x...........
        ....X....O....
        ..............
        ..............
        ..............
        """
    )
    assert conquer_waves(state) == ()


def test_base_cells_never_help_to_conquer() -> None:
    state = position(
        """
        ..............
        ..............
        ...x..........
        ...oX....O....
        ..............
        ..............
        ..............
        """
    )
    # (3,3) touches player 1's base and one cell of player 1: not enough.
    assert conquer_waves(state) == ()
    state = position(
        """
        ..............
        ..............
        ...x..........
        ..xoX....O....
        ..............
        ..............
        ..............
        """
    )
    assert conquer_waves(state) == (((3, 3),),)


def test_bases_never_change_and_a_conquer_that_takes_nothing_is_a_pass() -> None:
    state = position(
        """
        ..............
        ..............
        ....x....x....
        ...xX...xOx...
        ....x....x....
        ..............
        ..............
        """
    )
    result = GAME.apply(state, Conquer())
    assert result.events == () and result.state.owned == state.owned
    assert result.state.to_move == 1 and result.state.owner((3, 9)) == 1


def test_centre_of_a_3x3_base_never_changes() -> None:
    state = GAME.new_state({"board": "large"})
    state = GAME.apply(state, Acquire(((0, 0), (0, 1), (0, 2)))).state
    state = GAME.apply(state, Conquer()).state
    assert state.owner((10, 5)) == 0 and state.owner((10, 36)) == 1


# -- vanquish --------------------------------------------------------------------------------

VANQUISH = """
    ..x...........
    .x....x.......
    ......x.......
    ....X.x..O....
    .x....x.......
    ..............
    ..............
"""


def test_vanquish_empties_a_uniform_block_with_four_surrounders() -> None:
    state = position(VANQUISH)
    # Block rows 1-4, cols 2-5 holds the base (3,4); rows 0-3, cols 0-3 is mixed.
    assert vanquish_problem(state, (1, 2)) == "a vanquish block cannot hold a base cell"
    assert vanquish_problem(state, (0, 0)) == "all 16 cells of the block must be in the same state"
    own = position(
        """
        xxxxx.........
        xxxxx.........
        xxxx..........
        xxxxX....O....
        xx............
        ..............
        ..............
        """
    )
    own_result = GAME.apply(own, Vanquish((0, 0)))
    assert own_result.state.count(0) == 4
    event = own_result.events[0]
    assert isinstance(event, Vanquished) and len(event.cells) == 16


def test_vanquish_of_enemy_cells_needs_four_of_the_movers_cells_around() -> None:
    three = position(
        """
        x.............
        oooox.........
        oooox.........
        ooooX....O....
        oooo..........
        ..............
        ..............
        """
    )
    # Left of the block is off the board, and the base cell (3,4) does not count.
    assert vanquish_problem(three, (1, 0)) == "at least 4 of your cells must border the block"
    four = position(
        """
        x.............
        oooox.........
        oooox.........
        ooooX....O....
        oooo..........
        x.............
        ..............
        """
    )
    assert vanquish_problem(four, (1, 0)) is None
    assert GAME.apply(four, Vanquish((1, 0))).state.count(1) == 0


def test_block_hanging_off_the_board_is_refused() -> None:
    state = position(SMALL)
    assert vanquish_problem(state, (4, 0)) == "the 4x4 block must lie wholly on the board"
    assert vanquish_problem(state, (0, 11)) == "the 4x4 block must lie wholly on the board"


def test_block_in_a_corner_still_needs_four_surrounders_and_diagonals_never_count() -> None:
    three = position(
        """
        ....x.........
        ....x.........
        ..............
        ....X....O....
        x...x.........
        ..............
        ..............
        """
    )
    # On-board edge neighbours of the corner block: (0..3,4) and (4,0..3); (4,4) is diagonal.
    assert vanquish_problem(three, (0, 0)) == "at least 4 of your cells must border the block"
    four = position(
        """
        ....x.........
        ....x.........
        ..............
        ....X....O....
        x..xx.........
        ..............
        ..............
        """
    )
    assert vanquish_problem(four, (0, 0)) is None


def test_base_cells_never_surround_a_block() -> None:
    state = position(
        """
        ....x.........
        ....x.........
        ....x.........
        ....X....O....
        ..............
        ..............
        ..............
        """,
    )
    # Block rows 0-3, cols 0-3 touches the base (3,4) on its right; it does not count.
    assert vanquish_problem(state, (0, 0)) == "at least 4 of your cells must border the block"


def test_vanquish_corners_lists_every_legal_block() -> None:
    state = position(
        """
        ....x.........
        ....x.........
        ..............
        ....X....O....
        x..xx.........
        ..............
        ..............
        """
    )
    corners = vanquish_corners(state)
    assert (0, 0) in corners
    assert all(vanquish_problem(state, corner) is None for corner in corners)


# -- conquest --------------------------------------------------------------------------------


def test_conquest_needs_an_edge_chain_from_base_to_base() -> None:
    state = position(
        """
        ..............
        ..............
        ..............
        ....XxxxxO....
        ..............
        ..............
        ..............
        """
    )
    assert conquest_path(state) == ((3, 5), (3, 6), (3, 7), (3, 8))
    result = GAME.apply(state, Conquest())
    assert result.outcome == Outcome(0, CONQUEST)
    assert result.state.winner_path == ((3, 5), (3, 6), (3, 7), (3, 8))
    assert result.events == (ConquestDeclared(seat=0, path=result.state.winner_path),)
    with pytest.raises(GameOverError):
        GAME.apply(result.state, Conquer())


def test_a_path_touching_a_base_only_diagonally_is_refused() -> None:
    state = position(
        """
        ..............
        ..............
        .....xxxx.....
        ....X....O....
        ..............
        ..............
        ..............
        """
    )
    assert not conquest_available(state)
    with pytest.raises(IllegalMoveError, match="no chain"):
        GAME.apply(state, Conquest())


def test_conquest_through_ones_own_base() -> None:
    # The chain leaves player 1's base on its far side and runs round below it.
    state = position(
        """
        ..............
        ..............
        ..............
        ...xX....O....
        ...x.....x....
        ...xxxxxxx....
        ..............
        """
    )
    assert conquest_available(state)
    path = conquest_path(state)
    assert path is not None and path[0] == (3, 3) and path[-1] == (4, 9) and len(path) == 10


def test_only_the_movers_chain_counts() -> None:
    state = position(
        """
        ..............
        ..............
        ..............
        ....XooooO....
        ..............
        ..............
        ..............
        """
    )
    assert not conquest_available(state)
    assert conquest_available(state, seat=1)


def test_shortest_path_is_chosen() -> None:
    state = position(
        """
        ..............
        .....xxxx.....
        .....x..x.....
        ....Xx..xO....
        .....xxxx.....
        ..............
        ..............
        """
    )
    assert conquest_path(state) == ((3, 5), (4, 5), (4, 6), (4, 7), (4, 8), (3, 8))


# -- endings, notation ------------------------------------------------------------------------


def test_turn_limit_draws_the_game() -> None:
    state = GAME.new_state({"board": "small", "turn_limit": 2})
    state = GAME.apply(state, Conquer()).state
    result = GAME.apply(state, Conquer())
    assert result.outcome == Outcome(None, OutcomeReason.TURN_LIMIT)
    with pytest.raises(GameOverError, match="turn limit"):
        GAME.apply(result.state, Conquer())


@pytest.mark.parametrize(
    "text", ["", "B", "A", "A 1,2 3,4 5,6 7,8", "V", "V 1", "C C", "A 1;2", "Q 1,1", "V -1,2"]
)
def test_bad_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(text)


def test_notation_is_forgiving_about_case_and_spaces() -> None:
    assert GAME.parse_move(" a 2,3  1 , 1 ") == Acquire(((1, 1), (2, 3)))
    assert GAME.parse_move("v 6,10") == Vanquish((6, 10))
    assert str(Acquire(((4, 9), (3, 4), (3, 5)))) == "A 3,4 3,5 4,9"
