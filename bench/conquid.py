"""Conquid rules engine benchmarks on the large 21x42 board (medians, JSON lines).

Targets: a 600+ cell conquer cascade <= 0.1 ms; a conquest check along a winding
~300-cell path, across a board full of the mover's cells, or failing after exploring half the
board <= 0.1 ms each; listing every legal vanquish corner <= 0.5 ms; loading and re-validating
a 200-move record <= 10 ms.
"""

from __future__ import annotations

import random

from bench.timing import median_ms, report
from game.catalog import all_games
from game.conquid.rules.board import Board, Cell
from game.conquid.rules.game import (
    GAME,
    Conquer,
    ConquidState,
    conquer_masks,
    conquest_available,
    conquest_path,
    vanquish_corners,
)
from game.core.match import Match
from game.core.record import Record


def large() -> ConquidState:
    return GAME.new_state({"board": "large"})


def with_cells(state: ConquidState, mine: list[Cell], theirs: list[Cell]) -> ConquidState:
    board = state.board
    free = board.valid & ~board.all_bases
    return ConquidState(
        board,
        (
            board.interiors[0] | board.mask_of(mine) & free,
            board.interiors[1] | board.mask_of(theirs) & free,
        ),
    )


def cascade_position() -> ConquidState:
    """Player 1 holds the top row, the bottom row and the left column; player 2 the rest.

    The takeover sweeps in from both corners; rows level with the bases hold out, since base
    cells never help to conquer.
    """
    state = large()
    board = state.board
    bottom = board.rows - 1
    mine = [(r, c) for r in (0, bottom) for c in range(board.cols)]
    mine += [(r, 0) for r in range(board.rows)]
    theirs = [(r, c) for r in range(1, bottom) for c in range(1, board.cols)]
    return with_cells(state, mine, theirs)


def snake_cells(board: Board) -> list[Cell]:
    """A winding chain from player 1's base to player 2's: rows swept back and forth."""
    cells: list[Cell] = [(r, 7) for r in range(1, 11)] + [(1, 8)]
    runs = list(range(1, 18, 2))
    for index, row in enumerate(runs):
        cols = range(9, 34) if index % 2 == 0 else range(33, 8, -1)
        cells += [(row, c) for c in cols]
        if row != runs[-1]:
            cells.append((row + 1, cols[-1]))
    cells += [(17, 34), (17, 35)] + [(r, 35) for r in range(12, 17)]
    return cells


def snake_position() -> ConquidState:
    state = large()
    return with_cells(state, snake_cells(state.board), [])


def winding_cells(board: Board) -> list[Cell]:
    """Up from one's own base, then rows swept back and forth above the bases, then down
    to the enemy base: a chain that turns at every row, on a board of any size."""
    (r0, c0), (r1, c1) = min(board.bases[0]), min(board.bases[1])
    west, east = c0 + 3, c1 - 3
    cells: list[Cell] = [(r, c0) for r in range(1, r0)] + [(1, c) for c in range(c0 + 1, west)]
    rows = list(range(1, r0 - 2, 2))
    rows = rows if len(rows) % 2 else rows[:-1]
    for index, row in enumerate(rows):
        cols = range(west, east + 1) if index % 2 == 0 else range(east, west - 1, -1)
        cells += [(row, c) for c in cols]
        if row != rows[-1]:
            cells.append((row + 1, cols[-1]))
    cells += [(rows[-1], c) for c in range(east + 1, c1 + 1)]
    return cells + [(r, c1) for r in range(rows[-1] + 1, r1)]


def winding_position(rows: int = 59, cols: int = 100) -> ConquidState:
    state = GAME.new_state({"board": "custom", "rows": rows, "cols": cols, "base": 2})
    return with_cells(state, winding_cells(state.board), [])


def full_position() -> ConquidState:
    state = large()
    board = state.board
    every = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    return with_cells(state, every, [])


def half_position() -> ConquidState:
    """Player 1 fills the left half and is walled off from the right: the check must fail."""
    state = large()
    board = state.board
    half = [(r, c) for r in range(board.rows) for c in range(board.cols // 2)]
    return with_cells(state, half, [])


def lattice_position() -> ConquidState:
    """Player 1 holds every fifth row: the empty bands between offer many legal blocks."""
    state = large()
    board = state.board
    lines = [(r, c) for r in range(4, board.rows, 5) for c in range(board.cols)]
    return with_cells(state, lines, [])


def midgame_match(moves: int, seed: int) -> Match:
    """A reproducible game of random legal moves on the large board."""
    rng = random.Random(seed)
    match = Match(GAME, {"board": "large"})
    while match.ply < moves:
        move = GAME.random_move(match.state, rng)
        if move is None or isinstance(move, type(GAME.parse_move("Q"))):
            move = Conquer()
        match.play(move)
    return match


def main() -> None:
    cascade = cascade_position()
    taken = sum(wave.bit_count() for wave in conquer_masks(cascade))
    report(
        "conquid.conquer_cascade",
        median_ms(lambda: GAME.apply_unchecked(cascade, Conquer()), runs=300),
        0.1,
        cells=taken,
        waves=len(conquer_masks(cascade)),
    )
    snake = snake_position()
    path = conquest_path(snake)
    assert path is not None and conquest_available(snake)
    report(
        "conquid.conquest_check_winding",
        median_ms(lambda: conquest_available(snake), runs=300),
        0.1,
        path_cells=len(path),
    )
    report(
        "conquid.conquest_path_winding",
        median_ms(lambda: conquest_path(snake), runs=300),
        0.1,
        path_cells=len(path),
    )
    winding = winding_position()
    long_path = conquest_path(winding)
    assert long_path is not None
    report(
        "conquid.conquest_path_winding_59x100",
        median_ms(lambda: conquest_path(winding), runs=100),
        1.0,
        path_cells=len(long_path),
    )
    full = full_position()
    report("conquid.conquest_check_full", median_ms(lambda: conquest_available(full)), 0.1)
    half = half_position()
    assert not conquest_available(half)
    report("conquid.conquest_check_failing", median_ms(lambda: conquest_available(half)), 0.1)
    lattice = lattice_position()
    corners = len(vanquish_corners(lattice))
    report(
        "conquid.vanquish_corners",
        median_ms(lambda: vanquish_corners(lattice), runs=300),
        0.5,
        corners=corners,
    )
    record_text = Record.of(midgame_match(200, seed=11)).dumps()
    games = all_games()
    report(
        "conquid.load_200_move_record",
        median_ms(lambda: Record.loads(record_text).replay(games), runs=50),
        10.0,
        moves=200,
    )


if __name__ == "__main__":
    main()
