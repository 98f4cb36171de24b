"""Piously in the arena (a game without a board option) and behind a computer seat."""

from __future__ import annotations

import argparse
import io
import time

from game.arena import add_arena_parser, computer_levels, run_arena
from game.computer import ComputerSeat
from game.core.match import Match
from game.core.player import Limit
from game.piously.rules.game import GAME, move_problem


def arena_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arena_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["arena", *argv])


def test_the_arena_finds_the_levels_and_plays_reproducibly() -> None:
    assert set(computer_levels("piously")) == {"easy", "normal", "hard"}
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        args = arena_args("piously", "--first", "normal", "--second", "easy", "--games", "1",
                          "--nodes", "20", "--turn-limit", "12", "--verbose")
        assert run_arena(args, out) == 0
        outputs.append([line for line in out.getvalue().splitlines() if line.startswith("game")])
    assert outputs[0] == outputs[1] and len(outputs[0]) == 1
    assert "turn_limit=12" in out.getvalue()


def test_a_computer_seat_plays_piously() -> None:
    match = Match(GAME, {})
    with ComputerSeat("piously", "hard", Limit(nodes=60)) as seat:
        for _ in range(4):  # the temple, both pieces, then the first move of play
            seat.start(match)
            deadline = time.monotonic() + 30
            decision = None
            while decision is None and time.monotonic() < deadline:
                decision = seat.poll()
                time.sleep(0.01)
            assert decision is not None
            assert move_problem(match.state, decision.move) is None
            match.play(decision.move)
