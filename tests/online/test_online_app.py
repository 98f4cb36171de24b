"""The real app, headless, plays each two-player game against a scripted protocol client
through a server hosted by the app itself (in its thread, on loopback): hosting from the
online scene, the remote move animating, the local one sent, the reconnect note appearing
and clearing, the claim offered on the right turns only, and the resume after a restart."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import CHANCE
from game.hosting import LanHost
from game.main_window import build_services
from game.net.session import Join, Network, Session, TableNow
from game.ui import tickets
from game.ui.app import App
from game.ui.online import OnlinePlay
from game.ui.paths import Paths
from game.ui.services import Services
from scenes.menu import MenuScene
from scenes.online import OnlineScene
from scenes.play import PlayScene
from tests.ui.driver import Driver

TWO_PLAYER = ("conquid", "pushfight", "piously")


def loopback_services(paths: Paths) -> Services:
    services = build_services(paths, (1280, 720))
    for game in services.games:
        services.learning.mark_offered(game.info.id)
    services.online = OnlinePlay(
        services.games, paths, lambda: LanHost(paths.data, bind="127.0.0.1", port=0,
                                               announce=False))
    return services


class Opponent:
    """A scripted player: a network session of its own, moving at random on its turns."""

    def __init__(self, url: str, games: Any, seed: int) -> None:
        self.network = Network()
        self.session = Session(self.network, url, "Blaise", games)
        self.games = games
        self.rng = random.Random(seed)
        self.moves: tuple[str, ...] = ()
        self.seat: int | None = None
        self.state: Any = None

    def join(self, code: str) -> None:
        self.session.start(Join(code))

    def pump(self) -> None:
        for event in self.session.events():
            if isinstance(event, TableNow):
                self.state, self.moves, self.seat = event.state, event.moves, event.state.seat

    def mirror(self) -> Match:
        state = self.state
        match = Match(self.games.get(state.game), state.options)
        for text in self.moves:
            match.play_text(text)
        return match

    def move_if_mine(self) -> bool:
        if self.state is None:
            return False
        match = self.mirror()
        if match.is_over or match.to_move != self.seat:
            return False
        move = match.game.random_move(match.state, self.rng)
        self.session.move(match.ply, match.game.format_move(move))
        self.moves = (*self.moves, "?")  # until the server's copy arrives
        return True

    def close(self) -> None:
        self.session.close(wait=2.0)
        self.network.stop()


def frames_until(driver: Driver, done: Callable[[], bool], seconds: float = 20.0,
                 also: Callable[[], None] = lambda: None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        also()
        if done():
            return
        driver.frames(1)
        time.sleep(0.005)
    raise AssertionError("timed out")


@pytest.fixture
def home(tmp_path: Path) -> Paths:
    return Paths.under(tmp_path)


@pytest.fixture
def app(home: Paths) -> Iterator[Driver]:
    services = loopback_services(home)
    driver = Driver(App(services, MenuScene(services)))
    yield driver
    driver.app.close()
    pygame.quit()


def host_from_menu(driver: Driver, game_title: str) -> tuple[OnlineScene, str]:
    """Menu -> Play online -> Host a table of ``game_title``; returns the scene and code."""
    driver.frames(2)
    menu = driver.top
    entry = next(w for w, text, _ in menu.entries if text == "Play online")
    driver.press(entry)
    scene = driver.top
    assert isinstance(scene, OnlineScene)
    scene.widgets["name"].set_text("Ada")
    dropdown = scene.widgets["game"]
    dropdown.selected_option = (game_title, game_title)
    driver.press(scene.widgets["host"])
    frames_until(driver, lambda: scene.pending is not None and scene.pending.invite is not None)
    assert scene.pending is not None and scene.pending.invite is not None
    return scene, scene.pending.invite[0]


def play_local(play: PlayScene) -> None:
    """Our move as a completed click would give it: through the play scene to the table."""
    match = play.match
    play._play(match.game.random_move(match.state, random.Random(match.ply)))


@pytest.mark.parametrize("game_id", TWO_PLAYER)
def test_a_game_against_a_remote_player_to_its_end_or_a_resignation(
    app: Driver, game_id: str,
) -> None:
    services = app.app.services
    title = services.games.info(game_id).title
    _scene, code = host_from_menu(app, title)
    assert services.online is not None and services.online.hosted is not None
    opponent = Opponent(services.online.hosted.url, services.games, seed=7)
    try:
        opponent.join(code)
        frames_until(app, lambda: isinstance(app.top, PlayScene), also=opponent.pump)
        play = app.top
        assert isinstance(play, PlayScene) and play.online is not None
        assert play.online.my_seat in (0, 1)
        saw_animation = False
        for _ in range(24):
            if play.match.is_over:
                break
            opponent.pump()
            if play.match.to_move == CHANCE:
                app.frames(1)
            elif play.match.to_move == play.online.my_seat and play._human_to_move():
                ply = play.match.ply
                play_local(play)
                frames_until(app, lambda ply=ply: len(opponent.moves) > ply and
                             "?" not in opponent.moves, also=opponent.pump)
            elif opponent.move_if_mine():
                ply = play.match.ply
                frames_until(app, lambda ply=ply: play.match.ply > ply, also=opponent.pump)
                saw_animation |= play.view.busy(app.app.clock)
                app.wait(0.1)
            else:
                app.frames(1)
                opponent.pump()
        if not play.match.is_over:
            play.command_by_name("resign")
            app.frames(3)
            dialog = [d for d in play._dialogs if d.alive()][-1]
            app.press(dialog.confirm_button)
            frames_until(app, lambda: play.match.is_over, also=opponent.pump)
        assert saw_animation
        frames_until(app, lambda: opponent.moves == play.match.moves, also=opponent.pump)
        assert play.result_card()
    finally:
        opponent.close()


def test_reconnect_note_claim_and_resume_after_restart(home: Paths) -> None:
    services = loopback_services(home)
    driver = Driver(App(services, MenuScene(services)))
    _scene, code = host_from_menu(driver, "Conquid")
    assert services.online is not None and services.online.hosted is not None
    url = services.online.hosted.url
    opponent = Opponent(url, services.games, seed=3)
    restarted: Driver | None = None
    try:
        opponent.join(code)
        frames_until(driver, lambda: isinstance(driver.top, PlayScene), also=opponent.pump)
        play = driver.top
        online = play.online
        mine = online.my_seat
        if play.match.to_move != mine:
            assert opponent.move_if_mine()
            frames_until(driver, lambda: play.match.ply == 1, also=opponent.pump)
        play_local(play)
        frames_until(driver, lambda: len(online.moves) == play.match.ply, also=opponent.pump)
        frames_until(driver, opponent.move_if_mine, also=opponent.pump)
        ply = play.match.ply
        frames_until(driver, lambda: play.match.ply > ply, also=opponent.pump)
        # the link drops: the note shows; a move made meanwhile lands once it is back, once
        client = online.session._client
        loop = services.online._network._loop  # the drop happens on the network thread
        loop.call_soon_threadsafe(client.drop)
        frames_until(driver, lambda: online.link == "reconnecting")
        assert "Reconnecting" in (play._wait_reason())
        play_local(play)
        frames_until(driver, lambda: online.link == "connected")
        frames_until(driver, lambda: opponent.moves == play.match.moves == online.moves,
                     also=opponent.pump)
        # on our turn no claim; the opponent gone on their turn: offered after the wait
        opponent.close()
        frames_until(driver, lambda: online.gone_since is not None)
        now = time.time()
        online.clock = lambda: now + 3600
        driver.frames(3)
        assert play._claim_ready == (play.match.to_move != mine)
        moves = play.match.moves
        table = online.table_id
        driver.app.close()
        pygame.quit()
        assert tickets.find(home, table) is not None
        # the app starts again: Your games lists it, and resuming it sits at the seat again
        services = loopback_services(home)
        restarted = Driver(App(services, MenuScene(services)))
        restarted.frames(2)
        menu = restarted.top
        resume = next(w for w, text, _ in menu.entries if text.startswith("Resume"))
        restarted.press(resume)
        frames_until(restarted, lambda: isinstance(restarted.top, PlayScene))
        again = restarted.top
        frames_until(restarted, lambda: again.online.state is not None)
        assert again.match.moves == moves and again.online.my_seat == mine
    finally:
        if restarted is not None:
            restarted.app.close()
        pygame.quit()


def test_the_host_cancels_a_table_nobody_joined(app: Driver) -> None:
    scene, code = host_from_menu(app, "Push Fight")
    pending = scene.pending
    assert pending is not None and code
    frames_until(app, lambda: pending.table_id is not None)
    table = pending.table_id
    app.press(scene.widgets["cancel"])
    assert scene.pending is None and "host" in scene.widgets
    assert table is not None and tickets.find(app.app.services.paths, table) is None
