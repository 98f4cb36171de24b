"""The lesson format's validation and judging (game.core.learn): a broken file is refused
with where and why, and an attempt is judged by the rules, never by a stored click."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.catalog import all_games
from game.core.learn import (
    Attempt,
    EventPattern,
    Goal,
    LearnError,
    Step,
    Verdict,
    daily,
    load_courses,
    parse_course,
)

GAMES = all_games()
EMPTY_SMALL = "14/14/14/4X4O4/14/14/14 1 0"
DOC: dict[str, Any] = {
    "format": "conquid-arcade-learn",
    "format_version": 1,
    "game": "conquid",
    "lessons": [{"id": "acquire", "title": "Acquire", "steps": [{
        "position": EMPTY_SMALL, "say": "Acquire three cells.",
        "goal": {"moves": "A .*", "expect": [{"event": "Acquired"}]},
        "answer": ["A 0,0 0,1 0,2"], "wrong": "Press A first.",
    }]}],
    "puzzles": [{"id": "p1", "title": "Conquest", "grade": "easy",
                 "position": "14/14/14/4XxxxxO4/14/14/14 1 0",
                 "say": "Win.", "goal": {"win": True}, "replies": "computer", "answer": ["Q"]}],
}


def broken(change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(DOC)
    change(doc)
    return doc


def step(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["lessons"][0]["steps"][0]  # type: ignore[no-any-return]


def test_a_good_document_loads() -> None:
    course = parse_course(copy.deepcopy(DOC), GAMES)
    assert [lesson.id for lesson in course.lessons] == ["acquire"]
    assert course.puzzles[0].step.replies is None  # a computer answers in puzzles


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.update(format="other"), "not a lesson file"),
    (lambda d: d.update(format_version=2), "format version"),
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: step(d).update(position="nonsense"), "bad position"),
    (lambda d: step(d).update(answer=["A 0,0 0,1"]), "is refused: an acquire claims exactly"),
    (lambda d: step(d).update(answer=["C"]), "refused: Press A first"),
    (lambda d: step(d).update(goal={"expect": [{"event": "Conquered"}]}),
     "does not reach the goal"),
    (lambda d: step(d).update(goal={}), "asks for nothing"),
    (lambda d: step(d).update(goal={"moves": "("}), "bad moves pattern"),
    (lambda d: step(d).update(colour="red"), "unknown key 'colour'"),
    (lambda d: d["puzzles"][0].update(grade="trivial"), "grade"),
    (lambda d: d["puzzles"][0].update(id="acquire"), "used twice"),
    (lambda d: step(d).update(say=""), "'say' should be a text"),
])
def test_a_broken_document_is_refused_with_the_reason(change: Any, reason: str) -> None:
    with pytest.raises(LearnError, match=reason):
        parse_course(broken(change), GAMES)


def test_a_broken_file_is_left_out_and_the_others_load(tmp_path: Path) -> None:
    (tmp_path / "good.json").write_text(json.dumps(DOC))
    (tmp_path / "bad.json").write_text("{")
    courses, problems = load_courses(tmp_path, GAMES)
    assert list(courses) == ["conquid"]
    assert len(problems) == 1 and problems[0].startswith("bad.json: cannot be read")


def test_any_move_reaching_the_goal_passes_and_a_miss_fails() -> None:
    course = parse_course(copy.deepcopy(DOC), GAMES)
    game = GAMES.get("conquid")
    attempt = Attempt(game, course.lessons[0].steps[0])
    assert attempt.refusal(game.parse_move("A 6,13 6,12 5,13")) is None  # not the answer
    attempt.play(game.parse_move("A 6,13 6,12 5,13"))
    assert attempt.verdict is Verdict.PASSED
    conquer = Goal(expect=(EventPattern("Conquered"),))
    missed = Attempt(game, Step(EMPTY_SMALL, "Conquer.", conquer, ("C",)))
    missed.play(game.parse_move("A 0,0 0,1 0,2"))
    assert missed.verdict is Verdict.FAILED


def test_illegal_moves_are_refused_with_the_rules_reason() -> None:
    course = parse_course(copy.deepcopy(DOC), GAMES)
    game = GAMES.get("conquid")
    attempt = Attempt(game, course.lessons[0].steps[0])
    assert attempt.refusal(game.parse_move("A 3,4 0,1 0,2")) == "cell 3,4 is part of a base"
    assert attempt.refusal(game.parse_move("Q")) == (
        "no chain of your cells links your base to your opponent's base")


def test_the_daily_puzzle_is_stable_for_a_day_and_changes_the_next() -> None:
    one = parse_course(copy.deepcopy(DOC), GAMES).puzzles[0]
    puzzles = [dataclasses.replace(one, id=f"p{i}") for i in range(5)]
    assert daily(puzzles, 738000) is daily(puzzles, 738000)
    assert daily(puzzles, 738000) is not daily(puzzles, 738001)
    assert daily((), 738000) is None
