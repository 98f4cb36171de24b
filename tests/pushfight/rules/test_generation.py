"""Full-turn generation: golden counts of distinct results, checked against a slow reference
written independently from the rules text (it even slides one piece twice, which the engine
skips as redundant), and agreement between the engine's entry points."""

from __future__ import annotations

import random

import pytest

from game.core.match import Match
from game.pushfight.rules import engine
from game.pushfight.rules.game import GAME, State
from game.pushfight.rules.notation import Turn
from game.pushfight.rules.steps import legal_pushes
from tests.pushfight.rules import reference
from tests.pushfight.rules.positions import result_text, state

GOLDEN = {
    "standard start": ("Oc2 Od2 Od3 od1 od4 Xe2 Xe3 Xf3 xe1 xe4", "w", 1608),
    "few pieces": ("Oc3 od3 Xe3 xf2", "w", 226),
    "corner": ("Ob2 oa2 Xc2 Yd3 xh3 Of4", "w", 1021),
    "brown to move": ("Od2 Pd3 oc3 Xe2 xe3 Xf1 xg3", "b", 1949),
    "middle game": ("Oc2 Pd3 Od2 oc3 ob2 Xe3 Xe2 xf2 Xd4 xe1", "b", 1193),
    "one square piece shut in": ("Oc4 Yd4 Xc3 xc2 xc1 oa2 oh3 Xf2", "w", 0),
}


def engine_results(position: State) -> set[str]:
    found = engine.successors(position.packed, position.anchor, position.to_move)
    return {result_text(position, r) for r in found}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_counts_match_the_reference(name: str) -> None:
    pieces, side, count = GOLDEN[name]
    position = state(pieces, side)
    results = engine_results(position)
    assert len(results) == count
    assert results == reference.turn_results(position.position, position.to_move)


def _playout_positions(seed: int, count: int) -> list[State]:
    rng = random.Random(seed)
    match = Match(GAME)
    positions: list[State] = []
    while not match.is_over and len(positions) < count:
        move = GAME.random_move(match.state, rng)
        assert move is not None
        match.play(move)
        if not match.state.in_setup and not match.is_over:
            positions.append(match.state)
    return positions


@pytest.mark.parametrize("seed", range(4))
def test_random_positions_match_the_reference(seed: int) -> None:
    for position in _playout_positions(seed, 2):
        assert engine_results(position) == reference.turn_results(
            position.position, position.to_move
        )


@pytest.mark.parametrize("name", ["standard start", "corner", "brown to move"])
def test_legal_moves_are_legal_and_one_per_result(name: str) -> None:
    pieces, side, count = GOLDEN[name]
    position = state(pieces, side)
    moves = list(GAME.legal_moves(position))
    assert len(moves) == count
    keys = set()
    for move in moves:
        assert isinstance(move, Turn)
        result = GAME.apply(position, move)
        keys.add((result.state.position, result.state.fell))
    assert len(keys) == count


@pytest.mark.parametrize("seed", range(6))
def test_entry_points_agree(seed: int) -> None:
    for position in _playout_positions(100 + seed, 4):
        side, packed, anchor = position.to_move, position.packed, position.anchor
        fast = engine.successors(packed, anchor, side)
        assert fast == set(engine.successor_turns(packed, anchor, side))
        assert engine.has_push(packed, anchor, side) == bool(fast)
        wins = any(engine.fallen(packed, r & engine.PACKED_MASK) == 1 - side for r in fast)
        assert engine.can_push_off(packed, anchor, side) == wins
        assert engine.has_push(packed, anchor, side, 0) == bool(legal_pushes(packed, anchor, side))



@pytest.mark.skipif(engine._compiled is None, reason="the C speed-up was not built here")
@pytest.mark.parametrize("seed", range(6))
def test_the_compiled_and_pure_python_paths_agree_even_in_order(seed: int) -> None:
    """Same keys, added in the same order (the set even iterates alike: searches that break
    ties by order play the same moves), on random positions and the golden ones."""
    positions = _playout_positions(200 + seed, 12)
    positions += [state(pieces, side) for pieces, side, _ in GOLDEN.values()]
    for position in positions:
        side, packed, anchor = position.to_move, position.packed, position.anchor
        compiled = engine.successors(packed, anchor, side)
        pure = engine.successors_python(packed, anchor, side)
        assert compiled == pure
        assert list(compiled) == list(pure)
