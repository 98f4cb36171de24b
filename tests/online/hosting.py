"""What the online app tests share: the app with a loopback-only hosting server, a scripted
opponent (a protocol session of its own), and hosting a table from the menu."""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any

from game.client.app.services import Services
from game.client.app.wake import wake
from game.client.files.paths import Paths
from game.client.match.clocks import CUSTOM
from game.client.match.online import OnlinePlay
from game.core.match import Match
from game.main_window import build_services
from game.net.session import Heard, Join, Link, Network, Session, TableNow
from scenes.online.screen import OnlineScene
from scenes.play import PlayScene
from tests.loopback import loopback_hosting
from tests.ui.driver import Driver

TWO_PLAYER = ("conquid", "pushfight", "piously")


def loopback_services(paths: Paths) -> Services:
    services = build_services(paths, (1280, 720))
    for game in services.games:
        services.learning.mark_offered(game.info.id)
    services.online = OnlinePlay(services.games, paths,
                                 functools.partial(loopback_hosting, paths), wake=wake,
                                 writer=services.writer)
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
        self.link = "connecting"
        self.heard: list[Any] = []
        """The messages for the player it received (chat, offers, declines, takebacks...)."""

    def join(self, code: str) -> None:
        self.session.start(Join(code))

    def pump(self) -> None:
        for event in self.session.events():
            if isinstance(event, TableNow):
                self.state, self.moves, self.seat = event.state, event.moves, event.state.seat
            elif isinstance(event, Link):
                self.link = event.state
            elif isinstance(event, Heard):
                self.heard.append(event.message)

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


def until(done: Callable[[], bool], also: Callable[[], None] = lambda: None,
          seconds: float = 20.0) -> None:
    """Wait for ``done`` with no app running (``also`` each time round: a script's pump)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        also()
        if done():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def host_from_menu(driver: Driver, game_title: str,
                   clock: str | None = None) -> tuple[OnlineScene, str]:
    """Menu -> Play online -> Host a table of ``game_title`` (``clock``: a custom real-time
    clock typed in the form, e.g. ``0.5+0``); returns the scene and code."""
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
    assert scene.form is not None
    if clock is not None:
        scene.form.widgets["clock"].selected_option = (CUSTOM, CUSTOM)
        scene._build_root()  # as choosing it in the menu does
        scene.form.widgets["custom"].set_text(clock)
    driver.press(scene.form.widgets["go"])
    frames_until(driver, lambda: scene.pending is not None and scene.pending.invite is not None)
    assert scene.pending is not None and scene.pending.invite is not None
    return scene, scene.pending.invite[0]


def against_opponent(driver: Driver, game_id: str, seed: int,
                     clock: str | None = None) -> tuple[Opponent, PlayScene]:
    """Host a table of ``game_id`` from the menu (``clock``: as ``host_from_menu``) and have a
    scripted opponent join it; returns the opponent (the caller closes it) and the play scene
    that opened."""
    services = driver.app.services
    _scene, code = host_from_menu(driver, services.games.info(game_id).title, clock)
    assert services.online is not None and services.online.hosted is not None
    opponent = Opponent(services.online.hosted.url, services.games, seed)
    try:
        opponent.join(code)
        frames_until(driver, lambda: isinstance(driver.top, PlayScene), also=opponent.pump)
    except BaseException:
        opponent.close()
        raise
    play = driver.top
    assert isinstance(play, PlayScene) and play.online is not None
    return opponent, play


def play_local(play: PlayScene) -> None:
    """Our move as a completed click would give it: through the play scene to the table."""
    match = play.match
    play._play(match.game.random_move(match.state, random.Random(match.ply)))
