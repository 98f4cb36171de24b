"""Hostile review sections: each is refused with a short, printable message naming what is
wrong, the game itself still opens (its review left out), and the file is never touched."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.record import Record, load_match, read_record
from game.core.review.reviewing import review_record, stored_review
from game.core.review.section import to_json
from tests.reliability.hostile import GAMES, HOSTILE_TEXTS
from tests.reliability.test_hostile_records import assert_readable
from tests.review.fakes import FakeAnalyst, random_match

MATCH = random_match("conquid", 21, limit=16, board="small")
MATCH.resign(0)
SECTION = to_json(review_record(MATCH, FakeAnalyst(MATCH.game)))
SOLO = random_match("forts", 22, limit=12)
SOLO_SECTION = to_json(review_record(SOLO, FakeAnalyst(SOLO.game)))


def changed(**fields: object) -> dict[str, Any]:
    section: dict[str, Any] = json.loads(json.dumps(SECTION))
    section.update(fields)
    return section


def column(name: str, index: int, value: object) -> dict[str, Any]:
    values = list(SECTION[name])
    values[index] = value
    return changed(**{name: values})


def without(name: str) -> dict[str, Any]:
    section = changed()
    del section[name]
    return section


HOSTILE: dict[str, object] = {
    "a list": [], "text": "analysis", "a number": 3, "true": True,
    "newer version": changed(version=2), "version as text": changed(version="1"),
    "no version": without("version"),
    "engine a number": changed(engine=5), "no engine": without("engine"),
    "unknown depth": changed(depth="shallow"), "depth a list": changed(depth=["quick"]),
    "budget zero": changed(budget=0), "budget negative": changed(budget=-5),
    "budget a fraction": changed(budget=2.5), "budget true": changed(budget=True),
    "budget absurd": changed(budget=10**15),
    "one player": changed(seats=1), "three players": changed(seats=3),
    "seats as text": changed(seats="2"),
    "more plies than moves": changed(plies=10**6), "negative plies": changed(plies=-1),
    "fewer plies than reviewed": changed(plies=3),
    "a column missing": without("after"), "a column not a list": changed(before="0.5"),
    "a column short": changed(after=SECTION["after"][1:]),
    "a column long": changed(proof=[*SECTION["proof"], 0]),
    "win chance NaN": column("before", 3, math.nan),
    "win chance infinite": column("after", 2, math.inf),
    "win chance minus infinity": column("after", 2, -math.inf),
    "win chance above 1": column("before", 0, 1.5),
    "win chance below 0": column("after", 0, -0.01),
    "win chance as text": column("before", 1, "0.5"),
    "win chance null": column("after", 1, None), "win chance true": column("before", 1, True),
    "proof a fraction": column("proof", 0, 1.5), "proof absurd": column("proof", 0, 10**9),
    "proof as text": column("after_proof", 0, "wins in 2"),
    "first move past the record": column("first", 15, 10**6),
    "first move negative": column("first", 0, -1),
    "plies overlap": column("first", 5, SECTION["first"][4]),
    "plies out of order": column("first", 6, SECTION["first"][2]),
    "a ply of no move": column("count", 3, 0),
    "a ply past the record": column("count", 15, 50),
    "a ply on the resignation": column("first", 15, 16),
    "a ply's player unknown": column("seat", 0, 2),
    "a line too long": column("line_length", 0, 13),
    "line lengths do not add up": column("line_length", 0, SECTION["line_length"][0] + 1),
    "line not a list": changed(line="C"),
    "a line's move a number": changed(line=[1] * len(SECTION["line"])),
    "ended as text": changed(ended="yes"),
    **{f"engine {name}": changed(engine=text) for name, text in HOSTILE_TEXTS.items()},
    **{f"line move {name}": changed(line=[text, *SECTION["line"][1:]])
       for name, text in HOSTILE_TEXTS.items() if name != "201 characters"},
    "line move 1,001 characters": changed(line=["x" * 1001, *SECTION["line"][1:]]),
}
"""A line's entry is a whole turn, up to 1,000 characters: 201 is fine there."""


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_review_is_left_out_and_the_game_opens(tmp_path: Path, case: str) -> None:
    document = {**Record.of(MATCH).to_json(), "analysis": HOSTILE[case]}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(document))
    before = path.read_bytes()
    record = read_record(path)
    assert record.analysis is None
    assert record.analysis_problem is not None
    assert_readable(record.analysis_problem)
    assert "review" in record.analysis_problem
    assert load_match(path, GAMES).moves == MATCH.moves, "the game itself opens"
    assert path.read_bytes() == before


def test_the_unchanged_section_is_accepted() -> None:
    """The cases above fail for their change alone."""
    record = Record.from_json({**Record.of(MATCH).to_json(), "analysis": changed()})
    assert record.analysis is not None and record.analysis_problem is None
    stored = stored_review(record, record.replay(GAMES), "fake 1")
    assert stored.review is not None and stored.problem is None


SOLO_HOSTILE: dict[str, object] = {
    "points NaN": {"points_before": [math.nan] * len(SOLO_SECTION["first"])},
    "points absurd": {"points_after": [1e300] * len(SOLO_SECTION["first"])},
    "points as text": {"points_after": ["3"] * len(SOLO_SECTION["first"])},
    "points missing": {"points_after": None},
    "two players": {"seats": 2},
}


@pytest.mark.parametrize("case", sorted(SOLO_HOSTILE))
def test_a_hostile_solo_review_is_left_out(case: str) -> None:
    section = {**SOLO_SECTION, **SOLO_HOSTILE[case]}  # type: ignore[dict-item]
    record = Record.loads(json.dumps({**Record.of(SOLO).to_json(), "analysis": section}))
    assert record.analysis is None and record.analysis_problem is not None
    assert_readable(record.analysis_problem)
    assert record.replay(GAMES).moves == SOLO.moves
    assert Record.loads(json.dumps({**Record.of(SOLO).to_json(),
                                    "analysis": SOLO_SECTION})).analysis is not None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(sorted(SECTION)), value=JSON, index=st.integers(0, 20))
def test_any_value_anywhere_is_read_or_refused_with_an_analysis_error(
    key: str, value: object, index: int
) -> None:
    section = changed()
    if isinstance(section[key], list) and section[key] and index < len(section[key]):
        section[key][index] = value
    else:
        section[key] = value
    record = Record.from_json({**Record.of(MATCH).to_json(), "analysis": section})
    assert (record.analysis is None) != (record.analysis_problem is None)
