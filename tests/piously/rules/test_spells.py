"""Every spell: its effect, and each way it is refused (docs/piously.md)."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalMoveError
from game.piously.rules import GAME
from game.piously.rules import casting as c
from game.piously.rules import moves as m
from game.piously.rules.events import RoomMoved, ShovelMoved, SpellCast, SpellRecharged
from game.piously.rules.regions import verdict
from game.piously.rules.state import ARTWORK, BLACK, WHITE, PiouslyState
from game.piously.rules.temple import ROOM_LETTERS, room_moves
from tests.piously.rules.positions import h, hexes, position, spell


def cast(state: PiouslyState, text: str) -> PiouslyState:
    return GAME.apply(state, GAME.parse_move(text)).state


def refused(state: PiouslyState, text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.apply(state, GAME.parse_move(text))


def art(letter: str) -> int:
    return ARTWORK + ROOM_LETTERS.index(letter)


# -- casting in general ---------------------------------------------------------------------


def test_a_spell_you_do_not_own_cannot_be_cast() -> None:
    refused(position(), "cast Overwork", "nobody owns the Overwork")
    refused(position(owners={"Overwork": BLACK}), "cast Overwork", "Black owns the Overwork")


def test_spells_cost_no_action_and_work_at_zero_actions() -> None:
    state = position(me=(1, 0), them=(1, 1), owners={"Overwork": WHITE}, actions=0)
    after = cast(state, "cast Overwork")
    assert after.actions == 1


def test_a_second_cast_in_one_turn_is_refused_until_the_turn_ends() -> None:
    state = position(me=(1, 0), them=(1, 1), owners={"Overwork": WHITE})
    once = cast(state, "cast Overwork")
    assert once.has_cast(spell("Overwork"))
    refused(once, "cast Overwork", "already cast this turn")
    next_turn = cast(cast(once, "end"), "end")
    assert not next_turn.has_cast(spell("Overwork"))


def test_an_artwork_spell_needs_its_artwork_on_your_aura() -> None:
    owners = {"Priestess": WHITE}
    refused(position(owners=owners), "cast Priestess 2,-2", "artwork is not on the board")
    off_aura = position(owners=owners, artworks={"P": (2, -3)})
    refused(off_aura, "cast Priestess 2,-2", "must stand on one of your auras")
    on_theirs = position(owners=owners, artworks={"P": (2, -3)}, black=[(2, -3)])
    refused(on_theirs, "cast Priestess 2,-2", "must stand on one of your auras")


def test_a_refused_cast_stays_charged() -> None:
    state = position(owners={"Overwork": WHITE}, me=(0, 0), them=(6, -3))
    assert c.cast_problem(state, spell("Overwork")) == "no artwork or piece is next to you"
    refused(state, "cast Overwork", "no artwork or piece")
    assert not state.has_cast(spell("Overwork"))


# -- P -----------------------------------------------------------------------------------------

PRIESTESS = {"owners": {"Priestess": WHITE}, "artworks": {"P": (2, -3)}}


def test_priestess_extends_the_linked_region_replacing_an_opponent_aura() -> None:
    state = position(white=[(2, -3), (2, -2)], black=[(3, -2)], **PRIESTESS)
    assert c.region(state, spell("Priestess")) == hexes([(2, -3), (2, -2)])
    assert h(3, -2) in c.priestess_targets(state)
    assert h(2, -2) not in c.priestess_targets(state)
    after = cast(state, "cast Priestess 3,-2")
    assert after.aura(h(3, -2)) == WHITE
    result = GAME.apply(state, m.Priestess(h(2, -1)))
    assert isinstance(result.events[0], SpellCast)
    refused(state, "cast Priestess 0,0", "not next to the linked region")


def test_purify_blesses_under_an_adjacent_object_without_an_action() -> None:
    state = position(
        me=(1, 0),
        them=(1, 1),
        black=[(2, 0)],
        owners={"Purify": WHITE, "Usurper": BLACK},
        artworks={"U": (2, 0)},
    )
    assert c.purify_targets(state) == hexes([(1, 1), (2, 0)])
    after = cast(state, "cast Purify 2,0")
    assert after.aura(h(2, 0)) == WHITE and after.actions == 3
    assert cast(state, "cast Purify 1,1").aura(h(1, 1)) == WHITE
    refused(state, "cast Purify 0,0", "not under an object")
    mine = position(me=(1, 0), them=(1, 1), white=[(1, 1)], owners={"Purify": WHITE})
    assert c.cast_problem(mine, spell("Purify")) is not None


# -- I -----------------------------------------------------------------------------------------


def test_illusionist_flips_every_aura_in_the_chosen_rooms() -> None:
    state = position(
        white=[(3, -3), (2, -3), (5, -3)],
        black=[(4, -4), (2, -2)],
        owners={"Illusionist": WHITE},
        artworks={"I": (3, -3)},
    )
    assert c.illusionist_rooms(state) == {0, 1}
    after = cast(state, "cast Illusionist P")
    assert after.aura(h(2, -3)) == BLACK and after.aura(h(4, -4)) == WHITE
    assert after.aura(h(3, -3)) == WHITE and after.aura(h(2, -2)) == BLACK  # other rooms stay
    both = cast(state, "cast Illusionist P I")
    assert both.aura(h(3, -3)) == BLACK and both.aura(h(5, -3)) == BLACK
    refused(state, "cast Illusionist O", "holds no hex of the linked region")


def test_imprint_copies_the_pattern_around_the_opponent_in_the_same_orientation() -> None:
    state = position(
        me=(1, 0),
        them=(3, -2),
        owners={"Imprint": WHITE},
        white=[(3, -2), (4, -2)],
        black=[(4, -3), (1, 1)],
    )
    after = cast(state, "cast Imprint")
    assert after.aura(h(1, 0)) == WHITE  # centre
    assert after.aura(h(2, -1)) == BLACK  # NE
    assert after.aura(h(2, 0)) == WHITE  # SE
    assert after.aura(h(1, 1)) is None  # S: an empty hex is copied too


def test_imprint_copies_nothing_from_a_missing_hex_and_refuses_a_copy_that_changes_nothing() -> (
    None
):
    state = position(me=(1, 0), them=(6, -3), owners={"Imprint": WHITE}, black=[(2, 0), (5, -3)])
    after = cast(state, "cast Imprint")
    assert after.aura(h(0, 0)) == BLACK  # NW copied
    assert after.aura(h(2, 0)) == BLACK  # the opponent's SE has no hex: nothing copied
    same = position(me=(1, 0), them=(6, -3), owners={"Imprint": WHITE})
    refused(same, "cast Imprint", "already match")


# -- O -----------------------------------------------------------------------------------------

OPPORTUNIST = {
    "owners": {"Opportunist": WHITE, "Priestess": WHITE, "Leap": WHITE},
    "artworks": {"O": (2, -2), "P": (2, -3)},
    "white": [(2, -2), (2, -3)],
}


def test_opportunist_recharges_a_spell_cast_this_turn_in_a_room_of_its_region() -> None:
    state = position(cast=["Priestess", "Leap"], **OPPORTUNIST)
    assert c.opportunist_spells(state) == (spell("Priestess"),)
    result = GAME.apply(state, GAME.parse_move("cast Opportunist Priestess"))
    assert not result.state.has_cast(spell("Priestess"))
    assert any(isinstance(e, SpellRecharged) for e in result.events)
    again = cast(result.state, "cast Priestess 3,-2")
    assert again.aura(h(3, -2)) == WHITE
    refused(state, "cast Opportunist Leap", "Lime room holds no hex")


def test_opportunist_with_nothing_spent_is_refused() -> None:
    state = position(**OPPORTUNIST)
    assert "cast this turn" in (c.cast_problem(state, spell("Opportunist")) or "")
    refused(state, "cast Opportunist Priestess", "was cast this turn")


def test_opportunist_never_builds_extra_charges_or_recharges_itself() -> None:
    state = position(cast=["Priestess"], **OPPORTUNIST)
    after = cast(state, "cast Opportunist Priestess")
    refused(after, "cast Opportunist Priestess", "already cast this turn")
    refused(state, "cast Opportunist Opportunist", "itself")


def test_overwork_gains_an_action_per_adjacent_artwork_or_piece() -> None:
    state = position(
        me=(1, 0),
        them=(1, 1),
        owners={"Overwork": WHITE, "Priestess": BLACK},
        artworks={"P": (0, 0)},
    )
    assert c.overwork_gain(state) == 2
    assert cast(state, "cast Overwork").actions == 5


# -- U -----------------------------------------------------------------------------------------

USURPER = {"owners": {"Usurper": WHITE}, "artworks": {"U": (2, 0)}}


def test_usurper_removes_two_auras_then_grows_twice() -> None:
    state = position(white=[(2, 0), (2, -1), (2, -2), (3, 0)], black=[(1, 1)], **USURPER)
    after = cast(state, "cast Usurper 2,-2 3,0 + 1,1 1,2")
    assert after.aura(h(2, -2)) is None and after.aura(h(3, 0)) is None
    assert after.aura(h(1, 1)) == WHITE and after.aura(h(1, 2)) == WHITE
    assert cast(state, "cast Usurper 2,-2 3,0").auras[WHITE] == hexes([(2, 0), (2, -1)])


def test_usurper_measures_the_region_again_after_the_first_removal() -> None:
    state = position(white=[(2, 0), (2, -1), (2, -2)], **USURPER)
    assert c.usurper_removals(state, (h(2, -1),)) == hexes([(2, 0)])
    refused(state, "cast Usurper 2,-1 2,-2", "second")
    refused(state, "cast Usurper 0,0 2,-2", "first")
    refused(state, "cast Usurper 2,-2 2,-1 + 0,0", "not next to the linked region")


def test_usurper_needs_two_auras_in_its_region() -> None:
    state = position(white=[(2, 0)], **USURPER)
    refused(state, "cast Usurper 2,0 2,0", "fewer than two")


# -- Upset -------------------------------------------------------------------------------------


def test_upset_rearranges_the_auras_around_you_without_flipping() -> None:
    state = position(
        me=(1, 0), them=(6, -3), white=[(1, 0)], black=[(2, -1)], owners={"Upset": WHITE}
    )
    assert c.upset_hexes(state) == (h(1, 0), None, h(2, -1), h(2, 0), h(1, 1), None, h(0, 0))
    after = cast(state, "cast Upset ...B..W")
    assert after.aura(h(0, 0)) == WHITE and after.aura(h(2, 0)) == BLACK
    assert after.aura(h(1, 0)) is None and after.aura(h(2, -1)) is None
    refused(state, "cast Upset B.B....", "without adding or flipping")
    refused(state, "cast Upset .WB....", "no hex")
    refused(state, "cast Upset W.B....", "changes nothing")
    alike = position(me=(1, 0), them=(6, -3), owners={"Upset": WHITE})
    assert "nothing to rearrange" in (c.cast_problem(alike, spell("Upset")) or "")


# -- S -----------------------------------------------------------------------------------------


def test_stonemason_moves_a_room_with_its_auras_and_objects() -> None:
    state = position(
        me=(2, -1),
        them=(1, 1),
        white=[(0, 0)],
        black=[(2, 1)],
        owners={"Stonemason": WHITE},
        artworks={"S": (0, 0)},
    )
    assert c.stonemason_rooms(state) == (4,)
    before = state.built.layout[4]
    placement = room_moves(state.built, 4)[0]
    result = GAME.apply(state, m.Stonemason(4, placement))
    after = result.state
    old, new = before.hexes(4), placement.hexes(4)
    assert after.built.layout[4] == placement
    assert after.aura(new[old.index(h(0, 0))]) == WHITE
    assert after.aura(new[old.index(h(2, 1))]) == BLACK
    assert after.objects[BLACK] == new[old.index(h(1, 1))]
    assert after.objects[art("S")] == new[old.index(h(0, 0))]
    assert any(isinstance(e, RoomMoved) for e in result.events)
    refused(state, "cast Stonemason P 9,9r0", "holds no hex of the linked region")
    refused(state, "cast Stonemason S 2,-4r0", "overlap")


def test_shovel_is_created_then_flies_with_its_aura_and_object() -> None:
    state = position(me=(1, 0), them=(6, -3), owners={"Shovel": WHITE})
    assert c.shovel_targets(state) == hexes([(1, -1), (0, 1)])
    first = GAME.apply(state, m.Shovel(h(1, -1)))
    assert first.state.built.shovel == h(1, -1)
    assert isinstance(first.events[-1], ShovelMoved) and first.events[-1].source is None
    loaded = position(
        me=(1, 0), them=(1, -1), shovel=(1, -1), black=[(1, -1)], owners={"Shovel": WHITE}
    )
    moved = cast(loaded, "cast Shovel 0,1")
    assert moved.built.shovel == h(0, 1)
    assert moved.aura(h(0, 1)) == BLACK and moved.aura(h(1, -1)) is None
    assert moved.objects[BLACK] == h(0, 1)
    refused(loaded, "cast Shovel 2,0", "not a space without a hex")


def test_shovel_cast_while_standing_on_it_is_refused() -> None:
    state = position(me=(1, -1), shovel=(1, -1), owners={"Shovel": WHITE})
    refused(state, "cast Shovel 0,-1", "stand on the Shovel")


def test_the_shovel_joins_regions_but_is_no_room() -> None:
    bridged = [(4, -2), (4, -3), (3, -3), (2, -3), (2, -2), (1, 0), (1, 1), (1, 2), (0, 2)]
    shovel = (1, -1)  # touches O (2,-2) and S (1,0): the only link between the two halves
    assert verdict(position(white=bridged, shovel=shovel, me=(0, 0))) is None
    won = verdict(position(white=[*bridged, shovel], shovel=shovel, me=(0, 0)))
    assert won is not None and won.winner == WHITE
    six_rooms = [qr for qr in bridged if qr != (0, 2)]
    assert verdict(position(white=[*six_rooms, shovel], shovel=shovel, me=(0, 0))) is None


# -- L -----------------------------------------------------------------------------------------


def test_locksmith_moves_an_object_of_its_region_to_any_free_hex() -> None:
    state = position(
        me=(0, 0),
        them=(2, 2),
        white=[(1, 2), (2, 2)],
        owners={"Locksmith": WHITE},
        artworks={"L": (1, 2)},
    )
    assert c.locksmith_objects(state) == hexes([(1, 2), (2, 2)])
    assert cast(state, "cast Locksmith 2,2 -1,4").objects[BLACK] == h(-1, 4)
    assert cast(state, "cast Locksmith 1,2 6,-3").objects[art("L")] == h(6, -3)
    refused(state, "cast Locksmith 0,0 3,3", "no object stands there in the linked region")
    refused(state, "cast Locksmith 2,2 1,2", "not a free hex")


def test_leap_swaps_with_an_object_in_a_row() -> None:
    state = position(me=(2, -3), them=(2, 1), owners={"Leap": WHITE})
    after = cast(state, "cast Leap 2,1")
    assert after.objects[WHITE] == h(2, 1) and after.objects[BLACK] == h(2, -3)


def test_leap_cannot_cross_a_space_without_a_hex() -> None:
    state = position(
        me=(-1, 4), them=(6, -3), owners={"Leap": WHITE, "Locksmith": BLACK}, artworks={"L": (3, 0)}
    )
    assert c.leap_targets(state) == hexes([(3, 0)])
    refused(state, "cast Leap 6,-3", "no object there in your rows")


# -- Y -----------------------------------------------------------------------------------------


def test_yeoman_rearranges_objects_inside_rooms_of_its_region() -> None:
    state = position(
        me=(2, 2), them=(0, 3), white=[(0, 2)], owners={"Yeoman": WHITE}, artworks={"Y": (0, 2)}
    )
    assert c.yeoman_rooms(state) == (6,)
    after = cast(state, "cast Yeoman 0,2>1,3 0,3>0,2")
    assert after.objects[art("Y")] == h(1, 3) and after.objects[BLACK] == h(0, 2)
    refused(state, "cast Yeoman 0,3>1,2", "stay inside their room")
    refused(state, "cast Yeoman 0,2>0,3", "onto another that stays")
    refused(state, "cast Yeoman 2,2>3,2", "not in a room of the linked region")


def test_yoke_moves_you_and_an_object_the_same_way() -> None:
    state = position(me=(2, -2), them=(4, -3), owners={"Yoke": WHITE})
    after = cast(state, "cast Yoke 4,-3 S")
    assert after.objects[WHITE] == h(2, -1) and after.objects[BLACK] == h(4, -2)
    refused(state, "cast Yoke 2,-2 S", "another object")


@pytest.mark.parametrize("way", ["S", "N"])
def test_yoke_into_the_partners_hex_works_both_ways(way: str) -> None:
    """The reference corrupted its state here; both pieces must end on distinct hexes."""
    state = position(me=(2, -1), them=(2, 0), owners={"Yoke": WHITE})
    after = cast(state, f"cast Yoke 2,0 {way}")
    expected = {"S": (h(2, 0), h(2, 1)), "N": (h(2, -2), h(2, -1))}[way]
    assert (after.objects[WHITE], after.objects[BLACK]) == expected
    assert len(after.object_at) == 2


def test_yoke_refuses_a_direction_off_the_board() -> None:
    state = position(me=(1, 0), them=(2, 0), owners={"Yoke": WHITE})
    assert 4 not in c.yoke_directions(state, h(2, 0))  # SW of (1,0) has no hex
    refused(state, "cast Yoke 2,0 SW", "cannot both move SW")
