"""``python -m bench``: run the benchmark scripts in this folder, one after another.

Each script is a module that prints JSON lines (one figure each); this runner forwards them
and fails if any script fails. With no names it runs the quick set: every script but the
long runs, with ``idle`` and ``screens_memory`` shortened (``QUICK_OPTIONS``); a few minutes,
so it can be run before any change (``make bench``).
``python -m bench --full`` adds the long runs (``LONG``: arenas, soak, network load, the
budgets of every level, the Piously win fixtures), each with the options that reproduce
its figures in ``docs/benchmarks.md`` (``make bench-full``; hours). ``python -m bench
conquid`` runs only the scripts named, quick or long, and everything from the first option
on goes to each of them (``python -m bench budgets --positions 30``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
HELPERS = {"__init__", "__main__", "timing", "net_lobby"}
"""Modules that are not benchmarks of their own (``net_lobby`` is ``net --only lobby``)."""

LONG = {
    "arenas": "computer levels against each other, whole games: Conquid, Piously, generic",
    "budgets": "every level of every game under three time budgets",
    "forts_helper": "200 Forts games each of the helper and of the random placer",
    "net": "the table server under 120 concurrent games, and the lobby under 500 clients",
    "piously_wins": "the Piously players' whole turns on the win and threat fixtures",
    "pushfight_arena": "Push Fight's hard level against normal, 40 games",
    "review": "the computer's review of three whole games, quick and deep, and its stability",
    "review_sharpness": "the review's analysts on every game's proven wins, and a review's cost",
    "soak": "500 arena games, then the client playing itself for 10 minutes",
}
"""The long runs, left out of the quick set: each takes from several minutes to hours."""

FULL_OPTIONS = {
    "budgets": ["--positions", "30"],
    "pushfight_arena": ["--a", "hard", "--b", "normal", "--games", "40", "--nodes", "40000"],
    "soak": ["--games", "500", "--minutes", "10"],
}
"""What ``--full`` hands a long run, so it measures what ``docs/benchmarks.md`` reports."""

QUICK_OPTIONS = {
    "idle": ["--seconds", "4"],
    "screens_memory": ["--rounds", "20"],
}
"""Shorter runs of two quick scripts in the quick set alone (10 s on each of 14 screens and
50 rounds of every screen take half the set's time); ``--full`` runs them at their defaults,
as ``docs/benchmarks.md`` reports them."""


def main(args: list[str]) -> int:
    full = "--full" in args
    args = [arg for arg in args if arg != "--full"]
    first_option = next((i for i, arg in enumerate(args) if arg.startswith("-")), len(args))
    names, options = args[:first_option], args[first_option:]
    scripts = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in HELPERS)
    unknown = [name for name in names if name not in scripts]
    if unknown:
        print(f"no such benchmark: {', '.join(unknown)} (there are: {', '.join(scripts)})",
              file=sys.stderr)
        return 2
    if names:
        chosen = [(name, options) for name in names]
    else:
        preset = FULL_OPTIONS if full else QUICK_OPTIONS
        chosen = [(name, options or preset.get(name, []))
                  for name in scripts if full or name not in LONG]
    failed = []
    for name, script_options in chosen:
        done = subprocess.run([sys.executable, "-m", f"bench.{name}", *script_options],
                              check=False)
        if done.returncode:
            failed.append(name)
    if failed:
        print(f"benchmarks failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
