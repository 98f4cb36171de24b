"""The standalone build: start-up to the first menu frame, and the size of each build.

Times ``dist/conquid-arcade/conquid-arcade --smoke-test`` from launch until it reports the
menu's first frames drawn: the same imports, asset loading, services and first scene as a
normal start, under the dummy video driver; each run is stopped there. The one-file build
(it unpacks itself first) and the source tree are timed the same way for comparison.
Prints JSON lines; skips with a message when there is no build (``make dist``).
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
SUFFIX = ".exe" if os.name == "nt" else ""
ONEDIR = DIST / "conquid-arcade" / f"conquid-arcade{SUFFIX}"
ONEFILE = DIST / f"conquid-arcade-onefile{SUFFIX}"
MARKER = "ok  menu"
"""The smoke test's line once the menu's first frames are drawn."""
RUNS = 10
STARTUP_TARGET_MS = 800.0
"""Frozen builds; from source the target is 500 ms (``bench.frames``)."""
ONEFILE_TARGET_MB = 40.0
ONEDIR_TARGET_MB = 40.0
"""What players download and unpack (docs/packaging.md: what the build leaves out)."""


def time_to_menu(command: list[str]) -> float:
    """Milliseconds from launching ``command`` until it reports the first menu frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True, env=env, cwd=ROOT, start_new_session=os.name != "nt")
    elapsed = None
    assert child.stdout is not None
    for line in child.stdout:
        if MARKER in line:
            elapsed = (time.perf_counter() - start) * 1000
            break
    _stop(child)
    if elapsed is None:
        raise RuntimeError(f"{command[0]} ended without drawing the menu")
    return elapsed


def _stop(child: subprocess.Popen[str]) -> None:
    """End the run (its whole session: a one-file build is a launcher plus the game)."""
    if child.poll() is None:
        if os.name == "nt":
            child.terminate()
        else:
            os.killpg(child.pid, signal.SIGTERM)
    child.wait(timeout=30)


def startup(name: str, command: list[str], runs: int) -> dict[str, object]:
    time_to_menu(command)  # the first run fills the disk cache, as any earlier start would
    samples = sorted(time_to_menu(command) for _ in range(runs))
    return {"bench": name, "median_ms": round(statistics.median(samples), 1),
            "target_ms": STARTUP_TARGET_MS, "ok": statistics.median(samples) <= STARTUP_TARGET_MS,
            "min_ms": round(samples[0], 1), "max_ms": round(samples[-1], 1), "runs": runs}


def size_mb(path: Path) -> float:
    if path.is_file():
        return path.stat().st_size / 1e6
    files = [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]  # links: once
    return sum(p.stat().st_size for p in files) / 1e6


def main() -> int:
    if not ONEDIR.is_file():
        print(f"frozen_startup: skipped, no build at {ONEDIR.relative_to(ROOT)} "
              "(run `make dist` first)", file=sys.stderr)
        return 0
    onedir = size_mb(ONEDIR.parent)
    figures: list[dict[str, object]] = [
        {"bench": "dist_size_onedir", "mb": round(onedir, 2), "target_mb": ONEDIR_TARGET_MB,
         "ok": onedir <= ONEDIR_TARGET_MB},
    ]
    if ONEFILE.is_file():
        onefile = size_mb(ONEFILE)
        figures.append({"bench": "dist_size_onefile", "mb": round(onefile, 1),
                        "target_mb": ONEFILE_TARGET_MB, "ok": onefile <= ONEFILE_TARGET_MB})
    for figure in figures:
        print(json.dumps(figure), flush=True)
    print(json.dumps(startup("frozen_startup_onedir", [str(ONEDIR), "--smoke-test"], RUNS)),
          flush=True)
    if ONEFILE.is_file():
        print(json.dumps(startup("frozen_startup_onefile", [str(ONEFILE), "--smoke-test"], 5)),
              flush=True)
    source = [sys.executable, "-m", "game", "--smoke-test"]
    print(json.dumps(startup("source_startup", source, 5)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
