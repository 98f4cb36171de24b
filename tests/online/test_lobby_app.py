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

from game.client.app.app import App
from game.client.files.paths import Paths
from game.client.match.lobby import Lobby
from game.client.view import Flips
from game.client.widgets.hinted_entry import HintedEntry
from game.core.match import Match
from game.main_window import build_services
from game.net.lobby_session import LobbySession
from game.net.server.runner import ServerConfig, ServerThread
from game.net.session import Accept, Heard, Host, Join, Network, Seek, Session, TableNow, Take
from game.net.wire import lobby as lb
from game.net.wire.messages import Clock
from scenes.lobby.profile import ProfileScene
from scenes.lobby.screen import LobbyScene
from scenes.lobby.watch import WatchScene
from scenes.menu import MenuScene
from scenes.online.screen import OnlineScene
from scenes.play import PlayScene
from tests.online.hosting import frames_until
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

    def listed(self, host: str) -> list[lb.Listing]:
        """The seats listed by ``host`` this rival heard of."""
        return [m.seat for m in self.got(lb.Listed) if m.seat.host == host]

    def close(self) -> None:
        for session in self.seats:
            session.close(wait=1.0)
        self.lobby.close(wait=1.0)
        self.network.stop()


Rivals = Callable[[str], Rival]
"""Makes another player of the given name."""


@pytest.fixture
def rivals(app: Driver, server: str) -> Iterator[Rivals]:
    """Other players, named as asked, on the test's server; closed after the test."""
    made: list[Rival] = []

    def rival(name: str) -> Rival:
        made.append(Rival(server, app.app.services.games, name))
        return made[-1]

    yield rival
    for each in made:
        each.close()


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


def lobby_of(scene: LobbyScene) -> Lobby:
    assert scene.lobby is not None
    return scene.lobby


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


def test_a_listed_seat_is_seen_and_taken_both_ways(app: Driver, rivals: Rivals) -> None:
    rival = rivals("Bo")
    rival.sit(Host("pushfight", {}, 0, CLOCK, listed=False))
    scene = enter_lobby(app)
    frames_until(app, lambda: any(s.host == "Bo" for s in lobby_of(scene).seats))
    app.frames(2)
    pick(app, scene.widgets["seats"], "Bo")
    app.press(scene.widgets["take"])
    frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
    play = app.top
    assert play.online.state.names == ("Bo", "Ada")
    app.key("escape")  # the pause screen leads back where the game was found
    pause = app.top
    leave = next(button for button, key in pause.choices.items() if key == "menu")
    assert leave.text == "Back to the lobby"
    app.press(leave)
    assert app.top is scene  # still following the lobby: the game just left is in play
    frames_until(app, lambda: any(g.table == play.online.table_id
                                  for g in lobby_of(scene).playing))


def test_quick_match_pairs_the_app_with_another_seeker(app: Driver, rivals: Rivals) -> None:
    rival = rivals("Cy")
    scene = enter_lobby(app, claim="Dee")
    app.press(scene.widgets["seek"])
    frames_until(app, lambda: scene.pending is not None and bool(scene.pending.waiting))
    rival.sit(Seek(scene._chosen_game_id() or "", CLOCK, False))
    frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
    assert set(app.top.online.state.names) == {"Cy", "Dee"}


def test_a_table_the_app_lists_is_taken_by_another_player(app: Driver, rivals: Rivals) -> None:
    rival = rivals("Ivy")
    scene = enter_lobby(app)
    app.press(scene.widgets["list"])
    frames_until(app, lambda: bool(rival.listed("Ada")), also=rival.pump)
    listed = rival.listed("Ada")[0]
    assert scene.pending is not None and scene.pending_what == "listed"
    rival.sit(Take(listed.table))
    frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
    assert app.top.online.table_id == listed.table


def test_a_challenge_declined_and_challenges_accepted_both_ways(app: Driver,
                                                                rivals: Rivals) -> None:
    rival = rivals("Fay")
    scene = enter_lobby(app, claim="Eve")
    lobby = scene.lobby
    assert lobby is not None
    rival.lobby.send(lb.Challenge("Eve", "pushfight", CLOCK, False))
    frames_until(app, lambda: len(lobby.challenges) == 1)
    app.frames(1)
    pick(app, scene.widgets["incoming"], "Fay")
    app.press(scene.widgets["decline"])
    frames_until(app, lambda: bool(rival.got(lb.ChallengeOver)), also=rival.pump)
    assert rival.got(lb.ChallengeOver)[0].why == "declined" and not lobby.challenges
    # the app challenges: the other player accepts, the app joins the table made
    scene.widgets["rival"].set_text("Fay")
    app.press(scene.widgets["challenge"])
    frames_until(app, lambda: bool(rival.got(lb.Challenged)), also=rival.pump)
    rival.sit(Accept(rival.got(lb.Challenged)[0].id))
    frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
    assert set(app.top.online.state.names) == {"Eve", "Fay"}


def test_an_incoming_challenge_accepted_seats_the_app(app: Driver, rivals: Rivals) -> None:
    rival = rivals("Kit")
    scene = enter_lobby(app, claim="Lea")
    rival.lobby.send(lb.Challenge("Lea", "conquid", CLOCK, False))
    frames_until(app, lambda: scene.lobby is not None and bool(scene.lobby.challenges))
    app.frames(1)
    pick(app, scene.widgets["incoming"], "Kit")
    app.press(scene.widgets["accept"])
    frames_until(app, lambda: bool(rival.got(lb.Matched)), also=rival.pump)
    rival.sit(Join(rival.got(lb.Matched)[0].code))
    frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
    assert set(app.top.online.state.names) == {"Kit", "Lea"}


def play_random(rival: Rival, index: int, rng: random.Random) -> bool:
    """Seat ``index`` of the rival plays a random move if it is its turn."""
    now = rival.tables.get(index)
    if now is None or None in now.state.names:
        return False
    match = Match(rival.games.get(now.state.game), now.state.options)
    for text in now.moves:
        match.play_text(text)
    if match.is_over or match.to_move != now.state.seat:
        return False
    move = match.game.random_move(match.state, rng)
    rival.seats[index].move(match.ply, match.game.format_move(move))
    rival.tables.pop(index)  # until the server's answer
    return True


def test_a_spectator_joins_mid_game_and_sees_the_moves(app: Driver, rivals: Rivals) -> None:
    host, guest = rivals("Max"), rivals("Ned")
    rng = random.Random(3)

    def both() -> None:
        host.pump()
        guest.pump()

    host.sit(Host("pushfight", {}, 0, CLOCK, listed=False))
    frames_until(app, lambda: bool(host.listed("Max")), also=both)
    guest.sit(Take(host.listed("Max")[0].table))
    played = 0
    while played < 3:
        frames_until(app, lambda: play_random(host, 0, rng) or play_random(guest, 0, rng),
                     also=both)
        played += 1
    frames_until(app, lambda: 0 in host.tables and len(host.tables[0].moves) == 3,
                 also=both)
    scene = enter_lobby(app)
    frames_until(app, lambda: any(s.host == "Max" for s in lobby_of(scene).playing))
    app.frames(1)
    pick(app, scene.widgets["playing"], "Max")
    app.press(scene.widgets["watch"])
    frames_until(app, lambda: isinstance(app.top, WatchScene), also=both)
    watch = app.top
    assert watch.match.ply == 3 and watch.spectator.session.ticket is None
    assert isinstance(watch.remark_entry, HintedEntry)  # its placeholder muted, a hint
    app.key("f")  # a watcher may turn the board round too
    assert isinstance(watch.view, Flips) and watch.view.flipped
    frames_until(app, lambda: play_random(host, 0, rng) or play_random(guest, 0, rng),
                 also=both)
    frames_until(app, lambda: watch.match.ply == 4, also=both)
    watch.remark_entry.set_text("nice push")
    watch.widget_event(pygame.event.Event(
        pygame_gui_finished(), {"ui_element": watch.remark_entry, "text": "nice push"}))
    frames_until(app, lambda: bool(watch.spectator.remarks), also=both)
    assert watch.spectator.remarks[-1][1] == "nice push"


def refusal_shown(driver: Driver) -> str | None:
    """The words of the message dialog on screen, if one is."""
    import pygame_gui

    windows = driver.app.services.ui.get_window_stack().get_full_stack()
    shown = [w for w in windows if isinstance(w, pygame_gui.windows.UIMessageWindow)]
    return str(shown[-1].text_block.html_text) if shown else None


@pytest.mark.parametrize(("typed", "reason"), [
    ("K7M2PQ", "That is an invite code: use Join"),
    ("zzzzzzzzzzzz", "No table has this watch code"),
])
def test_a_wrong_watch_code_is_refused_at_once_and_stays_typed(app: Driver, typed: str,
                                                               reason: str) -> None:
    scene = enter_lobby(app)
    scene.widgets["watch_code"].set_text(typed)
    started = time.monotonic()
    app.press(scene.widgets["watch"])
    frames_until(app, lambda: refusal_shown(app) is not None, seconds=2.0)
    assert time.monotonic() - started < 2.0
    assert reason in (refusal_shown(app) or "")
    assert scene.spectator is None and scene.widgets["watch_code"].get_text() == typed
    assert any(reason in said for said in app.app.services.speech.said)


def pygame_gui_finished() -> int:
    import pygame_gui

    return int(pygame_gui.UI_TEXT_ENTRY_FINISHED)


def test_a_claimed_name_shows_on_the_leaderboard_after_a_rated_game(app: Driver,
                                                                    rivals: Rivals) -> None:
    from game.client.app.scene import Pop
    from tests.ui.test_play import choose

    rival = rivals("Hal")
    scene = enter_lobby(app, claim="Gus")
    choose(app, scene.widgets["game"], "Push Fight")
    choose(app, scene.widgets["rated"], "Rated")
    app.press(scene.widgets["list"])
    frames_until(app, lambda: bool(rival.listed("Gus")), also=rival.pump)
    listed = rival.listed("Gus")[0]
    assert listed.rated and listed.rating == 1500
    seat = rival.sit(Take(listed.table))
    frames_until(app, lambda: isinstance(app.top, PlayScene), also=rival.pump)
    play = app.top
    frames_until(app, lambda: play.online.rated, also=rival.pump)  # said before a move
    assert "Rated" in play._top_line()[0]
    seat.resign()
    frames_until(app, lambda: play.online.ratings is not None, also=rival.pump)
    card = play.result_card()
    assert card[:2] == ["You won", "By resignation"] and card[2].startswith("Rated game")
    mine = play.online.my_seat
    assert card[3 + mine] == "Gus +162  1662 (provisional)"
    assert card[4 - mine] == "Hal -162  1338 (provisional)"
    app.app.stack.apply(Pop())  # the player leaves the finished game
    assert app.top is scene
    app.press(scene.widgets["profile"])
    profile: Any = app.top
    assert isinstance(profile, ProfileScene)
    choose(app, profile.widgets["board_game"], "Push Fight")
    frames_until(app, lambda: any("Gus" in i["text"]
                                  for i in profile.widgets["board"].item_list))
    lines = [i["text"] for i in profile.widgets["board"].item_list]
    assert lines[0].startswith("1. Gus") and "provisional" in lines[0]
    assert "Hal" in lines[1]
    profile_lines = [i["text"] for i in profile.widgets["profile"].item_list]
    assert any("1 played, 1 won" in line for line in profile_lines)
    assert any("won against Hal" in line for line in profile_lines)
    profile.widgets["who"].set_text("Nobody")  # no game yet: the profile says which count
    app.press(profile.widgets["lookup"])
    frames_until(app, lambda: "Nobody: no finished game yet" in [
        i["text"] for i in profile.widgets["profile"].item_list])
    said = " ".join(i["text"] for i in profile.widgets["profile"].item_list)
    assert "two claimed names" in said and "casual" in said and "aborted" in said
