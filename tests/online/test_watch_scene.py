"""The spectator's screen, headless, fed by a scripted session: the header, the move list and
the board stay on the same move as the game goes on (moves arriving one by one, or several
during one animation), the history keys move all three together, and a real-time clock counts
down for the side to move."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.match.lobby import Spectator
from game.core.match import Match, Seat
from game.net.session import Link, Watched
from game.net.wire import lobby as lb
from game.net.wire import messages as m
from scenes.lobby.watch import WatchScene
from tests.ui.driver import Driver

GAME = "conquid"


class Feed:
    """A spectator's session as the scene sees it: events handed in by the test."""

    def __init__(self) -> None:
        self.queue: list[Any] = []
        self.closed = False

    def events(self, limit: int | None = None) -> list[Any]:
        out, self.queue = self.queue, []
        return out

    def remark(self, text: str) -> None:
        pass

    def close(self, wait: float = 0.0) -> None:
        self.closed = True


class BoardSpy:
    """The scene's board view, noting the position it was last told to show."""

    def __init__(self, view: Any) -> None:
        self._view = view
        self.state: Any = None

    def show(self, state: Any, last: Any = ()) -> None:
        self.state = state
        self._view.show(state, last)

    def animate(self, before: Any, result: Any, clock: float) -> None:
        self.state = result.state
        self._view.animate(before, result, clock)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


def played(services: Services, count: int, seed: int = 11) -> tuple[str, ...]:
    """``count`` random moves of a game that is still going on after them."""
    rng = random.Random(seed)
    while True:
        match = Match(services.games.get(GAME), {}, (Seat("Ada"), Seat("Bo")))
        while match.ply < count and not match.is_over:
            match.play(match.game.random_move(match.state, rng))
        if match.ply == count and not match.is_over:
            return match.moves


def watching(services: Services, ply: int, clock: m.Clock | None = None) -> lb.Watching:
    info = services.games.get(GAME).info
    return lb.Watching("abcdefghjkmn", GAME, info.rules_version, {}, clock or m.Clock(), 0,
                       ("Ada", "Bo"), ply, None, 1)


class Ticks:
    """The spectator's monotonic clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def open_watch(driver: Driver, services: Services, first: Watched,
               ticks: Ticks | None = None) -> tuple[WatchScene, Feed]:
    """The watch screen opened on the table as ``first`` has it, as the lobby opens it
    (once its first ``watching`` and moves are in); its board is a ``BoardSpy``."""
    feed = Feed()
    feed.queue = [Link("connected"), first]
    spectator = Spectator(feed, services.games, ticks or Ticks())
    spectator.pump()
    driver.frames(2)
    make_view = services.make_view
    services.make_view = lambda game_id: BoardSpy(make_view(game_id))  # type: ignore[method-assign]
    scene = WatchScene(services, spectator)
    driver.app.stack.apply(Push(scene))
    driver.frames(2)
    return scene, feed


def in_step(scene: WatchScene, ply: int) -> None:
    """The header, the move list and the board all show the position after ``ply`` moves."""
    total = scene.match.ply
    where = scene._where()
    if ply:
        assert where.startswith(f"Move {ply} of {total}:"), where
    else:
        assert where.startswith("Start"), where
    assert scene.moves.current == ply
    assert scene.moves.turns[-1].number == total
    assert scene.history.played() == total
    assert scene.view.state == scene.match.state_at(ply)  # type: ignore[attr-defined]


def settle(driver: Driver, scene: WatchScene) -> None:
    """Frames until the board has shown every move it is following."""
    for _ in range(600):
        if not scene.animating(scene._clock):
            return
        driver.frames(1)
    raise AssertionError("the watch screen never settled")


@pytest.mark.parametrize("at_once", [False, True])
def test_a_spectator_following_eleven_moves_sees_eleven_everywhere(
        driver: Driver, services: Services, at_once: bool) -> None:
    moves = played(services, 11)
    scene, feed = open_watch(driver, services, Watched(watching(services, 9), moves[:9]))
    in_step(scene, 9)
    for ply in ((11,) if at_once else (10, 11)):  # several may come during one animation
        feed.queue.append(Watched(watching(services, ply), moves[:ply]))
        driver.frames(1)
    settle(driver, scene)
    assert scene.match.moves == moves
    in_step(scene, 11)
    driver.key("left")
    in_step(scene, 10)
    driver.key("left")
    in_step(scene, 9)
    driver.key("end")
    in_step(scene, 11)
    driver.key("home")
    in_step(scene, 0)
    driver.key("right")
    settle(driver, scene)
    in_step(scene, 1)


def test_stepping_back_stays_there_while_the_game_goes_on(driver: Driver,
                                                          services: Services) -> None:
    moves = played(services, 12)
    scene, feed = open_watch(driver, services, Watched(watching(services, 10), moves[:10]))
    driver.key("left")
    in_step(scene, 9)
    feed.queue.append(Watched(watching(services, 11), moves[:11]))
    driver.frames(3)
    in_step(scene, 9)  # looking back: the new move is listed, the board stays
    assert "of 11" in scene._where()
    driver.key("end")
    settle(driver, scene)
    in_step(scene, 11)
    feed.queue.append(Watched(watching(services, 12), moves))
    driver.frames(1)
    settle(driver, scene)
    in_step(scene, 12)  # back at the end: following again


def test_a_spectator_sees_both_clocks_and_the_side_to_move_counting_down(
        driver: Driver, services: Services) -> None:
    moves, live, ticks = played(services, 4), m.Clock(base=300, increment=2), Ticks()
    first = Watched(watching(services, 4, live), moves, (200_000, 150_000), ticks.now)
    scene, feed = open_watch(driver, services, first, ticks)
    mover = scene.match.to_move
    assert (scene.clock_left(0), scene.clock_left(1)) == (200.0, 150.0)
    assert scene.animating(scene._clock)  # a running clock keeps the frames coming
    ticks.now += 5.0
    driver.frames(1)
    assert scene.clock_left(mover) == (200.0, 150.0)[mover] - 5.0
    assert scene.clock_left(1 - mover) == (200.0, 150.0)[1 - mover]  # the other waits
    moved = (*moves, played(services, 5)[4])  # the next move comes with both clocks
    feed.queue.append(Watched(watching(services, 5, live), moved, (195_000, 150_000),
                              ticks.now))
    driver.frames(1)
    ticks.now += 1.0
    driver.frames(1)
    assert scene.match.to_move == 1 - mover
    assert scene.clock_left(mover) == (195.0, 150.0)[mover]
    assert scene.clock_left(1 - mover) == (195.0, 150.0)[1 - mover] - 1.0
    over = replace(watching(services, 6, live), ending=m.Ending(mover, "resign", "resigned"))
    feed.queue.append(Watched(over, (*moved, f"resign {1 - mover}"), (195_000, 149_000),
                              ticks.now))
    driver.frames(1)
    ticks.now += 30.0
    driver.frames(1)
    assert scene.match.is_over
    assert (scene.clock_left(0), scene.clock_left(1)) == (195.0, 149.0)  # stopped
    settle(driver, scene)
    assert not scene.animating(scene._clock)


def test_no_clock_is_shown_at_a_table_without_one(driver: Driver, services: Services) -> None:
    moves = played(services, 4)
    scene, _ = open_watch(driver, services, Watched(watching(services, 4), moves))
    assert scene.clock_left(0) is None and scene.clock_left(1) is None
    assert not scene.animating(scene._clock)
