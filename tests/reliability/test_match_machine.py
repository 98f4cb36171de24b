"""Rules invariants under stress: a Hypothesis state machine per registered game.

The machine plays random legal moves (dice through ``play_chance``), takes moves back and
plays them again, saves and loads records, branches, resigns and agrees draws, in any order,
and after every step checks the invariants: the state is the replay of the move list; the
encoded position round-trips where the game has a decoder; the outcome is stable (the same
read twice, the same after a reload, and a finished game refuses moves); undo restores the
previous state exactly and redo the undone one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from game.catalog import all_games
from game.conquid.rules import decode_state
from game.core.errors import GameOverError
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, Game
from game.core.record import Record
from game.forts.rules import decode as decode_forts
from game.pushfight.rules import State as PushFightState

GAMES = all_games()
MAX_PLIES = 160
LATE = 12
"""Resignations and draws only after this many moves, so most histories run long."""
Decoder = Callable[[str, Any], Any]
DECODERS: dict[str, Decoder] = {
    "conquid": lambda text, state: decode_state(text, state.turn_limit),
    "pushfight": lambda text, _state: PushFightState.parse(text),
    "forts": lambda text, _state: decode_forts(text),
}
"""Each game's reader of ``encode``'s text, where it has one (new games may have none)."""


def quick_options(game: Game[Any, Any]) -> dict[str, object]:
    """The smallest board a game offers, so long machines stay quick."""
    for spec in game.info.options:
        if spec.name == "board" and "small" in spec.choices:
            return {"board": "small"}
    return {}


class MatchMachine(RuleBasedStateMachine):
    """Random histories of one game; subclassed per game below."""

    game: Game[Any, Any]

    def __init__(self) -> None:
        super().__init__()
        self.match = Match(self.game, quick_options(self.game), seed="machine")
        self.states: list[Any] = []
        self.redo_states: list[Any] = []

    @initialize(seed=st.integers(0, 2**32))
    def start(self, seed: int) -> None:
        info = self.game.info
        seats = tuple(Seat(name) for name in info.seat_names)
        self.match = Match(self.game, quick_options(self.game), seats,
                           f"machine-{seed}" if info.has_chance else None)
        self.states = [self.match.state]
        self.redo_states = []

    # -- rules ------------------------------------------------------------------------------

    @precondition(lambda self: not self.match.is_over and self.match.ply < MAX_PLIES)
    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 12))
    def play(self, seed: int, count: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.match.is_over:
                break
            if self.match.to_move == CHANCE:
                result = self.match.play_chance()
            else:
                move = self.game.random_move(self.match.state, rng)
                assert move is not None, "a game that is not over has a legal move"
                result = self.match.play(move)
            assert result.state == self.match.state
            self.states.append(self.match.state)
        self.redo_states = []

    @precondition(lambda self: self.match.can_undo)
    @rule()
    def undo(self) -> None:
        undone = self.match.state
        self.match.undo()
        self.states.pop()
        assert self.match.state == self.states[-1], "undo restores the previous state"
        self.redo_states.append(undone)

    @precondition(lambda self: self.match.can_redo)
    @rule()
    def redo(self) -> None:
        self.match.redo()
        expected = self.redo_states.pop()
        assert self.match.state == expected, "redo plays the undone move again"
        self.states.append(self.match.state)

    @rule()
    def save_and_load(self) -> None:
        loaded = Record.loads(Record.of(self.match).dumps()).replay(GAMES)
        assert loaded.moves == self.match.moves
        assert loaded.state == self.match.state
        assert loaded.outcome == self.match.outcome

    @rule(fraction=st.floats(0.0, 1.0))
    def branch(self, fraction: float) -> None:
        ply = round(fraction * self.match.ply)
        fork = self.match.branch(ply)
        assert fork.moves == self.match.moves[:ply]
        assert fork.state == self.match.state_at(ply) == self.states[ply]
        assert not fork.can_redo

    @precondition(lambda self: not self.match.is_over and self.match.to_move != CHANCE
                  and self.match.ply >= LATE)
    @rule()
    def resign(self) -> None:
        seat = self.match.to_move
        outcome = self.match.resign()
        assert self.match.outcome == outcome and self.match.moves[-1] == f"resign {seat}"
        self.states.append(self.match.state)
        self.redo_states = []

    @precondition(lambda self: not self.match.is_over and self.match.to_move != CHANCE
                  and self.game.info.players == 2 and self.match.ply >= LATE)
    @rule()
    def agree_draw(self) -> None:
        outcome = self.match.agree_draw()
        assert outcome.winner is None and self.match.outcome == outcome
        self.states.append(self.match.state)
        self.redo_states = []

    # -- invariants -------------------------------------------------------------------------

    @invariant()
    def state_is_the_replay_of_the_moves(self) -> None:
        match = self.match
        replayed = Match(self.game, match.options, match.seats, match.seed)
        for text in match.moves:
            replayed.play_text(text)
        assert replayed.state == match.state
        assert replayed.outcome == match.outcome
        assert len(self.states) == match.ply + 1 and self.states[-1] == match.state

    @invariant()
    def encoding_round_trips(self) -> None:
        decoder = DECODERS.get(self.game.info.id)
        state = self.match.state
        text = self.game.encode(state)
        assert text == self.game.encode(state), "encode is deterministic"
        if decoder is not None:
            assert self.game.encode(decoder(text, state)) == text

    @invariant()
    def outcome_is_stable(self) -> None:
        match = self.match
        assert match.outcome == match.outcome_at(match.ply) == match.outcome
        assert match.is_over == (match.outcome is not None)
        if match.outcome is not None:
            with pytest.raises(GameOverError):
                match.play_chance() if match.to_move == CHANCE else match.resign()
            assert all(match.outcome_at(ply) is None for ply in range(match.ply)), \
                "a game ends once, at its last move"


@pytest.mark.parametrize("game_id", [game.info.id for game in GAMES])
def test_rules_invariants_hold_under_random_histories(game_id: str) -> None:
    machine = type(f"{game_id.title()}Machine", (MatchMachine,), {"game": GAMES.get(game_id)})
    run_state_machine_as_test(
        machine, settings=settings(max_examples=25, stateful_step_count=30, deadline=None)
    )
