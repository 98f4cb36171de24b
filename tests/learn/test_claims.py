"""Lesson sentences that state a rule are checked by the rules (a Forts lesson once taught
"all eight neighbours" while the rules use the four sides). Each such sentence carries a claim
(docs/learn.md), played through the rules when the course loads."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from game.catalog import all_games
from game.client.app.assets import assets_dir
from game.core.learn import (
    Claim,
    LearnError,
    Step,
    load_courses,
    parse_course,
)

GAMES = all_games()
COURSES, PROBLEMS = load_courses(assets_dir() / "learn", GAMES)
EMPTY_FORTS = "9x18:net:place:t0:b0:p1:r-:" + "/".join(
    ["." * 18] * 4 + ["....F" + "." * 13] + ["." * 18] * 4
)
FOUR_SIDES_NO_CORNERS = "9x18:net:place:t0:b0:p1:r-:" + "/".join(
    ["." * 18, "......2" + "." * 11, ".....4.1" + "." * 10, ".....3" + "." * 12,
     "....F" + "." * 13] + ["." * 18] * 4
)
"""The cell 2,6 has three living sides (3,6 open) and one living corner (3,5)."""

def _step(game_id: str, lesson_id: str, index: int) -> Step:
    lesson = next(item for item in COURSES[game_id].lessons if item.id == lesson_id)
    return lesson.steps[index]


def _claims(game_id: str) -> list[Claim]:
    return [claim for lesson in COURSES[game_id].lessons for step in lesson.steps
            for claim in step.claims]


def test_every_course_loads_with_its_claims_checked() -> None:
    assert PROBLEMS == []
    assert len(_claims("conquid")) >= 9
    assert len(_claims("pushfight")) >= 9
    assert len(_claims("forts")) >= 6
    assert len(_claims("piously")) >= 8


def test_the_forts_lesson_teaches_the_four_sides() -> None:
    step = _step("forts", "spawn", 0)
    assert "four sides" in step.say and "eight" not in step.sentences
    says = {claim.says for claim in step.claims}
    assert any("four sides" in text for text in says)
    assert "its corners do not count" in says


def test_piously_sentences_carry_their_claims() -> None:
    """Piously's rules-stating sentences are checked at load like the other games' (the
    flip's cost is tried with one action left, in a position of its own)."""
    flip = _step("piously", "bless", 1)
    assert any("two actions" in claim.says and claim.position for claim in flip.claims)


def test_a_wrong_piously_claim_is_refused() -> None:
    """Were the lesson to say a flip costs one action, its claim would fail at load."""
    path = assets_dir() / "learn" / "piously.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    step = next(item for item in doc["lessons"] if item["id"] == "bless")["steps"][1]
    (claim,) = step["claims"]
    step["claims"] = [{"says": claim["says"], "position": claim["position"], "after": ["flip"],
                       "expect": [{"event": "AuraChanged", "before": 1, "after": 0}]}]
    with pytest.raises(LearnError, match="refused"):
        parse_course(doc, GAMES)


def _forts_doc(say: str, claim: dict[str, Any]) -> dict[str, Any]:
    return {"format": "conquid-arcade-learn", "format_version": 1, "game": "forts",
            "lessons": [{"id": "spawn", "title": "New forts", "steps": [{
                "position": FOUR_SIDES_NO_CORNERS, "say": say,
                "goal": {"expect": [{"event": "FortsSpawned"}]}, "replies": ["roll 6"],
                "answer": ["5 3,6", "roll 6"], "claims": [claim]}]}]}


def test_the_old_eight_neighbours_sentence_is_refused_by_its_claim() -> None:
    """The wrong rule, stated with a claim, fails at load: the fort appears with its corners
    open."""
    wrong = _forts_doc("A cell whose eight neighbours are all living becomes a fort.",
                       {"says": "eight neighbours are all living",
                        "after": ["5 3,6", "roll 6"], "forbid": [{"event": "FortsSpawned"}]})
    with pytest.raises(LearnError, match="FortsSpawned happens"):
        parse_course(wrong, GAMES)
    right = copy.deepcopy(wrong)
    right["lessons"][0]["steps"][0]["claims"][0]["forbid"] = []
    right["lessons"][0]["steps"][0]["claims"][0]["expect"] = [{"event": "FortsSpawned"}]
    assert parse_course(right, GAMES).lessons[0].steps[0].claims


@pytest.mark.parametrize(("claim", "problem"), [
    ({"says": "not in the lesson", "after": ["5 3,6"], "expect": [{"event": "Placed"}]},
     "never says"),
    ({"says": "Fill", "refused": "5 3,6"}, "is legal"),
    ({"says": "Fill", "refused": "5 0,0", "because": "already taken"}, "another reason"),
    ({"says": "Fill", "after": ["5 0,0"], "expect": [{"event": "Placed"}]}, "refused"),
    ({"says": "Fill", "after": ["5 3,6", "roll 6"], "outcome": "loss"}, "outcome"),
    ({"says": "Fill", "after": ["5 3,6"]}, "checks nothing"),
    ({"says": "Fill", "refused": "5 0,0", "colour": "red"}, "unknown key"),
])
def test_a_claim_the_rules_disagree_with_is_refused(claim: dict[str, Any], problem: str) -> None:
    with pytest.raises(LearnError, match=problem):
        parse_course(_forts_doc("Fill the last side.", claim), GAMES)


def test_a_claim_can_use_a_position_of_its_own() -> None:
    doc = _forts_doc("Fill the last side; a lone fort dies with its last territory.", {
        "says": "a lone fort dies", "position": EMPTY_FORTS.replace("F.", "F4", 1),
        "after": ["4 4,3", "roll 4"], "expect": [{"event": "FortsRuined"}]})
    assert parse_course(doc, GAMES).lessons[0].steps[0].claims[0].position
