"""Lesson sentences that state a rule are checked by the rules (issue 26: a Forts lesson taught
"all eight neighbours" while the rules use the four sides). Each such sentence carries a claim
(docs/learn.md), played through the rules when the course loads."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.catalog import all_games
from game.core.learn import (
    Claim,
    LearnError,
    Step,
    check_claim,
    load_courses,
    parse_claim,
    parse_course,
)
from game.ui.assets import assets_dir

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

# Piously's claims live here, not in piously.json, while issue 26's Piously work edits that
# file (the lead may move them next to their sentences after the merge): lesson id, step,
# claim.
PIOUSLY: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("actions", 0, {"says": "A turn has three actions",
                    "after": ["move 1,1", "move 1,0", "move 1,1"],
                    "refused": "move 1,0", "because": "no actions left"}),
    ("actions", 1, {"says": "Your three actions are spent, so a step is refused now",
                    "refused": "move 1,0", "because": "no actions left"}),
    ("bless", 0, {"says": "Bless the hex under your piece to give it your aura",
                  "after": ["bless"], "expect": [{"event": "AuraChanged", "after": 0}]}),
    ("bless", 1, {"says": "Flipping it to yours costs two actions", "a1": True,
                  "refused": "flip", "because": "costs 2 actions"}),
    ("region", 0, {"says": "one touching all seven rooms wins",
                   "after": ["bless"], "outcome": "win"}),
    ("claim", 0, {"says": "Black received the room's other spell",
                  "after": ["move 2,2", "end take Locksmith"],
                  "expect": [{"event": "SpellClaimed", "seat": 1}]}),
    ("pink", 1, {"says": "even with no actions left", "after": ["cast Purify 2,2"],
                 "expect": [{"event": "AuraChanged", "before": 1, "after": 0}]}),
    ("orange", 1, {"says": "one action for each object next to you",
                   "after": ["cast Overwork"],
                   "expect": [{"event": "ActionsChanged", "seat": 0, "after": 2}]}),
)


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


def test_the_forts_lesson_teaches_the_four_sides() -> None:
    step = _step("forts", "spawn", 0)
    assert "four sides" in step.say and "eight" not in step.sentences
    says = {claim.says for claim in step.claims}
    assert any("four sides" in text for text in says)
    assert "its corners do not count" in says


@pytest.mark.parametrize(("lesson_id", "index", "data"), PIOUSLY,
                         ids=[f"{lesson}-{index}" for lesson, index, _ in PIOUSLY])
def test_piously_sentences_agree_with_the_rules(lesson_id: str, index: int,
                                                data: dict[str, Any]) -> None:
    step = _step("piously", lesson_id, index)
    raw = dict(data)
    if raw.pop("a1", False):  # the same position with one action left
        raw["position"] = step.position.replace(" a3 ", " a1 ", 1)
    check_claim(GAMES.get("piously"), step, parse_claim(raw, lesson_id), lesson_id)


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
