"""How much a random playout tells a generic search about a Piously position (JSON lines).

``python -m tools.piously_playouts [--every 10] [--playouts 20] [--horizons 2 6 12 24 48]``
plays random playouts (``Game.random_move``, as the generic search ``game.core.mcts`` does)
from every ``--every``-th turn start of ``tests/piously/ai/wins.txt``: late positions where
the side to move has a win this turn, the case most favourable to a playout. For each
horizon (in turns, a turn being a change of the seat to move) it prints how many playouts
ended the game within it, how many of those the side to move won, and the median time a
playout takes. A generic search learns only from playouts that end: ``docs/ai.md`` uses these
figures to say why ``mcts`` cuts its playouts at two turns.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Final

from game.piously.rules.game import GAME
from game.piously.rules.state import PiouslyState
from tools.piously_wins import read_positions

POSITIONS: Final = Path("tests/piously/ai/wins.txt")


def playout(state: PiouslyState, horizon: int, rng: random.Random) -> int | None:
    """Random moves until the game ends (the winner) or ``horizon`` turns pass (None)."""
    seat, turns = state.to_move, 0
    while (outcome := GAME.outcome(state)) is None:
        move = GAME.random_move(state, rng)
        if move is None:
            return None
        state = GAME.apply_unchecked(state, move).state
        if state.to_move != seat:
            seat, turns = state.to_move, turns + 1
            if turns >= horizon:
                return None
    return outcome.winner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--horizons", type=int, nargs="+", default=[2, 6, 12, 24, 48])
    parser.add_argument("--seed", default="27")
    args = parser.parse_args()
    starts = [state for _, state in read_positions(POSITIONS)][:: args.every]
    for horizon in args.horizons:
        rng = random.Random(f"{args.seed}/{horizon}")
        ended = mover_won = 0
        seconds: list[float] = []
        for state in starts:
            for _ in range(args.playouts):
                started = time.perf_counter()
                winner = playout(state, horizon, rng)
                seconds.append(time.perf_counter() - started)
                ended += winner is not None
                mover_won += winner == state.to_move
        line = {
            "horizon_turns": horizon,
            "positions": len(starts),
            "playouts": len(seconds),
            "ended": ended,
            "mover_won": mover_won,
            "median_ms": round(statistics.median(seconds) * 1000, 2),
        }
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
