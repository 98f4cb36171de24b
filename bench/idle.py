"""CPU use of the real loop while nothing moves, and how fast input still gets a frame.

Each screen runs in ``App.run`` (the loop a player gets) for ``SECONDS`` of wall time with
no input; its CPU use is the process's CPU seconds over those wall seconds (target <= 3% of
one core). Then ``PROBES`` mouse moves arrive, each once the loop has rested again, and the
figure is the time from posting one to the end of the next ``display.flip`` (target <= 17
ms). Screens: the menu, a still game of every game with a board view, a game-over screen of
each, the replay scene paused, an online game waiting for the remote player's move (this
machine's server, the app's network thread and the opponent's client all in the process,
all counted); plus the frame rate while a replay plays (the loop must still
give animations 60 FPS). Headless by default; run it under ``DISPLAY=...`` with
``SDL_VIDEODRIVER=x11`` to include a real X server's costs. Prints JSON lines.

    python -m bench idle [--seconds 10] [--only menu]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

import pygame

from game.client.app import app as loop
from game.client.app.scene import Scene
from game.client.app.services import Services
from game.client.app.wake import wake
from game.client.files.paths import Paths
from game.core.match import Match
from game.main_window import VIEWS, build_services
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene

SECONDS = 10.0
PROBES = 5
CPU_TARGET = 0.03
LATENCY_TARGET_MS = 17.0
PLAYING_SECONDS = 3.0
SIZE = (1280, 720)

Screen = Callable[[Services], Scene]


def new_match(services: Services, game_id: str) -> Match:
    """A new game of ``game_id`` between two people (seeded, for games with dice)."""
    game = services.games.get(game_id)
    return Match(game, {}, seed="1" if game.info.has_chance else None)


def finished(services: Services, game_id: str) -> Match:
    """A game of ``game_id`` played to its end by seeded random moves (or a resignation)."""
    match = new_match(services, game_id)
    rng = random.Random(1)
    while not match.is_over and match.ply < 400:
        if match.to_move < 0:
            match.play_chance()
            continue
        move = match.game.random_move(match.state, rng)
        if move is None:
            break
        match.play(move)
    if not match.is_over:
        match.resign()
    return match


def online_waiting(services: Services) -> Scene:
    """An online game of the first two-player game, the remote player to move: a server on
    loopback, the app's session at it, and a seated opponent that does not move."""
    from game.client.match.online import OnlinePlay
    from game.hosting import LanHost
    from game.net.session import Host, Join, Network, Session
    from game.net.wire.messages import Clock
    from scenes.online.play import OnlinePlayScene

    paths = services.paths
    services.online = OnlinePlay(services.games, paths, lambda _port: LanHost(
        paths.data, bind="127.0.0.1", port=0, announce=False), wake=wake)
    game_id = next(info.id for info in services.games.infos()
                   if info.players == 2 and info.id in VIEWS)
    hosted = services.online.host_server()
    ours = services.online.open(hosted.url, "Ada", Host(game_id, {}, 1, Clock()), hosted=True)
    deadline = time.monotonic() + 20
    while ours.invite is None and time.monotonic() < deadline:
        ours.pump()
        time.sleep(0.02)
    assert ours.invite is not None, "the hosted table gave no invite code"
    Session(Network(), hosted.url, "Blaise", services.games).start(Join(ours.invite[0]))
    while not ours.seated and time.monotonic() < deadline:
        ours.pump()
        time.sleep(0.02)
    assert ours.seated, "the opponent did not sit down"
    return OnlinePlayScene(services, ours.new_match(), ours)


def screens() -> dict[str, Screen]:
    """Every screen measured, by name: the menu, then each game with a board view."""
    chosen: dict[str, Screen] = {"menu": MenuScene, "play_online_waiting": online_waiting}
    for game_id in VIEWS:
        chosen[f"play_{game_id}"] = lambda s, g=game_id: PlayScene(s, new_match(s, g))
        chosen[f"game_over_{game_id}"] = lambda s, g=game_id: PlayScene(s, finished(s, g))
        chosen[f"replay_paused_{game_id}"] = lambda s, g=game_id: ReplayScene(s, finished(s, g))
    return chosen


class Flips:
    """Records when each ``display.flip`` ends (the loop calls it once per frame)."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self._flip = pygame.display.flip

    def __enter__(self) -> Flips:
        def flip() -> None:
            self._flip()
            self.times.append(time.perf_counter())

        pygame.display.flip = flip
        return self

    def __exit__(self, *_: object) -> None:
        pygame.display.flip = self._flip

    def first_after(self, moment: float) -> float | None:
        return next((t for t in self.times if t > moment), None)


def run_screen(make: Screen, seconds: float, playing: bool = False) -> dict[str, object]:
    """Run the loop on one screen; CPU share at rest, then input latency (or frame rate)."""
    with tempfile.TemporaryDirectory() as home:
        services = build_services(Paths.under(Path(home)), SIZE)
        scene = make(services)
        app = loop.App(services, scene)
        marks: dict[str, float] = {}
        posted: list[float] = []

        def script() -> None:
            time.sleep(loop.GRACE + 0.5)  # the start counts as input: let the loop settle
            marks["wall"], marks["cpu"] = time.perf_counter(), time.process_time()
            time.sleep(seconds)
            marks["wall_end"], marks["cpu_end"] = time.perf_counter(), time.process_time()
            for probe in range(0 if playing else PROBES):
                time.sleep(loop.GRACE + 0.4)
                posted.append(time.perf_counter())
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5 + probe, 5),
                                                     rel=(1, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.QUIT))

        if playing and isinstance(scene, ReplayScene):
            scene.go_to(0)
            scene.playing = True
        with Flips() as flips:
            worker = threading.Thread(target=script, daemon=True)
            worker.start()
            app.run()
            worker.join()
        pygame.quit()
    wall = marks["wall_end"] - marks["wall"]
    figure: dict[str, object] = {"cpu_share": round((marks["cpu_end"] - marks["cpu"]) / wall, 4)}
    inside = [t for t in flips.times if marks["wall"] <= t <= marks["wall_end"]]
    figure["fps"] = round(len(inside) / wall, 1)
    delays = [(flips.first_after(t) or float("inf")) - t for t in posted]
    if delays:
        figure["input_to_frame_ms"] = round(statistics.median(delays) * 1000, 1)
        figure["input_to_frame_max_ms"] = round(max(delays) * 1000, 1)
    return figure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--only", help="measure only the screens whose name contains this")
    args = parser.parse_args()
    for name, make in screens().items():
        if args.only and args.only not in name:
            continue
        figure = run_screen(make, args.seconds)
        ok = figure["cpu_share"] <= CPU_TARGET  # type: ignore[operator]
        if "input_to_frame_max_ms" in figure:
            ok = ok and figure["input_to_frame_max_ms"] <= LATENCY_TARGET_MS  # type: ignore[operator]
        line = {"bench": f"idle_{name}", **figure, "cpu_target": CPU_TARGET,
                "latency_target_ms": LATENCY_TARGET_MS, "seconds": args.seconds, "ok": ok}
        print(json.dumps(line), flush=True)
    if not args.only or "playing" in args.only:
        game_id = next(iter(VIEWS))
        figure = run_screen(lambda s: ReplayScene(s, finished(s, game_id)), PLAYING_SECONDS,
                            playing=True)
        print(json.dumps({"bench": f"replay_playing_{game_id}", **figure, "fps_target": 55,
                          "ok": figure["fps"] >= 55}), flush=True)  # type: ignore[operator]


if __name__ == "__main__":
    main()
