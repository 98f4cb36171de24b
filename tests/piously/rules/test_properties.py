"""Random legal playouts keep the game's invariants; notation, positions and records round-trip."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalog import all_games
from game.core.match import Match
from game.core.record import Record
from game.piously.rules import GAME
from game.piously.rules.position import decode
from game.piously.rules.state import Phase, PiouslyState
from game.piously.rules.temple import SHOVEL, layout_problem

GAMES = all_games()


def check_invariants(state: PiouslyState) -> None:
    assert state.actions >= 0
    if state.temple is None:
        return
    room_of = state.temple.room_of
    assert sum(1 for room in room_of.values() if room != SHOVEL) == 28
    assert sum(1 for room in room_of.values() if room == SHOVEL) <= 1
    assert layout_problem(state.temple.layout) is None
    placed = [h for h in state.objects if h is not None]
    assert len(placed) == len(set(placed)), "one object per hex"
    assert all(h in room_of for h in placed)
    white, black = state.auras
    assert not white & black
    assert white <= room_of.keys() and black <= room_of.keys()
    if state.phase is Phase.PLAY:
        assert state.objects[0] is not None and state.objects[1] is not None


def playout(seed: int, limit: int) -> Match:
    rng = random.Random(seed)
    match = Match(GAME)
    while not match.is_over and match.ply < limit:
        before = match.state
        move = GAME.random_move(before, rng)
        assert move is not None
        text = GAME.format_move(move)
        assert GAME.parse_move(text) == move
        assert GAME.parse_move(text.lower()) == move
        match.play(move)
        check_invariants(match.state)
        assert decode(GAME.encode(match.state)) == match.state
    return match


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_random_playouts_keep_invariants_and_round_trip(seed: int) -> None:
    playout(seed, 250)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32))
def test_every_listed_move_is_legal_and_a_listed_move_is_played(seed: int) -> None:
    match = playout(seed, 120)
    state = match.state
    if match.is_over:
        return
    listed = list(GAME.legal_moves(state))
    assert listed
    for move in random.Random(seed).sample(listed, min(40, len(listed))):
        GAME.check_move(state, move)
        assert GAME.parse_move(GAME.format_move(move)) == move


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32))
def test_records_round_trip_and_replay_the_same_game(seed: int) -> None:
    match = playout(seed, 200)
    text = Record.of(match).dumps()
    again = Record.loads(text).replay(GAMES)
    assert again.moves == match.moves
    assert again.state == match.state
    assert again.outcome == match.outcome
    for ply in range(0, match.ply + 1, 17):
        assert again.state_at(ply) == match.state_at(ply)
