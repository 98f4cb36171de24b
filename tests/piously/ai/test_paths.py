"""The distance-to-win measure the evaluation rests on."""

from __future__ import annotations

from game.piously.ai.evaluate import actions_to_win
from game.piously.ai.paths import need
from game.piously.rules.hexes import parse_hex
from tests.piously.ai import positions as pos


def test_a_chain_with_one_gap_needs_that_hex() -> None:
    found = need(pos.WIN_BY_WALK, 0)
    assert found.cost == 1 and found.todo == {parse_hex("2,-1")}
    assert actions_to_win(pos.WIN_BY_WALK, 0) == 2  # a step and a blessing


def test_an_opponent_aura_costs_a_flip_and_an_object_makes_it_dearer() -> None:
    white = ("2,-1", "3,-2", "3,-1")
    flipped = pos.position(white, pos.chain_without("2,-1"), ("4,-3", "1,0"), "b")
    assert need(flipped, 1).cost == 2
    blocked = pos.position(white, pos.chain_without("2,-1"), ("2,-1", "1,0"), "b")
    assert need(blocked, 1).cost == 3


def test_regions_count_with_all_their_rooms() -> None:
    """Joining two regions through one hex beats reaching a nearer room alone (the greedy
    tree weighs each path by the rooms it brings)."""
    found = need(pos.BLOCK, 1)
    assert found.cost == 1 and found.todo == {parse_hex("2,-1")}


def test_an_empty_temple_needs_at_least_one_hex_per_room() -> None:
    empty = pos.position((), (), ("1,0", "3,2"))
    assert 7 <= need(empty, 0).cost <= 12
