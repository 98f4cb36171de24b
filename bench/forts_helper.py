"""How long the Forts and Ruins helper survives, against the random legal placer.

Plays ``--games`` seeded games per player (game i uses dice seed ``bench-i`` for every player,
so both face the same dice sequence) with a node budget per move, so the figures are
reproducible, and prints one JSON line per player and a comparison line.

    .venv/bin/python bench/forts_helper.py --games 200 --nodes 2000 --workers 2
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from game.core.match import Match
from game.core.player import Budget, Limit
from game.forts.ai import LEVELS
from game.forts.rules.game import GAME, score


@dataclass(frozen=True)
class Run:
    level: str
    game: int
    nodes: int
    board: str
    anywhere: bool


@dataclass(frozen=True)
class RunResult:
    turns: int
    forts_built: int
    peak_forts: int
    move_ms: tuple[float, ...]


def play(run: Run) -> RunResult:
    """One full game of ``run.level`` on the dice of seed ``bench-<game>``."""
    player = LEVELS[run.level]()
    match = Match(GAME, {"board": run.board, "anywhere": run.anywhere}, seed=f"bench-{run.game}")
    rng = random.Random(run.game)
    move_ms: list[float] = []
    while not match.is_over:
        if match.to_move < 0:
            match.play_chance()
            continue
        started = time.perf_counter()
        decision = player.choose(match.state, Budget(Limit(nodes=run.nodes)), rng)
        move_ms.append((time.perf_counter() - started) * 1000)
        match.play(decision.move)
    final = score(match.state)
    return RunResult(final.turns_survived, final.forts_built, final.peak_forts, tuple(move_ms))


def summary(level: str, results: list[RunResult], args: argparse.Namespace) -> dict[str, object]:
    turns = [result.turns for result in results]
    move_ms = [ms for result in results for ms in result.move_ms]
    return {
        "bench": "forts_helper_survival",
        "player": level,
        "games": len(results),
        "board": args.board,
        "anywhere": args.anywhere,
        "nodes_per_move": args.nodes,
        "mean_turns": round(statistics.fmean(turns), 2),
        "stdev_turns": round(statistics.stdev(turns), 2) if len(turns) > 1 else 0.0,
        "median_turns": statistics.median(turns),
        "max_turns": max(turns),
        "mean_forts_built": round(statistics.fmean(r.forts_built for r in results), 2),
        "mean_peak_forts": round(statistics.fmean(r.peak_forts for r in results), 2),
        "median_ms": round(statistics.median(move_ms), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=2000, help="helper nodes per move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--board", default="9x18")
    parser.add_argument("--anywhere", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    means: dict[str, float] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for level in ("random", "helper"):
            runs = [
                Run(level, game, args.nodes, args.board, args.anywhere)
                for game in range(args.games)
            ]
            results = list(pool.map(play, runs, chunksize=4))
            line = summary(level, results, args)
            means[level] = float(str(line["mean_turns"]))
            print(json.dumps(line), flush=True)
    print(
        json.dumps(
            {
                "bench": "forts_helper_vs_random",
                "games": args.games,
                "ratio_mean_turns": round(means["helper"] / max(means["random"], 1e-9), 2),
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
