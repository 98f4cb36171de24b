"""The temple: room shapes, rotation, the building rules, layouts and the Stonemason's moves."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.piously.rules.hexes import (
    DIRECTIONS,
    TABLE_RADIUS,
    axial,
    distance,
    format_hex,
    hex_at,
    parse_hex,
    rotate,
)
from game.piously.rules.temple import (
    DEFAULT_LAYOUT,
    ROOMS,
    SHAPES,
    Placement,
    Temple,
    layout_problem,
    move_problem,
    random_layout,
    room_moves,
)
from tests.piously.rules.positions import h


def test_hex_packing_round_trips_over_the_table() -> None:
    for q, r in itertools.product((-TABLE_RADIUS, -7, -1, 0, 1, 7, TABLE_RADIUS), repeat=2):
        assert axial(hex_at(q, r)) == (q, r)
        assert parse_hex(format_hex(hex_at(q, r))) == hex_at(q, r)


def test_six_neighbours_are_at_distance_one_and_distinct() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(distance(0, d) == 1 for d in DIRECTIONS)


def test_rotation_turns_clockwise_and_six_turns_are_a_full_circle() -> None:
    north, north_east = DIRECTIONS[0], DIRECTIONS[1]
    assert rotate(north, 1) == north_east
    for d in DIRECTIONS:
        assert rotate(d, 6) == d
        assert [rotate(d, k) for k in range(6)] == [
            DIRECTIONS[(DIRECTIONS.index(d) + k) % 6] for k in range(6)
        ]


def test_room_shapes_are_the_rules_tetrahexes() -> None:
    assert [len(shape) for shape in SHAPES] == [4] * ROOMS
    # P, as the rules draw it: [2,-4] [2,-3] [3,-4] [4,-4]
    assert DEFAULT_LAYOUT[0].hexes(0) == (h(2, -4), h(2, -3), h(3, -4), h(4, -4))
    for room, shape in enumerate(SHAPES):
        # every room is one connected piece
        cells = set(shape)
        seen, stack = {shape[0]}, [shape[0]]
        while stack:
            here = stack.pop()
            for d in DIRECTIONS:
                if here + d in cells and here + d not in seen:
                    seen.add(here + d)
                    stack.append(here + d)
        assert seen == cells, room


def test_rooms_are_turned_never_mirrored() -> None:
    """The L-shaped P room turned six ways never gives its mirror image."""
    placement = DEFAULT_LAYOUT[0]
    turned = {
        frozenset(x - p.anchor for x in p.hexes(0))
        for p in (Placement(placement.anchor, k) for k in range(6))
    }
    mirror = frozenset(hex_at(-axial(x)[0] - axial(x)[1], axial(x)[1]) for x in SHAPES[0])
    assert len(turned) == 6
    assert all(not _same_up_to_translation(mirror, shape) for shape in turned)


def _same_up_to_translation(a: frozenset[int], b: frozenset[int]) -> bool:
    return any({x - pa for x in a} == {y - pb for y in b} for pa in a for pb in b)


def test_the_default_layout_is_a_valid_temple() -> None:
    assert layout_problem(DEFAULT_LAYOUT) is None
    assert len(Temple(DEFAULT_LAYOUT).room_of) == 28


def test_overlapping_rooms_are_refused() -> None:
    layout = list(DEFAULT_LAYOUT)
    layout[1] = Placement(h(2, -4))
    assert "overlap" in (layout_problem(layout) or "")


def test_a_room_touching_only_one_other_is_refused() -> None:
    layout = list(DEFAULT_LAYOUT)
    layout[6] = Placement(h(-2, 0), 0)  # Yellow leaves Lime with one neighbour
    assert "Lime (L) room touches only one other room" in (layout_problem(layout) or "")


def test_a_split_temple_is_refused_even_when_every_room_touches_two() -> None:
    """The reference's fault: a per-room check passes a temple in two parts."""
    layout = _split_layout()
    touching_ok = all(_touch_count(layout, room) >= 2 for room in range(ROOMS))
    assert touching_ok
    assert "split" in (layout_problem(layout) or "")


def _touch_count(layout: list[Placement], room: int) -> int:
    mine = set(layout[room].hexes(room))
    others = {x: r for r, p in enumerate(layout) if r != room for x in p.hexes(r)}
    return len({others[x + d] for x in mine for d in DIRECTIONS if x + d in others})


def _split_layout() -> list[Placement]:
    """The default temple with a group of rooms that touch among themselves carried away."""
    far = hex_at(40, 0)
    for size in (3, 4):
        for group in itertools.combinations(range(ROOMS), size):
            layout = [
                Placement(p.anchor + far, p.rotation) if room in group else p
                for room, p in enumerate(DEFAULT_LAYOUT)
            ]
            if all(_touch_count(layout, room) >= 2 for room in range(ROOMS)):
                return layout
    raise AssertionError("the default temple splits into no such groups")


def test_a_room_off_the_table_is_refused() -> None:
    layout = [Placement(p.anchor + hex_at(TABLE_RADIUS - 1, 0), p.rotation) for p in DEFAULT_LAYOUT]
    assert "table" in (layout_problem(layout) or "")


@pytest.mark.parametrize("seed", range(25))
def test_random_layouts_are_valid_and_seeded(seed: int) -> None:
    layout = random_layout(random.Random(seed))
    assert layout_problem(layout) is None
    assert random_layout(random.Random(seed)) == layout


def test_random_layouts_vary() -> None:
    assert len({random_layout(random.Random(seed)) for seed in range(10)}) == 10


def _brute_force_moves(temple: Temple, room: int) -> set[Placement]:
    """Every anchor over the whole temple and 5 hexes around it (a room touching the others
    has its anchor within 4 of them), tried by the building rules."""
    coordinates = [axial(h) for h in temple.room_of]
    qs = range(min(q for q, _ in coordinates) - 5, max(q for q, _ in coordinates) + 6)
    rs = range(min(r for _, r in coordinates) - 5, max(r for _, r in coordinates) + 6)
    found = set()
    for q in qs:
        for r in rs:
            for rotation in range(6):
                placement = Placement(hex_at(q, r), rotation)
                if move_problem(temple, room, placement) is None:
                    found.add(placement)
    return found


@pytest.mark.parametrize("room", range(ROOMS))
def test_stonemason_moves_match_a_brute_force_search(room: int) -> None:
    temple = Temple(DEFAULT_LAYOUT)
    assert set(room_moves(temple, room)) == _brute_force_moves(temple, room)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, ROOMS - 1))
@example(230, 5)  # a long temple: a placement 15 hexes from the room's own anchor
def test_stonemason_moves_match_brute_force_on_random_temples(seed: int, room: int) -> None:
    rng = random.Random(seed)
    layout = random_layout(rng)
    shovel = None
    temple = Temple(layout)
    spaces = sorted({x + d for x in temple.room_of for d in DIRECTIONS} - set(temple.room_of))
    if seed % 2:
        shovel = rng.choice(spaces)
    temple = Temple(layout, shovel)
    moves = room_moves(temple, room)
    assert set(moves) == _brute_force_moves(temple, room)
    for placement in moves:
        assert layout_problem(temple.moved(room, placement).layout) is None


def test_the_stonemason_may_not_leave_the_shovel_floating_free() -> None:
    """The Shovel hangs off the Yellow room alone; carrying Yellow away strands it."""
    shovel = h(-2, 5)
    temple = Temple(DEFAULT_LAYOUT, shovel)
    assert {shovel + d for d in DIRECTIONS} & set(temple.room_hexes[6])
    assert not {shovel + d for d in DIRECTIONS} & {
        x for room, hs in enumerate(temple.room_hexes) if room != 6 for x in hs
    }
    for placement in room_moves(temple, 6):
        moved = set(placement.hexes(6))
        assert {shovel + d for d in DIRECTIONS} & moved
    away = Placement(h(5, 1), 0)
    problem = move_problem(temple, 6, away)
    assert problem is not None
