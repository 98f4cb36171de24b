"""The pure helpers a client needs: cell views, placement hints, the score and seeds."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.forts.rules.game import (
    GAME,
    CellKind,
    CellView,
    Place,
    Roll,
    Score,
    cell_views,
    placeable_cells,
    position,
    score,
)
from game.forts.rules.seeds import MAX_SEED_LENGTH, daily_seed, normalise_seed


def test_cell_views_describe_every_cell() -> None:
    views = cell_views(position(["F1R", "c..", "..."]))
    assert views[0] == (
        CellView(CellKind.FORT),
        CellView(CellKind.TERRITORY, 1),
        CellView(CellKind.RUIN),
    )
    assert views[1] == (
        CellView(CellKind.DEAD_TERRITORY, 3),
        CellView(CellKind.EMPTY, placeable=True),
        CellView(CellKind.EMPTY, placeable=True),
    )
    assert views[2][0] == CellView(CellKind.EMPTY, placeable=False)
    assert [view.living for view in views[0]] == [True, True, False]


def test_nothing_is_placeable_while_the_die_is_due() -> None:
    due = GAME.apply(GAME.new_state({}), Place(1, 3, 3)).state
    assert placeable_cells(due) == ()
    assert not any(view.placeable for row in cell_views(due) for view in row)


def test_score_counts_turns_survived_forts_built_and_the_peak() -> None:
    state = GAME.new_state({})
    assert score(state) == Score(turns_survived=0, forts_built=0, peak_forts=1)
    state = GAME.apply(state, Place(2, 3, 3)).state
    assert score(state).turns_survived == 0
    state = GAME.apply(state, Roll(5)).state
    assert score(state).turns_survived == 1
    state = GAME.apply(GAME.apply(state, Place(3, 5, 5)).state, Roll(2)).state
    state = GAME.apply(GAME.apply(state, Place(4, 5, 4)).state, Roll(3)).state
    assert state.turns == 3
    state = GAME.apply(GAME.apply(state, Place(4, 5, 3)).state, Roll(4)).state
    assert GAME.outcome(state) is not None
    assert score(state) == Score(turns_survived=3, forts_built=0, peak_forts=1)


def test_scores_order_by_turns_first() -> None:
    assert Score(10, 0, 1) > Score(9, 5, 6) > Score(9, 4, 9)


def test_daily_seed_is_the_date_in_normal_form() -> None:
    seed = daily_seed(datetime.date(2026, 11, 21))
    assert seed == "daily-2026-11-21"
    assert normalise_seed(seed) == seed
    assert daily_seed(datetime.date(2026, 11, 22)) != seed


@pytest.mark.parametrize(
    ("typed", "seed"),
    [("  Castle Rock ", "castle-rock"), ("a\tb  c", "a-b-c"), ("Run_7.b", "run_7.b")],
)
def test_typed_seeds_are_normalised(typed: str, seed: str) -> None:
    assert normalise_seed(typed) == seed


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("   ", "at least one"),
        ("x" * (MAX_SEED_LENGTH + 1), "at most"),
        ("fort/ruin", "'/'"),
        ("café", "'é'"),
    ],
)
def test_bad_seeds_say_why(typed: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        normalise_seed(typed)


@given(st.text(max_size=40))
def test_normal_seeds_stay_normal(typed: str) -> None:
    try:
        seed = normalise_seed(typed)
    except ValueError:
        return
    assert normalise_seed(seed) == seed
    assert 0 < len(seed) <= MAX_SEED_LENGTH and seed.isascii() and " " not in seed
