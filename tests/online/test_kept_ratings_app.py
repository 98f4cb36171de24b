"""A rated game's result card says the same rating line after the app comes back to the
finished game as it said live: Ada and Bo play a rated game on a server run in this process
(loopback, SQLite) through the sessions the app uses; the server is restarted; Ada's app,
restarted too, resumes her kept ticket and its result card shows both players' rating
changes as it did live."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.client.app.app import App
from game.client.files.paths import Paths
from game.client.match.online import OnlineGame
from game.net.server.runner import ServerConfig, ServerThread
from game.net.session import Host, Network, Session, Take
from game.net.wire.messages import Clock
from scenes.online.play import OnlinePlayScene
from tests.online.hosting import loopback_services, until
from tests.ui.driver import Driver


def identity(name: str) -> tuple[str, str]:
    """A name and the secret that claims it on the test's server."""
    return name, (name.encode().hex() * 32)[:32]


def result_card(home: Paths, online: OnlineGame) -> list[str]:
    """The result card of the play scene showing ``online``'s finished game."""
    services = loopback_services(home)
    driver = Driver(App(services, OnlinePlayScene(services, online.new_match(), online)))
    try:
        driver.frames(2)
        play = driver.top
        assert isinstance(play, OnlinePlayScene) and play.match.is_over
        return play.result_card()
    finally:
        driver.app.close()
        pygame.quit()


def pumped(online: OnlineGame, done: Callable[[], bool]) -> None:
    def pump() -> None:
        online.pump()

    until(done, also=pump)


def test_the_rating_line_shows_again_after_a_restart(tmp_path: Path, home: Paths) -> None:
    db = str(tmp_path / "tables.sqlite")
    server = ServerThread(ServerConfig(db, port=0))
    server.start()
    network = Network()
    games = loopback_services(home).games
    sessions: list[Session] = []

    def session(url: str, name: str, how: Any) -> Session:
        sessions.append(Session(network, url, name, games, identity=identity(name)))
        sessions[-1].start(how)
        return sessions[-1]

    try:
        ada = session(server.url, "Ada", Host("pushfight", {}, 0, Clock(gone=120, move=None),
                                              listed=True))
        live = OnlineGame(ada, games, home, "Ada")
        pumped(live, lambda: ada.ticket is not None)
        ticket = ada.ticket
        assert ticket is not None
        session(server.url, "Bo", Take(ticket.table))
        pumped(live, lambda: live.seated and live.rated)
        ada.resign()
        pumped(live, lambda: live.ratings is not None)
        live_card = result_card(home, live)
        assert live_card[2].startswith("Rated game") and "Ada -" in live_card[3]
        for each in sessions:
            each.close(wait=1.0)
        server.stop()

        server = ServerThread(ServerConfig(db, port=0))  # restarted on the same database
        server.start()
        again = session(server.url, "Ada", ticket)  # the restarted app resumes its ticket
        resumed = OnlineGame(again, games, home, "Ada")
        pumped(resumed, lambda: resumed.state is not None and resumed.state.ending is not None)
        assert resumed.ratings == live.ratings
        assert result_card(home, resumed) == live_card
    finally:
        for each in sessions:
            each.close(wait=1.0)
        network.stop()
        server.stop()
