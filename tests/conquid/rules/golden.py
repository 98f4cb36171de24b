"""Fixed test positions for the golden tables, made from seeds by a frozen recipe."""

from __future__ import annotations

import random

from game.conquid.rules.board import PRESETS, make_board
from game.conquid.rules.game import ConquidState


def golden_position(preset: str, seed: int, density: float, patch: int) -> ConquidState:
    """Patches of ``patch`` x ``patch`` cells, each owned by a player with ``density``."""
    board = make_board(*PRESETS[preset])
    rng = random.Random(seed)
    owned = list(board.interiors)
    free = board.valid & ~board.all_bases
    for r in range(0, board.rows, patch):
        for c in range(0, board.cols, patch):
            roll = rng.random()
            if roll < 2 * density:
                seat = 0 if roll < density else 1
                cells = [(r + i, c + j) for i in range(patch) for j in range(patch)]
                mask = board.mask_of(cell for cell in cells if board.on_board(cell))
                owned[seat] |= mask & free & ~owned[1 - seat]
    return ConquidState(board, (owned[0], owned[1]), to_move=seed % 2)
