"""Set-up, the actions of a turn, the end of a turn and claiming spells, and the win."""

from __future__ import annotations

import pytest

from game.core.errors import GameOverError, IllegalMoveError, NotationError
from game.core.match import Match
from game.core.protocol import OutcomeReason
from game.piously.info import ALL_ROOMS
from game.piously.rules import GAME
from game.piously.rules import moves as m
from game.piously.rules.actions import bless_cost, claimable, step_targets
from game.piously.rules.events import RegionWon, SpellClaimed, TempleBuilt, TurnEnded
from game.piously.rules.state import ARTWORK, BLACK, WHITE, Phase
from game.piously.rules.temple import DEFAULT_LAYOUT, Placement
from tests.piously.rules.positions import WINNING_PATH, h, position, spell


def refused(state: object, text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.apply(state, GAME.parse_move(text))  # type: ignore[arg-type]


# -- set-up ---------------------------------------------------------------------------------


def test_black_builds_then_white_places_then_black_places_then_white_plays() -> None:
    match = Match(GAME)
    assert match.to_move == BLACK and match.state.phase is Phase.TEMPLE
    result = match.play(m.BuildTemple(DEFAULT_LAYOUT))
    assert isinstance(result.events[0], TempleBuilt)
    assert match.to_move == WHITE and match.state.phase is Phase.PLACE
    match.play("place 0,0")
    assert match.to_move == BLACK
    with pytest.raises(IllegalMoveError, match="taken"):
        match.play("place 0,0")
    match.play("place 1,0")
    assert match.state.phase is Phase.PLAY and match.to_move == WHITE
    assert match.state.actions == 3
    assert match.state.objects[WHITE] == h(0, 0) and match.state.objects[BLACK] == h(1, 0)


def test_a_bad_temple_is_refused_with_the_reason() -> None:
    layout = list(DEFAULT_LAYOUT)
    layout[1] = Placement(h(2, -4))
    with pytest.raises(IllegalMoveError, match="overlap"):
        GAME.apply(GAME.new_state({}), m.BuildTemple(tuple(layout)))


def test_moves_out_of_phase_are_refused() -> None:
    start = GAME.new_state({})
    refused(start, "place 0,0", "temple")
    refused(start, "bless", "temple")
    refused(start, "cast Overwork", "both pieces")
    refused(start, "end", "temple")
    built = GAME.apply(start, m.BuildTemple(DEFAULT_LAYOUT)).state
    refused(
        built,
        "temple " + " ".join(f"{c}{p}" for c, p in zip("PIOUSLY", DEFAULT_LAYOUT, strict=True)),
        "already built",
    )
    refused(built, "place 40,0", "no hex")
    refused(built, "move 0,0", "placed first")


# -- actions --------------------------------------------------------------------------------


def test_a_step_goes_to_an_adjacent_free_hex_for_one_action() -> None:
    state = position(me=(1, 0), them=(1, 1))
    assert set(step_targets(state)) == {h(2, -1), h(2, 0), h(0, 0)}
    after = GAME.apply(state, m.Step(h(2, -1))).state
    assert after.objects[WHITE] == h(2, -1) and after.actions == 2
    refused(state, "move 1,1", "holds an object")
    refused(state, "move 3,0", "a hex next to you")
    refused(state, "move 0,1", "no hex")


def test_bless_costs_one_and_flip_costs_two() -> None:
    empty = position(me=(0, 0))
    assert bless_cost(empty)[0] == 1
    blessed = GAME.apply(empty, m.Bless()).state
    assert blessed.aura(h(0, 0)) == WHITE and blessed.actions == 2
    theirs = position(me=(0, 0), black=[(0, 0)])
    assert bless_cost(theirs)[0] == 2
    flipped = GAME.apply(theirs, m.Flip()).state
    assert flipped.aura(h(0, 0)) == WHITE and flipped.actions == 1
    refused(theirs, "bless", "two actions")
    refused(empty, "flip", "no opponent aura")


def test_blessing_your_own_aura_is_refused() -> None:
    state = position(me=(0, 0), white=[(0, 0)])
    assert bless_cost(state)[0] is None
    refused(state, "bless", "already has your aura")
    refused(state, "flip", "already has your aura")


def test_flipping_with_one_action_left_is_refused() -> None:
    state = position(me=(0, 0), black=[(0, 0)], actions=1)
    refused(state, "flip", "costs 2 actions and you have only 1 action left")


def test_actions_never_go_below_zero() -> None:
    state = position(me=(0, 0), actions=0)
    refused(state, "bless", "no actions left")
    refused(state, "move 1,0", "no actions left")
    assert step_targets(state) == ()


def test_artworks_are_dropped_next_to_you_and_picked_up_for_one_action_each() -> None:
    state = position(me=(1, 0), owners={"Locksmith": WHITE, "Leap": BLACK})
    refused(state, "drop P 1,1", "do not own the Priestess")
    refused(state, "drop L 3,3", "next to you")
    dropped = GAME.apply(state, GAME.parse_move("drop L 1,1")).state
    assert dropped.objects[ARTWORK + 5] == h(1, 1) and dropped.actions == 2
    refused(dropped, "drop L 0,0", "already on the board")
    picked = GAME.apply(dropped, GAME.parse_move("pickup L")).state
    assert picked.objects[ARTWORK + 5] is None and picked.actions == 1
    away = GAME.apply(GAME.apply(dropped, m.Step(h(2, -1))).state, m.Step(h(2, -2))).state
    refused(away, "pickup L", "not next to you")


def test_the_opponents_artwork_cannot_be_picked_up() -> None:
    state = position(me=(1, 0), owners={"Locksmith": WHITE}, artworks={"L": (1, 1)})
    assert GAME.apply(state, m.PickUp(5)).state.objects[ARTWORK + 5] is None
    theirs = position(me=(1, 0), owners={"Locksmith": BLACK}, artworks={"L": (1, 1)})
    refused(theirs, "pickup L", "do not own")


# -- the end of a turn ----------------------------------------------------------------------


def test_ending_the_turn_hands_over_three_actions_and_recharges_every_spell() -> None:
    state = position(me=(0, 0), actions=1, cast=["Leap", "Overwork"], owners={"Leap": WHITE})
    result = GAME.apply(state, m.EndTurn())
    after = result.state
    assert after.to_move == BLACK and after.actions == 3 and after.cast == 0 and after.turn == 1
    assert [type(e) for e in result.events] == [TurnEnded]


def test_claiming_a_room_gives_the_partner_spell_to_the_opponent() -> None:
    state = position(me=(1, 2))  # Lime
    assert set(claimable(state)) == {spell("Locksmith"), spell("Leap")}
    result = GAME.apply(state, GAME.parse_move("end take Leap"))
    assert result.state.owners[spell("Leap")] == WHITE
    assert result.state.owners[spell("Locksmith")] == BLACK
    assert sum(isinstance(e, SpellClaimed) for e in result.events) == 2


def test_neither_leaves_the_pair_available() -> None:
    state = position(me=(1, 2))
    after = GAME.apply(state, m.EndTurn()).state
    assert after.owners[spell("Leap")] == after.owners[spell("Locksmith")] == -1


def test_a_claim_needs_both_spells_of_your_room_unclaimed() -> None:
    refused(position(me=(1, 2)), "end take Priestess", "Pink room")
    owned = position(me=(1, 2), owners={"Leap": BLACK, "Locksmith": WHITE})
    assert claimable(owned) == ()
    refused(owned, "end take Leap", "both of its spells are unclaimed")
    on_shovel = position(me=(-1, 0), shovel=(-1, 0))
    assert claimable(on_shovel) == ()


# -- winning --------------------------------------------------------------------------------


def test_a_region_touching_all_seven_rooms_wins_at_once() -> None:
    state = position(white=WINNING_PATH[:-1], me=WINNING_PATH[-1])
    assert state.verdict is None
    result = GAME.apply(state, m.Bless())
    assert result.outcome is not None and result.outcome.winner == WHITE
    assert result.outcome.reason is ALL_ROOMS
    won = [e for e in result.events if isinstance(e, RegionWon)]
    assert won and won[0].seat == WHITE and len(won[0].rooms) == 7
    assert won[0].wave > result.events[0].wave
    with pytest.raises(GameOverError):
        GAME.apply(result.state, m.EndTurn())


def test_auras_in_all_rooms_but_not_joined_do_not_win() -> None:
    split = [qr for qr in WINNING_PATH if qr != (2, 0)]
    state = position(white=split, me=(2, 0), black=[(2, 0)])
    assert state.verdict is None
    after = GAME.apply(state, m.Flip()).state
    assert after.verdict is not None and after.verdict.winner == WHITE


def test_both_colours_winning_at_once_is_a_tie() -> None:
    from game.piously.rules.regions import verdict

    black_path = [(4, -4), (4, -3), (3, -2), (3, -1), (3, 0), (2, 1), (2, 2), (1, 3)]
    state = position(white=WINNING_PATH, black=black_path)
    outcome = verdict(state)
    assert outcome is not None and outcome.winner is None
    assert outcome.reason is ALL_ROOMS


def test_the_turn_limit_draws_the_game() -> None:
    match = Match(GAME, {"turn_limit": 2})
    for text in (
        "temple " + " ".join(f"{c}{p}" for c, p in zip("PIOUSLY", DEFAULT_LAYOUT, strict=True)),
        "place 0,0",
        "place 1,0",
        "end",
    ):
        match.play(text)
    assert not match.is_over
    match.play("end")
    assert match.outcome is not None and match.outcome.reason is OutcomeReason.TURN_LIMIT


def test_bad_notation_is_a_notation_error() -> None:
    for text in ("", "jump", "move", "move 1", "cast", "cast Fireball", "drop Q 1,1", "end take"):
        with pytest.raises(NotationError):
            GAME.parse_move(text)
