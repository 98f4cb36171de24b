"""A host whose app restarts serves its table again from the first frame, on the port the
other player knows: the guest sits again and plays on while the host has pressed nothing;
when the host then resumes the game, its moves and the chat said before the restart show."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.client.app.app import App
from game.client.files.chats import Said
from game.client.files.paths import Paths
from game.net.wire import messages as m
from scenes.menu import MenuScene
from scenes.play import PlayScene
from tests.online.hosting import (
    Opponent,
    frames_until,
    host_from_menu,
    loopback_services,
    play_local,
    until,
)
from tests.ui.driver import Driver


def test_a_restarted_host_serves_at_once_and_the_chat_shows_again(home: Paths) -> None:
    services = loopback_services(home)
    driver = Driver(App(services, MenuScene(services)))
    _scene, code = host_from_menu(driver, "Conquid")
    assert services.online is not None and services.online.hosted is not None
    url = services.online.hosted.url
    opponent = Opponent(url, services.games, seed=5)
    restarted: Driver | None = None
    try:
        opponent.join(code)
        frames_until(driver, lambda: isinstance(driver.top, PlayScene), also=opponent.pump)
        play = driver.top
        online = play.online
        mine = online.my_seat
        if play.match.to_move == mine:  # the other player's move when the host is away
            play_local(play)
            frames_until(driver, lambda: len(opponent.moves) == 1, also=opponent.pump)
        assert online.say("good luck") is None
        frames_until(driver, lambda: bool(opponent.heard), also=opponent.pump)
        opponent.session.chat("you too")
        frames_until(driver, lambda: len(online.chat) == 2, also=opponent.pump)
        moves = play.match.moves
        driver.app.close()  # the host's app closes: its server with it
        pygame.quit()
        until(lambda: opponent.link == "reconnecting", also=opponent.pump)
        services = loopback_services(home)
        restarted = Driver(App(services, MenuScene(services)))
        restarted.frames(1)
        services.window_shown()  # as ``App.run`` does once the first frame is up
        restarted.frames(1)  # the menu shows; the host presses nothing
        frames_until(restarted, lambda: opponent.link == "connected", also=opponent.pump)
        assert services.online is not None and services.online.hosted is not None
        assert services.online.hosted.url == url  # the port the guest knows
        assert opponent.move_if_mine()
        frames_until(restarted, lambda: len(opponent.moves) == len(moves) + 1
                     and "?" not in opponent.moves, also=opponent.pump)
        menu = restarted.top
        resume = next(w for w, text, _ in menu.entries if text.startswith("Resume"))
        restarted.press(resume)
        frames_until(restarted, lambda: isinstance(restarted.top, PlayScene))
        again = restarted.top
        frames_until(restarted, lambda: again.match.ply == len(moves) + 1)
        assert again.match.moves[:-1] == moves and again.online.my_seat == mine
        assert again.online.chat == [Said("Ada", "good luck"), Said("Blaise", "you too")]
        assert any(isinstance(said, m.Said) for said in opponent.heard)
    finally:
        opponent.close()
        if restarted is not None:
            restarted.app.close()
        pygame.quit()
