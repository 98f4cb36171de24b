"""``python -m bench``: run every benchmark script in this folder, one after another.

Each script is a module that prints JSON lines (one figure each); this runner forwards them
and fails if any script fails. ``python -m bench conquid`` runs only the scripts named, and
everything from the first option on goes to each of them (``python -m bench budgets
--positions 30``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SKIP = {"__init__", "__main__", "timing", "soak"}
"""``soak`` runs for many minutes: ``make soak``."""


def main(args: list[str]) -> int:
    first_option = next((i for i, arg in enumerate(args) if arg.startswith("-")), len(args))
    names, options = args[:first_option], args[first_option:]
    scripts = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in SKIP)
    unknown = [name for name in names if name not in scripts]
    if unknown:
        print(f"no such benchmark: {', '.join(unknown)} (there are: {', '.join(scripts)})",
              file=sys.stderr)
        return 2
    chosen = [s for s in scripts if not names or s in names]
    failed = []
    for name in chosen:
        done = subprocess.run([sys.executable, "-m", f"bench.{name}", *options], check=False)
        if done.returncode:
            failed.append(name)
    if failed:
        print(f"benchmarks failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
