"""Soak: many computer games in the arena, then the client playing demo games for minutes.

1. Arena: ``--games`` computer-vs-computer games spread over every registered game that has
   computer levels (its two weakest levels, on small budgets), through ``game.arena``'s
   machinery, each game's record saved and re-loaded. Resident memory is measured once the
   bounded caches are full (after a third of the games, and at least one of each kind: the
   Piously searches' caches of temples fill over its first thirty games, about 25 MB) and
   at the end; it may not grow more than 10%.
2. Client: the real app headless (dummy SDL drivers), computer against computer in the play
   scene with the real worker-process seats and autosave after every move, one game after
   another over every game with a view, for ``--minutes``; resident memory is sampled every
   30 s (first, end, max) and may not grow more than 10% from the first sample taken once a
   game of every kind has been played and a third of the run has passed. The first minutes
   fill bounded caches (fonts and rendered text, widget themes, sounds, each view's
   sprites); a leak is growth that goes on after them. The window is still open at the last
   sample.

Prints one JSON line per part; exits 1 on any exception or memory growth. ``make soak`` runs
the full version (500 games, 10 minutes); ``python -m bench`` runs a short one.

    python -m bench.soak --games 500 --minutes 10
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.arena import computer_levels, play_game  # noqa: E402
from game.catalog import all_games  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.core.player import Limit  # noqa: E402
from game.core.protocol import Game  # noqa: E402
from game.core.record import load_match, save_match  # noqa: E402

GROWTH_LIMIT = 0.10
SAMPLE_EVERY = 30.0
ARENA_LIMIT = Limit(time=0.02, nodes=100)
"""A tiny budget: the soak looks for leaks and crashes, not for good moves."""


def rss_mb() -> float:
    """This process's resident memory in MiB (Linux /proc; peak RSS elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def options(game: Game[Any, Any]) -> dict[str, object]:
    """Default boards, with a turn limit where the game has one so every game ends."""
    names = {spec.name for spec in game.info.options}
    return {"turn_limit": 300} if "turn_limit" in names else {}


def weakest_levels(game_id: str) -> list[str]:
    return list(computer_levels(game_id))[:2]


def soak_arena(games: int) -> dict[str, Any]:
    """Play ``games`` games round-robin over the games with levels; measure memory."""
    kinds = [game for game in all_games() if weakest_levels(game.info.id)]
    warm = max(len(kinds), games // 3)
    plies = 0
    start_mb = 0.0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for number in range(games):
            game = kinds[number % len(kinds)]
            levels = computer_levels(game.info.id)
            names = weakest_levels(game.info.id)
            names = (names * 2)[: game.info.players] if number % 2 else \
                (names[::-1] * 2)[: game.info.players]
            seats = tuple((name, levels[name](), ARENA_LIMIT) for name in names)
            match = play_game(game, options(game), seats, f"soak/{number}", max_plies=2000)
            path = Path(folder) / "last.json"
            save_match(path, match)
            again = load_match(path, all_games())
            assert again.moves == match.moves and again.outcome == match.outcome
            plies += match.ply
            if number == warm - 1:
                gc.collect()
                start_mb = rss_mb()
    gc.collect()
    end_mb = rss_mb()
    growth = (end_mb - start_mb) / start_mb if start_mb else 0.0
    return {
        "bench": "soak_arena", "games": games, "moves": plies,
        "kinds": [game.info.id for game in kinds],
        "seconds": round(time.perf_counter() - started, 1),
        "rss_start_mb": round(start_mb, 1), "rss_end_mb": round(end_mb, 1),
        "growth_pct": round(100 * growth, 1), "ok": growth <= GROWTH_LIMIT,
    }


def soak_client(minutes: float) -> dict[str, Any]:
    """The client plays computer-vs-computer games headless for ``minutes``; sample RSS."""
    import pygame

    from game.client.app.app import FPS, App
    from game.client.app.scene import Replace
    from game.client.files.paths import Paths
    from game.main_window import VIEWS, build_services
    from scenes.play import PlayScene

    kinds = [game_id for game_id in VIEWS if weakest_levels(game_id)]
    with tempfile.TemporaryDirectory() as folder:
        services = build_services(Paths.under(Path(folder)), (1280, 720))
        services.settings = services.settings.with_(anim_speed=3.0)  # "Very fast"

        def next_game(number: int) -> PlayScene:
            game = services.games.get(kinds[number % len(kinds)])
            names = weakest_levels(game.info.id)
            seats = tuple(Seat(f"Computer ({name})", "computer", name)
                          for name in (names * 2)[: game.info.players])
            match = Match(game, options(game), seats, f"demo/{number}")
            return PlayScene(services, match)

        number, plies = 0, 0
        scene = next_game(number)
        app = App(services, scene)
        timer = pygame.time.Clock()
        started = last = time.perf_counter()
        samples: list[float] = [rss_mb()]
        warm_at: int | None = None
        every = min(SAMPLE_EVERY, minutes * 60 / 4)
        next_sample = started + every
        try:
            while time.perf_counter() - started < minutes * 60:
                now = time.perf_counter()
                app.step(pygame.event.get(), now - last)
                last = now
                pygame.display.flip()
                timer.tick(FPS)
                if scene.match.is_over and not scene.view.busy(app.clock):
                    plies += scene.match.ply
                    number += 1
                    scene = next_game(number)
                    app.stack.apply(Replace(scene))
                if now >= next_sample:
                    gc.collect()
                    samples.append(rss_mb())
                    if warm_at is None and number >= len(kinds) and \
                            now - started >= minutes * 20:  # a third of the run, in seconds
                        warm_at = len(samples) - 1
                    next_sample += every
            gc.collect()
            samples.append(rss_mb())
        finally:
            app.close()
            pygame.quit()
    judged = warm_at is not None and warm_at < len(samples) - 1
    warm = samples[warm_at] if judged and warm_at is not None else samples[0]
    growth = (samples[-1] - warm) / warm
    return {
        "bench": "soak_client", "minutes": minutes, "games": number, "moves": plies,
        "kinds": kinds, "frames": app.frames, "rss_first_mb": round(samples[0], 1),
        "rss_start_mb": round(warm, 1), "rss_end_mb": round(samples[-1], 1),
        "rss_max_mb": round(max(samples), 1), "samples_mb": [round(s, 1) for s in samples],
        "growth_pct": round(100 * growth, 1),
        "ok": growth <= GROWTH_LIMIT if judged else None,  # None: too short to judge
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="arena games (default: 30)")
    parser.add_argument("--minutes", type=float, default=0.5,
                        help="minutes of client demo games (default: 0.5)")
    args = parser.parse_args()
    failed = False
    parts: list[Callable[[], dict[str, Any]]] = [
        lambda: soak_arena(args.games), lambda: soak_client(args.minutes)
    ]
    for part in parts:
        figures = part()
        print(json.dumps(figures), flush=True)
        failed |= figures["ok"] is False
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
