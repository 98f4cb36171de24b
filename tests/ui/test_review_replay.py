"""The computer's review in the real replay scene: started with R, the graph clicked, N to the
next mistake, B for the better move and its line, stored in the game's file and shown again
on reopening; a stale review marked, a hostile one's message shown with the game open; never
offered for an unfinished or a watched game. An instant runner (the fake analyst, in this
process) stands in for the worker, but one test runs the real worker on a short game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.scene import Push, Scene
from game.client.app.services import Services
from game.client.files import storage
from game.client.match.review import ReviewRunner, ReviewStatus
from game.core.match import Match
from game.core.record import read_record, save_match
from game.core.review.model import Review
from game.core.review.reviewing import review_record
from game.main_window import ProcessReviews
from scenes import layout
from scenes.games import GamesScene
from scenes.replay import ReplayScene
from tests.review.fakes import FakeAnalyst, random_match
from tests.ui.driver import Driver

GAME_IDS = ("conquid", "pushfight", "piously", "forts")


class StepRunner:
    """Reviews with the fake analyst in this process, ``per_poll`` plies at each poll."""

    def __init__(self, analyst: FakeAnalyst, per_poll: int) -> None:
        self.analyst = analyst
        self.per_poll = per_poll
        self.match: Match | None = None
        self.depth = "quick"
        self.review: Review | None = None
        self.running = False
        self.starts: list[Review | None] = []

    def start(self, match: Match, depth: str = "quick", resume: Review | None = None) -> None:
        self.match, self.depth, self.review, self.running = match, depth, resume, True
        self.starts.append(resume)

    def poll(self) -> ReviewStatus:
        if self.running and self.match is not None:
            done = [0]

            def progress(*_: object) -> None:
                done[0] += 1

            self.review = review_record(self.match, self.analyst, self.depth,
                                        resume=self.review, progress=progress,
                                        stop=lambda: done[0] >= self.per_poll)
            self.running = not self.review.complete
        review = self.review
        return ReviewStatus(0 if review is None else len(review.plies),
                            0 if review is None else review.total, self.running,
                            review is not None and review.complete, review)

    def stop(self) -> None:
        self.running = False

    def close(self) -> None:
        self.running = False


class FakeReviews:
    """Every game reviewed by the fake analyst under the real analyst's version (so what
    it stores is not stale)."""

    def __init__(self, services: Services, per_poll: int = 10_000) -> None:
        self.services = services
        self.per_poll = per_poll
        self.runners: list[StepRunner] = []

    def job(self, game_id: str) -> ReviewRunner:
        plugin = self.services.plugin(game_id)
        assert plugin.analyst is not None
        game = self.services.games.get(game_id)
        runner = StepRunner(FakeAnalyst(game, plugin.analyst().version), self.per_poll)
        self.runners.append(runner)
        return runner


def open_replay(driver: Driver, match: Match, source: Path | None, review: bool = False
                ) -> ReplayScene:
    driver.frames(2)
    scene = ReplayScene(driver.app.services, match, source=source, review=review)
    driver.app.stack.apply(Push(scene))
    driver.frames(2)
    assert driver.top is scene
    return scene


def kept(tmp_path: Path, match: Match, analysis: Review | None = None) -> Path:
    path = tmp_path / "kept.json"
    save_match(path, match, analysis)
    return path


def finished(game_id: str, moves: int = 40) -> Match:
    """A game of random moves, ended by a resignation where it did not end by itself."""
    match = random_match(game_id, 5, limit=moves)
    if not match.is_over:
        match.resign()
    return match


def key_of(driver: Driver, name: str) -> None:
    """Press the key the input table binds to ``name`` in the replay."""
    binding = driver.app.services.table.keys("replay", name)[0]
    shift = binding.startswith("shift+")
    driver.key(binding.removeprefix("shift+"), mod=pygame.KMOD_SHIFT if shift else 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_review_of_each_game_through_the_replay(driver: Driver, services: Services,
                                                  tmp_path: Path, game_id: str) -> None:
    services.reviews = FakeReviews(services)
    match = finished(game_id)
    path = kept(tmp_path, match)
    replay = open_replay(driver, match, path)
    assert replay.board_area.h < layout.board_area(services.display.size).h  # room reserved
    board_before = pygame.Rect(replay.board_area)
    key_of(driver, c.REVIEW_GAME)
    driver.frames(3)
    session = replay.review.session
    assert session is not None and session.complete
    assert replay.board_area == board_before  # the board kept its place
    judged = session.review.judged() if session.review else ()
    assert judged, "the fake analyst's hash values judge some moves"
    # the move list carries the marks, word and symbol
    marks = replay.moves.marks
    first = judged[0]
    words = marks[first.position_after - 1].words
    assert first.judgement is not None and words == \
        f"{first.judgement.symbol} {first.judgement.label}"
    # stored in the game's own file
    stored = read_record(path).analysis
    assert stored is not None and stored.complete and stored.total == session.total
    # N goes to the first mistake, Shift+N back from the second
    replay.go_to(0)
    key_of(driver, c.NEXT_MISTAKE)
    assert replay.cursor == first.position_after
    if len(judged) > 1:
        key_of(driver, c.NEXT_MISTAKE)
        assert replay.cursor == judged[1].position_after
        key_of(driver, c.PREVIOUS_MISTAKE)
        assert replay.cursor == first.position_after
    # B shows the better move on the position before, its line steps forward, Esc returns
    key_of(driver, c.BETTER_MOVE)
    line = replay.review.line
    assert line is not None and line.ply == first
    assert replay.review.where() is not None and "Better" in replay.review.where()
    if len(line.steps) > 1:
        key_of(driver, c.STEP_FORWARD)
        assert replay.review.step == 1 and replay.cursor == first.position_after
    driver.key("escape")
    assert replay.review.line is None and driver.top is replay
    assert replay.cursor == first.position_after
    # a click on the graph jumps to the move under it
    graph = replay.review.graph
    point = graph.points[len(graph.points) // 2]
    x = round(graph._x(len(graph.points) // 2))
    driver.click((x, graph.rect.centery))
    assert replay.cursor == point.index
    surface = pygame.display.get_surface()
    replay.draw(surface, 0.0)  # the summary, graph and marks draw


def test_a_stored_review_shows_at_once_on_reopening(driver: Driver, services: Services,
                                                    tmp_path: Path) -> None:
    reviews = FakeReviews(services)
    services.reviews = reviews
    match = finished("conquid")
    plugin = services.plugin("conquid")
    assert plugin.analyst is not None
    analyst = FakeAnalyst(match.game, plugin.analyst().version)
    path = kept(tmp_path, match, review_record(match, analyst))
    replay = open_replay(driver, match, path)
    session = replay.review.session
    assert session is not None and session.complete and not session.stale
    assert not reviews.runners  # nothing re-computed
    assert replay.moves.marks
    assert session.next_action() == "deep"


def test_a_stale_review_is_marked_and_can_be_redone(driver: Driver, services: Services,
                                                    tmp_path: Path) -> None:
    services.reviews = FakeReviews(services)
    match = finished("pushfight")
    path = kept(tmp_path, match, review_record(match, FakeAnalyst(match.game, "old 0")))
    replay = open_replay(driver, match, path)
    session = replay.review.session
    assert session is not None and session.stale
    assert replay.review._action.text == "Redo review"
    assert any("older engine" in words for words in replay.review._status())
    assert replay.review.analysis is None  # a Save does not copy a stale review
    key_of(driver, c.REVIEW_GAME)
    driver.frames(3)
    assert not session.stale and session.complete
    stored = read_record(path).analysis
    assert stored is not None and stored.engine != "old 0"


def test_a_hostile_review_is_refused_with_its_message_and_the_game_opens(
        driver: Driver, services: Services, tmp_path: Path) -> None:
    services.reviews = FakeReviews(services)
    match = finished("conquid")
    path = kept(tmp_path, match, review_record(match, FakeAnalyst(match.game)))
    document = json.loads(path.read_text("utf-8"))
    document["analysis"]["before"][0] = 7.5  # a win chance out of range
    path.write_text(json.dumps(document), "utf-8")
    loaded = storage.load(path, services.games, services.views)
    replay = open_replay(driver, loaded, path)
    assert replay.match.moves == match.moves
    session = replay.review.session
    assert session is not None and session.review is None
    assert any("review in this file was left out" in text for text in driver.toasts())
    assert session.next_action() == "review"


def test_stop_keeps_the_moves_done_and_resume_goes_on(driver: Driver, services: Services,
                                                      tmp_path: Path) -> None:
    reviews = FakeReviews(services, per_poll=2)
    services.reviews = reviews
    match = finished("conquid")
    path = kept(tmp_path, match)
    replay = open_replay(driver, match, path)
    key_of(driver, c.REVIEW_GAME)
    session = replay.review.session
    assert session is not None and session.running and 0 < session.done < session.total
    assert replay.animating(0.0)  # frames keep coming while it runs
    assert replay.review._action.text == "Stop review"
    key_of(driver, c.REVIEW_GAME)
    assert not session.running and not session.complete
    done = session.done
    stored = read_record(path).analysis
    assert stored is not None and len(stored.plies) == done
    assert replay.review._action.text == "Resume review"
    key_of(driver, c.REVIEW_GAME)
    assert reviews.runners[0].starts[-1] is not None  # resumed, not started again
    driver.frames(session.total)
    assert session.complete


def test_no_review_for_an_unfinished_game_nor_a_watched_table(driver: Driver,
                                                              services: Services) -> None:
    services.reviews = FakeReviews(services)
    match = finished("conquid")
    unfinished = match.branch(2)
    replay = open_replay(driver, unfinished, None)
    assert replay.review.session is None
    assert replay.board_area == layout.board_area(services.display.size)
    key_of(driver, c.REVIEW_GAME)
    assert any("no computer review" in text for text in driver.toasts())
    from scenes.lobby.watch import WatchScene

    assert WatchScene.REVIEWS is False


def test_a_game_without_a_file_keeps_its_review_for_a_save(driver: Driver, services: Services,
                                                            tmp_path: Path) -> None:
    services.reviews = FakeReviews(services)
    match = finished("piously")
    replay = open_replay(driver, match, None, review=True)
    driver.frames(3)
    assert replay.review.analysis is not None and replay.review.analysis.complete
    assert any("Save (Ctrl+S)" in text for text in driver.toasts())
    target = tmp_path / "saved.json"
    assert storage.save(target, match, replay.review.analysis) is None
    assert read_record(target).analysis == replay.review.analysis


class Scenes:
    """The app's navigator with ``mistakes`` replaced by a recorder."""

    def __init__(self, real: Any, mistakes: Any) -> None:
        self.real = real
        self.mistakes = mistakes

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def test_learn_from_mistakes_is_offered_once_the_review_is_complete(
        driver: Driver, services: Services, tmp_path: Path) -> None:
    opened: list[tuple[Any, ...]] = []

    def mistakes(services: Services, match: Match, review: Review, seat: int,
                 flipped: bool = False) -> Scene:
        opened.append((match, review, seat))
        return Scene(services)

    services.reviews = FakeReviews(services)
    services.scenes = Scenes(services.scenes, mistakes)
    match = finished("conquid")
    replay = open_replay(driver, match, kept(tmp_path, match), review=True)
    driver.frames(3)
    assert replay.review.session is not None and replay.review.session.complete
    learn = [w for w, name in replay.buttons.items() if name.startswith("learn:")]
    assert learn, "a Learn button for each player with judged moves"
    driver.press(learn[0])
    assert opened and opened[0][0] is match and opened[0][1].complete


def test_the_real_worker_reviews_a_short_game(driver: Driver, services: Services,
                                              tmp_path: Path) -> None:
    services.reviews = ProcessReviews()
    match = Match(services.games.get("conquid"), {"board": "small"})
    for text in ("A 3,5 3,6 3,7", "A 0,0 0,1 0,2", "A 3,8 6,0 6,1", "C", "Q"):
        match.play(text)
    path = kept(tmp_path, match)
    replay = open_replay(driver, match, path, review=True)
    session = replay.review.session
    assert session is not None
    for _ in range(1200):  # up to two minutes of frames on a busy machine
        if not session.running:
            break
        driver.wait(0.1)
    assert session.complete, session.error
    driver.frames(2)
    stored = read_record(path).analysis
    assert stored is not None and stored.complete
    assert not stored.is_stale(services.plugin("conquid").analyst().version)


def test_review_on_the_result_card_reviews_into_the_games_own_file(
        driver: Driver, services: Services) -> None:
    services.reviews = FakeReviews(services)
    match = Match(services.games.get("conquid"), {"board": "small"})
    for text in ("A 3,5 3,6 3,7", "A 0,0 0,1 0,2", "A 3,8 6,0 6,1", "C"):
        match.play(text)
    play = driver.open_play(match)
    driver.key("q")
    driver.key("return")
    driver.frames(3)
    assert play.match.is_over and play.autosave_path is not None
    review = next(w for w, name in play.buttons.items() if name == inp.REVIEW)
    driver.press(review)
    replay = driver.top
    assert isinstance(replay, ReplayScene)
    driver.frames(3)
    session = replay.review.session
    assert session is not None and session.complete
    stored = read_record(play.autosave_path).analysis
    assert stored is not None and stored.complete


def test_review_in_your_games_for_a_finished_game(driver: Driver, services: Services) -> None:
    services.reviews = FakeReviews(services)
    match = finished("pushfight")
    services.paths.history.mkdir(parents=True, exist_ok=True)
    path = services.paths.history / "20250101-120000-0123abcd.json"
    save_match(path, match)
    driver.frames(2)
    games = GamesScene(services)
    driver.app.stack.apply(Push(games))
    driver.frames(2)
    assert not games.review.is_enabled
    finished_list = list(games.lists)[-1]
    item = finished_list.item_list[0]["button_element"]
    driver.press(item)
    assert games.review.is_enabled
    driver.press(games.review)
    replay = driver.top
    assert isinstance(replay, ReplayScene)
    driver.frames(3)
    assert replay.review.session is not None and replay.review.session.complete
    stored = read_record(path).analysis
    assert stored is not None and stored.complete


def test_a_deep_review_stopped_half_way_keeps_the_complete_quick_one(
        driver: Driver, services: Services, tmp_path: Path) -> None:
    reviews = FakeReviews(services)
    services.reviews = reviews
    match = finished("conquid")
    path = kept(tmp_path, match)
    replay = open_replay(driver, match, path, review=True)
    driver.frames(3)
    session = replay.review.session
    assert session is not None and session.complete and session.next_action() == "deep"
    quick = session.review
    reviews.per_poll = 2
    for runner in reviews.runners:
        runner.per_poll = 2
    key_of(driver, c.REVIEW_GAME)
    assert session.running and session.depth == "deep"
    key_of(driver, c.REVIEW_GAME)
    assert session.review is quick and session.next_action() == "deep"
    assert any("quick review is kept" in text for text in driver.toasts())
    driver.frames(2)
    assert read_record(path).analysis == quick


def test_a_file_that_no_longer_holds_the_game_is_left_alone(tmp_path: Path) -> None:
    match = finished("pushfight")
    other = finished("conquid")
    path = kept(tmp_path, other)
    before = path.read_bytes()
    review = review_record(match, FakeAnalyst(match.game))
    problem = storage.keep_review(path, match, review)
    assert problem is not None and "no longer holds this game" in problem
    assert path.read_bytes() == before
    missing = storage.keep_review(tmp_path / "gone.json", match, review)
    assert missing is not None and "not stored" in missing
