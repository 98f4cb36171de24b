"""Piously computer players: thinking time per whole turn (medians, JSON lines).

Targets: normal <= 1 s and hard <= 3 s per turn, median, under each level's default
limit. A Piously turn is several moves (actions, casts, the end): normal and hard plan it on
its first move and play the rest from the plan, so a turn's time is the sum over its moves.
Positions are the starts of every SPACING-th turn of one reproducible game (normal against
easy), so they cover the opening, the middle game and the race near a finished region; then
hard alone on positions of the Piously AI test fixtures (wins to find, threats to stop).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

from game.core.match import Match
from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS
from game.piously.rules.game import GAME
from game.piously.rules.state import Phase, PiouslyState
from tools.piously_wins import read_positions

TARGET_MS = {"easy": 500.0, "normal": 1000.0, "hard": 3000.0}
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "piously" / "ai"
HARD_FIXTURES = (("wins.txt", 10), ("threats.txt", 4))
"""Hard's slowest turns are late in a game: a win to find, or a threat to stop.
Every tenth and every fourth position of the test fixtures."""
POSITIONS = 8
SPACING = 3


def positions() -> list[PiouslyState]:
    """The start of every SPACING-th turn of a seeded game (normal against easy)."""
    match = Match(GAME, {})
    players = (LEVELS["normal"](), LEVELS["easy"]())
    found: list[PiouslyState] = []
    while not match.is_over and len(found) < POSITIONS:
        state = match.state
        if _turn_start(state) and state.turn % SPACING == 0:
            found.append(state)
        budget = Budget(Limit(nodes=600))
        player = players[match.to_move]
        match.play(player.choose(state, budget, random.Random(match.ply)).move)
    return found


def _turn_start(state: PiouslyState) -> bool:
    return state.phase is Phase.PLAY and state.actions == 3 and state.cast == 0


def turn_ms(level: str, state: PiouslyState, seed: int) -> tuple[float, float, int]:
    """Wall and processor milliseconds, and nodes, ``level`` spends on the whole turn
    starting at ``state`` (processor time shows the work when the machine is shared)."""
    player = LEVELS[level]()
    seat, wall, cpu, nodes = state.to_move, 0.0, 0.0, 0
    ply = 0
    while state.verdict is None and state.to_move == seat:
        budget = Budget(DEFAULT_LIMITS[level], time.perf_counter)
        started, processor = time.perf_counter(), time.process_time()
        decision = player.choose(state, budget, random.Random(f"{seed}/{ply}"))
        wall += time.perf_counter() - started
        cpu += time.process_time() - processor
        nodes += decision.nodes
        state = GAME.apply(state, decision.move).state
        ply += 1
    return wall * 1000, cpu * 1000, nodes


def main() -> None:
    states = positions()
    for level in ("easy", "normal", "hard"):
        limit = DEFAULT_LIMITS[level]
        runs = [turn_ms(level, state, index) for index, state in enumerate(states)]
        samples = [wall for wall, _, _ in runs]
        median = statistics.median(samples)
        line = {
            "bench": f"piously_ai.{level}_turn",
            "median_ms": round(median, 1),
            "target_ms": TARGET_MS[level],
            "ok": median <= TARGET_MS[level],
            "max_ms": round(max(samples), 1),
            "cpu_median_ms": round(statistics.median(cpu for _, cpu, _ in runs), 1),
            "positions": len(states),
            "median_nodes": statistics.median(nodes for _, _, nodes in runs),
            "limit": {"time": limit.time, "nodes": limit.nodes},
        }
        print(json.dumps(line), flush=True)
    for name, every in HARD_FIXTURES:
        fixture = [state for _, state in read_positions(FIXTURES / name)][::every]
        runs = [turn_ms("hard", state, index) for index, state in enumerate(fixture)]
        line = {
            "bench": f"piously_ai.hard_turn_{name.removesuffix('.txt')}",
            "median_ms": round(statistics.median(wall for wall, _, _ in runs), 1),
            "max_ms": round(max(wall for wall, _, _ in runs), 1),
            "cpu_median_ms": round(statistics.median(cpu for _, cpu, _ in runs), 1),
            "cpu_max_ms": round(max(cpu for _, cpu, _ in runs), 1),
            "positions": len(fixture),
        }
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
