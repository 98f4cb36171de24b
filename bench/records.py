"""The longest record every game accepts, loaded in a fresh process: time and peak memory.

The bounds: any record the loader accepts loads in <= 1 s and <= 200 MB. Each game's
longest valid game (``GameInfo.max_plies`` moves, or as near as its rules let a game go,
with its costliest options: the largest board, the repetition rule) is written once, then
loaded ``RUNS`` times, each in a new process (so memory is the whole process's peak). On a
shared machine the CPU time (``cpu_ms``) is steadier than the wall time.

    python -m bench records
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from bench.timing import report
from tests.reliability.hostile import GAME_IDS, longest_record, probe_load

RUNS = 5
TARGET_MS = 1000.0
TARGET_MB = 200.0


def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for game_id in names or GAME_IDS:
            path = Path(folder) / f"{game_id}.json"
            path.write_bytes(longest_record(game_id))
            runs = [probe_load(path) for _ in range(RUNS)]
            seconds = statistics.median(run["seconds"] for run in runs)
            cpu = statistics.median(run["cpu_seconds"] for run in runs)
            peak = max(run["peak_mb"] for run in runs)
            report(f"records/{game_id}/longest", seconds * 1000, TARGET_MS,
                   cpu_ms=round(cpu * 1000), cpu_ok=cpu * 1000 <= TARGET_MS,
                   moves=int(runs[0]["plies"]), file_kb=round(path.stat().st_size / 1024),
                   peak_mb=round(peak, 1), load_mb=round(max(r["load_mb"] for r in runs), 1),
                   memory_ok=peak <= TARGET_MB,
                   runs_ms=[round(run["seconds"] * 1000) for run in runs])


if __name__ == "__main__":
    main(sys.argv[1:])
