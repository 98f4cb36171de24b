"""Piously engine benchmarks (medians, JSON lines).

"First time" figures list moves on a temple the engine has not seen (the Stonemason's
placements are remembered per temple, shared by every position until a room moves).

Targets (issue 11): the win check on a busy board <= 20 us; listing every legal action and
spell cast (all parameters) of a mid-game position <= 5 ms; applying a move <= 50 us; loading
and re-validating a 300-move record <= 50 ms. Positions come from seeded games of random legal
moves (``GAME.random_move``), taken once spells are owned and the board is busy.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from bench.timing import median_ms, report
from game.catalog import all_games
from game.core.match import Match
from game.core.record import Record
from game.piously.rules import GAME
from game.piously.rules.regions import ALL_ROOMS, rooms_touched, verdict
from game.piously.rules.state import PiouslyState, evolve
from game.piously.rules.temple import Temple


def playout(seed: int, plies: int) -> Match:
    rng = random.Random(seed)
    match = Match(GAME)
    while not match.is_over and match.ply < plies:
        match.play(GAME.random_move(match.state, rng))
    return match


def mid_game_positions(count: int = 12) -> list[PiouslyState]:
    """Unfinished positions at the start of a turn (three actions, nothing cast) 60 to 200
    plies in, with at least six spells owned: the choice a player or a search faces most."""
    found: list[PiouslyState] = []
    seed = 0
    while len(found) < count:
        match = playout(seed, 200)
        seed += 1
        for ply in range(60, match.ply):
            state = match.state_at(ply)
            owned = sum(owner >= 0 for owner in state.owners)
            fresh = state.actions == 3 and state.cast == 0
            if state.verdict is None and owned >= 6 and fresh:
                found.append(state)
                break
    return found


def busy_board(state: PiouslyState, seed: int = 5) -> PiouslyState:
    """Every hex of ``state`` given a random aura, both colours in every room, nobody winning:
    the win check's worst case (it must walk every region of both colours)."""
    rng = random.Random(seed)
    hexes = sorted(state.built.room_of)
    while True:
        white = frozenset(h for h in hexes if rng.random() < 0.5)
        busy = evolve(state, auras=(white, frozenset(hexes) - white))
        if verdict(busy) is None and all(
            rooms_touched(busy.built, side) == ALL_ROOMS for side in busy.auras
        ):
            return busy


def cpu_ms(action: Callable[[], object], runs: int) -> float:
    """Median process time of ``action`` in ms: what other programs on a busy machine disturb
    least (wall-time medians stand beside it in every line)."""
    action()
    samples = []
    for _ in range(runs):
        start = time.process_time()
        action()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples)


def cold(state: PiouslyState) -> PiouslyState:
    """``state`` with a fresh temple object, so nothing the engine remembers is reused."""
    temple = state.built
    return evolve(state, temple=Temple(temple.layout, temple.shovel))


def main() -> None:
    positions = mid_game_positions()
    busy = busy_board(positions[0])
    auras = len(busy.auras[0]) + len(busy.auras[1])
    report(
        "piously win check, busy board",
        median_ms(lambda: verdict(busy), 2000, 20),
        target=0.020,
        auras=auras,
    )

    listing = [median_ms(lambda s=s: list(GAME.legal_moves(s)), 20) for s in positions]
    first = [median_ms(lambda s=s: list(GAME.legal_moves(cold(s))), 20) for s in positions]
    counts = [len(list(GAME.legal_moves(s))) for s in positions]
    report(
        "piously list every legal move, mid-game",
        statistics.median(listing),
        target=5.0,
        positions=len(positions),
        worst_ms=round(max(listing), 3),
        first_time_median_ms=round(statistics.median(first), 3),
        first_time_worst_ms=round(max(first), 3),
        median_moves=statistics.median(counts),
        max_moves=max(counts),
    )

    rng = random.Random(3)
    samples = []
    for state in positions:
        moves = list(GAME.legal_moves(state))
        for move in rng.sample(moves, min(25, len(moves))):
            samples.append(median_ms(lambda s=state, m=move: GAME.apply(s, m), 30, 5))
    report(
        "piously apply a move (checked)",
        statistics.median(samples),
        target=0.050,
        moves=len(samples),
        p90_ms=round(sorted(samples)[int(0.9 * len(samples))], 4),
    )

    match = playout(11, 300)
    games = all_games()
    text = Record.of(match).dumps()

    def load() -> object:
        return Record.loads(text).replay(games)

    report(
        "piously load and re-validate a 300-move record",
        median_ms(load, 15),
        target=50.0,
        moves=match.ply,
        cpu_ms=round(cpu_ms(load, 15), 2),
    )


if __name__ == "__main__":
    main()
