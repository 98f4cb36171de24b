"""How far a colour is from winning: the auras it still needs to join all seven rooms.

The board is a small graph (28 room hexes and perhaps the Shovel's), indexed once per temple.
``need`` grows a Steiner-style tree greedily from the colour's best regions: each round adds
the cheapest path to a room not reached yet, where entering a hex costs what turning it into
the colour's aura costs in actions (own aura 0, empty 1, the opponent's 2, one more when an
object stands on it, since a piece cannot step there to bless it). The tree's hexes that are
not yet the colour's are its "to do" list, which the evaluation measures the piece against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from game.piously.rules.hexes import DIRECTIONS, Hex, distance
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
    steps: dict[Hex, dict[Hex, int]] = field(default_factory=dict, compare=False)
    """Memo of ``steps_from``: the evaluation measures a piece's walk on every call."""

    def steps_from(self, h: Hex) -> dict[Hex, int]:
        """Each hex of the board and its distance from ``h`` (worked out once per hex)."""
        row = self.steps.get(h)
        if row is None:
            row = self.steps[h] = {to: distance(h, to) for to in self.hexes}
        return row


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
    own_piece = state.objects[seat]
    weight = _weights(board, state.auras[seat], state.auras[1 - seat], state.objects, own_piece)
    regions = _regions(board, [index[h] for h in state.auras[seat] if h in index])
    gain = list(board.room_bit)
    region_rooms = []
    for region in regions:
        rooms = _rooms(board, region)
        region_rooms.append(rooms)
        for i in region:
            gain[i] = rooms
    if regions:
        # the regions touching most rooms first; of equals, the one with the lowest hex
        # (regions come in that order, and the sort keeps the order of equals)
        ranked = sorted(range(len(regions)), key=lambda k: -region_rooms[k].bit_count())
        starts = [regions[k] for k in ranked[:STARTS]]
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
    hexes = board.hexes
    return Need(cost, frozenset([hexes[i] for i in tree if weight[i]]))


def _weights(
    board: Board,
    mine: frozenset[Hex],
    theirs: frozenset[Hex],
    objects: tuple[Hex | None, ...],
    own_piece: Hex | None,
) -> list[int]:
    """What entering each hex costs (see the module's docstring), from the few hexes that
    are not plain empty ones rather than a look-up per hex of the board."""
    index = board.index
    weight = [EMPTY_COST] * len(board.hexes)
    for h in theirs:
        i = index.get(h)
        if i is not None:
            weight[i] = OPPONENT_COST
    for at in set(objects):
        if at is not None and at != own_piece:
            taken = index.get(at)
            if taken is not None:
                weight[taken] += OBJECT_COST
    for h in mine:
        i = index.get(h)
        if i is not None:
            weight[i] = 0
    return weight


def _rooms(board: Board, nodes: set[int]) -> int:
    bits = 0
    for i in nodes:
        bits |= board.room_bit[i]
    return bits


def _regions(board: Board, own: list[int]) -> list[set[int]]:
    """The colour's regions (edge-joined auras) as sets of indices, in the order of their
    lowest index."""
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
    span = max(weight) + 1
    adjacent = board.adjacent
    bringing = list(range(size))  # the hexes that bring a room not reached yet, in order
    while reached != ALL_ROOMS:
        _relax(adjacent, weight, dist, parent, added, span)
        missing = ALL_ROOMS & ~reached
        bringing = [i for i in bringing if gain[i] & missing]
        # the least dist / new rooms, the first of equals; compared as dist * new' <
        # dist' * new, exactly what the quotients compare (both sides are small whole numbers)
        best_dist, best_new, target = _FAR, 1, -1
        for i in bringing:
            new = (gain[i] & missing).bit_count()
            if dist[i] * best_new < best_dist * new:
                best_dist, best_new, target = dist[i], new, i
        if target < 0:
            raise ValueError("a room cannot be reached: the temple is split")
        cost += best_dist
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
    span: int,
) -> None:
    """Dial's algorithm (costs are small whole numbers, at most ``span - 1``) from
    ``sources`` at distance 0, lowering ``dist`` and ``parent`` wherever the new sources are
    closer. A hex is never put more than ``span - 1`` beyond the distance being read, so
    ``span`` buckets used in turn hold every distance still to read."""
    for i in sources:
        dist[i] = 0
    buckets: list[list[int]] = [list(sources), *([] for _ in range(span - 1))]
    d = 0
    last = 0
    while d <= last:
        bucket = buckets[d % span]
        for i in bucket:  # zero-cost hexes join the bucket being read (and are read)
            if dist[i] != d:
                continue
            for n in adjacent[i]:
                nd = d + weight[n]
                if nd < dist[n]:
                    dist[n] = nd
                    parent[n] = i
                    buckets[nd % span].append(n)
                    if nd > last:
                        last = nd
        bucket.clear()
        d += 1
