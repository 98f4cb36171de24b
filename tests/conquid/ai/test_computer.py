"""The computer seat thinks in a worker process and never blocks its caller."""

from __future__ import annotations

import time
from typing import Any

import pytest

from game.computer import ComputerSeat
from game.conquid.rules.game import GAME
from game.core.match import Match
from game.core.player import Decision, Limit

TIMEOUT = 20.0


def wait(seat: ComputerSeat) -> Decision[Any]:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        decision = seat.poll()
        if decision is not None:
            return decision
        time.sleep(0.01)
    raise AssertionError("the computer did not answer in time")


def thinking(seat: ComputerSeat) -> bool:
    return seat.busy


def test_start_poll_cancel_and_hint() -> None:
    match = Match(GAME, {"board": "small"})
    match.play("A 0,0 0,1 0,2")
    with ComputerSeat("conquid", "hard", Limit(nodes=50)) as seat:
        seat.start(match)
        assert thinking(seat)
        decision = wait(seat)
        assert not seat.busy and seat.poll() is None
        assert decision.nodes > 0
        match.play(decision.move)

        # A long search is cancelled at once and the seat can start again afterwards.
        seat.limit = Limit(time=60.0)
        seat.start(match)
        seat.cancel()
        assert not seat.busy and seat.poll() is None
        seat.hint(match)
        hint = wait(seat)
        assert GAME.move_problem(match.state, hint.move) is None


def test_a_seat_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError):
        ComputerSeat("conquid", "grandmaster")
    match = Match(GAME, {"board": "small"})
    match.resign()
    with pytest.raises(ValueError):
        ComputerSeat("conquid", "easy").start(match)
