"""Frame times of the replay while the computer reviews the game in its worker process.

Headless (dummy SDL), 1280x720, the real replay scene on a finished game of ``bench/data``
(the Conquid game the review benchmark uses, resigned after its last move) with the real
review worker (``game.main_window.ProcessReviews``). R starts the review as a player's key
would; frames then run at most 60 a second, as the app's tick lets them, each timed from
when it was due (a late start counts, as in ``bench.monkey``), while the pointer sweeps the
graph (the hovered move's words) until the review completes. Prints JSON lines: the p99 and
the median frame time against the 60 FPS budget of 16.7 ms, each also as ``cpu_ms``, the
processor time of the app's thread (what a busy machine disturbs far less than wall time),
with the plies reviewed and the load average.

    python -m bench.review_frames [--game conquid|pushfight|piously] [--seconds 120]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.client.app import commands as c  # noqa: E402
from game.client.app.app import STEP, App  # noqa: E402
from game.client.files.paths import Paths  # noqa: E402
from game.core.record import load_match  # noqa: E402
from game.main_window import build_services  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402

FRAME_BUDGET_MS = 1000 / 60


def run(game: str, seconds: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as home:
        services = build_services(Paths.under(Path(home)), (1280, 720))
        match = load_match(ROOT / "bench" / "data" / f"review-{game}.json", services.games)
        if not match.is_over:
            match.resign()
        scene = ReplayScene(services, match)
        app = App(services, scene)
        for _ in range(30):  # the first second's caches, as a player's window warms them
            app.step([], STEP)
        key = pygame.key.key_code(services.table.keys("replay", c.REVIEW_GAME)[0])
        app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                     scancode=0)], STEP)
        session = scene.review.session
        assert session is not None and session.running
        graph = scene.review.graph.rect
        wall: list[float] = []
        cpu: list[float] = []
        due = time.perf_counter()
        end = due + seconds
        frame = 0
        while session.running and time.perf_counter() < end:
            pause = due - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            x = graph.x + (frame * 7) % max(1, graph.w)
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, graph.centery),
                                         rel=(0, 0), buttons=(0, 0, 0))]
            cpu_start = time.thread_time()
            app.step(events, STEP)
            cpu.append((time.thread_time() - cpu_start) * 1000)
            finished = time.perf_counter()
            wall.append((finished - due) * 1000)  # from when it was due: lateness counts
            due = max(due + STEP, finished)  # a late frame does not make every later one late
            frame += 1
        done, total = session.done, session.total
        complete = session.complete
        scene.exit()
    return {"wall": wall, "cpu": cpu, "done": done, "total": total, "complete": complete}


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="conquid", choices=("conquid", "pushfight", "piously"))
    parser.add_argument("--seconds", type=float, default=120.0)
    args = parser.parse_args()
    found = run(args.game, args.seconds)
    wall, cpu = found["wall"], found["cpu"]
    assert isinstance(wall, list) and isinstance(cpu, list)
    common = {"frames": len(wall), "plies_reviewed": found["done"], "plies": found["total"],
              "complete": found["complete"], "game": args.game, "size": "1280x720",
              "load": round(os.getloadavg()[0], 2)}
    p99 = _p99(wall)
    print(json.dumps({"bench": "review_frame_p99", "value_ms": round(p99, 2),
                      "cpu_ms": round(_p99(cpu), 2), "target_ms": round(FRAME_BUDGET_MS, 1),
                      "ok": p99 <= FRAME_BUDGET_MS, **common}), flush=True)
    median = statistics.median(wall)
    print(json.dumps({"bench": "review_frame_median", "value_ms": round(median, 2),
                      "cpu_ms": round(statistics.median(cpu), 2),
                      "target_ms": round(FRAME_BUDGET_MS, 1), "ok": median <= FRAME_BUDGET_MS,
                      **common}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
