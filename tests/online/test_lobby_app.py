"""The real app, headless, in the lobby of a server run in this process (loopback, SQLite):
a seat listed by another player shows and is taken with one click, and one the app lists is
taken by the other; quick match pairs them; a challenge declined and one accepted; a game
watched from the lobby mid-game, its moves arriving; a name claimed, and the leaderboard
showing its rating after a rated game. The other player is a script on its own network
thread, through the same sessions the app uses."""

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
from game.main_window import build_services
from game.net import lobby as lb
from game.net.lobby_session import LobbySession
from game.net.messages import Clock
from game.net.server.runner import ServerConfig, ServerThread
from game.net.session import Accept, Heard, Host, Join, Network, Seek, Session, Take, TableNow
from game.ui.app import App
from game.ui.paths import Paths
from scenes.lobby import LobbyScene
from scenes.lobby_profile import ProfileScene
from scenes.lobby_watch import WatchScene
from scenes.menu import MenuScene
from scenes.online import OnlineScene
from scenes.play import PlayScene
from tests.ui.driver import Driver

CLOCK = Clock(gone=120, move=None)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("server") / "tables.sqlite"
    thread = ServerThread(ServerConfig(str(db), port=0))
    thread.start()
    yield thread.url
    thread.stop()


class Rival:
    """Another player: a lobby connection and seat sessions on a network thread of its own."""

    def __init__(self, url: str, games: Any, name: str) -> None:
        self.url, self.games, self.name = url, games, name
        self.identity = (name, (name.encode().hex() * 32)[:32])
        self.network = Network()
        self.lobby = LobbySession(self.network, url, games, self.identity)
        self.lobby.start()
        self.heard: list[Any] = []
        self.seats: list[Session] = []
        self.tables: dict[int, TableNow] = {}

    def sit(self, how: Any) -> Session:
        session = Session(self.network, self.url, self.name, self.games,
                          identity=self.identity)
        session.start(how)
        self.seats.append(session)
        return session

    def pump(self) -> None:
        self.heard += [e.message for e in self.lobby.events() if isinstance(e, Heard)]
        for index, session in enumerate(self.seats):
            for event in session.events():
                if isinstance(event, TableNow):
                    self.tables[index] = event

    def got(self, kind: type) -> list[Any]:
        return [m for m in self.heard if isinstance(m, kind)]

    def close(self) -> None:
        for session in self.seats:
            session.close(wait=1.0)
        self.lobby.close(wait=1.0)
        self.network.stop()


def frames_until(driver: Driver, done: Callable[[], bool], seconds: float = 15.0,
                 also: Callable[[], None] = lambda: None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        also()
        if done():
            return
        driver.frames(1)
        time.sleep(0.005)
    raise AssertionError("timed out")


def pick(driver: Driver, selection: Any, text_part: str) -> None:
    """Click the line of a list that holds ``text_part``, as a player would."""
    item = next(i for i in selection.item_list if text_part in i["text"])
    driver.press(item["button_element"])


@pytest.fixture
def app(tmp_path: Path, server: str) -> Iterator[Driver]:
    services = build_services(Paths.under(tmp_path), (1280, 720))
    services.update_settings(services.settings.with_(server=server, online_name="Ada"))
    driver = Driver(App(services, MenuScene(services)))
    yield driver
    driver.app.close()
    pygame.quit()


def enter_lobby(driver: Driver, claim: str | None = None) -> LobbyScene:
    """Menu -> Play online -> Lobby (claiming a name in Profile first when asked)."""
    driver.frames(2)
    entry = next(w for w, text, _ in driver.top.entries if text == "Play online")
    driver.press(entry)
    online = driver.top
    assert isinstance(online, OnlineScene)
    driver.press(online.widgets["lobby"])
    lobby = driver.top
    assert isinstance(lobby, LobbyScene) and lobby.lobby is not None
    frames_until(driver, lambda: lobby.lobby is not None and lobby.lobby.state == "connected")
    if claim is not None:
        driver.press(lobby.widgets["profile"])
        profile = driver.top
        assert isinstance(profile, ProfileScene)
        profile.widgets["name"].set_text(claim)
        driver.press(profile.widgets["claim"])
        frames_until(driver, lambda: lobby.lobby is not None and lobby.lobby.name == claim)
        driver.press(profile.widgets["back"])
    return lobby


def test_a_listed_seat_is_seen_and_taken_both_ways(app: Driver, server: str) -> None:
    games = app.app.services.games
    rival = Rival(server, games, "Bo")
    try:
        rival.sit(Host("pushfight", {}, 0, CLOCK, listed=False))
        scene = enter_lobby(app)
        frames_until(app, lambda: any(s.host == "Bo" for s in scene.lobby.seats))
        app.frames(2)
        pick(app, scene.widgets["seats"], "Bo")
        app.press(scene.widgets["take"])
        frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
        play = app.top
        assert play.online.state.names == ("Bo", "Ada")
    finally:
        rival.close()


def test_quick_match_pairs_the_app_with_another_seeker(app: Driver, server: str) -> None:
    games = app.app.services.games
    rival = Rival(server, games, "Cy")
    try:
        scene = enter_lobby(app, claim="Dee")
        app.press(scene.widgets["seek"])
        frames_until(app, lambda: scene.pending is not None and scene.pending.waiting)
        rival.sit(Seek(scene._chosen_game_id() or "", CLOCK, False))
        frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
        assert set(app.top.online.state.names) == {"Cy", "Dee"}
    finally:
        rival.close()
