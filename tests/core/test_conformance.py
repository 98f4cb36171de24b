"""One conformance suite that every registered game must pass (OpenSpiel-style).

Random seeded playouts check the protocol's promises: notation round-trips, apply is
deterministic and does not mutate, states compare by position, outcomes are final, chance
moves are legal outcomes, and a record re-plays to the very same game at several points.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from game.catalog import all_games
from game.core.errors import GameOverError, IllegalMoveError
from game.core.match import DRAW, RESIGN, Match, meta_word
from game.core.protocol import CHANCE, Event, Game, MoveResult
from game.core.record import Record

GAMES = list(all_games())
PLAYOUT_LIMIT = 400


def small_options(game: Game[Any, Any]) -> dict[str, object]:
    """The smallest board a game offers, so playouts stay quick."""
    for spec in game.info.options:
        if spec.name == "board" and "small" in spec.choices:
            return {"board": "small"}
    return {}


def playout(game: Game[Any, Any], seed: int) -> Match:
    rng = random.Random(seed)
    match = Match(game, small_options(game), seed=f"conformance-{seed}")
    while not match.is_over and match.ply < PLAYOUT_LIMIT:
        if match.to_move == CHANCE:
            match.play_chance()
            continue
        move = game.random_move(match.state, rng)
        assert move is not None, "a game that is not over must have a legal move"
        match.play(move)
    return match


@pytest.fixture(params=GAMES, ids=[game.info.id for game in GAMES])
def game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    chosen: Game[Any, Any] = request.param
    return chosen


def test_info_is_well_formed(game: Game[Any, Any]) -> None:
    info = game.info
    assert info.id and info.title and info.rules_version >= 1
    assert info.players == len(info.seat_names) in (1, 2)
    defaults = info.default_options()
    assert info.validate_options({}) == defaults
    with pytest.raises(ValueError):
        info.validate_options({"no such option": 1})


@pytest.mark.parametrize("seed", range(6))
def test_random_playout_keeps_promises(game: Game[Any, Any], seed: int) -> None:
    match = playout(game, seed)
    for ply, text in enumerate(match.moves):
        before = match.state_at(ply)
        if meta_word(text) is not None:
            continue
        move = game.parse_move(text)
        assert game.format_move(game.parse_move(game.format_move(move))) == text
        assert game.parse_move(text) == move
        snapshot = game.encode(before)
        first = game.apply(before, move)
        second = game.apply(before, move)
        assert game.encode(before) == snapshot, "apply must not change the state it is given"
        assert first.state == second.state == match.state_at(ply + 1)
        assert game.encode(first.state) == game.encode(match.state_at(ply + 1))
        assert isinstance(first, MoveResult)
        assert all(isinstance(event, Event) for event in first.events)
        waves = [event.wave for event in first.events]
        assert waves == sorted(waves), "events come in wave order"
        unchecked = game.apply_unchecked(before, move)
        assert unchecked.state == first.state and unchecked.outcome == first.outcome
        if game.to_move(before) == CHANCE:
            outcomes = [game.format_move(m) for m, _ in game.chance_outcomes(before)]
            assert text in outcomes
            probabilities = [p for _, p in game.chance_outcomes(before)]
            assert abs(sum(probabilities) - 1) < 1e-9
        else:
            assert 0 <= game.to_move(before) < game.info.players


@pytest.mark.parametrize("seed", range(3))
def test_finished_games_refuse_moves(game: Game[Any, Any], seed: int) -> None:
    match = playout(game, seed)
    if not match.is_over:
        match.resign()
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winner is None or 0 <= outcome.winner < game.info.players
    assert game.random_move(match.state, random.Random(0)) is None or meta_word(
        match.moves[-1]
    ) in (RESIGN, DRAW)
    with pytest.raises(GameOverError):
        match.resign()
    with pytest.raises(IllegalMoveError):
        match.play(match.moves[0] if meta_word(match.moves[0]) is None else "x")


@pytest.mark.parametrize("seed", range(3))
def test_record_round_trip_at_several_points(game: Game[Any, Any], seed: int) -> None:
    match = playout(game, seed)
    games = all_games()
    for ply in sorted({0, 1, match.ply // 2, match.ply}):
        part = match.branch(ply)
        text = Record.of(part).dumps()
        again = Record.loads(text).replay(games)
        assert again.moves == part.moves
        assert again.state == part.state
        assert again.outcome == part.outcome
        assert Record.of(again).dumps() == text


def test_same_seed_same_game(game: Game[Any, Any]) -> None:
    assert playout(game, 42).moves == playout(game, 42).moves


def test_encode_tells_positions_apart(game: Game[Any, Any]) -> None:
    match = playout(game, 5)
    states = [match.state_at(ply) for ply in range(match.ply + 1)]
    for a, b in itertools.pairwise(states):
        assert (a == b) == (game.encode(a) == game.encode(b))


@pytest.mark.parametrize("seed", range(3))
def test_decode_reads_back_every_encoded_position(game: Game[Any, Any], seed: int) -> None:
    match = playout(game, seed)
    for ply in range(match.ply + 1):
        state = match.state_at(ply)
        again = game.decode(game.encode(state))
        assert game.encode(again) == game.encode(state)
        assert game.to_move(again) == game.to_move(state)
        assert game.outcome(again) == game.outcome(state)


@pytest.mark.parametrize("text", ["", "nonsense", "1 2 3", "x" * 300, ":::::::"])
def test_decode_refuses_bad_text_with_a_value_error(game: Game[Any, Any], text: str) -> None:
    with pytest.raises(ValueError):
        game.decode(text)


def test_a_match_can_start_from_a_position(game: Game[Any, Any]) -> None:
    played = playout(game, 1)
    middle = played.state_at(played.ply // 2)
    match = Match(game, small_options(game), seed="start", start=game.decode(game.encode(middle)))
    assert match.ply == 0 and match.state == middle
    assert match.branch(0).state == middle
