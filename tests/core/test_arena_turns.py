"""The arena times whole turns as well as moves: a Piously turn is several moves, and the
issue's targets are per turn."""

from __future__ import annotations

import itertools
import random
from typing import Any

from game.arena import LevelStats, play_game
from game.core.player import Budget, Decision, Limit
from game.piously.rules.game import GAME


class RandomMover:
    """Plays ``Game.random_move`` (enough to drive a game through many turns quickly), and
    notes the seat to move at each of its decisions."""

    def __init__(self, movers: list[int]) -> None:
        self.movers = movers

    def choose(self, state: Any, budget: Budget, rng: random.Random) -> Decision[Any]:
        self.movers.append(GAME.to_move(state))
        return Decision(GAME.random_move(state, rng))


def test_a_turn_of_several_moves_is_timed_whole() -> None:
    stats = LevelStats()
    for seconds, ended in ((0.1, False), (0.2, False), (0.3, True), (0.5, True)):
        stats.add(seconds, seconds / 2, ended)
    assert stats.moves == 4
    assert [round(turn, 6) for turn in stats.turns] == [0.6, 0.5]
    assert [round(turn, 6) for turn in stats.cpu_turns] == [0.3, 0.25]
    assert stats.turn_figures() == ("whole turns: median 550.0 ms, slowest 600.0 ms (processor "
                                    "time: median 275.0 ms, slowest 300.0 ms)")


def test_the_arena_counts_one_turn_per_change_of_the_seat_to_move() -> None:
    ticks = itertools.count()
    movers: list[int] = []
    stats = {"a": LevelStats(), "b": LevelStats()}
    seats = (("a", RandomMover(movers), Limit(nodes=1)), ("b", RandomMover(movers), Limit(nodes=1)))
    match = play_game(GAME, {}, seats, "turns", clock=lambda: float(next(ticks)),
                      stats=stats, max_plies=120)
    changes = sum(1 for before, after in itertools.pairwise(movers) if before != after)
    turns = [turn for level in stats.values() for turn in level.turns]
    under_way = sum(level.turn_so_far for level in stats.values())
    assert match.is_over and changes < len(movers) - 10  # several moves a turn
    assert len(turns) == changes + (0 if under_way else 1)  # cut by the ply limit, or ended
    assert all(turn >= 1.0 for turn in turns)  # one tick a move, a whole turn at once
    assert sum(turns) + under_way == len(movers)
