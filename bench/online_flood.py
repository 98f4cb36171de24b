"""Frames while the network floods the app: the longest frame and how many frames it takes
to take it all in.

``events``: 12,000 presence changes and draw offers (offered, declined) queued at once for an
online game's play scene, as a hostile or broken opponent could send them; the session's
queue is the real one (``game.net.session``), fed without a network. ``network_max_ms`` is
the longest a frame spent taking events in; the rest of a frame is the scene's answer (an
offer that comes and goes rebuilds its buttons, once a frame at most). ``--unbounded`` takes
every queued event in one frame, as the app did before each frame took a bounded number.
``nearby``: 200 tables announced on the network, one more each frame, on the Play online
screen (target: no frame over 50 ms, at most 30 tables listed). Headless; prints JSON lines.

    python -m bench online_flood [--only events|nearby] [--unbounded]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

import pygame

from game.client.app.app import STEP, App
from game.client.app.scene import Push
from game.client.files.paths import Paths
from game.client.match import online as online_state
from game.client.match.online import OnlineGame, OnlinePlay
from game.main_window import build_services
from game.net.lan import Announced
from game.net.session import Heard, Network, Session, TableNow
from game.net.wire import messages as m
from game.net.wire.limits import PROTOCOL_VERSION
from scenes.menu import MenuScene

SIZE = (1280, 720)
FLOOD = 12_000
TABLES = 200
FRAME_TARGET_MS = 50.0


def frame(app: App) -> float:
    """One frame of the loop; its milliseconds."""
    started = time.perf_counter()
    app.step(pygame.event.get(), STEP)
    return (time.perf_counter() - started) * 1000


def events_figure(home: Path, unbounded: bool) -> dict[str, Any]:
    services = build_services(Paths.under(home), SIZE)
    session = Session(Network(), "ws://127.0.0.1:1", "Ada", services.games)  # never connects
    game = OnlineGame(session, services.games, services.paths, "Ada")
    pumps: list[float] = []
    pump = game.pump

    def timed_pump() -> bool:
        started = time.perf_counter()
        changed = pump()
        pumps.append((time.perf_counter() - started) * 1000)
        return changed

    game.pump = timed_pump  # type: ignore[method-assign]
    state = m.TableState("t1", "conquid", 1, {}, m.Clock(), 0, 0, ("Ada", "Blaise"),
                         (True, True), 0)
    session._put(TableNow(state, ()))
    game.pump()
    app = App(services, MenuScene(services))
    frame(app)
    app.stack.apply(Push(services.scenes.play(services, game.new_match(), online=game)))
    for _ in range(5):
        frame(app)
    for n in range(FLOOD // 4):
        session._put(Heard(m.Presence(1, n % 2 == 1)))
        session._put(Heard(m.Offered(m.OfferKind.DRAW, 1)))
        session._put(Heard(m.Presence(1, n % 2 == 0)))
        session._put(Heard(m.Declined(m.OfferKind.DRAW, 1)))
    if unbounded:
        online_state.EVENTS_PER_FRAME = None  # type: ignore[misc, assignment]
    times: list[float] = []
    pumps.clear()
    while not session._events.empty() and len(times) < FLOOD:
        times.append(frame(app))
    times += [frame(app) for _ in range(5)]
    pygame.quit()
    return {"bench": "online_flood_events", "messages": FLOOD, "unbounded": unbounded,
            "frames": len(times) - 5, "frame_max_ms": round(max(times), 1),
            "frame_median_ms": round(statistics.median(times), 2),
            "frame_p95_ms": round(_p95(times), 1),
            "network_max_ms": round(max(pumps), 1),
            "events_per_frame": online_state.EVENTS_PER_FRAME,
            "target_ms": FRAME_TARGET_MS, "ok": max(times) <= FRAME_TARGET_MS}


class Announcing:
    """A LAN browser that has found ``count`` tables (the bench raises it frame by frame)."""

    def __init__(self) -> None:
        self.count = 0
        self.all = [Announced(f"table {n:03}", "ws://127.0.0.1:9", f"ABC{n:03}", "conquid",
                              "", f"Host {n}", PROTOCOL_VERSION, 1) for n in range(TABLES)]

    def tables(self) -> list[Announced]:
        return self.all[:self.count]

    def close(self) -> None:
        self.count = 0


def nearby_figure(home: Path) -> dict[str, Any]:
    from scenes.online.screen import OnlineScene

    services = build_services(Paths.under(home), SIZE)
    browser = Announcing()
    services.online = OnlinePlay(services.games, services.paths, None, lambda _wake: browser)
    app = App(services, MenuScene(services))
    frame(app)
    scene = OnlineScene(services)
    app.stack.apply(Push(scene))
    for _ in range(3):
        frame(app)
    services.background.wait(5)
    times: list[float] = []
    for count in range(1, TABLES + 1):
        browser.count = count
        times.append(frame(app))
    listed = len(scene.nearby_rows)
    pygame.quit()
    return {"bench": "online_flood_nearby", "tables": TABLES, "listed": listed,
            "frame_max_ms": round(max(times), 1),
            "frame_median_ms": round(statistics.median(times), 2),
            "frame_p95_ms": round(_p95(times), 1),
            "target_ms": FRAME_TARGET_MS, "ok": max(times) <= FRAME_TARGET_MS and listed <= 30}


def _p95(times: list[float]) -> float:
    """The 95th percentile (a shared machine's stalls make the maximum noisy)."""
    return sorted(times)[min(len(times) - 1, int(0.95 * len(times)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("events", "nearby"))
    parser.add_argument("--unbounded", action="store_true",
                        help="take every queued event in one frame (as before the bound)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        if args.only in (None, "events"):
            print(json.dumps(events_figure(Path(home) / "events", args.unbounded)), flush=True)
        if args.only in (None, "nearby"):
            print(json.dumps(nearby_figure(Path(home) / "nearby")), flush=True)


if __name__ == "__main__":
    main()
