"""Make the games the review benchmark reviews (``bench/review.py``), as records in
``bench/data``: computer players of the arena, node budgets only and seeded, so the same
command makes the same files on every machine.

- a Conquid game on the medium board, its first 60 moves;
- a whole Push Fight game;
- a Piously game, its first 40 turns.

Each is the normal level against itself with half the nodes (fewer than its own defaults, so
the files are made in a minute), so both sides make moves worth judging.

    python -m tools.make_review_games
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Final

from game.arena import computer_levels
from game.catalog import all_games
from game.core.match import Match, Seat
from game.core.player import Budget, Limit
from game.core.protocol import CHANCE
from game.core.record import save_match
from game.core.review.reviewing import spans

DATA: Final = Path(__file__).resolve().parent.parent / "bench" / "data"
GAMES: Final = {
    # name: game, options, (level, nodes) a seat, plies (whole turns) to stop after
    "review-conquid": ("conquid", {"board": "medium"}, (("normal", 2000), ("normal", 1000)),
                       60),
    "review-pushfight": ("pushfight", {}, (("normal", 3000), ("normal", 1500)), None),
    "review-piously": ("piously", {}, (("normal", 3000), ("normal", 1500)), 40),
}


def make(game_id: str, options: dict[str, Any], seats: tuple[tuple[str, int], ...],
         plies: int | None, seed: str) -> Match:
    """One seeded game between node-limited computer players, stopped after ``plies``."""
    game = all_games().get(game_id)
    levels = computer_levels(game_id)
    players = [levels[level]() for level, _ in seats]
    match = Match(game, options, tuple(Seat(f"{level} ({n + 1})", "computer", level)
                                       for n, (level, _) in enumerate(seats)))
    while not match.is_over:
        if plies is not None and len(spans(match)) >= plies and match.ply \
                and game.to_move(match.state) != game.to_move(match.state_at(match.ply - 1)):
            break
        seat = match.to_move
        if seat == CHANCE:
            match.play_chance()
            continue
        budget = Budget(Limit(nodes=seats[seat][1]))
        decision = players[seat].choose(match.state, budget, random.Random(f"{seed}/{match.ply}"))
        match.play(decision.move)
    return match


def main() -> None:
    DATA.mkdir(exist_ok=True)
    for name, (game_id, options, seats, plies) in GAMES.items():
        match = make(game_id, options, seats, plies, seed=name)
        path = DATA / f"{name}.json"
        save_match(path, match)
        print(f"wrote {path}: {match.ply} moves, {len(spans(match))} plies, {match.outcome}")


if __name__ == "__main__":
    main()
