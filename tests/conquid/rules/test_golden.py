"""Golden tables: legal vanquish corners, conquer results and conquest lengths on fixed
positions. The numbers were computed by the plain reference and are checked against both it
and the engine, so a change to either that alters a rule shows up here."""

from __future__ import annotations

import pytest

from game.conquid.rules.game import conquer_waves, conquest_path, vanquish_corners
from tests.conquid.rules import reference
from tests.conquid.rules.golden import golden_position

# preset, seed, density, patch -> corners, cells conquered, waves, conquest cells p1, p2
TABLE = [
    ("small", 1, 0.3, 1, 0, 14, 5, None, None),
    ("small", 2, 0.35, 2, 0, 7, 4, None, 6),
    ("small", 3, 0.25, 4, 0, 0, 0, 6, None),
    ("small", 4, 0.4, 3, 0, 8, 4, 6, None),
    ("small", 5, 0.2, 2, 0, 0, 0, None, None),
    ("medium", 1, 0.3, 1, 0, 42, 4, None, None),
    ("medium", 2, 0.35, 2, 1, 24, 5, None, None),
    ("medium", 3, 0.25, 4, 17, 16, 7, None, None),
    ("medium", 4, 0.4, 3, 27, 32, 5, None, None),
    ("medium", 5, 0.2, 2, 3, 4, 3, None, None),
    ("large", 1, 0.3, 1, 0, 117, 5, None, None),
    ("large", 2, 0.35, 2, 2, 181, 12, None, None),
    ("large", 3, 0.25, 4, 59, 0, 0, None, None),
    ("large", 4, 0.4, 3, 21, 144, 8, None, None),
    ("large", 5, 0.2, 2, 16, 4, 3, None, None),
]


@pytest.mark.parametrize(
    ("preset", "seed", "density", "patch", "corners", "cells", "waves", "path1", "path2"), TABLE
)
def test_golden_counts(
    preset: str,
    seed: int,
    density: float,
    patch: int,
    corners: int,
    cells: int,
    waves: int,
    path1: int | None,
    path2: int | None,
) -> None:
    state = golden_position(preset, seed, density, patch)
    rounds = conquer_waves(state)
    assert (len(vanquish_corners(state)), sum(map(len, rounds)), len(rounds)) == (
        corners,
        cells,
        waves,
    )
    lengths = [len(p) if (p := conquest_path(state, seat)) else None for seat in (0, 1)]
    assert lengths == [path1, path2]
    reference_rounds = reference.conquer_rounds(state)
    assert len(reference.vanquish_corners(state)) == corners
    assert (sum(map(len, reference_rounds)), len(reference_rounds)) == (cells, waves)
    assert [reference.conquest_length(state, seat) for seat in (0, 1)] == [path1, path2]
