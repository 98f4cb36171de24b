"""How far a colour is from winning: the auras it still needs to join all seven rooms.

The board is a small graph (28 room hexes and perhaps the Shovel's), indexed once per temple.
``need`` grows a Steiner-style tree greedily from the colour's best regions: each round adds
the cheapest path to a room not reached yet, where entering a hex costs what turning it into
the colour's aura costs in actions (own aura 0, empty 1, the opponent's 2, one more when an
object stands on it, since a piece cannot step there to bless it). The tree's hexes that are
not yet the colour's are its "to do" list, which the evaluation measures the piece against.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from game.piously.rules.hexes import DIRECTIONS, Hex
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import ROOMS, Layout, Temple

EMPTY_COST: Final = 1
OPPONENT_COST: Final = 2
OBJECT_COST: Final = 1
STARTS: Final = 1
"""How many of the colour's regions (those touching most rooms) a tree is grown from."""
ALL_ROOMS: Final = (1 << ROOMS) - 1
_FAR: Final = 1 << 30


@dataclass(frozen=True)
class Board:
    """A temple as an indexed graph: hexes, their neighbours and their rooms (as bits)."""

    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    adjacent: tuple[tuple[int, ...], ...]
    room_bit: tuple[int, ...]
    """``1 << room`` per hex, 0 for the Shovel's hex (it is no room)."""


def board_of(temple: Temple) -> Board:
    """The temple as a ``Board``, remembered by what it is made of (not by the temple: a
    cache holding temples would keep their searches' placements alive)."""
    return _board_of((temple.layout, temple.shovel))


@lru_cache(maxsize=256)
def _board_of(shape: tuple[Layout, Hex | None]) -> Board:
    temple = Temple(*shape)
    hexes = tuple(sorted(temple.room_of))
    index = {h: i for i, h in enumerate(hexes)}
    adjacent = tuple(tuple(index[h + d] for d in DIRECTIONS if h + d in index) for h in hexes)
    room_bit = tuple(
        (1 << temple.room_of[h]) if temple.room_of[h] < ROOMS else 0 for h in hexes
    )
    return Board(hexes, index, adjacent, room_bit)


@dataclass(frozen=True)
class Need:
    """A colour's distance from winning: ``cost`` in actions, and the hexes to turn."""

    cost: int
    todo: frozenset[Hex]


def need(state: PiouslyState, seat: int) -> Need:
    """The cheapest tree found joining ``seat``'s auras through all seven rooms."""
    board = board_of(state.built)
    index = board.index
    mine = state.auras[seat]
    theirs = state.auras[1 - seat]
    taken = state.object_at
    own_piece = state.objects[seat]
    weight = []
    for h in board.hexes:
        if h in mine:
            weight.append(0)
            continue
        cost = OPPONENT_COST if h in theirs else EMPTY_COST
        if h in taken and h != own_piece:
            cost += OBJECT_COST
        weight.append(cost)
    regions = _regions(board, [index[h] for h in mine if h in index])
    gain = [board.room_bit[i] for i in range(len(board.hexes))]
    for region in regions:
        rooms = _rooms(board, region)
        for i in region:
            gain[i] = rooms
    if regions:
        regions.sort(key=lambda region: (-_rooms(board, region).bit_count(), min(region)))
        starts = regions[:STARTS]
    elif own_piece is not None and own_piece in index:
        starts = [{index[own_piece]}]
    else:
        starts = [{0}]
    best: tuple[int, set[int]] | None = None
    for start in starts:
        cost, tree = _grow(board, weight, gain, start)
        if best is None or cost < best[0]:
            best = (cost, tree)
    assert best is not None
    cost, tree = best
    return Need(cost, frozenset(board.hexes[i] for i in tree if weight[i]))


def _rooms(board: Board, nodes: set[int]) -> int:
    bits = 0
    for i in nodes:
        bits |= board.room_bit[i]
    return bits


def _regions(board: Board, own: list[int]) -> list[set[int]]:
    """The colour's regions (edge-joined auras) as sets of indices."""
    left = set(own)
    regions = []
    while left:
        seed = min(left)
        left.discard(seed)
        region = {seed}
        stack = [seed]
        while stack:
            for n in board.adjacent[stack.pop()]:
                if n in left:
                    left.discard(n)
                    region.add(n)
                    stack.append(n)
        regions.append(region)
    return regions


def _grow(
    board: Board, weight: list[int], gain: list[int], start: set[int]
) -> tuple[int, set[int]]:
    """Greedy Steiner tree from ``start``: add the path that costs least per new room (a
    hex of one of the colour's regions brings that region's rooms) until all seven are
    reached. Returns the total cost and the tree's nodes. Distances from the tree only
    shrink as it grows, so each round relaxes from the newly added hexes alone."""
    tree = set(start)
    cost = sum(weight[i] for i in tree)
    reached = _rooms(board, tree)
    size = len(board.adjacent)
    dist = [_FAR] * size
    parent = [-1] * size
    added = sorted(tree)
    while reached != ALL_ROOMS:
        _relax(board.adjacent, weight, dist, parent, added)
        best = (float(_FAR), -1)
        for i in range(size):
            new = (gain[i] & ~reached).bit_count()
            if new and dist[i] / new < best[0]:
                best = (dist[i] / new, i)
        target = best[1]
        if target < 0:
            raise ValueError("a room cannot be reached: the temple is split")
        cost += dist[target]
        added = []
        node = target
        while node not in tree:
            tree.add(node)
            added.append(node)
            reached |= gain[node]
            node = parent[node]
    return cost, tree


def _relax(
    adjacent: tuple[tuple[int, ...], ...],
    weight: list[int],
    dist: list[int],
    parent: list[int],
    sources: list[int],
) -> None:
    """Dial's algorithm (costs are small whole numbers) from ``sources`` at distance 0,
    lowering ``dist`` and ``parent`` wherever the new sources are closer."""
    for i in sources:
        dist[i] = 0
    buckets: list[list[int]] = [list(sources)]
    d = 0
    while d < len(buckets):
        bucket = buckets[d]
        k = 0
        while k < len(bucket):  # zero-cost hexes join the bucket being read
            i = bucket[k]
            k += 1
            if dist[i] != d:
                continue
            for n in adjacent[i]:
                nd = d + weight[n]
                if nd < dist[n]:
                    dist[n] = nd
                    parent[n] = i
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(n)
        d += 1
