"""Live play between two real apps, headless, on a loopback lobby server: each claims a name,
one lists a rated Push Fight table with a 3+2 clock, the other takes it from the lobby's
list, they play (the real play scenes, the real sessions and network threads), then one side
stops moving. The server's clock is moved past its three minutes: the server ends the game
on time by itself, both apps show it ("You won" or "You lost", "On time" on the result card),
and both players' ratings moved from 1500 in each app's leaderboard."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.app.app import App
from game.client.app.scene import Pop
from game.client.files.paths import Paths
from game.core.match import Match
from game.core.protocol import OutcomeReason
from game.main_window import build_services
from scenes.lobby.profile import ProfileScene
from scenes.lobby.screen import LobbyScene
from scenes.menu import MenuScene
from scenes.online.play import OnlinePlayScene
from tests.online.clocked import ClockedServer
from tests.online.hosting import frames_until
from tests.online.test_lobby_app import enter_lobby, lobby_of, pick
from tests.ui.driver import Driver
from tests.ui.test_play import choose

pytestmark = pytest.mark.slow

TURNS = 6
"""Whole turns played before one side stops moving."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClockedServer]:
    clocked = ClockedServer(str(tmp_path / "tables.sqlite"))
    clocked.start()
    yield clocked
    clocked.stop()


def new_app(home: Path, url: str, name: str) -> Driver:
    services = build_services(Paths.under(home), (1280, 720))
    services.update_settings(services.settings.with_(server=url, online_name=name))
    return Driver(App(services, MenuScene(services)))


def lasting_move(match: Match, rng: random.Random) -> Any:
    """A random move that does not end the game (the flag is to end it)."""
    moves = list(match.game.legal_moves(match.state))
    rng.shuffle(moves)
    return next(m for m in moves if match.game.apply(match.state, m).outcome is None)


def play_a_turn(driver: Driver, play: OnlinePlayScene, other: Driver,
                rng: random.Random) -> None:
    """A whole turn of lasting random moves, played through ``driver``'s play scene as its
    player's clicks would (``other`` app's frames go on meanwhile)."""
    frames_until(driver, play._human_to_move, also=other.frames)
    seat = play.online.my_seat
    while play.match.to_move == seat and not play.match.is_over:
        play._play(lasting_move(play.match, rng))
        driver.frames(1)


def synced(play: OnlinePlayScene) -> bool:
    """Every move of this app's match is the server's, and the server's are all here."""
    return play.match.moves == play.online.moves and not play.held


def rating_of(driver: Driver, lobby: LobbyScene, name: str) -> int:
    """``name``'s Push Fight rating as this app's leaderboard shows it."""
    driver.press(lobby.widgets["profile"])
    profile: Any = driver.top
    assert isinstance(profile, ProfileScene)
    choose(driver, profile.widgets["board_game"], "Push Fight")
    frames_until(driver, lambda: any(f"{name}  ·" in i["text"]
                                     for i in profile.widgets["board"].item_list))
    line = next(i["text"] for i in profile.widgets["board"].item_list
                if f"{name}  ·" in i["text"])
    found = re.search(r"·  (\d+) ±", line)
    assert found is not None, line
    driver.press(profile.widgets["back"])
    return int(found.group(1))


def test_two_apps_play_a_rated_3_2_game_to_a_flag(tmp_path: Path,
                                                  server: ClockedServer) -> None:
    ada = new_app(tmp_path / "ada", server.url, "Ada")
    bo: Driver | None = None
    try:
        ada_lobby = enter_lobby(ada, claim="Ada")
        choose(ada, ada_lobby.widgets["game"], "Push Fight")
        choose(ada, ada_lobby.widgets["rated"], "Rated")
        choose(ada, ada_lobby.widgets["clock"], "3+2 (live)")  # the form is laid out again
        ada.frames(2)
        ada.press(ada_lobby.widgets["list"])
        frames_until(ada, lambda: ada_lobby.pending is not None
                     and ada_lobby.pending.table_id is not None)
        bo = new_app(tmp_path / "bo", server.url, "Bo")
        bo_lobby = enter_lobby(bo, claim="Bo")
        frames_until(bo, lambda: any(s.host == "Ada" for s in lobby_of(bo_lobby).seats),
                     also=lambda: ada.frames(1))
        listed = next(s for s in lobby_of(bo_lobby).seats if s.host == "Ada")
        assert listed.rated and listed.rating == 1500
        bo.frames(1)
        pick(bo, bo_lobby.widgets["seats"], "Ada")
        bo.press(bo_lobby.widgets["take"])
        apps = (ada, bo)
        frames_until(bo, lambda: all(isinstance(a.top, OnlinePlayScene) for a in apps),
                     also=lambda: ada.frames(1))
        plays: tuple[OnlinePlayScene, OnlinePlayScene] = (ada.top, bo.top)
        table = plays[0].online.table_id
        assert table is not None and table == plays[1].online.table_id
        state = plays[0].online.state
        assert (state.clock.base, state.clock.increment) == (180, 2)
        seat_of = {id(p): p.online.my_seat for p in plays}
        # both play: each app moves on its own turns, through its play scene
        turns, rng = 0, random.Random(7)
        while turns < TURNS:
            mover = next(i for i, p in enumerate(plays) if p.match.to_move == seat_of[id(p)])
            play_a_turn(apps[mover], plays[mover], apps[1 - mover], rng)
            frames_until(apps[mover], lambda: all(synced(p) for p in plays)
                         and plays[0].match.ply == plays[1].match.ply,
                         also=apps[1 - mover].frames)
            turns += 1
        assert not plays[0].match.is_over
        flagged = plays[0].match.to_move
        left = [p.online.clock_left(flagged, flagged) for p in plays]
        assert all(seconds is not None and 0 < seconds <= 180 + TURNS for seconds in left)
        names = {seat_of[id(plays[0])]: "Ada", seat_of[id(plays[1])]: "Bo"}
        # the side to move stops: past its three minutes, the server ends the game alone
        server.pass_time(200, table)
        frames_until(ada, lambda: all(p.match.is_over for p in plays),
                     also=lambda: bo.frames(1))
        for play in plays:
            outcome = play.match.outcome
            assert outcome is not None and outcome.reason is OutcomeReason.TIME
            assert outcome.winner == 1 - flagged and play.match.moves[-1] == f"time {flagged}"
            won = seat_of[id(play)] != flagged
            assert play.result_card()[:2] == ["You won" if won else "You lost", "On time"]
        # both leave the game for the lobby, where each sees both ratings moved
        ratings = []
        for driver, lobby in ((ada, ada_lobby), (bo, bo_lobby)):
            driver.app.stack.apply(Pop())
            assert driver.top is lobby
            ratings.append({name: rating_of(driver, lobby, name) for name in ("Ada", "Bo")})
        assert ratings[0] == ratings[1]
        assert ratings[0][names[flagged]] < 1500 < ratings[0][names[1 - flagged]]
    finally:
        ada.app.close()
        if bo is not None:
            bo.app.close()
        pygame.quit()
