"""Learn from your mistakes, driven headless through the real scene over the real replay:
the position before each mistake, an answer refused, judged wrong, judged right (and
remembered), Show me, Skip, Esc back to the replay; a whole Piously turn as one answer;
Forts played with clicks; the real analyst in its worker process."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from game.client.app import commands as c
from game.client.app.app import App
from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.files.mistakes import game_key
from game.client.match.evaluation import EvaluationError
from game.core.errors import GameError
from game.core.match import Match
from game.core.review.analysis import Evaluation
from game.core.review.model import Review
from game.core.review.reviewing import review_record
from game.main_window import ProcessEvaluations, build_services
from scenes.learning.mistakes import SHOW, SKIP, MistakesScene, Stage
from scenes.menu import MenuScene
from tests.review.fakes import FakeAnalyst, random_match
from tests.ui.driver import Driver
from tests.ui.keyboard import cursor_to, press


class FakeEvaluator:
    """An instant analyst: the verdict the test set, for the side to move."""

    def __init__(self, owner: FakeEvaluations) -> None:
        self.owner = owner
        self.pending: Evaluation | None = None

    def start(self, match: Match, budget: int) -> None:
        self.owner.asked.append((match.game.encode(match.state), budget))
        self.pending = Evaluation(self.owner.value, (), points=self.owner.points)

    def poll(self) -> Evaluation | None:
        if self.owner.hold:
            return None
        if self.owner.fail:
            raise EvaluationError("no engine here")
        verdict, self.pending = self.pending, None
        return verdict

    def cancel(self) -> None:
        self.pending = None

    def close(self) -> None:
        self.pending = None


class FakeEvaluations:
    def __init__(self) -> None:
        self.value = 0.5
        self.points: float | None = None
        self.hold = False
        self.fail = False
        self.asked: list[tuple[str, int]] = []

    def evaluator(self, game_id: str) -> FakeEvaluator:
        return FakeEvaluator(self)


def reviewed(game_id: str, seed: int, limit: int = 30, **options: object) -> tuple[Match, Review]:
    match = random_match(game_id, seed, limit=limit, **options)
    return match, review_record(match, FakeAnalyst(match.game))


def open_mistakes(driver: Driver, match: Match, review: Review, seat: int = 0) -> MistakesScene:
    """The scene as the review panel opens it: pushed over the replay by the navigator."""
    services = driver.app.services
    driver.open_replay(match)
    driver.app.stack.apply(Push(services.scenes.mistakes(services, match, review, seat)))
    driver.frames(2)
    scene = driver.top
    assert isinstance(scene, MistakesScene)
    return scene


def settle(driver: Driver, scene: MistakesScene) -> None:
    for _ in range(300):
        driver.frames(1)
        if not scene.view.busy(scene._clock) and stage(scene) is not Stage.JUDGING:
            return
    raise AssertionError("the scene never settled")


def enter(driver: Driver, scene: MistakesScene, move: object) -> None:
    """A move put on the board (as clicks would make it) and confirmed with Return."""
    assert scene.view.suggest(move).refused is False  # type: ignore[attr-defined]
    driver.key("return")
    settle(driver, scene)


def another_move(scene: MistakesScene) -> Any:
    """A legal move that is neither the mistake nor the computer's best."""
    ply, game = scene.mistake, scene.game
    rng = random.Random(7)
    for _ in range(200):
        move = game.random_move(scene.attempt.state, rng)
        if game.format_move(move) not in (ply.move, ply.best):
            return move
    raise AssertionError("no other move here")


def stage(scene: MistakesScene) -> Stage:
    """The scene's stage now (read through a call: each key changes it)."""
    return scene.stage


def text(scene: MistakesScene) -> str:
    return " ".join(line for line, *_ in scene.panel_lines())


@pytest.fixture
def fake(services: Services) -> FakeEvaluations:
    evaluations = FakeEvaluations()
    services.evaluations = evaluations
    return evaluations


def test_a_whole_session(driver: Driver, fake: FakeEvaluations) -> None:
    match, review = reviewed("conquid", 3, board="small")
    mistakes = review.judged(0)
    assert len(mistakes) >= 3
    scene = open_mistakes(driver, match, review)
    first = mistakes[0]
    assert scene.mistake == first and scene.attempt.moves == match.moves[:first.first]
    judgement = first.judgement
    assert judgement is not None
    words = text(scene)
    assert f"Mistake 1 of {len(mistakes)}" in words
    assert f"{judgement.symbol} {judgement.label}" in words, "the word and the symbol"

    # the mistake played again: known at once, no search, and refused
    enter(driver, scene, match.game.parse_move(first.move))
    assert stage(scene) is Stage.WRONG and not fake.asked
    assert scene.message is not None and "the move played in the game" in scene.message[0]
    driver.key("return")  # Try again
    assert stage(scene) is Stage.ANSWERING and scene.attempt.ply == first.position_before

    # another move, which the analyst says loses 20 points: a blunder, and why
    fake.value = 1.0 - (first.before - 0.2)  # the opponent's chance after it
    enter(driver, scene, another_move(scene))
    assert fake.asked == [(match.game.encode(scene.attempt.state), review.budget)]
    assert stage(scene) is Stage.WRONG and scene.message is not None
    assert scene.message[0].startswith("?? That would be a blunder")
    assert driver.app.services.speech.said[-1] == " ".join(scene.message[0].split()), "said"
    assert f"{round(first.before * 100)}%" in scene.message[0]

    # Show me: the better move on the board, as a hint; Return plays it; not "solved"
    driver.key("h")
    assert stage(scene) is Stage.ANSWERING and scene.attempt.ply == first.position_before
    proposal = scene.view.proposal().move
    assert proposal is not None and match.game.format_move(proposal) == first.best
    driver.key("return")
    settle(driver, scene)
    assert stage(scene) is Stage.RIGHT
    assert scene.message is not None and scene.message[0].startswith("That is the better move")
    assert not scene.solved_now
    driver.key("right")  # Next

    # the second: an answer within 5 points of the best is put right, and remembered
    second = mistakes[1]
    assert scene.mistake == second and f"Mistake 2 of {len(mistakes)}" in text(scene)
    fake.value = 1.0 - (second.before - 0.04)
    enter(driver, scene, another_move(scene))
    assert stage(scene) is Stage.RIGHT and scene.message is not None
    assert scene.message[0].startswith("Well found!")
    assert scene.solved_now == {second.ply}
    assert "·  solved" in text(scene)
    driver.app.services.writer.settle()
    assert scene.progress.of(game_key(match)) == {second.ply}

    # Skip the third; Esc goes back to the replay, saying what was put right
    driver.press(next(w for w, name in scene.buttons.items() if name == SKIP))
    assert scene.index == 2 and stage(scene) is Stage.ANSWERING
    driver.key("escape")
    assert type(driver.top).__name__ == "ReplayScene"
    assert f"Put right: 1 mistake of {len(mistakes)}" in driver.toasts()


def test_progress_is_remembered_across_a_restart(driver: Driver, fake: FakeEvaluations,
                                                 services: Services) -> None:
    match, review = reviewed("conquid", 3, board="small")
    mistakes = review.judged(0)
    scene = open_mistakes(driver, match, review)
    fake.value = 1.0 - mistakes[0].before
    enter(driver, scene, another_move(scene))
    assert stage(scene) is Stage.RIGHT
    driver.key("escape")
    services.writer.settle()

    again = build_services(services.paths, (1280, 720))  # the app started anew
    again.evaluations = fake
    second = Driver(App(again, MenuScene(again)))
    copy = Match(match.game, match.options, match.seats, match.seed, match.created)
    for move in match.moves:  # the same game, as a file re-plays it
        copy.play_text(move)
    scene = open_mistakes(second, copy, review)
    assert scene.index == 1, "it starts at the first mistake left"
    scene.command(c.Command(c.BACK))
    other = random_match("conquid", 4, board="small")
    assert game_key(other) != game_key(match)


def test_the_scene_opens_on_a_hostile_progress_file(driver: Driver, fake: FakeEvaluations,
                                                    services: Services) -> None:
    path = services.paths.mistakes
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "solved": {"' + "0" * 32 + '": [1e999999]}}')
    match, review = reviewed("conquid", 3, board="small")
    scene = open_mistakes(driver, match, review)
    assert scene.index == 0
    assert any("Your solved mistakes were unreadable" in toast
               and "kept as mistakes.json.bad" in toast for toast in driver.toasts())
    assert (path.parent / "mistakes.json.bad").exists() and not path.exists()


def test_an_illegal_move_is_refused_with_the_rules_reason(driver: Driver,
                                                          fake: FakeEvaluations) -> None:
    match, review = reviewed("conquid", 3, board="small")
    scene = open_mistakes(driver, match, review)
    game = match.game
    state = scene.attempt.state
    illegal = game.parse_move("Q")  # a conquest, which the position does not allow
    with pytest.raises(GameError) as refused:
        game.check_move(state, illegal)
    scene._play(illegal)
    assert scene.message is not None
    assert scene.message[0].lower() == str(refused.value).lower()
    assert stage(scene) is Stage.ANSWERING and scene.attempt.ply == scene.mistake.position_before


def test_judging_never_waits_and_a_failure_is_said(driver: Driver,
                                                   fake: FakeEvaluations) -> None:
    match, review = reviewed("conquid", 3, board="small")
    scene = open_mistakes(driver, match, review)
    fake.hold = True
    assert scene.view.suggest(another_move(scene)).refused is False  # type: ignore[attr-defined]
    driver.key("return")
    driver.frames(5)
    assert stage(scene) is Stage.JUDGING and scene.animating(scene._clock)
    assert "The computer is weighing your move..." in text(scene)
    driver.key("return")  # nothing while it weighs
    assert stage(scene) is Stage.JUDGING
    fake.hold, fake.fail = False, True
    settle(driver, scene)
    assert stage(scene) is Stage.WRONG and scene.message is not None
    assert "could not weigh this move: no engine here" in scene.message[0]


def test_a_whole_piously_turn_is_one_answer(driver: Driver, fake: FakeEvaluations) -> None:
    match, review = reviewed("piously", 5, limit=60)
    seat = next(s for s in (0, 1) if any(p.count > 1 for p in review.judged(s)))
    scene = open_mistakes(driver, match, review, seat)
    while scene.mistake.count < 2:
        driver.key("right")
    ply = scene.mistake
    moves = [match.game.parse_move(text) for text in match.moves[ply.record_moves.start:
                                                                  ply.record_moves.stop]]
    for move in moves[:-1]:  # the turn's first actions: no verdict yet
        enter(driver, scene, move)
        assert stage(scene) is Stage.ANSWERING and scene.answer_judged is None
    enter(driver, scene, moves[-1])
    assert stage(scene) is Stage.WRONG and scene.answer_judged == ply, "the game's own turn"
    assert not fake.asked


def test_forts_is_answered_with_clicks_and_judged_in_points(driver: Driver,
                                                            fake: FakeEvaluations) -> None:
    match, review = reviewed("forts", 3)
    scene = open_mistakes(driver, match, review)
    ply = scene.mistake
    assert ply.points_before is not None and "points expected" in text(scene)
    rng = random.Random(1)
    for _ in range(100):
        move = match.game.random_move(scene.attempt.state, rng)
        if match.game.format_move(move) not in (ply.move, ply.best):
            break
    assert move is not None
    fake.points = ply.points_before - 0.5
    driver.key(str(move.value))
    rect = scene.view.mark_rect(f"{move.row},{move.col}")  # type: ignore[attr-defined]
    driver.click(rect.center)
    settle(driver, scene)
    assert scene.attempt.moves[-1] == match.game.format_move(move)
    assert stage(scene) is Stage.RIGHT and scene.solved_now == {ply.ply}
    assert scene.answer_judged is not None and scene.answer_judged.points_lost == 0.5


def test_show_me_is_live_by_keyboard_and_button(driver: Driver, fake: FakeEvaluations) -> None:
    match, review = reviewed("pushfight", 3)
    scene = open_mistakes(driver, match, review)
    driver.press(next(w for w, name in scene.buttons.items() if name == SHOW))
    proposal = scene.view.proposal().move
    assert proposal is not None and match.game.format_move(proposal) == scene.mistake.best


def test_the_real_analyst_judges_an_answer_in_its_worker(driver: Driver,
                                                         services: Services) -> None:
    services.evaluations = ProcessEvaluations()
    match, review = reviewed("conquid", 3, limit=8, board="small")
    scene = open_mistakes(driver, match, review)
    scene.view.suggest(another_move(scene))  # type: ignore[attr-defined]
    driver.key("return")
    assert stage(scene) is Stage.JUDGING
    deadline = time.monotonic() + 60.0  # real seconds: the worker starts, imports, searches
    while stage(scene) is Stage.JUDGING and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.02)
    assert stage(scene) in (Stage.RIGHT, Stage.WRONG) and scene.answer_judged is not None
    assert scene.answer_judged.move == scene.answer
    assert "could not weigh" not in (scene.message or ("",))[0]
    driver.key("escape")


def test_an_answer_made_with_the_board_cursor_alone(driver: Driver,
                                                    fake: FakeEvaluations) -> None:
    match, review = reviewed("conquid", 3, board="small")
    scene = open_mistakes(driver, match, review)
    best = scene.mistake.best
    assert best is not None and best.startswith("A ")
    for place in best.split()[1:]:
        cursor_to(driver, scene.keys, place)
        press(driver, "space")
    press(driver, "return")  # the cursor's Return: the move is whole, so it confirms
    settle(driver, scene)
    assert stage(scene) is Stage.RIGHT and scene.answer == best
    assert scene.solved_now == {scene.mistake.ply}, "found without Show me: put right"
    press(driver, "escape")  # hides the cursor
    press(driver, "return")  # Next
    assert scene.index == 1 and stage(scene) is Stage.ANSWERING
