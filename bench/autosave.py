"""What a move's autosave costs the frame that starts its animation: before, the whole write
(record, temporary file, two fsyncs, rename) ran there; now the frame only makes the record
and hands it to the background writer (``game.client.files.writer``), which the loop settles once
the frame is on screen. Each sample is one move of a Conquid game on the medium board, kept in a
temporary folder on this machine's disk; medians and the 95th percentile over up to 200
moves (random moves may end the game sooner). The bench settles the writer at once, so its
settle time is the whole write, which the app spends while the frame shows.

    python -m bench autosave
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from game.catalog import all_games
from game.client.files import autosaves
from game.client.files.paths import Paths
from game.client.files.writer import BackgroundWriter
from game.core.match import Match

MOVES = 200


def samples(background: bool, folder: Path) -> tuple[list[float], list[float]]:
    """Per move: the time on the frame, and (background only) the wait when settling."""
    match = Match(all_games().get("conquid"), {"board": "medium"})
    rng = random.Random(1)
    slot = autosaves.Slot(Paths.under(folder))
    writer = BackgroundWriter()
    keeper = autosaves.Background(slot, writer, print)
    frame, settle = [], []
    for _ in range(MOVES):
        move = match.game.random_move(match.state, rng)
        if match.is_over or move is None:
            break
        match.play(move)
        start = time.perf_counter()
        if background:
            keeper.keep(match)
        else:
            slot.write(match)
        frame.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        writer.settle()
        settle.append((time.perf_counter() - start) * 1000)
    return frame, settle


def p95(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.95)]


def main() -> None:
    for background in (False, True):
        with tempfile.TemporaryDirectory(prefix="bench-autosave-") as folder:
            frame, settle = samples(background, Path(folder))
        line = {
            "bench": f"autosave_on_the_move_frame_{'background' if background else 'inline'}",
            "moves": len(frame),
            "median_ms": round(statistics.median(frame), 3),
            "p95_ms": round(p95(frame), 3),
            "max_ms": round(max(frame), 3),
        }
        if background:
            line["settle_median_ms"] = round(statistics.median(settle), 3)
            line["settle_p95_ms"] = round(p95(settle), 3)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
