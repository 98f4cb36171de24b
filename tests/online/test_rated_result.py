"""What an online game says of its result, the real play scene headless fed the network
thread's events: a rated game says so in the top bar and on the result card, with each
player's new rating and its change (provisional ones marked); a casual game says nothing of
ratings; an aborted game is "Game aborted" everywhere, never a draw; the player at this
screen reads "You won" / "You lost"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.client.app.app import App
from game.client.files.paths import Paths
from game.client.match.online import OnlineGame
from game.client.widgets.movelist import lines_height
from game.client.widgets.panel import result_card
from game.client.widgets.panel.side_panel import LINES_UNDER_CARD
from game.net.session import TableNow
from game.net.wire import messages as m
from scenes.online.play import OnlinePlayScene
from tests.online.hosting import loopback_services
from tests.ui.driver import Driver
from tests.ui.test_resize import resize_events

RATED = (m.RatingChange(1338, -162, True), m.RatingChange(1662, 162, True))


class QuietSession:
    """A network session that sends nothing: the test says what the server said."""

    url = "ws://127.0.0.1:1"
    ticket = None

    def __init__(self) -> None:
        self.queued: list[Any] = []

    def events(self, limit: int | None = None) -> list[Any]:
        out, self.queued = self.queued[:limit], self.queued[len(self.queued[:limit]):]
        return out

    def __getattr__(self, name: str) -> Any:  # move, resign, chat, close...: nothing leaves
        return lambda *args, **kwargs: None


def table(rated: bool, ending: m.Ending | None = None, ply: int = 0) -> m.TableState:
    return m.TableState("t1", "conquid", 1, {}, m.Clock(), 0, 1, ("Ada", "Blaise"),
                        (True, True), ply, ending, rated=rated)


@pytest.fixture
def seated(home: Paths) -> Iterator[tuple[Driver, QuietSession]]:
    """The play scene of Blaise (seat 1) at a table with Ada, before any move."""
    services = loopback_services(home)
    session = QuietSession()
    online = OnlineGame(session, services.games, home, "Blaise")  # type: ignore[arg-type]
    session.queued = [TableNow(table(rated=True), ())]
    online.pump()
    driver = Driver(App(services, OnlinePlayScene(services, online.new_match(), online)))
    driver.frames(2)
    yield driver, session
    driver.app.close()
    pygame.quit()


def ended(driver: Driver, session: QuietSession, state: m.TableState, moves: tuple[str, ...],
          ratings: tuple[m.RatingChange, m.RatingChange] | None) -> OnlinePlayScene:
    session.queued = [TableNow(state, moves, ratings=ratings)]
    driver.frames(4)
    play = driver.top
    assert isinstance(play, OnlinePlayScene) and play.match.is_over
    return play


def test_a_rated_game_says_so_and_shows_each_rating_change(
        seated: tuple[Driver, QuietSession]) -> None:
    driver, session = seated
    play = driver.top
    assert "Rated" in play._top_line()[0]
    resigned = m.Ending(1, "resign", "by resignation")
    play = ended(driver, session, table(True, resigned, 1), ("resign 0",), RATED)
    card = play.result_card()
    assert card[:2] == ["You won", "By resignation"]  # Blaise, at this screen, won
    assert card[2].startswith("Rated game")
    assert card[3:5] == ["Ada -162  1338 (provisional)", "Blaise +162  1662 (provisional)"]
    line = play._top_line()[0]
    assert line.startswith("You won by resignation") and "Rated" in line


def test_a_casual_game_says_nothing_of_ratings(seated: tuple[Driver, QuietSession]) -> None:
    driver, session = seated
    session.queued = [TableNow(table(False), ())]
    driver.frames(2)
    assert "Rated" not in driver.top._top_line()[0]
    resigned = m.Ending(0, "resign", "by resignation")
    play = ended(driver, session, table(False, resigned, 1), ("resign 1",), None)
    card = play.result_card()
    assert card[0] == "You lost" and not any("ated" in line for line in card)
    assert "Rated" not in play._top_line()[0]


def test_an_aborted_game_is_announced_as_aborted(seated: tuple[Driver, QuietSession]) -> None:
    driver, session = seated
    aborted = m.Ending(None, "aborted", "aborted before it began")
    play = ended(driver, session, table(True, aborted, 1), ("abort",), None)
    assert play.result_card()[0] == "Game aborted"
    assert play._top_line()[0].startswith("Game aborted")
    play.history.sync(play.match)
    assert [a.words for turn in play.history.turns for a in turn.actions] == ["Game aborted"]
    said = (*play.result_card(), play._top_line()[0])
    assert not any("Draw" in text or "Rated" in text for text in said)  # it never counted


@pytest.mark.parametrize("size", [(900, 600), (1280, 720)])
def test_the_ratings_fit_on_the_card_and_the_moves_keep_their_lines(
        seated: tuple[Driver, QuietSession], size: tuple[int, int]) -> None:
    driver, session = seated
    resigned = m.Ending(1, "resign", "by resignation")
    ended(driver, session, table(True, resigned, 1), ("resign 0",), RATED)
    driver.frames(2, resize_events(size))
    play = driver.top
    lines = play.result_card()
    assert play.side.card.h + 8 >= result_card.height(lines, play.side.card.w)  # all of it
    assert play.move_list.rect.h >= lines_height(LINES_UNDER_CARD)
    assert play.panel.contains(play.side.card)


def test_a_headline_too_wide_for_the_card_takes_two_lines_not_a_cut(
        seated: tuple[Driver, QuietSession]) -> None:
    narrow = result_card.height(["Game aborted", "Before it began"], 220)
    assert narrow > result_card.height(["Game aborted", "Before it began"], 600)
    assert result_card.height(["You won", "By resignation"], 220) == \
        result_card.height(["You won", "By resignation"], 600)
