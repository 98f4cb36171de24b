"""The complete search for a win this turn: its bound never cuts off a real win, it finds
every win of the generated positions (three or more moves each) within the players' budget,
and normal and hard play those wins."""

from __future__ import annotations

import dataclasses
import functools
import random
from pathlib import Path

import pytest

from game.core.player import Budget, Limit
from game.piously.ai import (
    DEFAULT_LIMITS,
    LEVELS,
    NEAR_WIN_NODES,
    SAMPLE_NODES,
    WIN_NODES,
    wins,
)
from game.piously.ai.evaluate import NeedCache
from game.piously.ai.sampling import win_line
from game.piously.ai.wins import (
    ORDERS,
    _deficit,
    _dominated,
    _Order,
    can_still_win,
    find_win,
)
from game.piously.rules.game import GAME
from game.piously.rules.position import decode
from game.piously.rules.spellbook import OPPORTUNIST, PRIESTESS
from game.piously.rules.state import Phase, PiouslyState
from tests.piously.ai import positions as pos
from tests.piously.ai.test_tactics import whole_turn
from tools.piously_wins import read_positions, wins_within

FIXTURE = Path(__file__).with_name("wins.txt")
POSITIONS = read_positions(FIXTURE)


def winning_turns(seed: int) -> list[list[PiouslyState]]:
    """The winning turn of each random game (its positions, the win's last move excluded)."""
    turns = []
    for game in range(12):
        rng = random.Random(f"{seed}/{game}")
        state = GAME.new_state({})
        turn: list[PiouslyState] = []
        while state.verdict is None:
            if state.phase is Phase.PLAY and state.actions == 3 and state.cast == 0:
                turn = []
            turn.append(state)
            move = GAME.random_move(state, rng)
            assert move is not None
            after = GAME.apply(state, move).state
            if after.verdict is not None and after.verdict.winner == state.to_move:
                turns.append([s for s in turn if s.phase is Phase.PLAY])
            state = after
    return turns


def test_the_bound_never_rules_out_a_win_that_was_played() -> None:
    turns = winning_turns(27)
    assert len(turns) >= 6
    for turn in turns:
        for state in turn:
            assert can_still_win(state), GAME.encode(state)


def test_what_the_shovel_may_add_to_the_board_never_raises_the_deficit() -> None:
    """``can_still_win`` skips the costly deficit with the spaces the Shovel may fill when
    the board's own deficit is within reach: sound only if the spaces never raise it."""
    rng = random.Random(5)
    for _, start in POSITIONS[::8]:
        state = start
        for _ in range(20):
            for seat in (0, 1):
                own, board = state.auras[seat], _deficit(state.built, state.auras[seat])
                assert _deficit(state.built, own, 0) <= _deficit(state.built, own, 1) <= board
            move = GAME.random_move(state, rng)
            if move is None:
                break
            state = GAME.apply(state, move).state
            if state.verdict is not None:
                break


@pytest.mark.parametrize("order", ORDERS)
def test_every_position_of_a_played_winning_turn_has_a_win_found(
    order: _Order, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each position of a turn that random play won has a win (the rest of that turn): the
    search in each order alone, pruning positions another one it reached can do all of
    (``_dominated``), must find one."""
    monkeypatch.setattr(wins, "ORDERS", (dataclasses.replace(order, prunes=True),))
    for seed in (27, 28):
        for turn in winning_turns(seed):
            for state in turn:
                found = find_win(state, Budget(Limit(nodes=30_000)))
                assert found.line is not None, GAME.encode(state)


RECHARGED = decode(
    "play b a3 c16 t71 l0|8,-6r0 3,-1r2 -1,2r4 -1,0r4 7,-5r3 7,-4r2 1,-1r5|s6,-2|"
    "w-2,-1 -1,2 5,-6 6,-6 6,-2 7,-5|b-1,-1 -1,0 -1,1 0,-2 0,0 0,1 0,2 1,-2 1,-1 1,1 2,-3 "
    "2,0 3,-1 4,-2 5,-2 6,-3 7,-4 8,-5|o7,-4 5,-2 -1,-1 -1,2 1,-1 4,-2 1,-2 2,0 3,-1|"
    "bwbwbwwbwbwbbw"
)
"""Black has cast the Priestess and then the Opportunist to recharge it: a second Priestess
wins (position 47 of the fresh set, after two of its three moves)."""


def test_a_position_is_pruned_only_by_one_that_can_do_all_it_can() -> None:
    """The same board with the Priestess spent cannot win: so a position that has cast a
    spell this one has not, or has fewer actions, must not prune it."""
    spent = dataclasses.replace(RECHARGED, cast=RECHARGED.cast | 1 << PRIESTESS)
    assert wins_within(RECHARGED, 1) and not wins_within(spent, 1)
    actions, cast = RECHARGED.actions, RECHARGED.cast
    assert not _dominated([(actions, spent.cast)], actions, cast, strictly=False)
    assert not _dominated([(actions - 1, cast)], actions, cast, strictly=False)
    assert not _dominated([(actions, cast)], actions, cast, strictly=True)
    assert _dominated([(actions, cast)], actions, cast, strictly=False)
    assert _dominated([(actions + 1, 1 << OPPORTUNIST)], actions, cast | 1, strictly=True)


def test_each_order_enters_a_position_with_a_floor_of_its_key() -> None:
    """The searches work a key out only at the queue's head: their order is the order of
    the keys only if no floor is above its key."""
    cache: NeedCache = {}
    for turn in winning_turns(28):
        for depth, state in enumerate(turn):
            for order in ORDERS:
                assert order.floor(state, depth, 0, cache) <= order.key(state, depth, 0, cache)


def test_the_fixture_holds_200_wins_of_three_moves_or_more() -> None:
    assert len(POSITIONS) >= 200
    assert all(moves >= 3 for moves, _ in POSITIONS)
    assert not wins_within(POSITIONS[0][1], 2)


LATE_WINS = (178, 184, 200, 203)
"""Positions of the fixture (late in a game, seven spells in hand, so the bound prunes
nothing) whose wins one search alone, nearest a win first, missed within the players'
budget: they needed 28,791, over 80,000, 35,103 and 47,437 nodes. The search misses 200
with the players' nodes now; the random plays after it find it."""


@pytest.mark.parametrize("index", LATE_WINS)
def test_the_late_wins_are_found_within_the_players_budget(index: int) -> None:
    state = POSITIONS[index][1]
    found = find_win(
        state, Budget(Limit(nodes=WIN_NODES)), None, Budget(Limit(nodes=NEAR_WIN_NODES))
    )
    line = win_line(state, found, Budget(Limit(nodes=SAMPLE_NODES)))
    assert line is not None, index
    for move in line:
        state = GAME.apply(state, move).state
    assert state.verdict is not None and state.verdict.winner == POSITIONS[index][1].to_move


def test_the_second_order_joins_only_when_the_extra_nodes_are_shared() -> None:
    """Position 203's win takes the first order alone over 40,000 nodes, both 21,452."""
    state = POSITIONS[203][1]
    for shared, found in ((False, False), (True, True)):
        result = find_win(
            state,
            Budget(Limit(nodes=WIN_NODES)),
            None,
            Budget(Limit(nodes=15_500)),
            functools.partial(bool, shared),
        )
        assert (result.line is not None) is found


def test_the_generated_wins_are_found_within_the_players_budget() -> None:
    """Every sixth position (all of them: ``python -m bench piously_wins``, in
    ``docs/benchmarks.md``), with the extra nodes a near win gets. One of the 205 (position
    174, in this sample) needs more: about 28,000 nodes in either order."""
    missed = []
    for _, state in POSITIONS[::6]:
        found = find_win(
            state, Budget(Limit(nodes=WIN_NODES)), None, Budget(Limit(nodes=NEAR_WIN_NODES))
        )
        if found.line is None:
            missed.append(GAME.encode(state))
            continue
        after = state
        for move in found.line:
            after = GAME.apply(after, move).state
        assert after.verdict is not None and after.verdict.winner == state.to_move
    assert len(missed) <= 1, missed


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_planners_play_the_generated_wins(level: str) -> None:
    limit = Limit(nodes=DEFAULT_LIMITS[level].nodes)
    for _, state in POSITIONS[:: len(POSITIONS) // 8][:8]:
        _, after = whole_turn(LEVELS[level](), state, limit)
        assert after.verdict is not None and after.verdict.winner == state.to_move


def test_a_complete_search_proves_there_is_no_win() -> None:
    found = find_win(pos.TWO_TURNS, Budget(Limit(nodes=WIN_NODES)))
    assert found.line is None and found.complete


def test_a_win_of_one_move_is_found_first() -> None:
    found = find_win(pos.WIN_BY_SPELL, Budget(Limit(nodes=WIN_NODES)))
    assert found.line is not None and len(found.line) == 1
