"""Shared timing helpers: medians over many runs, printed as JSON lines."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any


def median_ms(action: Callable[[], object], runs: int = 200, inner: int = 1) -> float:
    """Median wall time of ``action`` in milliseconds, each run averaging ``inner`` calls."""
    action()  # warm caches
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(inner):
            action()
        samples.append((time.perf_counter() - start) * 1000 / inner)
    return statistics.median(samples)


def report(bench: str, median: float, target: float | None = None, **extra: Any) -> None:
    """Print one figure as a JSON line, with whether it meets its target."""
    line: dict[str, Any] = {"bench": bench, "median_ms": round(median, 4)}
    if target is not None:
        line["target_ms"] = target
        line["ok"] = median <= target
    line.update(extra)
    print(json.dumps(line), flush=True)
