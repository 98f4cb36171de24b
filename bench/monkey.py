"""Frame times while the monkey (``tests/reliability/monkey.py``) plays with the client.

Headless, 1280x720, every game with a view, seeded: the same random events as the pytest
monkey, but here the frame times are the point. As in the real loop, the window's showing
starts the background work (rules, views, lessons, sounds) after the first frame. Prints
JSON lines: the median, p99 and max frame time of the run (a frame is one ``App.step``:
events, update, draw) against the 60 FPS budget of 16.7 ms and a worst frame of 50 ms, and
the p99 of steady frames (no input, no scene opened or closed, no resize: animations,
computers thinking, drawing) against 12 ms. Each also gives ``cpu_ms``, the same figure in
processor time of the app's thread, which a busy machine disturbs far less than wall time.
Frames that open a scene or resize the window rebuild its widgets; the worst frame per
scene, and per scene and cause (``resize``, ``open``, ``input``, ``steady``), is printed
too, with the frames over budget counted by scene and cause, in wall time and again in
processor time (``_cpu``: on a shared machine the wall figures mostly show its load).
``unqueued_ms`` is wall time less the time the thread waited in the system's run queue for a
core (Linux): what a frame takes on a machine with a core free for the app, the interpreter's
lock, files and the display included.
``--resize-heavy`` makes the monkey drag the window's edge often, several sizes a frame, as
a hand does.

Frames start at most 60 a second, as the app loop's tick lets them, and each is timed from
when it was due, so a late start (waiting for the interpreter's lock, or for a core) counts;
the background work runs in the time between, as in the app. ``--no-pace`` runs them back to
back instead (no time between: the background work then gets none). ``monkey_background``
gives the work's stages (ms after the window showed) and the worst frame beside one and of
the others ("after"): a click that opens a screen before the work is done may take up to
150 ms, the worst-frame target of 50 ms is for the rest.

    python -m bench.monkey [--events 6000] [--seed 1] [--resize-heavy] [--no-pace]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.client.app.app import STEP  # noqa: E402
from game.client.app.services import Services  # noqa: E402
from game.client.app.wake import wake  # noqa: E402
from game.client.files.paths import Paths  # noqa: E402
from game.client.match.online import OnlinePlay  # noqa: E402
from game.main_window import build_services  # noqa: E402
from scenes.menu import MenuScene  # noqa: E402
from tests.loopback import LoopbackBrowsers, loopback_hosting  # noqa: E402
from tests.reliability.monkey import Monkey, Report, describe  # noqa: E402

FRAME_BUDGET_MS = 1000 / 60
STEADY_MS = 12
"""Frames that open nothing and take no input keep this much of the budget in hand."""
WORST_MS = 50
"""The longest frame allowed: a hitch a person barely notices, once."""
BESIDE_MS = 150
"""A click that opens a screen before the background work is done opens it this fast."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--resize-heavy", action="store_true")
    parser.add_argument("--no-pace", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sandbox = Path(folder)
        os.chdir(sandbox)
        services = build_services(Paths.under(sandbox), (1280, 720))
        browsers = _stay_on_this_machine(services, Paths.under(sandbox))
        monkey = Monkey(services, MenuScene(services), args.seed, sandbox, args.resize_heavy,
                        pace=not args.no_pace)
        monkey.app.step([], STEP)
        shown = time.perf_counter()
        services.window_shown()  # as ``App.run`` does once the first frame is up
        try:
            report = monkey.run(args.events)
        finally:
            monkey.app.close()
            browsers.close()
            pygame.quit()
    figures = describe(report)
    median = statistics.median(report.frame_times) * 1000
    common = {"events": figures["events"], "frames": figures["frames"], "seed": args.seed,
              "resize_heavy": args.resize_heavy, "paced": not args.no_pace}
    print(json.dumps({"bench": "monkey_frame_median", "median_ms": round(median, 2),
                      "target_ms": round(FRAME_BUDGET_MS, 1),
                      "ok": median <= FRAME_BUDGET_MS, **common}))
    steady = figures["p99_steady_frame_ms"]
    print(json.dumps({"bench": "monkey_steady_frame_p99", "median_ms": steady,
                      "target_ms": STEADY_MS, "ok": steady <= STEADY_MS,
                      "cpu_ms": figures["p99_steady_frame_cpu_ms"],
                      "unqueued_ms": _p99(_unqueued(report, steady=True)), **common}))
    print(json.dumps({"bench": "monkey_frame_p99", "median_ms": figures["p99_frame_ms"],
                      "target_ms": round(FRAME_BUDGET_MS, 1),
                      "ok": figures["p99_frame_ms"] <= FRAME_BUDGET_MS,
                      "cpu_ms": figures["p99_frame_cpu_ms"],
                      "unqueued_ms": _p99(_unqueued(report)), **common}))
    print(json.dumps({"bench": "monkey_frame_max", "median_ms": figures["max_frame_ms"],
                      "target_ms": WORST_MS, "ok": figures["max_frame_ms"] <= WORST_MS,
                      "cpu_ms": figures["max_frame_cpu_ms"],
                      "unqueued_ms": round(max(_unqueued(report)) * 1000, 2),
                      "slowest_ms": figures["slowest_ms"],
                      "slowest_by_cause_ms": figures["slowest_by_cause_ms"],
                      "slowest_by_cause_cpu_ms": _slowest_first(
                          figures["slowest_by_cause_cpu_ms"]), **common}))
    print(json.dumps({"bench": "monkey_background", **_beside_background(
        report, services.background.stages, shown), **common}))
    over: Counter[str] = Counter(f"{scene} {cause}" for _, scene, cause in report.slow)
    over_cpu: Counter[str] = Counter(f"{scene} {cause}" for _, scene, cause in report.cpu_slow)
    print(json.dumps({"bench": "monkey_frames_over_budget", "count": len(report.slow),
                      "by_scene_and_cause": dict(over.most_common()),
                      "count_cpu": len(report.cpu_slow),
                      "by_scene_and_cause_cpu": dict(over_cpu.most_common()), **common}))
    return 0


def _stay_on_this_machine(services: Services, paths: Paths) -> LoopbackBrowsers:
    """Online play on loopback only (a bench talks to no other machine, ``tests.loopback``);
    returns the browsers, to close."""
    browsers = LoopbackBrowsers()
    services.online = OnlinePlay(services.games, paths, functools.partial(loopback_hosting, paths),
                                 functools.partial(browsers, services.background), wake)
    return browsers


def _unqueued(report: Report, steady: bool = False) -> list[float]:
    """Each frame's wall time less its time in the run queue: what it takes with a core
    free for it (the wait for the interpreter's lock, a file or the display still counts)."""
    if steady:
        return [wall - queued for wall, queued in
                zip(report.steady_times, report.steady_queued_times, strict=True)]
    return [wall - queued for wall, queued in
            zip(report.frame_times, report.queued_times, strict=True)]


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 2)


def _beside_background(report: Report, stages: list[tuple[str, float, float]],
                       shown: float) -> dict[str, object]:
    """The background work's stages, and the frames that ran beside one and the others."""
    frames = zip(report.frame_starts, report.frame_times, strict=True)
    overlaps = [any(start < ended and start + took > began for _, began, ended in stages)
                for start, took in frames]
    beside = [i for i, overlap in enumerate(overlaps) if overlap]
    after = [i for i, overlap in enumerate(overlaps) if not overlap]

    def worst(frames: list[int], times: list[float]) -> float:
        return round(max((times[i] for i in frames), default=0.0) * 1000, 2)

    own = _unqueued(report)
    return {"stages_ms": {name: [round((began - shown) * 1000), round((ended - shown) * 1000)]
                          for name, began, ended in stages},
            "frames_beside": len(beside), "max_beside_ms": worst(beside, report.frame_times),
            "max_beside_cpu_ms": worst(beside, report.cpu_times),
            "frames_after": len(after), "max_after_ms": worst(after, report.frame_times),
            "max_after_cpu_ms": worst(after, report.cpu_times),
            "max_beside_unqueued_ms": worst(beside, own),
            "max_after_unqueued_ms": worst(after, own),
            "target_beside_ms": BESIDE_MS, "target_after_ms": WORST_MS}


def _slowest_first(by_cause: dict[str, float], count: int = 8) -> dict[str, float]:
    """The ``count`` slowest entries, slowest first (the rest are well under budget)."""
    return dict(sorted(by_cause.items(), key=lambda item: -item[1])[:count])


if __name__ == "__main__":
    raise SystemExit(main())
