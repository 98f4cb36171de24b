"""Piously: wins this turn found by the players, and wins next turn stopped by hard (JSON lines).

Positions: ``tests/piously/ai/wins.txt`` (``python -m tools.piously_wins``), each a turn start
where a win needs three or more moves. Figures (issue 27, goal: all):

- ``found``: normal's and hard's whole turn, at their own node limits (no clock, so the run
  replays), wins / positions; and the complete search's nodes to find each win.
- ``stopped``: the same positions with the other colour to move first (so the colour that
  had the win threatens it); hard's turn, then the threatener's win searched with
  ``OFFLINE_NODES``: turns after which it has no win / positions where some turn stops it
  (hard's, or one of a wide search's turns).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS, WIN_NODES
from game.piously.ai.turns import Shape, TurnSearch
from game.piously.ai.wins import find_win
from game.piously.rules.game import GAME
from game.piously.rules.state import PiouslyState, evolve
from tools.piously_wins import OFFLINE_NODES, read_positions

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "piously" / "ai" / "wins.txt"
WIDE = Shape(width=24, depth=8, casts_per_spell=24)
WIDE_TURNS = 120


def whole_turn(level: str, state: PiouslyState, seed: str) -> PiouslyState:
    """The position after ``level`` plays its whole turn from ``state``."""
    player = LEVELS[level]()
    limit = Limit(nodes=DEFAULT_LIMITS[level].nodes)
    seat = state.to_move
    ply = 0
    while state.verdict is None and state.to_move == seat:
        move = player.choose(state, Budget(limit), random.Random(f"{seed}/{ply}")).move
        state = GAME.apply(state, move).state
        ply += 1
    return state


def wins(state: PiouslyState) -> bool | None:
    """Whether the side to move can win this turn (None: the offline budget ran out)."""
    if state.verdict is not None:
        return False
    found = find_win(state, Budget(Limit(nodes=OFFLINE_NODES)))
    return True if found.line is not None else None if not found.complete else False


def some_turn_stops(state: PiouslyState) -> bool:
    """Whether one of a wide search's turns leaves the opponent no win."""
    search = TurnSearch(WIDE, Budget(Limit()), random.Random(0))
    return any(wins(plan.final) is False for plan in search.plans(state, WIDE_TURNS))


def found_figures(positions: list[PiouslyState]) -> None:
    nodes = [find_win(state, Budget(Limit(nodes=WIN_NODES))).nodes for state in positions]
    for level in ("normal", "hard"):
        started = time.perf_counter()
        won = 0
        missed = []
        for index, state in enumerate(positions):
            after = whole_turn(level, state, str(index))
            if after.verdict is not None and after.verdict.winner == state.to_move:
                won += 1
            else:
                missed.append(index)
        line = {
            "bench": f"piously_wins.{level}_found",
            "found": won,
            "available": len(positions),
            "search_nodes_median": statistics.median(nodes),
            "search_nodes_max": max(nodes),
            "missed_lines": missed,
            "seconds": round(time.perf_counter() - started, 1),
        }
        print(json.dumps(line), flush=True)


def stopped_figures(positions: list[PiouslyState]) -> None:
    stopped = stoppable = unknown = 0
    for index, state in enumerate(positions):
        defender = evolve(state, to_move=1 - state.to_move)
        after = whole_turn("hard", defender, str(index))
        if after.verdict is not None:
            continue  # the defender won outright: nothing to stop
        threat = wins(after)
        if threat is False:
            stopped += 1
            stoppable += 1
        elif threat is None:
            unknown += 1
        elif some_turn_stops(defender):
            stoppable += 1
    line = {
        "bench": "piously_wins.hard_stopped",
        "stopped": stopped,
        "stoppable": stoppable,
        "undecided": unknown,
        "positions": len(positions),
    }
    print(json.dumps(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, help="only the first N positions")
    parser.add_argument("--stopped-every", type=int, default=5,
                        help="the defence figure on every Nth position (default: 5)")
    args = parser.parse_args()
    positions = [state for _, state in read_positions(FIXTURE)][: args.positions]
    found_figures(positions)
    stopped_figures(positions[:: args.stopped_every])


if __name__ == "__main__":
    main()
