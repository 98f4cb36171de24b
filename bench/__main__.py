"""``python -m bench``: run every benchmark script in this folder, one after another.

Each script is a module that prints JSON lines (one figure each); this runner forwards them
and fails if any script fails. ``python -m bench conquid`` runs only the scripts named.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SKIP = {"__init__", "__main__", "timing", "soak"}
"""``soak`` runs for many minutes: ``make soak``."""


def main(names: list[str]) -> int:
    scripts = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in SKIP)
    chosen = [s for s in scripts if not names or s in names]
    failed = []
    for name in chosen:
        done = subprocess.run([sys.executable, "-m", f"bench.{name}"], check=False)
        if done.returncode:
            failed.append(name)
    if failed:
        print(f"benchmarks failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
