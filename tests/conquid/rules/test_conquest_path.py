"""The conquest path: one search that runs down straight corridors, same path as before.

``reference_path`` is the plain layered search the engine used to run (one whole-board
step per path cell); the engine's faster search must give exactly the same path.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.conquid import snake_position, winding_position, with_cells
from game.conquid.rules.board import Cell
from game.conquid.rules.game import GAME, ConquidState, conquest_path


def reference_path(state: ConquidState, seat: int) -> tuple[Cell, ...] | None:
    board = state.board
    mine = state.owned[seat] & ~board.interiors[seat]
    target = board.base_borders[1 - seat]
    layer = board.base_borders[seat] & mine
    layers: list[int] = []
    seen = 0
    while layer:
        layers.append(layer)
        seen |= layer
        if layer & target:
            break
        layer = board.grow(layer) & mine & ~seen
    else:
        return None
    cell = board.first_cell(layers[-1] & target)
    path = [cell]
    for previous in reversed(layers[:-1]):
        cell = board.first_cell(board.grow(board.bit(cell)) & previous)
        path.append(cell)
    path.reverse()
    return tuple(path)


def worms(seed: int, size: str) -> ConquidState:
    """Random self-avoiding-ish walks: long straight corridors with turns and branches."""
    rng = random.Random(seed)
    state = GAME.new_state({"board": size})
    board = state.board
    cells: set[Cell] = set()
    for _ in range(rng.randint(1, 6)):
        row, col = rng.randrange(board.rows), rng.randrange(board.cols)
        for _ in range(rng.randint(5, 40)):
            d_row, d_col = rng.choice([(0, 1), (0, -1), (1, 0), (-1, 0)])
            for _ in range(rng.randint(1, 12)):
                if board.on_board((row + d_row, col + d_col)):
                    row, col = row + d_row, col + d_col
                    cells.add((row, col))
    for seat in (0, 1):  # a cell beside each base, so that some walks join them
        for base_cell in sorted(board.bases[seat])[:1]:
            cells.add((base_cell[0], base_cell[1] + (-1 if seat == 0 else 1)))
    mine = sorted(cells)
    return with_cells(state, mine, [])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["small", "medium", "large"]))
def test_the_fast_search_finds_the_reference_path(seed: int, size: str) -> None:
    state = worms(seed, size)
    for seat in (0, 1):
        assert conquest_path(state, seat) == reference_path(state, seat)


def test_winding_chains_give_the_reference_path() -> None:
    for state in (snake_position(), winding_position()):
        path = conquest_path(state)
        assert path is not None and len(path) >= 250
        assert path == reference_path(state, 0)
