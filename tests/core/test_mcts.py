"""The generic Monte Carlo tree search: legal and reproducible in every game, a playout a
node, a win in one taken, wins and losses proven (in a small take-away game), and the
arena's ``mcts`` level for any game."""

from __future__ import annotations

import argparse
import io
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import pytest

from game.arena import add_arena_parser, run_arena
from game.catalog import all_games
from game.core.match import Match
from game.core.mcts import MonteCarloPlayer
from game.core.player import Budget, Limit
from game.core.protocol import CHANCE, Ending, MoveResult, Outcome
from game.piously.rules.game import GAME as PIOUSLY
from tests.piously.ai import positions as pos


@dataclass(frozen=True)
class Pile:
    stones: int
    seat: int = 0
    takes_left: int = 1
    winner: int | None = None


@dataclass(frozen=True)
class TakeAway:
    """A tiny game to solve exactly: a turn is ``takes`` takes of one or two stones from a
    pile, and whoever takes the last stone wins (with two takes a turn, the same seat
    moves twice, as in Piously). Only what the search uses of the protocol."""

    takes: int

    def start(self, stones: int) -> Pile:
        return Pile(stones, 0, self.takes)

    def to_move(self, state: Pile) -> int:
        return state.seat

    def outcome(self, state: Pile) -> Outcome | None:
        return None if state.winner is None else Outcome(state.winner, Ending("last"))

    def legal_moves(self, state: Pile) -> Iterator[int]:
        return iter([take for take in (1, 2) if take <= state.stones])

    def random_move(self, state: Pile, rng: random.Random) -> int | None:
        moves = list(self.legal_moves(state))
        return rng.choice(moves) if moves else None

    def apply_unchecked(self, state: Pile, take: int) -> MoveResult[Pile]:
        stones = state.stones - take
        if stones == 0:
            return MoveResult(replace(state, stones=0, winner=state.seat))
        if state.takes_left > 1:
            return MoveResult(replace(state, stones=stones, takes_left=state.takes_left - 1))
        return MoveResult(Pile(stones, 1 - state.seat, self.takes))

    @cache  # noqa: B019 (a frozen dataclass, a handful of instances)
    def wins(self, state: Pile) -> bool:
        """Whether the seat to move wins with best play (plain minimax)."""
        for take in self.legal_moves(state):
            after = self.apply_unchecked(state, take).state
            if after.winner == state.seat:
                return True
            mine = after.seat == state.seat
            if self.wins(after) == mine:
                return True
        return False


@pytest.mark.parametrize("takes", [1, 2])
@pytest.mark.parametrize("stones", range(1, 13))
def test_wins_and_losses_are_proven_and_a_proven_win_played(takes: int, stones: int) -> None:
    """Plain UCT only estimates (its score is a playout average): the solver proves each
    of these small positions, won (1) or lost (0), exactly as minimax does, and plays a
    move that keeps a proven win."""
    game = TakeAway(takes)
    state = game.start(stones)
    player = MonteCarloPlayer(game, horizon=100)  # type: ignore[arg-type]
    decision = player.choose(state, Budget(Limit(nodes=3_000)), random.Random(stones))
    won = game.wins(state)
    assert decision.score == (1.0 if won else 0.0)
    if won:
        after = game.apply_unchecked(state, decision.move).state
        assert after.winner == 0 or game.wins(after) == (after.seat == 0)


GAME_IDS = [game.info.id for game in all_games()]
OPTIONS = {"conquid": {"board": "small"}}
"""Conquid's default large board makes a playout seconds long."""


def midgame(game_id: str, plies: int = 12) -> tuple[Any, Any]:
    """The game and the last position with a seat to move in its first random moves (dice
    rolled by their odds)."""
    game = all_games().get(game_id)
    options = game.info.validate_options(OPTIONS.get(game_id, {}))
    match = Match(game, options, seed="m" if game.info.has_chance else None)
    rng = random.Random(3)
    found = match.state
    while match.ply < plies and not match.is_over:
        if match.to_move == CHANCE:
            match.play_chance()
            continue
        found = match.state
        move = game.random_move(match.state, rng)
        assert move is not None
        match.play(move)
    return game, found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_legal_move_and_the_same_one_again_for_the_same_seed(game_id: str) -> None:
    game, state = midgame(game_id)
    choices = []
    for _ in range(2):
        player = MonteCarloPlayer(game)
        budget = Budget(Limit(nodes=30))
        decision = player.choose(state, budget, random.Random(5))
        game.check_move(state, decision.move)
        proven = decision.score in (0.0, 1.0)  # a proof ends the search early
        assert budget.nodes == 30 or proven  # one node a playout
        choices.append(decision.move)
    assert choices[0] == choices[1]


def test_a_win_in_one_is_taken() -> None:
    player = MonteCarloPlayer(PIOUSLY)
    decision = player.choose(pos.WIN_BY_BLESS, Budget(Limit(nodes=200)), random.Random(1))
    after = PIOUSLY.apply(pos.WIN_BY_BLESS, decision.move).state
    assert after.verdict is not None and after.verdict.winner == pos.WIN_BY_BLESS.to_move


def test_the_tree_is_kept_for_the_rest_of_the_turn() -> None:
    """A Piously turn is several moves: the next move's search starts from the subtree
    under the move chosen, so even with no playouts of its own it picks a continuation
    the playouts have scored, where a fresh search could only expand an unscored one."""
    _, state = midgame("piously", 40)
    player = MonteCarloPlayer(PIOUSLY)
    first = player.choose(state, Budget(Limit(nodes=300)), random.Random(2))
    after = PIOUSLY.apply(state, first.move).state
    assert PIOUSLY.outcome(after) is None
    fresh = MonteCarloPlayer(PIOUSLY).choose(after, Budget(Limit(nodes=0)), random.Random(2))
    kept = player.choose(after, Budget(Limit(nodes=0)), random.Random(2))
    assert kept.score is not None and fresh.score is None


def test_the_arena_offers_the_generic_search_in_every_game() -> None:
    parser = argparse.ArgumentParser()
    add_arena_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["arena", "piously", "--first", "mcts", "--second", "easy",
                              "--games", "1", "--nodes", "4", "--turn-limit", "6"])
    out = io.StringIO()
    assert run_arena(args, out) == 0
    assert "mcts vs easy, 1 games" in out.getvalue()
