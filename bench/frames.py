"""Frame time during a 600+ cell conquer cascade on the large board, during a Piously
Stonemason cast (and on its still position), and time to first frame.

Headless (dummy SDL drivers). The cascade position is reached by legal moves: player 1 owns
the top row and the left column, player 2 almost everything else, then player 1 conquers and
the cascade sweeps the board diagonally, wave by wave. Each frame is one real ``App.step``
(events, fixed-step update, widget update, draw) at 1280x720; the clock is stepped manually
so every frame of the animation is measured. Prints one JSON object per figure.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.catalog import all_games  # noqa: E402
from game.client.app import commands as c  # noqa: E402
from game.client.app.app import STEP, App  # noqa: E402
from game.client.app.commands import Command  # noqa: E402
from game.client.app.sound import RECIPES  # noqa: E402
from game.client.files.paths import Paths  # noqa: E402
from game.conquid.rules.game import ConquidState, acquire_size, conquer_waves  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.main_window import build_services  # noqa: E402
from scenes.play import PlayScene  # noqa: E402

FIRST_FRAME_CHILD = """
import os, sys, time
sys.path.insert(0, {root!r})
from game.main_window import build_services, first_scene
from game.client.app.app import App
import pygame
services = build_services()
app = App(services, first_scene(services))
app.step([], 0.0)
pygame.display.flip()
print("first-frame", time.process_time(), flush=True)
pygame.quit()
"""


def cascade_match() -> Match:
    """A large-board match where player 1's next Conquer takes 600+ cells.

    Player 2 first fills the inside of the board (player 1 passes: a conquer that takes
    nothing), then player 1 acquires the four edges (player 2 passes); the cascade then runs
    inwards from the four corners.
    """
    match = Match(all_games().get("conquid"), {"board": "large"})
    state: ConquidState = match.state
    board = state.board
    playable = [cell for cell in state.empty_cells()]
    edges = (0, board.rows - 1), (0, board.cols - 1)
    frame = [cell for cell in playable if cell[0] in edges[0] or cell[1] in edges[1]]
    middle = board.rows // 2
    for hole in ((middle, 0), (middle, board.cols - 1))[: len(frame) % 3]:
        frame.remove(hole)
    fill = [cell for cell in playable if cell not in frame and cell[0] not in edges[0]
            and cell[1] not in edges[1]]
    fill = fill[: len(fill) - len(fill) % 3]
    for pool, mover in ((fill, 1), (frame, 0)):
        for i in range(0, len(pool), 3):
            if match.state.to_move != mover:
                assert not conquer_waves(match.state), "a pass must take nothing"
                match.play("C")
            assert acquire_size(match.state) == 3
            match.play("A " + " ".join(f"{r},{c}" for r, c in pool[i:i + 3]))
    assert match.state.to_move == 1 and not conquer_waves(match.state)
    match.play("C")
    assert board is match.state.board
    return match


@contextlib.contextmanager
def in_window(match: Match) -> Iterator[tuple[App, PlayScene]]:
    """The play scene on ``match`` in a 1280x720 app, its caches warmed as a player's first
    second warms them, and its sounds made (the running app makes them at start)."""
    with tempfile.TemporaryDirectory() as home:
        services = build_services(Paths.under(Path(home)), (1280, 720))
        for cue in RECIPES:
            services.sounds.sound(cue)
        scene = PlayScene(services, match)
        app = App(services, scene)
        for _ in range(30):
            app.step([], STEP)
        yield app, scene


def frames_until_still(app: App, scene: PlayScene) -> list[float]:
    """Milliseconds of each frame until the view's animation ends (one frame at least)."""
    times: list[float] = []
    while scene.view.busy(app.clock) or not times:
        start = time.perf_counter()
        app.step([], STEP)
        times.append((time.perf_counter() - start) * 1000)
    return times


def cascade_frames() -> tuple[int, list[float]]:
    """Milliseconds per frame over one whole cascade, and how many cells it takes."""
    match = cascade_match()
    taken = sum(len(wave) for wave in conquer_waves(match.state))
    with in_window(match) as (app, scene):
        scene.command(Command("conquer"))
        scene.command(Command(c.CONFIRM))
        return taken, frames_until_still(app, scene)


def bench_cascade(runs: int = 3) -> list[dict[str, object]]:
    """Mean and 99th percentile frame time per run; the figures are medians over runs."""
    means, p99s = [], []
    taken, frames = 0, 0
    for _ in range(runs):
        taken, times = cascade_frames()
        times.sort()
        frames = len(times)
        means.append(statistics.fmean(times))
        p99s.append(times[min(frames - 1, int(frames * 0.99))])
    common = {"cells": taken, "frames": frames, "runs": runs, "size": "1280x720",
              "board": "large"}
    return [
        {"bench": "frame_mean_cascade", "median_ms": round(statistics.median(means), 3),
         "target_ms": 4.0, **common},
        {"bench": "frame_p99_cascade", "median_ms": round(statistics.median(p99s), 3),
         "target_ms": 10.0, **common},
    ]


WARM_MOVES = 8
"""Moves shown, animated, before the measured cast: a game in progress has drawn its fonts'
glyphs and its text sizes already (a fresh window's first text costs a few milliseconds)."""


def stonemason_match() -> tuple[Match, list[object], object]:
    """A Piously match from the default temple (seeded random play) ``WARM_MOVES`` moves
    before a Stonemason cast, those moves, and that cast: a room glides and turns with its
    auras and objects."""
    import random

    from game.piously.rules import moves as pm
    from game.piously.rules.temple import DEFAULT_LAYOUT

    match = Match(all_games().get("piously"), {})
    match.play(pm.BuildTemple(DEFAULT_LAYOUT))
    rng = random.Random(1)
    played: list[object] = []
    while True:
        move = match.game.random_move(match.state, rng)
        assert move is not None, "the seeded game ended before a Stonemason cast"
        if isinstance(move, pm.Stonemason):
            break
        played.append(move)
        match.play(move)
    warm = played[-WARM_MOVES:]
    for _ in warm:
        match.undo()
    return match, warm, move


def piously_frames() -> tuple[list[float], list[float]]:
    """Milliseconds per frame: a still Piously position with the pointer over the board
    (targets, hover label, 14-spell panel), then a whole Stonemason animation."""
    match, warm, move = stonemason_match()
    with in_window(match) as (app, scene):
        scene.command(Command(c.POINT, scene.view.board_rect.center))
        still: list[float] = []
        for _ in range(120):
            start = time.perf_counter()
            app.step([], STEP)
            still.append((time.perf_counter() - start) * 1000)
        for earlier in warm:
            _animate(app, scene, match, earlier)
        return still, _animate(app, scene, match, move)


def _animate(app: App, scene: PlayScene, match: Match, move: object) -> list[float]:
    """Play ``move`` as the play scene does on Confirm; the frames of its animation."""
    before = match.state
    scene.view.animate(before, match.play(move), app.clock)
    return frames_until_still(app, scene)


def bench_piously(runs: int = 3) -> list[dict[str, object]]:
    """p99 frame time of the still position and of the spell animation (medians of runs)."""
    figures: dict[str, list[float]] = {"still": [], "spell": []}
    frames = 0
    for _ in range(runs):
        still, anim = piously_frames()
        for name, times in (("still", still), ("spell", anim)):
            times.sort()
            figures[name].append(times[min(len(times) - 1, int(len(times) * 0.99))])
        frames = len(anim)
    common = {"runs": runs, "size": "1280x720", "game": "piously", "spell": "Stonemason",
              "animation_frames": frames}
    return [{"bench": f"frame_p99_piously_{name}", "median_ms": round(statistics.median(p99),
                                                                       3),
             "target_ms": 10.0, **common} for name, p99 in figures.items()]


def bytecode_cached() -> bool:
    """Whether every module of ``game`` and ``scenes`` has a current bytecode cache: without
    one (``PYTHONDONTWRITEBYTECODE=1`` and no ``__pycache__``) every launch compiles them all,
    which costs about 0.1 s more to the first frame. Any other launch writes them."""
    import importlib.util

    for source in [*ROOT.glob("game/**/*.py"), *ROOT.glob("scenes/**/*.py")]:
        cache = Path(importlib.util.cache_from_source(str(source)))
        try:
            header = cache.read_bytes()[8:16]
        except OSError:
            return False
        stat = source.stat()
        if header != (int(stat.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little") + (
                stat.st_size & 0xFFFFFFFF).to_bytes(4, "little"):
            return False
    return True


def bench_first_frame(runs: int = 10) -> dict[str, object]:
    """Launch to the first menu frame (wall time), and the CPU time the child spent on it:
    on a busy machine the wall time mostly measures the other processes. Whether the
    project's bytecode was cached is reported with it (``bytecode_cached``)."""
    cached = bytecode_cached()
    samples, cpu = [], []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CONQUID_ARCADE_HOME=home)
        code = FIRST_FRAME_CHILD.format(root=str(ROOT))
        for _ in range(runs):
            start = time.perf_counter()
            child = subprocess.Popen([sys.executable, "-c", code], env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            assert child.stdout is not None
            for line in child.stdout:
                if line.startswith("first-frame"):
                    samples.append((time.perf_counter() - start) * 1000)
                    cpu.append(float(line.split()[1]) * 1000)
                    break
            child.wait()
    return {"bench": "first_menu_frame", "median_ms": round(statistics.median(samples), 1),
            "target_ms": 500.0, "cpu_median_ms": round(statistics.median(cpu), 1),
            "runs": len(samples), "load_average": round(os.getloadavg()[0], 1),
            "bytecode_cached": cached}


def main() -> None:
    for figure in [*bench_cascade(), *bench_piously()]:
        print(json.dumps(figure), flush=True)
    print(json.dumps(bench_first_frame()), flush=True)


if __name__ == "__main__":
    main()
