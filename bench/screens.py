"""How long a screen takes to open: from the click to its first frame drawn.

Each figure is one real ``App.step`` that receives the button's pygame_gui press (or the
key's command) and draws the new screen in the same frame, at 1280x720, headless. "first"
is the first opening in a fresh process (what a player's first click costs, lazy imports
included: each screen is measured in a process of its own); "again" is the median of later
openings. ``setup_<game>`` is a menu's "Play ..." button: the first time, with a new
player's data folder, it shows the offer of the game's lessons (the setup screen is made
behind it, the game's view with it); then the setup screen itself. The client loads every
game's rules and views and the lesson courses in the background once its window shows
(``Services.window_shown``): "first_ms" is a click before that work (as soon as the menu
is up), "first_after_background_ms" one after it (a fresh process too); the ``_cpu_ms``
figures are the same clicks in processor time of the app's thread (a loaded machine
stretches the wall times). Target: 150 ms each. Prints JSON lines.

    python -m bench screens [--only setup]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

import pygame
import pygame_gui

from bench.idle import new_match
from game.catalog import all_games
from game.client.app import commands as c
from game.client.app.app import STEP, App
from game.client.app.commands import Command
from game.client.app.scene import Push
from game.client.files.paths import Paths
from game.main_window import VIEWS, build_services
from scenes.menu import MenuScene
from scenes.play import PlayScene

TARGET_MS = 150.0
AGAIN = 5
SIZE = (1280, 720)

Opener = Callable[[App], None]
"""Does what the click does, in one frame (the frame is timed)."""


def menu_entry(text: str) -> Opener:
    def click(app: App) -> None:
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        widget = next(w for w, label, _ in menu.entries if label.startswith(text))
        event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=widget)
        app.step([event], STEP)

    return click


def save_key(app: App) -> None:
    play = app.stack.top
    assert isinstance(play, PlayScene)
    play.command(Command(c.SAVE))
    app.step([], STEP)


def close(app: App, depth: int) -> None:
    """Back to the screen the click came from: pop the scene, or close the dialog."""
    while len(app.stack.scenes) > depth:
        app.stack.scenes.pop().exit()
    top = app.stack.top
    assert top is not None
    for dialog in list(top._dialogs):
        dialog.kill()
    top._dialogs.clear()
    top.resume()
    app.step([], STEP)


def opening_ms(start: Callable[[App], None], opener: Opener,
               background: bool = False) -> tuple[float, float, float]:
    """The first opening and the median of ``AGAIN`` more, in milliseconds, then the
    first's processor time (this thread's); with ``background``, once the work the window's
    showing starts is done."""
    with tempfile.TemporaryDirectory() as home:
        services = build_services(Paths.under(Path(home)), SIZE)
        app = App(services, MenuScene(services))
        if background:
            app.step([], STEP)
            services.window_shown()
            for thread in threading.enumerate():
                if thread is not threading.current_thread():
                    thread.join()
        start(app)
        for _ in range(10):
            app.step([], STEP)
        depth = len(app.stack.scenes)
        times, cpu = [], []
        for _ in range(1 + AGAIN):
            began, cpu_began = time.perf_counter(), time.thread_time()
            opener(app)
            times.append((time.perf_counter() - began) * 1000)
            cpu.append((time.thread_time() - cpu_began) * 1000)
            close(app, depth)
        app.close()
        pygame.quit()
    return times[0], statistics.median(times[1:]), cpu[0]


def into_game(app: App) -> None:
    match = new_match(app.services, next(iter(VIEWS)))
    app.stack.apply(Push(PlayScene(app.services, match)))


def screens() -> dict[str, tuple[Callable[[App], None], Opener]]:
    def nothing(app: App) -> None:
        return None

    chosen: dict[str, tuple[Callable[[App], None], Opener]] = {
        "settings": (nothing, menu_entry("Settings")),
        "help": (nothing, menu_entry("Rules and help")),
        "high_scores": (nothing, menu_entry("High scores")),
        "open_dialog": (nothing, menu_entry("Open a saved game")),
        "save_dialog": (into_game, save_key),
        "learn": (nothing, menu_entry("Learn to play")),
    }
    for info in all_games().infos():  # not the games: that would load their rules here
        if info.id in VIEWS:
            chosen[f"setup_{info.id}"] = (nothing, menu_entry(f"Play {info.title}"))
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", help="measure only the screens whose name contains this")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--background", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        start, opener = screens()[args.one]
        first, again, first_cpu = opening_ms(start, opener, args.background)
        print(json.dumps([round(first, 1), round(again, 1), round(first_cpu, 1)]), flush=True)
        return
    for name in screens():
        if args.only is not None and args.only not in name:
            continue
        figures = []
        for extra in ([], ["--background"]):
            done = subprocess.run([sys.executable, "-m", "bench.screens", "--one", name, *extra],
                                  check=True, capture_output=True, text=True)
            figures.append(json.loads(done.stdout.splitlines()[-1]))
        (first, again, first_cpu), (after, again_after, after_cpu) = figures
        print(json.dumps({"bench": f"open_{name}", "first_ms": first,
                          "first_after_background_ms": after,
                          "first_cpu_ms": first_cpu, "first_after_background_cpu_ms": after_cpu,
                          "again_ms": statistics.median([again, again_after]),
                          "target_ms": TARGET_MS, "ok": max(first, after, again) <= TARGET_MS}),
              flush=True)

if __name__ == "__main__":
    main()
