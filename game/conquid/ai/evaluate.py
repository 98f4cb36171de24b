"""Static evaluation: a race of chain distances, with one quiet conquer for the side to move.

Both sides race to own a chain between the bases; whoever needs fewer acquire turns (the
side to move wins ties) is ahead. Distances come from ``paths.distance``; the turn race
dominates, the raw cell gap breaks ties between equal turn counts, and material (which feeds
conquers) counts a little. A side walled in by enemy cells is scored by how far it is from
breaking through them, so it keeps a plan instead of drifting. A side that could conquer
right now is scored after its best choice between conquering and not, so hanging cells are
seen one move early.
"""

from __future__ import annotations

from typing import Final

from game.conquid.ai.paths import INF, breach_distance, distance
from game.conquid.ai.position import Pos
from game.conquid.rules.board import Board

WIN: Final = 1_000_000
"""The side to move can declare conquest."""
LOST: Final = WIN // 2
"""The other side owns a chain the side to move cannot break by conquering."""
CAP: Final = 60
"""Distances beyond this (or blocked for good) count as this."""
BREACH_COST: Final = 3
"""What crossing one enemy cell counts for a walled-in side (flank it, then conquer)."""
WALLED: Final = 10
"""Extra distance for being walled in at all."""
CELL: Final = 100
TURN: Final = 400
MATERIAL: Final = 2


def static(pos: Pos) -> int:
    """Score for the side to move, without looking at any move."""
    board = pos.board
    mine_needs = distance(board, pos.seat, pos.mine, pos.theirs)
    if mine_needs == 0:
        return WIN
    theirs_need = distance(board, 1 - pos.seat, pos.theirs, pos.mine)
    if theirs_need == 0:
        return -LOST
    mine_needs = _open_distance(board, pos.seat, pos.mine, pos.theirs, mine_needs)
    theirs_need = _open_distance(board, 1 - pos.seat, pos.theirs, pos.mine, theirs_need)
    race = -(-theirs_need // 3) - -(-mine_needs // 3)
    material = pos.mine.bit_count() - pos.theirs.bit_count()
    return TURN * race + CELL * (theirs_need - mine_needs) + MATERIAL * material


def _open_distance(board: Board, seat: int, mine: int, theirs: int, needs: int) -> int:
    """``needs`` capped; for a walled-in side, how far it is from breaking out instead."""
    if needs >= INF:
        needs = WALLED + breach_distance(board, seat, mine, theirs, BREACH_COST)
    return min(needs, CAP)


def quiet(pos: Pos) -> tuple[int, int]:
    """Score for the side to move, letting it conquer first if that is better.

    Returns the score and how many static evaluations it took (the search's node count).
    """
    score = static(pos)
    if score == WIN:
        return score, 1
    gain = pos.conquer_gain()
    if not gain:
        return score, 1
    return max(score, -static(pos.conquer(gain))), 2
