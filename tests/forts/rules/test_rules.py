"""Every rule of Forts and Ruins (docs/rules.md), one test each where possible.

Positions are pictures: '.' empty, '1'-'6' living territory, 'F' fort, 'R' ruin,
'a'-'f' dead territory of value 1-6.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from game.core.errors import GameOverError, IllegalMoveError, OptionsError
from game.core.protocol import CHANCE, Outcome
from game.forts.info import NO_LIVING_FORTS, NO_PLACEMENT
from game.forts.rules.board import DEAD, FORT, RUIN, geometry, spawn_sites
from game.forts.rules.game import (
    GAME,
    DeathCause,
    DieRolled,
    FortsRuined,
    FortsSpawned,
    FortsState,
    Place,
    Placed,
    Problem,
    Roll,
    TerritoriesDied,
    encode,
    placeable_cells,
    placement_problem,
    position,
)


def rolling(picture: list[str], anywhere: bool = False) -> FortsState:
    """A position drawn in ``picture`` whose die is due."""
    return replace(position(picture, anywhere), rolling=True)


def grid(state: FortsState) -> list[str]:
    return encode(state).split(":")[-1].split("/")


# -- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "size", "fort"),
    [("9x18", (9, 18), (4, 4)), ("12x24", (12, 24), (6, 5)), ("15x30", (15, 30), (7, 6))],
)
def test_presets_start_with_one_fort(
    preset: str, size: tuple[int, int], fort: tuple[int, int]
) -> None:
    state = GAME.new_state({"board": preset})
    assert (state.rows, state.cols) == size
    assert [i for i, code in enumerate(state.cells) if code != 0] == [fort[0] * size[1] + fort[1]]
    assert state.code(*fort) == FORT
    assert GAME.to_move(state) == 0 and GAME.outcome(state) is None


def test_default_is_the_original_board_without_the_variant() -> None:
    state = GAME.new_state({})
    assert (state.rows, state.cols, state.anywhere) == (9, 18, False)


@pytest.mark.parametrize("options", [{"board": "3x3"}, {"anywhere": "yes"}, {"colour": 1}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        GAME.new_state(options)


def test_first_placement_goes_around_the_starting_fort() -> None:
    state = GAME.new_state({})
    around = {(r, c) for r in (3, 4, 5) for c in (3, 4, 5)} - {(4, 4)}
    assert set(placeable_cells(state)) == around
    assert len(list(GAME.legal_moves(state))) == 8 * 6


# -- placement -----------------------------------------------------------------------------


def test_placement_puts_a_living_territory_and_hands_over_to_the_die() -> None:
    result = GAME.apply(GAME.new_state({}), Place(4, 3, 5))
    assert result.state.code(3, 5) == 4
    assert GAME.to_move(result.state) == CHANCE
    assert result.events == (Placed(cell=(3, 5), value=4, wave=0),)
    assert [move for move, _ in GAME.chance_outcomes(result.state)] == [
        Roll(v) for v in range(1, 7)
    ]
    assert all(p == pytest.approx(1 / 6) for _, p in GAME.chance_outcomes(result.state))
    assert GAME.chance_outcomes(GAME.new_state({})) == ()


def test_network_grows_through_territories_diagonals_included() -> None:
    state = position(["F....", ".1...", "..2..", "....."])
    cells = set(placeable_cells(state))
    assert (3, 3) in cells and (1, 3) in cells  # touch the 2, which touches the 1 diagonally
    assert (0, 4) not in cells and (3, 4) not in cells


@pytest.mark.parametrize(
    ("move", "problem"),
    [
        (Place(0, 0, 1), Problem.BAD_VALUE),
        (Place(7, 0, 1), Problem.BAD_VALUE),
        (Place(1, -1, 0), Problem.OFF_BOARD),
        (Place(1, 0, 5), Problem.OFF_BOARD),
        (Place(1, 0, 0), Problem.OCCUPIED),
        (Place(1, 1, 1), Problem.OCCUPIED),
        (Place(1, 0, 2), Problem.DEAD_CELL),
        (Place(1, 1, 2), Problem.DEAD_CELL),
        (Place(1, 3, 4), Problem.NOT_CONNECTED),
    ],
)
def test_placement_problems(move: Place, problem: Problem) -> None:
    state = position(["F.R..", ".1c..", ".....", "....."])
    assert placement_problem(state, move.value, move.row, move.col) is problem
    with pytest.raises(IllegalMoveError, match=re.escape(str(problem))):
        GAME.apply(state, move)


def test_placement_next_to_a_group_without_a_fort_is_refused() -> None:
    state = position(["F....", ".....", "....3", "....."])
    assert placement_problem(state, 1, 3, 3) is Problem.NOT_CONNECTED
    assert placement_problem(state, 1, 1, 1) is None


def test_placement_away_from_the_network_is_refused_in_the_default_variant() -> None:
    state = GAME.new_state({})
    assert placement_problem(state, 3, 0, 0) is Problem.NOT_CONNECTED
    with pytest.raises(IllegalMoveError, match="living network"):
        GAME.apply(state, Place(3, 0, 0))


def test_anywhere_variant_accepts_any_empty_cell_but_strands_it() -> None:
    state = GAME.new_state({"anywhere": True})
    assert len(placeable_cells(state)) == 9 * 18 - 1
    result = GAME.apply(state, Place(3, 0, 0))
    assert result.state.code(0, 0) == DEAD + 3
    assert result.events == (
        Placed(cell=(0, 0), value=3, wave=0),
        TerritoriesDied(cells=((0, 0),), cause=DeathCause.STRANDED, wave=1),
    )
    assert placement_problem(result.state, 1, 1, 1) is Problem.ROLL_DUE
    rolled = GAME.apply(result.state, Roll(5))  # the lone fort has no territory: a ruin
    assert FortsRuined(cells=((4, 4),), wave=1) in rolled.events
    assert rolled.outcome == Outcome(None, NO_LIVING_FORTS)


def test_anywhere_variant_keeps_a_connected_placement() -> None:
    result = GAME.apply(GAME.new_state({"anywhere": True}), Place(3, 3, 3))
    assert result.state.code(3, 3) == 3
    assert result.events == (Placed(cell=(3, 3), value=3, wave=0),)


def test_phases_are_enforced() -> None:
    state = GAME.new_state({})
    with pytest.raises(IllegalMoveError, match="after a placement"):
        GAME.apply(state, Roll(3))
    due = GAME.apply(state, Place(2, 3, 3)).state
    assert placement_problem(due, 1, 3, 4) is Problem.ROLL_DUE
    with pytest.raises(IllegalMoveError, match="rolled first"):
        GAME.apply(due, Place(1, 3, 4))
    with pytest.raises(IllegalMoveError, match="1 to 6"):
        GAME.apply(due, Roll(7))


# -- step 1: spawning ----------------------------------------------------------------------


def test_corner_spawns_with_two_living_neighbours() -> None:
    state = position(["..3", "2F.", "..."])
    result = GAME.apply(state, Place(1, 0, 1))
    assert result.state.code(0, 0) == FORT
    assert result.events == (
        Placed(cell=(0, 1), value=1, wave=0),
        FortsSpawned(cells=((0, 0),), wave=1),
    )
    assert (result.state.forts_built, result.state.peak_forts) == (1, 2)


def test_edge_cell_spawns_with_three_living_neighbours() -> None:
    state = position(["1.3..", ".....", "..F.."])
    assert spawn_sites(list(state.cells), geometry(3, 5)) == []
    result = GAME.apply(state, Place(5, 1, 1))
    assert result.events[1] == FortsSpawned(cells=((0, 1),), wave=1)


def test_inner_cell_needs_all_four_sides() -> None:
    state = position(["a1...", "2.3..", ".....", "..F.."])
    assert spawn_sites(list(state.cells), geometry(4, 5)) == []
    result = GAME.apply(state, Place(4, 2, 1))
    assert result.events[1] == FortsSpawned(cells=((1, 1),), wave=1)


def test_dead_or_empty_sides_block_a_spawn() -> None:
    state = position([".1...", "a.3..", ".4...", "..F.."])
    assert spawn_sites(list(state.cells), geometry(4, 5)) == []
    ruin = position([".1...", "R.3..", ".4...", "..F.."])
    assert spawn_sites(list(ruin.cells), geometry(4, 5)) == []


def test_two_cell_holes_never_fill() -> None:
    state = position(["1234.", "5..6.", "1F23.", "....."])
    result = GAME.apply(state, Place(4, 0, 4))
    assert result.state.code(1, 1) == 0 and result.state.code(1, 2) == 0
    assert not any(isinstance(event, FortsSpawned) for event in result.events)
    survived = GAME.apply(result.state, Roll(5)).state
    assert survived.code(1, 1) == 0 and survived.code(1, 2) == 0


def test_one_placement_can_complete_several_spawn_sites_at_once() -> None:
    state = position(["3...5", "21216", "..F.."])
    assert spawn_sites(list(state.cells), geometry(3, 5)) == []
    result = GAME.apply(state, Place(4, 0, 2))
    assert result.events == (
        Placed(cell=(0, 2), value=4, wave=0),
        FortsSpawned(cells=((0, 1), (0, 3)), wave=1),
    )
    assert result.state.forts_built == 2 and result.state.peak_forts == 3


# -- steps 2 to 4: the roll ----------------------------------------------------------------


def test_roll_kills_every_territory_of_its_value() -> None:
    state = rolling(["F1.", "21.", "..."])
    result = GAME.apply(state, Roll(1))
    assert grid(result.state) == ["Fa.", "2a.", "..."]
    assert result.events == (
        DieRolled(value=1, wave=0),
        TerritoriesDied(cells=((0, 1), (1, 1)), cause=DeathCause.ROLL, wave=1),
    )
    assert GAME.to_move(result.state) == 0
    assert result.state.turns == 1 and result.state.last_roll == 1


def test_diagonal_connections_keep_a_group_alive() -> None:
    state = rolling(["F....", ".1...", "..2..", "...3."])
    result = GAME.apply(state, Roll(6))
    assert grid(result.state) == grid(state)
    assert result.events == (DieRolled(value=6, wave=0),)


def test_steps_run_in_order_roll_then_ruins_then_starved_territories() -> None:
    state = rolling(["F1234", ".....", "....."])
    result = GAME.apply(state, Roll(1))
    assert grid(result.state) == ["Rabcd", ".....", "....."]
    assert result.events == (
        DieRolled(value=1, wave=0),
        TerritoriesDied(cells=((0, 1),), cause=DeathCause.ROLL, wave=1),
        FortsRuined(cells=((0, 0),), wave=2),
        TerritoriesDied(cells=((0, 2), (0, 3), (0, 4)), cause=DeathCause.NO_FORT, wave=3),
    )
    assert result.outcome == Outcome(None, NO_LIVING_FORTS)


def test_a_fort_with_a_living_territory_anywhere_in_its_group_survives() -> None:
    state = rolling(["F1..", "F.2.", ".3.."])
    result = GAME.apply(state, Roll(1))
    assert grid(result.state) == ["Fa..", "F.2.", ".3.."]


def test_a_fort_spawned_this_turn_can_die_this_turn() -> None:
    state = position(["..1", "1F.", "..."])
    placed = GAME.apply(state, Place(1, 0, 1))
    assert placed.state.code(0, 0) == FORT
    result = GAME.apply(placed.state, Roll(1))
    assert grid(result.state) == ["Raa", "aR.", "..."]
    assert FortsRuined(cells=((0, 0), (1, 1)), wave=2) in result.events
    assert result.outcome == Outcome(None, NO_LIVING_FORTS)
    assert result.state.forts_built == 1 and result.state.peak_forts == 2


def test_dead_cells_block_forever() -> None:
    state = rolling(["F1.", "2..", "..."])
    after = GAME.apply(state, Roll(1)).state
    assert after.code(0, 1) == DEAD + 1
    assert placement_problem(after, 1, 0, 1) is Problem.DEAD_CELL
    survivor = after
    for value, cell in ((3, (1, 1)), (4, (2, 0)), (5, (2, 1))):
        survivor = GAME.apply(survivor, Place(value, *cell)).state
        survivor = GAME.apply(survivor, Roll(6)).state
        assert survivor.code(0, 1) == DEAD + 1
        assert placement_problem(survivor, 1, 0, 1) is Problem.DEAD_CELL


def test_ruins_never_count_as_living() -> None:
    state = rolling(["R1.", "...", "..."])
    result = GAME.apply(state, Roll(6))
    assert grid(result.state) == ["Ra.", "...", "..."]
    assert result.state.code(0, 0) == RUIN


# -- the end -------------------------------------------------------------------------------


def test_game_ends_without_living_forts() -> None:
    result = GAME.apply(GAME.apply(GAME.new_state({}), Place(5, 3, 3)).state, Roll(5))
    assert result.outcome == Outcome(None, NO_LIVING_FORTS)
    assert GAME.outcome(result.state) == result.outcome
    assert list(GAME.legal_moves(result.state)) == []
    with pytest.raises(GameOverError):
        GAME.apply(result.state, Place(1, 3, 4))
    assert placement_problem(result.state, 1, 3, 4) is Problem.GAME_OVER


def test_game_ends_when_no_placement_is_left() -> None:
    state = rolling(["F1a", "bcd", "..."])
    result = GAME.apply(state, Roll(6))
    assert result.outcome == Outcome(None, NO_PLACEMENT)
    assert GAME.random_move(result.state, random.Random(0)) is None


def test_anywhere_variant_ends_only_when_the_board_is_full() -> None:
    state = rolling(["F1a", "bcd", "..."], anywhere=True)
    result = GAME.apply(state, Roll(6))
    assert result.outcome is None
    assert set(placeable_cells(result.state)) == {(2, 0), (2, 1), (2, 2)}
