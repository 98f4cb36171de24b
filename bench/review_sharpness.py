"""The review's analysts: do they see a win there is, and what does a review cost? (JSON lines)

For each two-player game, on positions with a proven win this turn (Push Fight's and
Conquid's puzzles, ``assets/learn/*-puzzles.json``, proved by ``tools/make_puzzles.py``;
Piously's ``tests/piously/ai/wins.txt``, a win needing three or more moves):

- ``proved``: how many the analyst proves at its quick budget (goal: most; Piously's late
  wins are the hard ones);
- ``sharp``: of the moves that miss the win (random legal moves; for Piously, ending the
  turn at once and a random turn), how many the analyst, given the same budget after them
  (the review's rule), values below the winning move (goal: all). A move's value is 1 for a
  win on the spot, else 1 less the opponent's value after it. A move after which the
  analyst proves the opponent lost still wins by force (its proofs are exact: the tests
  check them against the exhaustive search): it misses nothing and is not counted.

Then ``cost``: one seeded computer game per game (Conquid on the medium board, 60 moves at
most; Push Fight to its end; Piously 40 turns at most; Forts and Ruins, the helper's run, 100
placements at most), every turn start evaluated at the quick budget, processor time, and the
whole review estimated at two evaluations a turn (goal: 60 s on one core). Node budgets
only, so the figures other than times replay exactly.

    python -m bench review_sharpness [--game conquid] [--positions 20] [--no-cost]

Piously's positions are spread over its fixture, 20 unless ``--positions`` says (the whole
fixture takes minutes).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.arena import computer_levels, play_game
from game.catalog import all_games, plugins
from game.core.player import Limit
from game.core.protocol import CHANCE, Game
from game.core.review.analysis import Analyst
from game.piously.analyst import TURN_JOIN
from game.piously.rules.moves import EndTurn
from tools.piously_wins import read_positions

ROOT = Path(__file__).resolve().parent.parent
AnyGame = Game[Any, Any]
MISSES = 3
"""Moves that miss the win tried per position."""
COST_GAMES: dict[str, tuple[dict[str, object], tuple[str, ...], int, int, int]] = {
    "conquid": ({"board": "medium"}, ("normal", "hard"), 2_000, 60, 60),
    "pushfight": ({}, ("normal", "hard"), 20_000, 1_000, 1_000),
    "piously": ({}, ("normal", "normal"), 3_000, 400, 40),
    "forts": ({}, ("helper",), 2_000, 200, 100),
}
"""Per game: options, the levels, their nodes a move, the most moves played (then the game
is drawn), and the most turns reviewed (Forts and Ruins: placements, its dice not counted)."""


def analyst(game_id: str) -> Analyst:
    load = plugins()[game_id].analyst
    assert load is not None
    return load()


def puzzles(game: AnyGame, prefix: str) -> list[tuple[Any, Any]]:
    """(position, winning move) of each puzzle whose id starts with ``prefix``."""
    path = ROOT / "assets" / "learn" / f"{game.info.id}-puzzles.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [(game.decode(item["position"]), game.parse_move(item["answer"][0]))
            for item in doc["puzzles"] if item["id"].startswith(prefix)]


def worth(game: AnyGame, judge: Analyst, state: Any, moves: list[Any],
          budget: int) -> tuple[float, bool]:
    """The value of playing ``moves`` (one turn) from ``state`` for the side to move, and
    whether they win: on the spot, or by force as the analyst proves."""
    seat = game.to_move(state)
    for move in moves:
        result = game.apply(state, move)
        if result.outcome is not None:
            won = result.outcome.winner == seat
            return (0.5 if result.outcome.winner is None else float(won)), won
        state = result.state
    after = judge.evaluate(state, budget)
    return 1.0 - after.value, after.proof is not None and not after.proof.wins


def one_move_game(game_id: str, limit: int | None) -> None:
    """Push Fight and Conquid: proofs and sharpness on the puzzles."""
    game = all_games().get(game_id)
    judge = analyst(game_id)
    budget = judge.quick_budget
    prefix = {"pushfight": "pf-", "conquid": "cq-two"}[game_id]
    positions = puzzles(game, prefix)[:limit]
    proved = sharp = misses = 0
    for state, answer in positions:
        found = judge.evaluate(state, budget)
        proved += found.proof is not None and found.proof.wins
        best, _ = worth(game, judge, state, [answer], budget)
        rng = random.Random(game.encode(state))
        for _ in range(MISSES):
            move = game.random_move(state, rng)
            assert move is not None
            value, wins = worth(game, judge, state, [move], budget)
            if not wins:
                misses += 1
                sharp += value < best
    print(json.dumps({"bench": f"review_sharpness.{game_id}", "budget": budget,
                      "proved": proved, "positions": len(positions), "sharp": sharp,
                      "misses": misses}), flush=True)


def piously(limit: int) -> None:
    """Piously: proofs on the wins fixture; sharpness where the win is proved (the winning
    turn is then the analyst's own line: the fixture keeps no line)."""
    game = all_games().get("piously")
    judge = analyst("piously")
    budget = judge.quick_budget
    path = ROOT / "tests" / "piously" / "ai" / "wins.txt"
    every = [state for _, state in read_positions(path)]
    positions = every[:: max(1, len(every) // limit)][:limit]
    proved = sharp = misses = 0
    for index, state in enumerate(positions):
        found = judge.evaluate(state, budget)
        if found.proof is None or not found.proof.wins:
            continue
        proved += 1
        best, _ = worth(game, judge, state, [game.parse_move(text) for text in
                                             found.line[0].split(TURN_JOIN)], budget)
        for turn in ([EndTurn()], random_turn(game, state, random.Random(index))):
            value, wins = worth(game, judge, state, turn, budget)
            if not wins:
                misses += 1
                sharp += value < best
    print(json.dumps({"bench": "review_sharpness.piously", "budget": budget, "proved": proved,
                      "positions": len(positions), "sharp": sharp, "misses": misses}),
          flush=True)


def random_turn(game: AnyGame, state: Any, rng: random.Random) -> list[Any]:
    """Random legal moves until the turn or the game ends."""
    seat = game.to_move(state)
    moves = []
    while game.outcome(state) is None and game.to_move(state) == seat:
        move = game.random_move(state, rng)
        assert move is not None
        moves.append(move)
        state = game.apply_unchecked(state, move).state
    return moves


def cost(game_id: str) -> None:
    """A seeded game's turn starts evaluated at the quick budget, timed."""
    game = all_games().get(game_id)
    options, levels, nodes, plies, most = COST_GAMES[game_id]
    players = computer_levels(game_id)
    seats = tuple((level, players[level](), Limit(nodes=nodes)) for level in levels)
    match = play_game(game, game.info.validate_options(options), seats, "review",
                      max_plies=plies)
    judge = analyst(game_id)
    starts = [match.state_at(ply) for ply in range(match.ply) if _starts_turn(game, match, ply)
              and game.outcome(match.state_at(ply)) is None][:most]
    timed: list[float] = []
    for state in starts:
        started = time.process_time()
        judge.evaluate(state, judge.quick_budget)
        timed.append(time.process_time() - started)
    print(json.dumps({
        "bench": f"review_sharpness.{game_id}_cost", "budget": judge.quick_budget,
        "turns": len(starts), "median_ms": round(statistics.median(timed) * 1000, 1),
        "slowest_ms": round(max(timed) * 1000, 1),
        "review_s": round(2 * sum(timed), 1), "target_s": 60,
        "ok": 2 * sum(timed) <= 60,
    }), flush=True)


def _starts_turn(game: AnyGame, match: Any, ply: int) -> bool:
    seat = game.to_move(match.state_at(ply))
    return seat != CHANCE and (ply == 0 or seat != game.to_move(match.state_at(ply - 1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=tuple(COST_GAMES), help="one game only")
    parser.add_argument("--positions", type=int, help="only the first N positions of each")
    parser.add_argument("--no-cost", action="store_true", help="skip the timed games")
    args = parser.parse_args()
    runs: dict[str, Callable[[], None]] = {
        "pushfight": lambda: one_move_game("pushfight", args.positions),
        "conquid": lambda: one_move_game("conquid", args.positions),
        "piously": lambda: piously(args.positions if args.positions else 20),
        "forts": lambda: None,  # solo: no win to prove, only the cost
    }
    for game_id, run in runs.items():
        if args.game in (None, game_id):
            run()
            if not args.no_cost:
                cost(game_id)


if __name__ == "__main__":
    main()
