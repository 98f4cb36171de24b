"""Shortest-chain distances over bit masks: how many empty cells a side still needs.

A side's chain runs from a cell bordering its base to a cell bordering the enemy base. Its
own cells cost nothing to walk, empty cells cost one (the acquires still needed), enemy and
base cells are walls. A 0-1 breadth-first search over whole masks finds every cell reachable
at cost <= k in one flood fill per cost level, so a whole-board distance takes a few dozen
big-int operations per level instead of a per-cell queue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.conquid.rules.board import Board

INF: Final = 999
"""Distance of a side that can no longer build any chain."""


@dataclass(frozen=True, slots=True)
class Chain:
    """A side's cheapest chains: their cost, and where their empty cells lie."""

    distance: int
    levels: tuple[int, ...]
    """``levels[k]``: the empty cells that are the (k+1)-th empty cell of some cheapest chain.

    Every cheapest chain passes exactly one cell of each level, so a level of one cell is a
    bottleneck: claiming it costs the other side at least one more acquire.
    """

    @property
    def cells(self) -> int:
        """Every empty cell on some cheapest chain."""
        union = 0
        for level in self.levels:
            union |= level
        return union


def _walkable(board: Board, seat: int, mine: int, theirs: int) -> tuple[int, int]:
    zero = mine & ~board.interiors[seat]
    one = board.valid & ~(mine | theirs | board.all_bases)
    return zero, one


def _layers(board: Board, zero: int, one: int, start: int, target: int) -> list[int]:
    """Cumulative reach by cost from ``start`` until ``target`` is met ([] if never)."""
    reach = board.fill(start & zero, zero)
    layers = [reach]
    within = zero
    while not reach & target:
        frontier = (board.grow(reach) | start) & one & ~reach
        if not frontier:
            return []
        within |= frontier
        reach = board.fill(reach | frontier, within)
        layers.append(reach)
    return layers


def distance(board: Board, seat: int, mine: int, theirs: int) -> int:
    """Empty cells ``seat`` must still acquire to own a chain (0: it can declare conquest)."""
    zero, one = _walkable(board, seat, mine, theirs)
    layers = _layers(board, zero, one, board.base_borders[seat], board.base_borders[1 - seat])
    return len(layers) - 1 if layers else INF


def breach_distance(board: Board, seat: int, mine: int, theirs: int, cost: int) -> int:
    """Like ``distance``, but enemy cells may be crossed at ``cost`` each (INF if walled in).

    For a side the enemy has walled off: how far it is from a chain once it conquers or
    vanquishes its way through, which gives its moves a direction when ``distance`` is INF.
    """
    zero, one = _walkable(board, seat, mine, theirs)
    start, target = board.base_borders[seat], board.base_borders[1 - seat]
    walls = theirs & ~(board.interiors[0] | board.interiors[1])
    reach = board.fill(start & zero, zero)
    within, queued, level = zero, 0, 0
    pending: dict[int, int] = {}
    while not reach & target:
        touched = board.grow(reach) | start
        new_walls = touched & walls & ~queued
        if new_walls:
            queued |= new_walls
            pending[level + cost] = pending.get(level + cost, 0) | new_walls
        level += 1
        frontier = ((touched & one) | pending.pop(level, 0)) & ~reach
        if not frontier:
            if not pending:
                return INF
            continue
        within |= frontier
        reach = board.fill(reach | frontier, within)
    return level


def chain(board: Board, seat: int, mine: int, theirs: int) -> Chain:
    """The cost of ``seat``'s cheapest chains and their empty cells, level by level."""
    zero, one = _walkable(board, seat, mine, theirs)
    home, away = board.base_borders[seat], board.base_borders[1 - seat]
    forward = _layers(board, zero, one, home, away)
    if not forward:
        return Chain(INF, ())
    cost = len(forward) - 1
    backward = _layers(board, zero, one, away, home)
    levels = tuple(
        (forward[k] & ~forward[k - 1]) & (backward[cost + 1 - k] & ~backward[cost - k]) & one
        for k in range(1, cost + 1)
    )
    return Chain(cost, levels)
