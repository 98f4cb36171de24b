"""Fault injection through the client's own autosave path, and "resume is offered" after it.

200 SIGKILLs at random moments: half of the children play every registered game (computer
moves and dice) and autosave with ``game.client.files.autosaves.Slot``, what the play scene
uses; the other half run the real play scene headless (computer against computer, dice
rolled by the scene), which autosaves after every confirmed move by itself. After each kill
the autosave holds every move confirmed before the kill and no move that was never played;
``autosaves.unfinished`` (what the menu lists) offers it while the game is unfinished, and for a
sample of kills a freshly started headless app's menu shows "Resume" and resumes that game.
"""

from __future__ import annotations

import os
import random
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pygame
import pytest

from game.catalog import all_games
from game.client.app.app import STEP, App
from game.client.app.services import Services
from game.client.files import autosaves
from game.client.files.paths import Paths
from game.client.view import turns_played
from game.core.match import Match, Seat
from game.core.protocol import CHANCE
from game.core.record import Record, load_match, read_record
from game.main_window import VIEWS, build_services
from scenes.menu import MenuScene
from scenes.play import PlayScene
from tests.reliability.seats import SeededComputers, play_out, seeded_move
from tests.ui.driver import Driver

KILLS_PER_KIND = 100
RESUME_CHECK_EVERY = 20
FRAMES_PER_GAME = 400
GAMES = all_games()
READY = b"R "

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork() to kill a child")


def new_match(game_id: str, seed: str) -> Match:
    """A computer-against-computer match of ``game_id`` (small boards where there is a choice)."""
    game = GAMES.get(game_id)
    options: dict[str, object] = {"board": "small", "turn_limit": 300} if game_id == "conquid" \
        else {}
    seats = tuple(Seat(f"Computer {n + 1}", "computer", "quick")
                  for n in range(game.info.players))
    return Match(game, options, seats, seed if game.info.has_chance else None)


def report(fd: int) -> Callable[[Match], None]:
    """Tell the parent that the autosave of ``match.ply`` moves is complete."""

    def tell(match: Match) -> None:
        os.write(fd, f"{match.ply} ".encode())

    return tell


def storage_child(paths: Paths, game_id: str, seed: str, fd: int) -> None:
    """Play a game of ``game_id``, autosaving after each move as the play scene does."""
    os.write(fd, READY)
    tell = report(fd)
    match = new_match(game_id, seed)
    slot = autosaves.Slot(paths)
    while not match.is_over:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(seeded_move(match, seed))
        assert slot.write(match) is None
        tell(match)
    time.sleep(60)  # over: wait for the kill


def scene_child(services: Services, game_id: str, seed: str, fd: int) -> None:
    """Run the real play scene, computer against computer, reporting each finished autosave
    (the scene's background writer stores each move's record with ``Slot.keep``)."""
    real_keep = autosaves.Slot.keep

    def keep_and_report(slot: autosaves.Slot, record: Record) -> str | None:
        problem = real_keep(slot, record)
        assert problem is None
        os.write(fd, f"{len(record.moves)} ".encode())
        return problem

    autosaves.Slot.keep = keep_and_report  # type: ignore[method-assign]  # we only listen
    services.computers = SeededComputers(seed)
    services.settings = services.settings.with_(anim_speed=0.0)
    app = App(services, PlayScene(services, new_match(game_id, seed)))
    os.write(fd, READY)
    while True:
        app.step([], STEP)


@dataclass
class Kill:
    paths: Paths
    game_id: str
    seed: str
    confirmed: list[int]


def kill_at_random(run: Callable[[int], None], chooser: random.Random) -> list[int]:
    """Fork ``run(fd)``, kill it a random moment after it is ready; return the confirmed plies."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        os.close(read_fd)
        try:
            run(write_fd)
        except BaseException:
            traceback.print_exc()
            os._exit(1)
        os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as reports:
        assert reports.read(len(READY)) == READY
        first = _first_report(reports)  # a loaded machine must not kill before any save
        time.sleep(chooser.uniform(0.0, 0.04))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, \
            "the child failed before it was killed (see its traceback above)"
        return [int(ply) for ply in (first + reports.read()).split()]


def _first_report(reports: BinaryIO) -> bytes:
    """Block until the child confirms its first autosave (or dies); return that report."""
    text = b""
    while not text.endswith(b" "):
        byte = reports.read(1)
        if not byte:
            break
        text += byte
    return text


def check(kill: Kill) -> Match | None:
    """The autosave after a kill: whole, and holding exactly the confirmed moves (or one more)."""
    kept = autosaves.newest(kill.paths.history) or autosaves.newest(kill.paths.autosaves)
    if kept is None:
        assert not kill.confirmed, "a confirmed autosave is missing"
        return None
    loaded = load_match(kept, GAMES)
    full_game = play_out(new_match(kill.game_id, kill.seed), kill.seed).moves
    last = kill.confirmed[-1] if kill.confirmed else 0
    assert loaded.ply in (last, last + 1), (kill, loaded.ply)
    assert loaded.moves == full_game[: loaded.ply], kill
    offered = autosaves.unfinished(kill.paths)
    if loaded.is_over:  # a kill between the history's write and the old copy's removal
        listed = [read_record(k.path).moves for k in offered]
        assert all(loaded.moves[: len(moves)] == moves for moves in listed)
    else:
        assert [read_record(k.path).moves for k in offered] == [loaded.moves]
    return loaded


def check_resume_in_a_fresh_app(kill: Kill, loaded: Match) -> bool:
    """Whether a fresh app's menu offered (and resumed) the autosave, as it must when it can."""
    services = build_services(kill.paths, (1280, 720))
    try:
        driver = Driver(App(services, MenuScene(services)))
        driver.frames(2)
        menu = driver.top
        assert isinstance(menu, MenuScene)
        first = menu.entries[0][1]
        if loaded.is_over or loaded.game.info.id not in VIEWS:  # nothing this app can resume
            assert not first.startswith("Resume:")
            return False
        assert first == f"Resume: {loaded.game.info.title}, move {turns_played(loaded) + 1}"
        driver.key("return")
        play = driver.top
        assert isinstance(play, PlayScene)  # the dice may have rolled on since
        assert play.match.moves[: loaded.ply] == loaded.moves
        driver.app.close()
        return True
    finally:
        pygame.quit()


def check_resume_samples(kills: list[Kill]) -> None:
    """For every RESUME_CHECK_EVERY-th kill, a fresh app's menu must offer that autosave."""
    offered = 0
    for kill in kills[::RESUME_CHECK_EVERY]:
        loaded = check(kill)
        if loaded is not None:
            offered += check_resume_in_a_fresh_app(kill, loaded)
    assert offered, "at least one sampled kill left a game to resume"


def test_autosave_with_the_storage_function_survives_sigkill(tmp_path: Path) -> None:
    kills: list[Kill] = []
    chooser = random.Random(7)
    ids = [game.info.id for game in GAMES]
    saved = 0
    for number in range(KILLS_PER_KIND):
        paths = Paths.under(tmp_path / f"kill-{number}")
        game_id, seed = ids[number % len(ids)], f"storage-{number}"

        def run(fd: int, paths: Paths = paths, game_id: str = game_id, seed: str = seed) -> None:
            storage_child(paths, game_id, seed, fd)

        kill = Kill(paths, game_id, seed, kill_at_random(run, chooser))
        saved += check(kill) is not None
        kills.append(kill)
    assert saved == KILLS_PER_KIND, "every kill lands after a confirmed autosave"
    check_resume_samples(kills)


def test_autosave_from_the_play_scene_survives_sigkill(tmp_path: Path) -> None:
    kills: list[Kill] = []
    chooser = random.Random(8)
    ids = list(VIEWS)
    saved = 0
    services = build_services(Paths.under(tmp_path / "parent"), (1280, 720))
    try:
        for number in range(KILLS_PER_KIND):
            paths = Paths.under(tmp_path / f"kill-{number}")
            game_id, seed = ids[number % len(ids)], f"scene-{number}"

            def run(fd: int, paths: Paths = paths, game_id: str = game_id,
                    seed: str = seed) -> None:
                services.paths = paths
                scene_child(services, game_id, seed, fd)

            kill = Kill(paths, game_id, seed, kill_at_random(run, chooser))
            saved += check(kill) is not None
            kills.append(kill)
    finally:
        pygame.quit()
    assert saved == KILLS_PER_KIND, "every kill lands after a confirmed autosave"
    check_resume_samples(kills)


def test_the_scene_autosaves_after_computer_moves_and_dice(tmp_path: Path) -> None:
    """Without kills: after every frame the autosave equals the scene's match, for each view."""
    services = build_services(Paths.under(tmp_path), (1280, 720))
    try:
        services.computers = SeededComputers("every-move", delay=2)
        services.settings = services.settings.with_(anim_speed=0.0)
        for game_id in VIEWS:
            match = new_match(game_id, "every-move")
            app = App(services, PlayScene(services, match))
            chance_seen, checked = 0, 0
            for _ in range(FRAMES_PER_GAME):
                if match.is_over:
                    break
                chance_seen += match.to_move == CHANCE
                app.step([], STEP)
                if match.ply != checked:
                    kept = app.stack.top.autosave_path  # type: ignore[union-attr]
                    assert load_match(kept, GAMES).moves == match.moves
                    checked = match.ply
            assert checked == match.ply > 0, game_id
            assert match.is_over or checked > 10, game_id
            assert not match.game.info.has_chance or chance_seen, game_id
            app.close()
    finally:
        pygame.quit()
