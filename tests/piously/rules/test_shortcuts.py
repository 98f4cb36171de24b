"""The engine's shortcuts give the answers of the plain rules they stand for.

Searches and random playouts ask the rules the same questions millions of times, so some
answers come by a quicker road: castability without sentences, the Yeoman's and
the Usurper's casts made only when drawn, the Stonemason stopping at the first placement, the
win check remembered. Each is checked here against the plain form, on positions of seeded
random games and on the late positions of the AI's fixtures.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.piously.rules import GAME, casting
from game.piously.rules import actions as act
from game.piously.rules import moves as m
from game.piously.rules.regions import has_won, winning_region
from game.piously.rules.spellbook import SPELLS, STONEMASON, USURPER, YEOMAN
from game.piously.rules.state import Phase, PiouslyState
from game.piously.rules.temple import ROOMS, Temple, room_can_move, room_moves
from tools.piously_wins import read_positions

WINS = Path(__file__).resolve().parent.parent / "ai" / "wins.txt"


def random_positions(seed: int, every: int) -> Iterator[PiouslyState]:
    """Every ``every``-th position of a seeded random game, once play has begun."""
    rng = random.Random(seed)
    state = GAME.new_state({})
    ply = 0
    while state.verdict is None:
        if state.phase is Phase.PLAY and ply % every == 0:
            yield state
        move = GAME.random_move(state, rng)
        assert move is not None
        state = GAME.apply_unchecked(state, move).state
        ply += 1
    yield state


def positions() -> list[PiouslyState]:
    found = [state for seed in range(4) for state in random_positions(seed, every=11)]
    return found + [state for _, state in read_positions(WINS)[::9]]


POSITIONS = positions()


def usurper_casts_step_by_step(state: PiouslyState) -> list[m.Cast]:
    """The Usurper's casts built from the choices offered at each step, as a player makes
    them (and as the engine listed them before its walks were shared)."""
    found: list[m.Cast] = []
    seen: set[tuple[frozenset[int], frozenset[int]]] = set()
    for first in sorted(casting.usurper_removals(state)):
        for second in sorted(casting.usurper_removals(state, (first,))):
            removed = (first, second)
            found.append(m.Usurper(removed))
            for grow in sorted(casting.usurper_growths(state, removed)):
                found.append(m.Usurper(removed, (grow,)))
                for again in sorted(casting.usurper_growths(state, removed, (grow,))):
                    key = (frozenset(removed), frozenset((grow, again)))
                    if key not in seen:
                        seen.add(key)
                        found.append(m.Usurper(removed, (grow, again)))
    return found


def test_the_positions_cover_the_spells_with_shortcuts() -> None:
    """Otherwise the checks below would pass without checking anything."""
    castable = [set(casting.castable(state)) for state in POSITIONS]
    assert sum(YEOMAN in spells for spells in castable) >= 5
    assert sum(USURPER in spells for spells in castable) >= 5
    assert sum(STONEMASON in spells for spells in castable) >= 5


def test_castable_spells_are_the_ones_cast_problem_lets_through() -> None:
    for state in POSITIONS:
        expected = [s for s in range(len(SPELLS)) if casting.cast_problem(state, s) is None]
        assert casting.castable(state) == expected, GAME.encode(state)


def test_a_random_draw_sees_every_cast_in_order() -> None:
    for state in POSITIONS:
        for spell in casting.castable(state):
            listed = list(casting.casts(state, spell))
            choices = casting.cast_choices(state, spell)
            assert len(choices) == len(listed)
            assert [choices[i] for i in range(len(choices))] == listed, GAME.encode(state)
            assert list(choices[1:4]) == listed[1:4]
            assert choices[-1] == listed[-1]


def test_the_usurpers_shared_walks_list_what_its_steps_offer() -> None:
    for state in POSITIONS:
        if USURPER in casting.castable(state):
            expected = usurper_casts_step_by_step(state)
            assert list(casting.casts(state, USURPER)) == expected, GAME.encode(state)


def test_the_yeoman_list_refuses_an_index_past_its_end() -> None:
    state = next(s for s in POSITIONS if YEOMAN in casting.castable(s))
    choices = casting.cast_choices(state, YEOMAN)
    with pytest.raises(IndexError):
        choices[len(choices)]


def test_the_remembered_win_check_agrees_with_the_walk() -> None:
    """Both colours on each temple, each asked twice (the second answer is remembered)."""
    assert sum(state.verdict is not None for state in POSITIONS) >= 4
    for state in POSITIONS:
        for _ in range(2):
            for seat in (0, 1):
                walked = winning_region(state, seat) is not None
                assert has_won(state, seat) == walked, GAME.encode(state)


def test_a_room_can_move_when_it_has_a_placement() -> None:
    """Asked before the whole list is made, and after."""
    for state in POSITIONS[::3]:
        built = state.built
        asked_first = Temple(built.layout, built.shovel)
        listed_first = Temple(built.layout, built.shovel)
        for room in range(ROOMS):
            assert room_can_move(asked_first, room) == bool(room_moves(listed_first, room))
            assert room_can_move(listed_first, room) == bool(room_moves(asked_first, room))


def test_drops_and_pick_ups_are_the_ones_their_checks_allow() -> None:
    for state in POSITIONS:
        for room in range(ROOMS):
            allowed = act.drop_problem(state, m.Drop(room, 0), hex_given=False) is None
            # the free hexes next to you, as for a step (which costs an action too)
            assert act.drop_targets(state, room) == (act.step_targets(state) if allowed else ())
        expected = tuple(
            room for room in range(ROOMS) if act.pickup_problem(state, m.PickUp(room)) is None
        )
        assert act.pickup_rooms(state) == expected
