"""A deliberately plain Conquid reference: dicts, loops and queues, read straight off docs/rules.md.

It is far too slow for play; the tests use it to cross-check the bit-parallel engine.
"""

from __future__ import annotations

from collections import deque

from game.conquid.rules.game import Cell, ConquidState

EDGES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def grid(state: ConquidState) -> dict[Cell, str]:
    """'b0'/'b1' base cells, '0'/'1' ordinary cells, '' empty (a 3x3 centre is ordinary)."""
    board = state.board
    cells: dict[Cell, str] = {}
    for r in range(board.rows):
        for c in range(board.cols):
            base = board.base_owner((r, c))
            owner = state.owner((r, c))
            if base is not None:
                cells[(r, c)] = f"b{base}"
            else:
                cells[(r, c)] = "" if owner is None else str(owner)
    return cells


def neighbours(cells: dict[Cell, str], cell: Cell) -> list[Cell]:
    around = [(cell[0] + dr, cell[1] + dc) for dr, dc in EDGES]
    return [n for n in around if n in cells]


def conquer_rounds(state: ConquidState) -> list[set[Cell]]:
    cells = grid(state)
    me, them = str(state.to_move), str(1 - state.to_move)
    rounds = []
    while True:
        taken = {
            cell
            for cell, value in cells.items()
            if value == them and sum(cells[n] == me for n in neighbours(cells, cell)) >= 2
        }
        if not taken:
            return rounds
        rounds.append(taken)
        for cell in taken:
            cells[cell] = me


def vanquish_corners(state: ConquidState) -> set[Cell]:
    cells = grid(state)
    me = str(state.to_move)
    legal = set()
    for (r, c) in cells:
        block = {(r + i, c + j) for i in range(4) for j in range(4)}
        if not block <= cells.keys():
            continue
        values = {cells[cell] for cell in block}
        if len(values) != 1 or values.pop().startswith("b"):
            continue
        ring = {n for cell in block for n in neighbours(cells, cell)} - block
        if sum(cells[cell] == me for cell in ring) >= 4:
            legal.add((r, c))
    return legal


def conquest_length(state: ConquidState, seat: int) -> int | None:
    """Cells in a shortest chain of ``seat``'s cells from its base to the enemy base."""
    cells = grid(state)
    own, base, enemy = str(seat), f"b{seat}", f"b{1 - seat}"
    starts = [
        c
        for c, v in cells.items()
        if v == own and any(cells[n] == base for n in neighbours(cells, c))
    ]
    distance = {cell: 1 for cell in starts}
    queue = deque(starts)
    while queue:
        cell = queue.popleft()
        if any(cells[n] == enemy for n in neighbours(cells, cell)):
            return distance[cell]
        for n in neighbours(cells, cell):
            if cells[n] == own and n not in distance:
                distance[n] = distance[cell] + 1
                queue.append(n)
    return None
