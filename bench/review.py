"""The computer's review of a whole game: its time on one core and its stability.

Three games made by the arena's computer players (``tools/make_review_games.py``, kept in
``bench/data``): the first 60 moves of a Conquid game on the medium board, a whole Push Fight
game and the first 40 turns of a Piously game. Each is reviewed in this one process (one
core) at the quick depth (target: 60 s a game) and the deep one. Stability: of the plies the
quick review calls a mistake or a blunder (a missed win counts too), the share a review at
four times the quick budget also calls one of those (target: 90 %); that review is the deep
one where the deep budget is four times the quick one, else one more review. The CPU time
(``cpu_s``) is steadier than the wall time on a shared machine; a game whose analyst is not
there yet is reported as skipped.

    python -m bench review                 (all three games, quick, deep and stability)
    python -m bench review --quick-only    (the quick reviews alone)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Final

from game.catalog import plugins
from game.core.record import read_record
from game.core.review.model import Judgement, Review
from game.core.review.reviewing import budget_for, review_record
from game.plugin import registry

DATA: Final = Path(__file__).parent / "data"
GAMES: Final = ("review-conquid", "review-pushfight", "review-piously")
TARGET_S: Final = 60.0
STABLE: Final = 0.9
SERIOUS: Final = frozenset({Judgement.MISTAKE, Judgement.BLUNDER, Judgement.MISSED_WIN})


def serious(review: Review) -> set[int]:
    """The plies a review calls a mistake, a blunder or a missed win."""
    return {ply.ply for ply in review.plies if ply.judgement in SERIOUS}


def main(args: list[str]) -> None:
    games = plugins()
    games_registry = registry(games.values())
    for name in GAMES:
        record = read_record(DATA / f"{name}.json")
        match = record.replay(games_registry)
        plugin = games[match.game.info.id]
        if plugin.analyst is None:
            print(json.dumps({"bench": f"review/{name}", "skipped": "no analyst yet"}))
            continue
        reviews: dict[str, Review] = {}
        quick, deep = (budget_for(plugin.analyst(), depth) for depth in ("quick", "deep"))
        runs = [("quick", None)] if "--quick-only" in args else [("quick", None), ("deep", None)]
        if "--quick-only" not in args and deep != 4 * quick:
            runs.append(("4x quick", 4 * quick))
        for label, budget in runs:
            analyst = plugin.analyst()  # fresh: nothing learned from the last review
            started, cpu = time.perf_counter(), time.process_time()
            depth = "deep" if label == "deep" else "quick"
            review = review_record(match, analyst, depth, budget=budget)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
            reviews[label] = review
            print(json.dumps({
                "bench": f"review/{name}/{label}", "seconds": round(seconds, 1),
                "cpu_s": round(cpu, 1), "target_s": TARGET_S if label == "quick" else None,
                "ok": cpu <= TARGET_S if label == "quick" else None,
                "plies": review.total, "budget": review.budget,
                "judged": {j.value: sum(1 for p in review.plies if p.judgement is j)
                           for j in Judgement},
            }), flush=True)
        again_review = reviews.get("4x quick") or reviews.get("deep")
        if again_review is not None and again_review.budget == 4 * quick:
            first, again = serious(reviews["quick"]), serious(again_review)
            share = len(first & again) / len(first) if first else 1.0
            print(json.dumps({
                "bench": f"review/{name}/stability", "quick_serious": sorted(first),
                "again_serious": sorted(again), "agreed": round(share, 3),
                "target": STABLE, "ok": share >= STABLE,
            }), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
