"""Candidate moves: a few dozen promising moves out of the millions of legal ones.

Acquires are built cell by cell from *plans*, one letter per cell:

- ``r`` (race): a cell on one of our cheapest chains, from its narrowest level (our own
  bottleneck, the cell the opponent would most like to take);
- ``b`` (block): a cell on one of the opponent's cheapest chains, from their narrowest level;
- ``f`` (flank): a cell that lets our next Conquer take the most enemy cells;
- ``s`` (shore): the cell the opponent would most like for their own next Conquer;
- ``e`` (evaluate): the cell whose claim scores best under the static evaluation.

Chains are recomputed after every pick, so three picks work together. A plan letter that
finds nothing falls back to the next idea, and finally to any empty cell near our cells.
Conquer and the vanquishes that clear enemy blocks are always offered when they do anything.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.conquid.ai.evaluate import quiet
from game.conquid.ai.paths import chain
from game.conquid.ai.position import Pos, block_mask
from game.conquid.rules.board import Board
from game.conquid.rules.game import (
    Acquire,
    Conquer,
    ConquidState,
    Move,
    Vanquish,
    vanquish_corner_mask,
)
from game.core.player import Budget

SAMPLE = 24
"""Most cells a flank, shore or evaluate pick examines (a seeded sample beyond that)."""


def bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def has_chain(board: Board, seat: int, cells: int) -> bool:
    """Whether ``cells`` (owned by ``seat``) link its base to the enemy base."""
    cells &= ~board.interiors[seat]
    return board.reaches(board.base_borders[seat] & cells, cells, board.base_borders[1 - seat])


def vanquishes(pos: Pos) -> list[tuple[Vanquish, int]]:
    """Legal vanquishes of blocks full of enemy cells, with their block masks."""
    owned = (pos.mine, pos.theirs) if pos.seat == 0 else (pos.theirs, pos.mine)
    state = ConquidState(pos.board, owned, pos.seat)
    out = []
    for corner in pos.board.cells_of(vanquish_corner_mask(state)):
        block = block_mask(pos.board, *corner)
        if block & pos.theirs == block:
            out.append((Vanquish(corner), block))
    return out


def breakers(pos: Pos) -> list[Move]:
    """Conquer or vanquish moves after which the opponent no longer owns a chain."""
    board, other = pos.board, 1 - pos.seat
    found: list[Move] = []
    gain = pos.conquer_gain()
    if gain and not has_chain(board, other, pos.theirs & ~gain):
        found.append(Conquer())
    for move, block in vanquishes(pos):
        if not has_chain(board, other, pos.theirs & ~block):
            found.append(move)
    return found


def _narrow_pick(levels: tuple[int, ...], rng: random.Random) -> int:
    """A cell from the narrowest level(s): a bottleneck of those chains."""
    if not levels:
        return 0
    width = min(level.bit_count() for level in levels)
    narrow = 0
    for level in levels:
        if level.bit_count() == width:
            narrow |= level
    return rng.choice(bits(narrow))


def _sample(mask: int, rng: random.Random) -> list[int]:
    cells = bits(mask)
    return cells if len(cells) <= SAMPLE else rng.sample(cells, SAMPLE)


def _best(scores: dict[int, int]) -> int:
    """The cell with the highest positive score (first on ties), or 0 if none scores."""
    best, top = 0, 0
    for cell, score in scores.items():
        if score > top:
            best, top = cell, score
    return best


def _pick(pos: Pos, mine: int, letter: str, rng: random.Random, budget: Budget) -> int:
    """One cell for plan ``letter`` given our cells so far (0 when the idea finds nothing)."""
    board, seat, theirs = pos.board, pos.seat, pos.theirs
    empty = board.valid & ~(mine | theirs | board.all_bases)
    if letter == "r":
        return _narrow_pick(chain(board, seat, mine, theirs).levels, rng)
    if letter == "b":
        return _narrow_pick(chain(board, 1 - seat, theirs, mine).levels, rng)
    if letter == "f":
        near = board.grow(theirs & board.grow(mine)) & empty
        return _best(
            {c: Pos(board, seat, mine | c, theirs).conquer_gain().bit_count()
             for c in _sample(near, rng)}
        )
    if letter == "s":
        near = board.grow(mine & board.grow(theirs)) & empty
        return _best(
            {c: Pos(board, 1 - seat, theirs | c, mine).conquer_gain().bit_count()
             for c in _sample(near, rng)}
        )
    # "e": score the most promising cells of both sides' chains by the evaluation
    near = chain(board, seat, mine, theirs).cells | chain(board, 1 - seat, theirs, mine).cells
    scores: dict[int, int] = {}
    for cell in _sample(near, rng):
        if budget.exhausted:
            break
        score, nodes = quiet(Pos(board, 1 - seat, theirs, mine | cell))
        budget.spend(nodes)
        scores[cell] = -score
    if not scores:
        return 0
    return max(scores, key=lambda c: (scores[c], -c.bit_length()))


FALLBACK = {"r": "b", "b": "r", "f": "b", "s": "r", "e": "r"}


def plan_acquire(
    pos: Pos, plan: str, needed: int, rng: random.Random, budget: Budget
) -> int:
    """The cells (a mask of ``needed`` empty cells) that ``plan`` chooses.

    Evaluations made while picking are spent from ``budget``.
    """
    board = pos.board
    mine = pos.mine
    picked = 0
    for index in range(needed):
        letter = plan[index % len(plan)]
        cell = _pick(pos, mine, letter, rng, budget)
        if not cell:
            cell = _pick(pos, mine, FALLBACK[letter], rng, budget)
        if not cell:
            empty = board.valid & ~(mine | pos.theirs | board.all_bases)
            near = board.grow(mine | board.base_masks[pos.seat]) & empty
            cell = rng.choice(bits(near or empty))
        picked |= cell
        mine |= cell
    return picked


def candidates(
    pos: Pos, plans: Iterable[str], rng: random.Random, budget: Budget
) -> list[Move]:
    """Conquer (when it takes something), enemy-block vanquishes, then one acquire per plan.

    Plans after the first are skipped once the budget is spent.
    """
    board = pos.board
    moves: list[Move] = []
    if pos.conquer_gain():
        moves.append(Conquer())
    moves.extend(move for move, _ in vanquishes(pos))
    needed = min(3, pos.empty.bit_count())
    if needed == 0:
        return moves or [Conquer()]
    seen: set[int] = set()
    for plan in plans:
        if seen and budget.exhausted:
            break
        cells = plan_acquire(pos, plan, needed, rng, budget)
        if cells not in seen:
            seen.add(cells)
            moves.append(Acquire(tuple(board.cells_of(cells))))
    return moves
