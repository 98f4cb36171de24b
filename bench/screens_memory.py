"""Memory while every screen is opened and closed again and again: no screen may leave
anything behind.

Opens each screen ``python -m bench screens`` times (Settings, Rules and help, High scores,
the file dialogs, Learn, each game's setup) and a game of each kind in the play scene, runs a
few frames on it (Settings makes its key list over several), goes back (Esc, as a player
does: the app's own closing paths run), and measures the
process's resident memory after the first round and after ``--rounds`` rounds. Target: the
last within 30 MB of the first (opening Help or Settings repeatedly once grew the process
by about 100 MB). Headless, 1280x720. Prints JSON lines.

    python -m bench screens_memory [--rounds 50]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

import pygame

from bench.idle import new_match
from bench.screens import SIZE, close, screens
from game.client.app.app import STEP, App
from game.client.app.scene import Push
from game.client.files.paths import Paths
from game.main_window import VIEWS, build_services
from scenes.menu import MenuScene
from scenes.play import PlayScene

TARGET_MB = 30.0
FRAMES = 12
"""Frames on each screen: enough for the ones that build over a few frames to finish."""

Visit = Callable[[App], None]


def resident_mb() -> float:
    """The process's resident memory now (Linux), else its peak so far."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 1e6 if sys.platform == "darwin" else peak / 1e3


def play(game_id: str) -> Visit:
    def open_game(app: App) -> None:
        app.stack.apply(Push(PlayScene(app.services, new_match(app.services, game_id))))
        app.step([], STEP)

    return open_game


def visits() -> dict[str, Visit]:
    """Each screen, opened from the menu the way a click opens it."""
    chosen: dict[str, Visit] = {}
    for name, (start, opener) in screens().items():
        def visit(app: App, start: Callable[[App], None] = start, opener: Visit = opener) -> None:
            start(app)
            app.step([], STEP)
            opener(app)

        chosen[name] = visit
    for game_id in VIEWS:
        chosen[f"play_{game_id}"] = play(game_id)
    return chosen


def escape(app: App, depth: int) -> None:
    """Back to the screen at ``depth`` as a player goes: Esc, one press a frame (a dialog
    closes, a screen goes back), then anything Esc does not close is closed directly."""
    key = pygame.key.key_code("escape")
    for _ in range(4):
        top = app.stack.top
        if top is None or (len(app.stack.scenes) <= depth and not top.dialog_open()):
            return
        app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
                  *pygame.event.get()], STEP)
    close(app, depth)


def one_round(app: App, chosen: dict[str, Visit]) -> None:
    for visit in chosen.values():
        depth = len(app.stack.scenes)
        visit(app)
        for _ in range(FRAMES):
            app.step(pygame.event.get(), STEP)
        escape(app, depth)
        app.step(pygame.event.get(), STEP)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        services = build_services(Paths.under(Path(home)), SIZE)
        app = App(services, MenuScene(services))
        app.step([], STEP)
        chosen = visits()
        one_round(app, chosen)
        first = resident_mb()
        for _ in range(args.rounds - 1):
            one_round(app, chosen)
        last = resident_mb()
        app.close()
        pygame.quit()
    growth = last - first
    print(json.dumps({"bench": "screens_memory_growth",
                      "first_round_mb": round(first, 1), "last_round_mb": round(last, 1),
                      "growth_mb": round(growth, 1), "rounds": args.rounds,
                      "screens": sorted(chosen), "target_mb": TARGET_MB,
                      "ok": growth <= TARGET_MB}), flush=True)


if __name__ == "__main__":
    main()
