"""Frame time while computer players think: the window must keep its 60 FPS.

A headless (dummy SDL) play scene on the large board seats the hard and the normal computer
players, which think in their worker processes, as in the client. Every frame is one real
``App.step`` (update and draw) paced at 60 FPS; only frames during which a computer was
thinking are measured. Prints JSON lines; targets are the frame benchmark's (mean <= 4 ms,
99th percentile <= 10 ms).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

from game.client.app.app import STEP, App
from game.client.files.paths import Paths
from game.core.match import Match, Seat
from game.main_window import build_services
from scenes.play import PlayScene

SECONDS = 40.0


def thinking_frames() -> tuple[list[float], int]:
    """Frame times (ms) while a computer thinks, and the number of moves played."""
    with tempfile.TemporaryDirectory() as home:
        services = build_services(Paths.under(Path(home)), (1280, 720))
        seats = (Seat("Hard", "computer", "hard"), Seat("Normal", "computer", "normal"))
        match = Match(services.games.get("conquid"), {"board": "large"}, seats)
        scene = PlayScene(services, match, demo=True)
        app = App(services, scene)
        times: list[float] = []
        end = time.perf_counter() + SECONDS
        while time.perf_counter() < end and not match.is_over:
            thinking = any(seat.busy for seat in scene.computers.values())
            start = time.perf_counter()
            app.step([], STEP)
            spent = time.perf_counter() - start
            if thinking:
                times.append(spent * 1000)
            time.sleep(max(0.0, STEP - spent))
        moves = match.ply
        scene.exit()
        return times, moves


def main() -> None:
    times, moves = thinking_frames()
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    figures = {
        "frame_mean_while_thinking": (statistics.mean(times), 4.0),
        "frame_p99_while_thinking": (p99, 10.0),
    }
    for name, (value, target) in figures.items():
        line = {"bench": name, "value_ms": round(value, 3), "target_ms": target,
                "ok": value <= target, "frames": len(times), "moves": moves, "board": "large"}
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
