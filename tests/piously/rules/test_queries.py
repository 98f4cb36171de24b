"""The public queries the client and the computer players ask instead of re-deriving rules."""

from __future__ import annotations

from game.piously.rules import casting as c
from game.piously.rules.actions import drop_targets, pickup_rooms
from game.piously.rules.regions import border, linked_region, rooms_touched, winning_region
from game.piously.rules.state import BLACK, WHITE
from tests.piously.rules.positions import WINNING_PATH, h, hexes, position, spell


def test_the_linked_region_of_a_hex_follows_edges_through_one_colour() -> None:
    state = position(white=[(2, -3), (2, -2), (3, -2), (0, 0)], black=[(2, -1)])
    assert linked_region(state, h(2, -3), WHITE) == hexes([(2, -3), (2, -2), (3, -2)])
    assert linked_region(state, h(0, 0), WHITE) == hexes([(0, 0)])
    assert linked_region(state, h(2, -1), WHITE) == frozenset()
    assert linked_region(state, h(2, -1), BLACK) == hexes([(2, -1)])


def test_rooms_touched_and_the_border_of_a_region() -> None:
    state = position()
    region = hexes([(2, -3), (2, -2)])
    assert rooms_touched(state.built, region) == {0, 2}
    assert border(state.built, hexes([(0, 0)])) == hexes([(1, 0)])  # its only neighbour hex
    assert (
        border(state.built, region)
        == {n for x in region for n in state.built.adjacency[x]} - region
    )


def test_who_has_a_winning_region() -> None:
    state = position(white=WINNING_PATH)
    assert winning_region(state, WHITE) == hexes(WINNING_PATH)
    assert winning_region(state, BLACK) is None


def test_drop_and_pick_up_targets() -> None:
    state = position(me=(1, 0), them=(1, 1), owners={"Locksmith": WHITE})
    assert set(drop_targets(state, 5)) == hexes([(2, -1), (2, 0), (0, 0)])
    assert drop_targets(state, 0) == ()  # not owned
    placed = position(me=(1, 0), them=(1, 1), owners={"Locksmith": WHITE}, artworks={"L": (2, 0)})
    assert pickup_rooms(placed) == (5,)
    assert drop_targets(placed, 5) == ()  # already on the board


def test_every_spell_says_why_it_cannot_be_cast() -> None:
    state = position(owners={name: WHITE for name in ("Leap", "Yoke", "Overwork")}, cast=["Yoke"])
    assert c.cast_problem(state, spell("Leap")) == "no object lies in your rows"
    assert "already cast" in (c.cast_problem(state, spell("Yoke")) or "")
    assert "nobody owns" in (c.cast_problem(state, spell("Purify")) or "")
    assert "Black owns" in (
        c.cast_problem(position(owners={"Purify": BLACK}), spell("Purify")) or ""
    )
