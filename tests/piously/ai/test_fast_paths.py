"""The win search's cheap node against plain references kept here: the tree of
``need``, the evaluation's walk, the bound's ``deficit`` and ``reach`` must be exactly what
the straightforward versions give, on positions walked at random from the win fixtures
(late, crowded boards: regions, opponent auras, objects, Stonemason-moved rooms)."""

from __future__ import annotations

import itertools
import random
from collections import deque
from functools import cache
from pathlib import Path

from game.piously.ai import paths, wins
from game.piously.ai.evaluate import actions_to_win
from game.piously.ai.paths import ALL_ROOMS, Board, Need, board_of, need
from game.piously.rules.events import AuraChanged, aura_changed
from game.piously.rules.game import GAME, play
from game.piously.rules.hexes import distance
from game.piously.rules.position import decode
from game.piously.rules.state import PiouslyState, evolve

FIXTURE = Path(__file__).with_name("wins.txt")
STARTS = 16
STEPS = 16


@cache
def _walked() -> tuple[PiouslyState, ...]:
    """Positions a few random moves on from some of the fixture's, every one kept."""
    lines = [line for line in FIXTURE.read_text().splitlines() if not line.startswith("#")]
    rng = random.Random(27)
    found = []
    for line in rng.sample(lines, STARTS):
        state = decode(line.split("\t")[-1])
        for _ in range(STEPS):
            found.append(state)
            move = GAME.random_move(state, rng)
            if move is None:
                break
            state = play(state, move).state
    return tuple(found)


# -- plain references (the code before the node was made cheaper) --------------------------


def _reference_need(state: PiouslyState, seat: int) -> Need:
    board = board_of(state.built)
    index = board.index
    mine, theirs = state.auras[seat], state.auras[1 - seat]
    own_piece = state.objects[seat]
    weight = []
    for h in board.hexes:
        if h in mine:
            weight.append(0)
            continue
        cost = paths.OPPONENT_COST if h in theirs else paths.EMPTY_COST
        if h in state.object_at and h != own_piece:
            cost += paths.OBJECT_COST
        weight.append(cost)
    regions = paths._regions(board, [index[h] for h in mine if h in index])
    gain = list(board.room_bit)
    for region in regions:
        for i in region:
            gain[i] = paths._rooms(board, region)
    if regions:
        regions.sort(key=lambda region: (-paths._rooms(board, region).bit_count(), min(region)))
        start = regions[0]
    elif own_piece is not None and own_piece in index:
        start = {index[own_piece]}
    else:
        start = {0}
    cost, tree = _reference_grow(board, weight, gain, start)
    return Need(cost, frozenset(board.hexes[i] for i in tree if weight[i]))


def _reference_grow(
    board: Board, weight: list[int], gain: list[int], start: set[int]
) -> tuple[int, set[int]]:
    tree = set(start)
    cost = sum(weight[i] for i in tree)
    reached = paths._rooms(board, tree)
    size = len(board.adjacent)
    dist, parent = [1 << 30] * size, [-1] * size
    added = sorted(tree)
    while reached != ALL_ROOMS:
        _reference_relax(board.adjacent, weight, dist, parent, added)
        best = (float(1 << 30), -1)
        for i in range(size):
            new = (gain[i] & ~reached).bit_count()
            if new and dist[i] / new < best[0]:
                best = (dist[i] / new, i)
        cost += dist[best[1]]
        added, node = [], best[1]
        while node not in tree:
            tree.add(node)
            added.append(node)
            reached |= gain[node]
            node = parent[node]
    return cost, tree


def _reference_relax(
    adjacent: tuple[tuple[int, ...], ...],
    weight: list[int],
    dist: list[int],
    parent: list[int],
    sources: list[int],
) -> None:
    for i in sources:
        dist[i] = 0
    buckets: list[list[int]] = [list(sources)]
    d = 0
    while d < len(buckets):
        k = 0
        while k < len(buckets[d]):
            i = buckets[d][k]
            k += 1
            if dist[i] != d:
                continue
            for n in adjacent[i]:
                if d + weight[n] < dist[n]:
                    dist[n], parent[n] = d + weight[n], i
                    while len(buckets) <= d + weight[n]:
                        buckets.append([])
                    buckets[d + weight[n]].append(n)
        d += 1


def _reference_deficit(state: PiouslyState, summon: int | None) -> int:
    temple, own = state.built, state.auras[state.to_move]
    graph = wins._graph((temple.layout, temple.shovel), summon is not None)
    cost = [
        (summon or 0) if i in graph.spaces else int(h not in own)
        for i, h in enumerate(graph.hexes)
    ]
    beyond = []
    for room in graph.rooms:
        far = [len(cost) + 1] * len(cost)
        queue = deque(room)
        for i in room:
            far[i] = cost[i]
        while queue:  # Bellman-Ford-like: slower than 0-1 search, plainly right
            i = queue.popleft()
            for n in graph.adjacent[i]:
                if far[i] + cost[n] < far[n]:
                    far[n] = far[i] + cost[n]
                    queue.append(n)
        beyond.append([d - c for d, c in zip(far, cost, strict=True)])
    worst = sum(1 for room in graph.rooms if all(graph.hexes[i] not in own for i in room))
    for a, b, c in itertools.combinations(beyond, 3):
        worst = max(worst, min(map(sum, zip(a, b, c, cost, strict=True))))
    return worst


# -- the shortcuts against them -----------------------------------------------------------------


def test_the_walked_positions_are_varied() -> None:
    states = _walked()
    assert len(states) > 100
    assert len({state.auras for state in states}) > 60
    assert any(state.built.layout != states[0].built.layout for state in states)


def test_need_is_the_plain_greedy_tree() -> None:
    for state in _walked():
        for seat in (0, 1):
            assert need(state, seat) == _reference_need(state, seat)


def test_the_walk_is_the_plain_distance() -> None:
    for state in _walked():
        for seat in (0, 1):
            found, piece = need(state, seat), state.objects[seat]
            walk = 0 if piece is None or not found.todo else min(
                distance(piece, h) for h in found.todo
            )
            expected = 0 if not found.todo else found.cost + walk + len(found.todo) - 1
            assert actions_to_win(state, seat) == expected


def test_deficit_is_the_plain_bound() -> None:
    for state in _walked()[::2]:
        own = state.auras[state.to_move]
        for summon in (None, 0, 1):
            assert wins._deficit(state.built, own, summon) == _reference_deficit(state, summon)


def test_reach_reads_the_hand_and_objects_as_the_state_does() -> None:
    """Also with the spells dealt at random and most objects taken off (the Overwork's
    actions count the objects, the held artworks weigh drops)."""
    rng = random.Random(8)
    for walked in _walked():
        objects = tuple(None if rng.random() < 0.7 else h for h in walked.objects)
        owners = tuple(rng.choice((0, 1)) for _ in walked.owners)
        state = evolve(walked, owners=owners, objects=objects)
        seat = state.to_move
        hand = state.in_hand(seat)
        others = sum(1 for h in state.objects if h is not None) - 1 + len(hand)
        expected = wins._reach_of(
            state.owners, seat, state.cast, state.actions, others,
            len(state.auras[1 - seat]), hand,
        )
        assert wins._reach(state) == expected


def test_an_aura_change_made_the_quick_way_is_the_same_event() -> None:
    for before, after in ((None, 0), (0, 1), (1, None)):
        quick, plain = aura_changed(42, before, after, 3), AuraChanged(
            hex=42, before=before, after=after, wave=3
        )
        assert quick == plain and hash(quick) == hash(plain) and repr(quick) == repr(plain)
