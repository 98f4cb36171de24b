"""Push Fight engine benchmarks (medians, JSON lines).

Target (tightened once the walk was compiled): generating every distinct full-turn successor of a
mid-game position, median <= 1.2 ms (within 2x of maksverver's C++ generator with
deduplication, measured side by side outside the project). ``successors`` takes the
compiled walk when it was built; the ``_pure_python`` figures time the pure path. The
mid-game positions come from seeded games between two "normal" computer players (turn 4
onwards), so they are reproducible and look like real play; a second figure uses seeded
random playouts, which scatter the pieces and give more successors. "Warm" is the steady
state of a search (the pure path's push cache filled by earlier calls); "cold" clears that
cache before every call. ``cpu_ms`` is process time, which other programs on a busy machine
disturb less than wall time."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from bench.timing import median_ms, report
from game.core.match import Match
from game.core.player import Budget, Limit
from game.pushfight.ai import LEVELS, evaluate
from game.pushfight.rules import engine
from game.pushfight.rules.engine import PACKED_MASK
from game.pushfight.rules.game import GAME, State
from game.pushfight.rules.notation import Turn

Action = Callable[[State], object]
TARGET_MS = 1.2


def game_positions(games: int = 6, seed: int = 0) -> list[State]:
    """Positions from turn 4 on of seeded normal-versus-normal games."""
    positions: list[State] = []
    for number in range(games):
        match = Match(GAME, {"turn_limit": 40})
        players = (LEVELS["normal"](), LEVELS["normal"]())
        rng = random.Random(seed * 1000 + number)
        while not match.is_over:
            decision = players[match.to_move].choose(match.state, Budget(Limit(nodes=1)), rng)
            match.play(decision.move)
            if match.ply >= 6 and not match.is_over:
                positions.append(match.state)
    return positions


def playout_positions(count: int = 24, seed: int = 7) -> list[State]:
    """Positions 6-16 turns into seeded random games whose turns push no piece off."""
    rng = random.Random(seed)
    positions: list[State] = []
    while len(positions) < count:
        state = GAME.new_state({})
        for _ in range(2):
            move = GAME.random_move(state, rng)
            assert move is not None
            state = GAME.apply(state, move).state
        for _ in range(rng.randint(6, 16)):
            turns = engine.successor_turns(state.packed, state.anchor, state.to_move)
            quiet = [r for r in turns if engine.fallen(state.packed, r & PACKED_MASK) < 0]
            if not quiet:
                break
            state = GAME.apply(state, Turn(*turns[rng.choice(quiet)])).state
        if state.ending is None:
            positions.append(state)
    return positions


def wall_ms(positions: list[State], action: Action, cold: bool = False) -> float:
    """The median over the positions of each position's median wall time."""

    def run(s: State) -> object:
        if cold:
            engine.clear_push_cache()
        return action(s)

    return statistics.median(median_ms(partial(run, s), runs=9) for s in positions)


def cpu_ms(positions: list[State], action: Action, cold: bool = False, runs: int = 9) -> float:
    """Like ``wall_ms`` in process time (averaged per position, then the median)."""
    action(positions[0])
    samples = []
    for s in positions:
        spent = 0.0
        for _ in range(runs):
            if cold:
                engine.clear_push_cache()
            start = time.process_time()
            action(s)
            spent += time.process_time() - start
        samples.append(spent * 1000 / runs)
    return statistics.median(samples)


def successor_turns(s: State) -> object:
    return engine.successor_turns(s.packed, s.anchor, s.to_move)


def has_push(s: State) -> object:
    return engine.has_push(s.packed, s.anchor, 1 - s.to_move)


def can_push_off(s: State) -> object:
    return engine.can_push_off(s.packed, s.anchor, s.to_move)


def evaluation(s: State) -> object:
    return evaluate(s.packed, s.anchor, 0)


def successors_pure_python(s: State) -> set[int]:
    return engine.successors_python(s.packed, s.anchor, s.to_move)


def count(positions: list[State]) -> float:
    return statistics.median(len(successors_of(s)) for s in positions)


def successors_of(s: State) -> set[int]:
    return engine.successors(s.packed, s.anchor, s.to_move)


def main() -> None:
    games = game_positions()[::3]
    playouts = playout_positions()
    paths = [("", successors_of), ("_pure_python", successors_pure_python)]
    for name, positions in (("game", games), ("playout", playouts)):
        for path, action in paths:
            for cold in (False, True):
                report(
                    f"pushfight_successors_{name}_positions_{'cold' if cold else 'warm'}{path}",
                    wall_ms(positions, action, cold),
                    TARGET_MS,
                    cpu_ms=round(cpu_ms(positions, action, cold), 4),
                    positions=len(positions),
                    median_successors=count(positions),
                    compiled=engine._compiled is not None and not path,
                )
    report("pushfight_successor_turns", wall_ms(games, successor_turns))
    report("pushfight_has_push", wall_ms(games, has_push))
    report("pushfight_can_push_off", wall_ms(games, can_push_off))
    report("pushfight_evaluate", wall_ms(games, evaluation))
    for level in ("normal", "hard"):
        player = LEVELS[level]()
        times = []
        for s in games[::3]:
            start = time.perf_counter()
            player.choose(s, Budget(Limit(nodes=40_000)), random.Random(1))
            times.append((time.perf_counter() - start) * 1000)
        report(f"pushfight_choose_{level}_40k_nodes", statistics.median(times))


if __name__ == "__main__":
    main()
