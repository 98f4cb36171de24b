"""How long the longest record every game accepts takes to open: in the replay (the scene
made and its first frame drawn; target 1 s) and in play (its first frame; target 0.5 s), the
record already loaded (``bench/records.py`` times the loading). Median of ``RUNS``, in one
process, headless. The move list describes only the turns near its view, so neither grows
with the record (a 9,999-move Conquid game took 15-20 s when every move was described).

    python -m bench replay_open [conquid piously ...]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

import pygame

from game.client.app.app import STEP, App
from game.client.app.scene import Pop, Push, Scene
from game.client.files import storage
from game.client.files.paths import Paths
from game.main_window import VIEWS, build_services
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from tests.reliability.hostile import longest_record, unfinished_record

RUNS = 3
REPLAY_TARGET_S = 1.0
PLAY_TARGET_S = 0.5


def opened(app: App, make: Callable[[], Scene]) -> float:
    """Seconds to make a scene (``make()``) and draw its first frame; then it is closed."""
    started = time.perf_counter()
    scene = make()
    app.stack.apply(Push(scene))
    app.step([], STEP)
    took = time.perf_counter() - started
    app.stack.apply(Pop())
    app.step([], STEP)
    return took


def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        services = build_services(Paths.under(home / "home"), (1280, 720))
        app = App(services, MenuScene(services))
        app.step([], STEP)
        for game_id in names or list(VIEWS):
            finished, unfinished = home / f"{game_id}.json", home / f"{game_id}-open.json"
            finished.write_bytes(longest_record(game_id))
            unfinished.write_bytes(unfinished_record(game_id))
            done = storage.load(finished, services.games, services.views)
            going = storage.load(unfinished, services.games, services.views)
            replay = [opened(app, partial(ReplayScene, services, done)) for _ in range(RUNS)]
            play = [opened(app, partial(PlayScene, services, going)) for _ in range(RUNS)]
            replay_s = round(statistics.median(replay), 3)
            play_s = round(statistics.median(play), 3)
            figure: dict[str, object] = {
                      "bench": f"replay_open_{game_id}", "moves": done.ply,
                      "replay_s": replay_s, "play_first_frame_s": play_s,
                      "replay_target_s": REPLAY_TARGET_S, "play_target_s": PLAY_TARGET_S,
                      "load_average": round(os.getloadavg()[0], 1)}
            figure["ok"] = replay_s <= REPLAY_TARGET_S and play_s <= PLAY_TARGET_S
            print(json.dumps(figure), flush=True)
        pygame.quit()


if __name__ == "__main__":
    main([arg for arg in sys.argv[1:] if not arg.startswith("-")])
