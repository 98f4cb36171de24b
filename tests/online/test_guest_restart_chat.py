"""The chat survives a restart of the joining player's window too: two real apps, headless,
one hosting a table on loopback and the other joining it by code and address; they chat;
the guest's app closes and starts again, and resuming the game shows what was said, while
a line said after that reaches it as before."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame

from game.client.app.app import App
from game.client.files.chats import Said
from game.client.files.paths import Paths
from game.main_window import build_services
from scenes.menu import MenuScene
from scenes.online.play import OnlinePlayScene
from scenes.online.screen import OnlineScene
from tests.online.hosting import frames_until, host_from_menu, loopback_services
from tests.ui.driver import Driver


def guest_app(home: Path) -> Driver:
    services = build_services(Paths.under(home), (1280, 720))
    for game in services.games:
        services.learning.mark_offered(game.info.id)
    return Driver(App(services, MenuScene(services)))


def test_the_guest_restarts_and_its_chat_shows_again(tmp_path: Path) -> None:
    host_services = loopback_services(Paths.under(tmp_path / "host"))
    host = Driver(App(host_services, MenuScene(host_services)))
    guest: Driver | None = None
    try:
        _scene, code = host_from_menu(host, "Conquid")
        assert host_services.online is not None and host_services.online.hosted is not None
        address = host_services.online.hosted.url
        guest = guest_app(tmp_path / "guest")
        guest.frames(2)
        guest.press(next(w for w, text, _ in guest.top.entries if text == "Play online"))
        online = guest.top
        assert isinstance(online, OnlineScene)
        online.widgets["name"].set_text("Bo")
        online.widgets["code"].set_text(code)
        online.widgets["address"].set_text(address)
        guest.press(online.widgets["join"])
        joined = guest

        def both_playing() -> bool:
            return all(isinstance(d.top, OnlinePlayScene) for d in (host, joined))

        frames_until(host, both_playing, also=guest.frames)
        ada, bo = host.top, guest.top
        assert ada.online.say("hello from Ada") is None
        frames_until(guest, lambda: len(bo.online.chat) == 1, also=host.frames)
        assert bo.online.say("hi Ada") is None
        frames_until(guest, lambda: len(ada.online.chat) == 2, also=host.frames)
        said = [Said("Ada", "hello from Ada"), Said("Bo", "hi Ada")]
        frames_until(guest, lambda: bo.online.chat == said, also=host.frames)
        guest.app.close()  # the guest's window closes; the host's goes on
        guest = guest_app(tmp_path / "guest")
        guest.frames(2)
        again = guest
        again.press(next(w for w, text, _ in again.top.entries if text.startswith("Resume")))
        frames_until(again, lambda: isinstance(again.top, OnlinePlayScene), also=host.frames)
        resumed = again.top
        assert resumed.online.chat == said
        frames_until(again, lambda: resumed.online.state is not None, also=host.frames)
        assert ada.online.say("welcome back") is None
        frames_until(again, lambda: len(resumed.online.chat) == 3, also=host.frames)
        assert resumed.online.chat[-1] == Said("Ada", "welcome back")
    finally:
        host.app.close()
        if guest is not None:
            guest.app.close()
        pygame.quit()
