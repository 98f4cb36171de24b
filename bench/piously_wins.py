"""Piously: wins this turn found by the players, and wins next turn stopped by hard (JSON lines).

Positions: ``tests/piously/ai/wins.txt`` (``python -m tools.piously_wins``), each a turn start
where a win needs three or more moves. Figures (goal: all):

- ``found``: the complete search alone (with the players' nodes, the extra ones included),
  then with the random plays after it (``sampling``) as the players do, then normal's and
  hard's whole turn, at their own node limits (no clock, so the run
  replays): wins / positions; and the search's nodes to find each win.
- ``stopped``: the positions of ``tests/piously/ai/threats.txt`` (``python -m
  tools.piously_threats``: the opponent threatens a win next turn and a wide search found a
  turn after which the search finds none); hard's turn, then the threatener's win searched
  with the generator's budget and with ``OFFLINE_NODES``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS, NEAR_WIN_NODES, SAMPLE_NODES, WIN_NODES
from game.piously.ai.sampling import win_line
from game.piously.ai.wins import find_win
from game.piously.rules.game import GAME
from game.piously.rules.state import PiouslyState
from tools.piously_threats import SEARCH_NODES, wins_now
from tools.piously_wins import OFFLINE_NODES, read_positions

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "piously" / "ai"


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


def found_figures(positions: list[PiouslyState]) -> None:
    searched = [
        find_win(state, Budget(Limit(nodes=WIN_NODES)), None, Budget(Limit(nodes=NEAR_WIN_NODES)))
        for state in positions
    ]
    nodes = [found.nodes for found in searched]
    missed = [index for index, found in enumerate(searched) if found.line is None]
    print(json.dumps({
        "bench": "piously_wins.search_found",
        "found": len(positions) - len(missed),
        "available": len(positions),
        "missed_lines": missed,
    }), flush=True)
    sampled = [
        index for index in missed
        if win_line(positions[index], searched[index], Budget(Limit(nodes=SAMPLE_NODES)))
    ]
    print(json.dumps({
        "bench": "piously_wins.search_and_samples_found",
        "found": len(positions) - len(missed) + len(sampled),
        "available": len(positions),
        "missed_lines": sorted(set(missed) - set(sampled)),
    }), flush=True)
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
    """Hard's turn from each threat, then the opponent's win looked for twice: with the
    generator's budget (``SEARCH_NODES``: its criterion for a turn that stops the threat)
    and with ``OFFLINE_NODES`` (a win found, a proof there is none, or neither)."""
    won = left = found_later = proved = unknown = 0
    for index, state in enumerate(positions):
        after = whole_turn("hard", state, str(index))
        if after.verdict is not None:
            won += after.verdict.winner == state.to_move
            continue
        left += wins_now(after)
        threat = wins(after)
        proved += threat is False
        found_later += threat is True
        unknown += threat is None
    line = {
        "bench": "piously_wins.hard_stopped",
        "positions": len(positions),
        "won_instead": won,
        f"left_a_win_{SEARCH_NODES}": left,
        f"left_a_win_{OFFLINE_NODES}": found_later,
        f"proved_no_win_{OFFLINE_NODES}": proved,
        "undecided": unknown,
    }
    print(json.dumps(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, help="only the first N positions of each")
    parser.add_argument("--only", choices=("found", "stopped"), help="one of the two figures")
    parser.add_argument("--wins", type=Path, default=FIXTURES / "wins.txt",
                        help="the positions of the first figure (a fresh set: tools.piously_wins)")
    args = parser.parse_args()
    if args.only != "stopped":
        found_figures([state for _, state in read_positions(args.wins)][: args.positions])
    if args.only != "found":
        stopped_figures([state for _, state in read_positions(FIXTURES / "threats.txt")][
            : args.positions])


if __name__ == "__main__":
    main()
