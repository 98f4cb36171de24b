"""Piously engine benchmarks (medians, JSON lines).

"First time" figures list moves on a temple the engine has not seen (the Stonemason's
placements are remembered per temple, shared by every position until a room moves).

Targets: the win check on a busy board <= 20 us (both colours' regions walked;
the rules remember the answer per temple and auras: ``remembered_ms``); listing every legal
action and spell cast (all parameters) of a mid-game position <= 5 ms; applying a move
<= 50 us; loading and re-validating a 300-move record <= 50 ms. Positions come from seeded
games of random legal moves (``GAME.random_move``), taken once spells are owned and the board
is busy.

Search figures, in processor time, since searches are bound by the rules' work
per node: a random playout move (``GAME.random_move`` then ``apply_unchecked``, a step of the
generic search's playouts) from the late positions of ``tests/piously/ai/wins.txt`` <= 80 us;
a whole random game from the first move <= 80 ms; a node of the win search
(``game.piously.ai.wins.find_win``, 30,000 nodes) on that file's positions 178, 200 and 203,
whose wins need tens of thousands of nodes, <= 75 us each. Before the rules took quicker
roads for the searches: 152 us, 113 ms and 68 / 102 / 84 us (``docs/benchmarks.md`` has the
figures now).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from bench.timing import median_ms, report
from game.catalog import all_games
from game.core.match import Match
from game.core.player import Budget, Limit
from game.core.record import Record
from game.piously.ai.wins import find_win
from game.piously.rules import GAME
from game.piously.rules.regions import ALL_ROOMS, rooms_touched, verdict, winning_region
from game.piously.rules.state import PiouslyState, evolve
from game.piously.rules.temple import Temple
from tools.piously_wins import read_positions

WINS: Final = Path(__file__).resolve().parent.parent / "tests" / "piously" / "ai" / "wins.txt"
WIN_SEARCH_POSITIONS: Final = (178, 200, 203)
"""Wins the players once missed: late, seven spells in hand, tens of thousands of
nodes, where the cost of a node decides whether the search gets there."""
WIN_SEARCH_NODES: Final = 30_000


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


def playout_move_us(starts: list[PiouslyState], playouts: int = 3, moves: int = 400) -> float:
    """Median over playouts (``playouts`` seeded ones from each start, up to ``moves`` moves
    or the end) of the processor time per move."""
    samples = []
    for index, start in enumerate(starts):
        rng = random.Random(index)
        for _ in range(playouts):
            state, played = start, 0
            begun = time.process_time()
            while state.verdict is None and played < moves:
                move = GAME.random_move(state, rng)
                assert move is not None
                state = GAME.apply_unchecked(state, move).state
                played += 1
            if played:
                samples.append((time.process_time() - begun) / played * 1e6)
    return statistics.median(samples)


def random_game_ms(seed: int) -> tuple[float, int]:
    """Processor time of one whole seeded random game, and its length in moves."""
    rng = random.Random(seed)
    state, played = GAME.new_state({}), 0
    begun = time.process_time()
    while state.verdict is None:
        move = GAME.random_move(state, rng)
        assert move is not None
        state = GAME.apply_unchecked(state, move).state
        played += 1
    return (time.process_time() - begun) * 1000, played


def win_search_node_us(state: PiouslyState, nodes: int = WIN_SEARCH_NODES) -> tuple[float, int]:
    """Processor time per node of the win search on ``state``, and the nodes it made."""
    begun = time.process_time()
    found = find_win(state, Budget(Limit(nodes=nodes)))
    return (time.process_time() - begun) / max(found.nodes, 1) * 1e6, found.nodes


def search_figures() -> None:
    late = [state for _, state in read_positions(WINS)]
    report(
        "piously random playout move",
        playout_move_us(late[::8]) / 1000,
        target=0.080,
        starts=len(late[::8]),
        cpu=True,
    )
    games = [random_game_ms(seed) for seed in range(30)]
    report(
        "piously whole random game",
        statistics.median(ms for ms, _ in games),
        target=80.0,
        games=len(games),
        median_moves=statistics.median(moves for _, moves in games),
        cpu=True,
    )
    for index in WIN_SEARCH_POSITIONS:
        per_node, made = win_search_node_us(late[index])
        report(
            f"piously win search node, position {index}",
            per_node / 1000,
            target=0.075,
            nodes=made,
            cpu=True,
        )


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
        median_ms(lambda: [winning_region(busy, seat) for seat in (0, 1)], 2000, 20),
        target=0.020,
        auras=auras,
        remembered_ms=round(median_ms(lambda: verdict(busy), 2000, 20), 4),
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
    search_figures()


if __name__ == "__main__":
    main()
