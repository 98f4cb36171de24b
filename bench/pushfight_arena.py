"""Push Fight arena: two computer levels play each other, colours alternating, with a turn cap.

Run from the repository root::

    python -m bench.pushfight_arena --a normal --b easy --games 40 --time 0.3

Prints one JSON line per figure: the score of level ``a`` and the median thinking time per
turn of each level. ``play`` is the function a generic arena can call.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import dataclass, field

from game.core.match import Match, Seat
from game.core.player import Budget, Limit
from game.core.protocol import Outcome
from game.pushfight.ai import LEVELS
from game.pushfight.rules.game import GAME


@dataclass
class GameReport:
    outcome: Outcome
    turns: int
    seconds: dict[str, list[float]] = field(default_factory=dict)


def play(white: str, brown: str, seed: int, seconds: float, turn_limit: int,
         nodes: int | None = None) -> GameReport:
    """One game between two levels; each move gets ``seconds`` of wall time, or ``nodes``
    search nodes when given (the same games however busy the machine is)."""
    players = (LEVELS[white](), LEVELS[brown]())
    seats = (Seat("White", "computer", white), Seat("Brown", "computer", brown))
    match = Match(GAME, {"turn_limit": turn_limit}, seats)
    rng = random.Random(seed)
    thinking: dict[str, list[float]] = {white: [], brown: []}
    while not match.is_over:
        seat = match.to_move
        budget = Budget(Limit(nodes=nodes)) if nodes else Budget(Limit(time=seconds),
                                                                 time.perf_counter)
        started = time.perf_counter()
        decision = players[seat].choose(match.state, budget, rng)
        if not match.state.in_setup:
            thinking[(white, brown)[seat]].append(time.perf_counter() - started)
        match.play(decision.move)
    assert match.outcome is not None
    return GameReport(match.outcome, match.ply - 2, thinking)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--b", default="easy", choices=sorted(LEVELS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--time", type=float, default=0.3, help="seconds per move")
    parser.add_argument("--nodes", type=int, help="search nodes per move instead of --time")
    parser.add_argument("--turn-limit", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wins = draws = losses = 0
    turns: list[int] = []
    thinking: dict[str, list[float]] = {args.a: [], args.b: []}
    reasons: dict[str, int] = {}
    for number in range(args.games):
        a_white = number % 2 == 0
        white, brown = (args.a, args.b) if a_white else (args.b, args.a)
        report = play(white, brown, args.seed * 100_003 + number, args.time, args.turn_limit,
                      args.nodes)
        a_seat = 0 if a_white else 1
        if report.outcome.winner is None:
            draws += 1
        elif report.outcome.winner == a_seat:
            wins += 1
        else:
            losses += 1
        reasons[report.outcome.reason.value] = reasons.get(report.outcome.reason.value, 0) + 1
        turns.append(report.turns)
        for level, spent in report.seconds.items():
            thinking[level].extend(spent)
    print(
        json.dumps(
            {
                "bench": f"pushfight_arena_{args.a}_vs_{args.b}",
                "games": args.games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "win_rate": wins / args.games,
                "reasons": reasons,
                "median_turns": statistics.median(turns),
                "seconds_per_move": None if args.nodes else args.time,
                "nodes_per_move": args.nodes,
                "turn_limit": args.turn_limit,
            }
        )
    )
    for level, spent in thinking.items():
        if spent:
            print(
                json.dumps(
                    {
                        "bench": f"pushfight_turn_time_{level}",
                        "median_ms": round(statistics.median(spent) * 1000, 1),
                        "max_ms": round(max(spent) * 1000, 1),
                        "target_ms": 3000 if level == "hard" else None,
                        "turns": len(spent),
                    }
                )
            )


if __name__ == "__main__":
    main()
