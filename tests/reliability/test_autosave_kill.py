"""Fault injection: a player's process is killed (SIGKILL) at random moments while it plays
and autosaves. Whatever the moment, the autosave must load and hold every move confirmed
before the kill (a save is confirmed once the writer returns), and never a move that was not
played. (A kill mid-write may leave the writer's temporary file behind; the save itself is
always whole.)"""

from __future__ import annotations

import os
import random
import signal
import time
import traceback
from pathlib import Path

import pytest

from game.catalog import all_games
from game.conquid.rules.game import GAME
from game.core.match import Match
from game.core.record import load_match, save_match

KILLS = 200
GAMES = all_games()


def play_and_autosave(path: Path, seed: int, report_fd: int) -> None:
    """The child: play one game of random moves, autosave after each, report each confirmed
    save, then wait to be killed."""
    rng = random.Random(seed)
    match = Match(GAME, {"board": "small", "turn_limit": 300})
    while not match.is_over:
        match.play(GAME.random_move(match.state, rng))
        save_match(path, match)
        os.write(report_fd, f"{match.ply} ".encode())
    while True:
        time.sleep(1)


def expected_moves(seed: int) -> list[str]:
    """The moves of the child's game, replayed here from the same seed."""
    rng = random.Random(seed)
    match = Match(GAME, {"board": "small", "turn_limit": 300})
    while not match.is_over:
        match.play(GAME.random_move(match.state, rng))
    return list(match.moves)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork() to kill a child mid-write")
def test_autosave_survives_sigkill_at_random_points(tmp_path: Path) -> None:
    chooser = random.Random(2026)
    for kill in range(KILLS):
        path = tmp_path / f"autosave-{kill}.json"
        seed = chooser.randrange(1_000_000)
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            os.close(read_fd)
            try:
                play_and_autosave(path, seed, write_fd)
            except BaseException:
                traceback.print_exc()
                os._exit(1)
            os._exit(0)
        os.close(write_fd)
        first = _first_report(read_fd)  # a loaded machine must not kill before any save
        time.sleep(chooser.uniform(0.002, 0.04))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), "the child failed before it was killed (see above)"
        with os.fdopen(read_fd) as reports:
            confirmed = [int(ply) for ply in (first + reports.read()).split()]
        assert confirmed, "the child reported no save (see above)"
        loaded = load_match(path, GAMES)
        last = confirmed[-1] if confirmed else 0
        assert loaded.ply in (last, last + 1), (kill, seed, loaded.ply, last)
        assert list(loaded.moves) == expected_moves(seed)[: loaded.ply]


def _first_report(read_fd: int) -> str:
    """Block until the child confirms its first save (or dies), and return that report."""
    text = b""
    while not text.endswith(b" "):
        chunk = os.read(read_fd, 1)
        if not chunk:
            break
        text += chunk
    return text.decode()
