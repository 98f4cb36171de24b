"""Do the computer players keep their time budgets? Every level of every game with an AI.

For each game whose ``game.<id>.ai`` module has ``LEVELS`` (``game.arena.computer_levels``,
so a new game's players join without a change here), ``--positions`` positions are taken
from seeded games the "normal" level (or the game's first level but "random") plays against
itself (random play leaves wins in one everywhere), and every level chooses a move in each
under each budget of ``--budgets`` seconds, timed from the call to the answer. A move is
late when it took longer than budget + 10% + 50 ms (the issue's allowance for process
overhead). Then obvious moves, which must come back at once (<= 150 ms) at the largest
budget: the positions of those games just before a winning move, and any with a single
legal move. Prints one JSON line per game, level and budget, and per kind of obvious move.

    python -m bench budgets [--positions 100] [--budgets 0.1,0.5,2] [--games pushfight]
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import time
from typing import Any

from game.arena import computer_levels
from game.catalog import all_games
from game.core.player import Budget, Limit
from game.core.protocol import CHANCE, Game

SLACK = 0.10
OVERHEAD = 0.05
AT_ONCE = 0.15
"""Seconds within which an obvious move must come back, whatever the budget (Push Fight's
players must first list the ~1,800 distinct turns to see the win: 20-90 ms here)."""
MAX_PLIES = 200


def allowed(budget: float) -> float:
    return budget * (1 + SLACK) + OVERHEAD


def positions(game: Game[Any, Any], count: int, seed: int) -> tuple[list[Any], list[Any]]:
    """``count`` positions from seeded games the "normal" level (or the first level that is
    not "random") plays against itself, and the positions just before a move that won."""
    rng = random.Random(seed)
    levels = [name for name in computer_levels(game.info.id) if name != "random"]
    level = "normal" if "normal" in levels else levels[0]
    player = computer_levels(game.info.id)[level]()
    seen: list[Any] = []
    before_win: list[Any] = []
    while len(seen) < 4 * count:
        state = game.new_state(game.info.default_options())
        for _ in range(MAX_PLIES):
            if game.outcome(state) is not None:
                break
            mover = game.to_move(state)
            if mover == CHANCE:
                moves, weights = zip(*game.chance_outcomes(state), strict=True)
                state = game.apply(state, rng.choices(moves, weights)[0]).state
                continue
            seen.append(state)
            budget = Budget(Limit(time=0.02), time.perf_counter)
            after = game.apply(state, player.choose(state, budget, rng).move)
            if after.outcome is not None and after.outcome.winner == mover:
                before_win.append(state)
            state = after.state
    return rng.sample(seen, count), before_win[:count]


def forced(game: Game[Any, Any], states: list[Any]) -> list[Any]:
    """Those of ``states`` where the side to move has exactly one legal move."""
    return [state for state in states
            if len(list(itertools.islice(game.legal_moves(state), 2))) == 1]


def timed(game_id: str, level: str, state: Any, seconds: float, seed: int) -> float:
    player = computer_levels(game_id)[level]()
    start = time.perf_counter()
    player.choose(state, Budget(Limit(time=seconds), time.perf_counter), random.Random(seed))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--budgets", default="0.1,0.5,2")
    parser.add_argument("--games", default="", help="comma-separated game ids (default all)")
    parser.add_argument("--levels", default="", help="comma-separated levels (default all)")
    args = parser.parse_args()
    budgets = [float(text) for text in args.budgets.split(",")]
    wanted = set(filter(None, args.games.split(",")))
    for game in all_games():
        game_id = game.info.id
        levels = [level for level in computer_levels(game_id)
                  if not args.levels or level in args.levels.split(",")]
        if not levels or (wanted and game_id not in wanted):
            continue
        states, wins = positions(game, args.positions, seed=1)
        for level, seconds in itertools.product(levels, budgets):
            times = [timed(game_id, level, state, seconds, n) for n, state in enumerate(states)]
            late = sum(t > allowed(seconds) for t in times)
            print(json.dumps({
                "bench": f"budget_{game_id}_{level}", "budget_s": seconds,
                "positions": len(times), "median_s": round(statistics.median(times), 3),
                "max_s": round(max(times), 3), "allowed_s": round(allowed(seconds), 3),
                "late": late, "ok": late == 0,
            }), flush=True)
        for kind, chosen in (("win_in_one", wins), ("only_move", forced(game, states))):
            if not chosen:
                continue
            worst = max(timed(game_id, level, state, budgets[-1], 0)
                        for state in chosen for level in levels)
            print(json.dumps({"bench": f"{kind}_{game_id}", "positions": len(chosen),
                              "levels": len(levels), "budget_s": budgets[-1],
                              "max_s": round(worst, 3), "target_s": AT_ONCE,
                              "ok": worst <= AT_ONCE}), flush=True)


if __name__ == "__main__":
    main()
