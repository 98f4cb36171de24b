"""Conquid computer players: time per move on the large 21x42 board (medians, JSON lines).

Targets: normal <= 1 s and hard <= 3 s per move, median, under each level's
default limit. Positions come from one reproducible game (normal against easy), taken every
few moves, so they cover the opening, the middle game and the fights near a finished chain.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from game.conquid.ai import DEFAULT_LIMITS, LEVELS
from game.conquid.rules.game import GAME, ConquidState
from game.core.match import Match
from game.core.player import Budget, Limit

TARGET_MS = {"easy": 500.0, "normal": 1000.0, "hard": 3000.0}
POSITIONS = 6
SPACING = 6


def positions() -> list[ConquidState]:
    """Every SPACING-th position of a seeded large-board game (normal against easy)."""
    match = Match(GAME, {"board": "large"})
    players = (LEVELS["normal"](), LEVELS["easy"]())
    found: list[ConquidState] = []
    while not match.is_over and len(found) < POSITIONS:
        if match.ply % SPACING == 0:
            found.append(match.state)
        budget = Budget(Limit(nodes=400))
        move = players[match.ply % 2].choose(match.state, budget, random.Random(match.ply)).move
        match.play(move)
    return found


def main() -> None:
    states = positions()
    for level in ("easy", "normal", "hard"):
        limit = DEFAULT_LIMITS[level]
        samples, nodes = [], []
        for index, state in enumerate(states):
            budget = Budget(limit, time.perf_counter)
            started = time.perf_counter()
            decision = LEVELS[level]().choose(state, budget, random.Random(index))
            samples.append((time.perf_counter() - started) * 1000)
            nodes.append(decision.nodes)
        median = statistics.median(samples)
        line = {
            "bench": f"conquid_ai.{level}_move_large",
            "median_ms": round(median, 1),
            "target_ms": TARGET_MS[level],
            "ok": median <= TARGET_MS[level],
            "max_ms": round(max(samples), 1),
            "positions": len(states),
            "median_nodes": statistics.median(nodes),
            "limit": {"time": limit.time, "nodes": limit.nodes},
        }
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
