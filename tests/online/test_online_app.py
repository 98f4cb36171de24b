"""The real app, headless, plays each two-player game against a scripted protocol client
through a server hosted by the app itself (in its thread, on loopback): hosting from the
online scene, the remote move animating, the local one sent, the reconnect note appearing
and clearing, the claim offered on the right turns only, and the resume after a restart."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time

import pygame
import pytest

from game.client.app import commands as c
from game.client.app.app import App
from game.client.files import tickets
from game.client.files.paths import Paths
from game.client.widgets.movelist import lines_height
from game.core.protocol import CHANCE
from scenes.menu import MenuScene
from scenes.online import panel as op
from scenes.online.play import MOVES_KEPT
from scenes.online.screen import OnlineScene
from scenes.play import PlayScene
from scenes.play_parts.controls import REMATCH
from tests.online.hosting import (
    TWO_PLAYER,
    Opponent,
    against_opponent,
    frames_until,
    host_from_menu,
    loopback_services,
    play_local,
)
from tests.ui.driver import Driver
from tests.ui.test_resize import resize_events


@pytest.mark.parametrize("game_id", TWO_PLAYER)
def test_a_game_against_a_remote_player_to_its_end_or_a_resignation(
    app: Driver, game_id: str,
) -> None:
    opponent, play = against_opponent(app, game_id, seed=7)
    try:
        assert play.online is not None and play.online.my_seat in (0, 1)
        assert REMATCH not in play.buttons.values()
        # sent moves are taken back by asking; held ones (a turn in progress) at once
        assert op.ASK_TAKEBACK in play.buttons.values()
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
                if play.held:
                    continue  # our turn goes on: its moves are sent when it ends
                frames_until(app, lambda ply=ply: len(opponent.moves) > ply and
                             "?" not in opponent.moves, also=opponent.pump)
                sent = play.match.ply
                play.command_by_name(c.TAKE_BACK)  # a move sent: only by asking
                assert play.match.ply == sent and "Ask to take back" in app.toasts()[-1]
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
        assert REMATCH in play.buttons.values() and op.ASK_TAKEBACK not in play.buttons.values()
    finally:
        opponent.close()


def test_leaving_an_online_game_goes_back_to_online_play(app: Driver) -> None:
    opponent, _play = against_opponent(app, "conquid", seed=3)
    try:
        app.key("escape")
        leave = next(button for button, key in app.top.choices.items() if key == "menu")
        assert leave.text == "Back to online play"
        app.press(leave)
        assert isinstance(app.top, OnlineScene)
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


def test_a_short_window_keeps_lines_of_moves_beside_the_chat(app: Driver) -> None:
    opponent, play = against_opponent(app, "piously", seed=7)
    try:
        for size in ((900, 600), (1280, 720)):
            for event in resize_events(size):
                pygame.event.post(event)
            app.frames(3)
            assert play.move_list.rect.h >= lines_height(MOVES_KEPT)
    finally:
        opponent.close()
