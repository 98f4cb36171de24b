"""The kept-game lists of the fullest folders the app itself makes, listed in a fresh process.

The bounds: every kept folder the app could produce lists in <= 0.5 s and <= 200 MB.
The folder holds ``KEEP_UNFINISHED`` unfinished games, ``KEEP_FINISHED`` finished ones and
fifty older unfinished ones in the history (never deleted), each as long as its game allows
(``tests.reliability.hostile.fullest_kept_folder``). Each run lists them as the menu and
"Your games" do (read, summarised, worded; nothing re-played), then again as a window resize
does (nothing read: ``again_ms``). On a shared machine the CPU time is the steadier figure.

    python -m bench kept
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from bench.timing import report
from tests.reliability.hostile import fullest_kept_folder, probe_listing

RUNS = 5
TARGET_MS = 500.0
TARGET_MB = 200.0


def main(_args: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        fullest_kept_folder(Path(folder) / "data")
        runs = [probe_listing(Path(folder)) for _ in range(RUNS)]
    seconds = statistics.median(run["seconds"] for run in runs)
    cpu = statistics.median(run["cpu_seconds"] for run in runs)
    peak = max(run["peak_mb"] for run in runs)
    report("kept/fullest-folders", seconds * 1000, TARGET_MS,
           cpu_ms=round(cpu * 1000), cpu_ok=cpu * 1000 <= TARGET_MS,
           games=int(runs[0]["listed"]), peak_mb=round(peak, 1), memory_ok=peak <= TARGET_MB,
           again_ms=round(statistics.median(run["again_seconds"] for run in runs) * 1000, 2),
           runs_ms=[round(run["seconds"] * 1000) for run in runs])


if __name__ == "__main__":
    main(sys.argv[1:])
