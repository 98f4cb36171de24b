"""A review as a record's optional ``analysis`` section, and the checks that read it back.

The section is columns, one entry a reviewed ply, rather than an object per ply: a record may
hold only a few hundred JSON lists and objects (``record.MAX_CONTAINERS``), and a long game
has more plies than that. Example (the last two plies of a 3-ply game reviewed)::

    "analysis": {"version": 1, "engine": "conquid-analyst 1", "depth": "quick",
                 "budget": 4000, "seats": 2, "plies": 3,
                 "first": [1, 2], "count": [1, 1], "seat": [1, 0],
                 "before": [0.42, 0.61], "after": [0.40, 1.0],
                 "proof": [0, 1], "after_proof": [0, 0], "ended": true,
                 "line_length": [2, 1], "line": ["C 2,2", "A 1,1 2,1 3,1", "Q"]}

``proof`` and ``after_proof`` are the mover's: ``n`` wins in n turns, ``-n`` loses in n, 0
unsolved. ``line`` holds every ply's best line one after the other, ``line_length`` says how
many entries are each one's. A solo game adds ``points_before`` and ``points_after``. The
judgements are not stored: they follow from these values, so a file cannot claim one its
numbers do not earn. A section that is hostile or does not fit its record raises
``AnalysisError``; the record loader then drops it and the game still opens. Readers that do
not know the section ignore it, so a reviewed game still opens in older versions.
"""

from __future__ import annotations

import math
from typing import Any, Final

from game.core.errors import AnalysisError
from game.core.match import meta_word
from game.core.review.analysis import Proof
from game.core.review.model import DEPTHS, TURN_JOIN, PlyReview, Review
from game.core.text import checked_text, quote

SECTION_VERSION: Final = 1
MAX_LINE: Final = 12
"""Most entries of a best line kept (the replay shows a few; a search may find more)."""
MAX_ENTRY: Final = 1000
"""Longest line entry: a whole turn of several moves (a record move is at most 200)."""
MAX_ENGINE: Final = 200
MAX_BUDGET: Final = 1_000_000_000
MAX_POINTS: Final = 1_000_000.0
MAX_PROOF: Final = 10_000
_COLUMNS: Final = ("first", "count", "seat", "before", "after", "proof", "after_proof",
                   "line_length")
_POINTS: Final = ("points_before", "points_after")


def to_json(review: Review) -> dict[str, Any]:
    """The section of ``review`` (best lines cut to ``MAX_LINE`` entries)."""
    plies = review.plies
    lines = [ply.line[:MAX_LINE] for ply in plies]
    section: dict[str, Any] = {
        "version": SECTION_VERSION,
        "engine": review.engine,
        "depth": review.depth,
        "budget": review.budget,
        "seats": review.seats,
        "plies": review.total,
        "first": [ply.first for ply in plies],
        "count": [ply.count for ply in plies],
        "seat": [ply.seat for ply in plies],
        "before": [ply.before for ply in plies],
        "after": [ply.after for ply in plies],
        "proof": [_proof_number(ply.proof) for ply in plies],
        "after_proof": [_proof_number(ply.after_proof) for ply in plies],
        "ended": bool(plies) and plies[-1].ended,
        "line_length": [len(line) for line in lines],
        "line": [entry for line in lines for entry in line],
    }
    if review.seats == 1:
        section["points_before"] = [ply.points_before for ply in plies]
        section["points_after"] = [ply.points_after for ply in plies]
    return section


def from_json(value: object, moves: tuple[str, ...], seats: int) -> Review:
    """Read and check a section against its record's ``moves`` and number of ``seats``.

    Raises AnalysisError with a message for people. How the plies group the moves is
    checked against the rules when the game is re-played (``reviewing.stored_review``)."""
    if not isinstance(value, dict):
        raise AnalysisError("the analysis should be a JSON object")
    version = _whole(value.get("version"), "its version", 1, 1_000)
    if version > SECTION_VERSION:
        raise AnalysisError("it was made by a newer version of Conquid Arcade")
    engine = _text(value.get("engine"), "its engine", MAX_ENGINE)
    depth = _text(value.get("depth"), "its depth", 20)
    if depth not in DEPTHS:
        raise AnalysisError(f"its depth {quote(depth)} is unknown")
    budget = _whole(value.get("budget"), "its budget", 1, MAX_BUDGET)
    if value.get("seats") != seats or type(value.get("seats")) is not int:
        raise AnalysisError("it is for another number of players than the game")
    total = _whole(value.get("plies"), "its number of plies", 0, len(moves))
    columns = {name: _list(value.get(name), name) for name in _COLUMNS}
    solo = seats == 1
    for name in _POINTS if solo else ():
        columns[name] = _list(value.get(name), name)
    done = len(columns["first"])
    if done > total or any(len(column) != done for column in columns.values()):
        raise AnalysisError("its columns do not have one entry a reviewed ply")
    ended = value.get("ended", False)
    if not isinstance(ended, bool):
        raise AnalysisError("'ended' should be true or false")
    lengths = [_whole(n, "a line's length", 0, MAX_LINE) for n in columns["line_length"]]
    entries = _list(value.get("line"), "line")
    if len(entries) != sum(lengths):
        raise AnalysisError("its lines do not have the lengths it gives")
    line = [_text(entry, "a line's move", MAX_ENTRY) for entry in entries]
    plies: list[PlyReview] = []
    start, end = 0, 0
    for index in range(done):
        first = _whole(columns["first"][index], "a ply's first move", end, len(moves) - 1)
        count = _whole(columns["count"][index], "a ply's length", 1, len(moves) - first)
        end = first + count
        played = moves[first:end]
        if any(meta_word(text) is not None for text in played):
            raise AnalysisError(f"ply {total - done + index + 1} does not match the record's "
                                "moves")
        length = lengths[index]
        plies.append(PlyReview(
            ply=total - done + index + 1,
            seat=_whole(columns["seat"][index], "a ply's player", 0, seats - 1),
            first=first,
            count=count,
            move=TURN_JOIN.join(played),
            before=_chance(columns["before"][index]),
            after=_chance(columns["after"][index]),
            line=tuple(line[start:start + length]),
            proof=_proof(columns["proof"][index]),
            after_proof=_proof(columns["after_proof"][index]),
            ended=ended and index == done - 1,
            points_before=_points(columns["points_before"][index]) if solo else None,
            points_after=_points(columns["points_after"][index]) if solo else None,
        ))
        start += length
    return Review(engine, depth, budget, seats, total, tuple(plies))


def _proof_number(proof: Proof | None) -> int:
    if proof is None:
        return 0
    return proof.plies if proof.wins else -proof.plies


def _proof(value: object) -> Proof | None:
    number = _whole(value, "a proof", -MAX_PROOF, MAX_PROOF)
    return None if number == 0 else Proof(number > 0, abs(number))


def _chance(value: object) -> float:
    number = _number(value, "a win chance")
    if not 0.0 <= number <= 1.0:
        raise AnalysisError(f"a win chance is out of range ({number:g})")
    return number


def _points(value: object) -> float:
    number = _number(value, "an expected score")
    if not -MAX_POINTS <= number <= MAX_POINTS:
        raise AnalysisError(f"an expected score is out of range ({number:g})")
    return number


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AnalysisError(f"{what} should be a number")
    if not math.isfinite(value):
        raise AnalysisError(f"{what} is not a finite number")
    return float(value)


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise AnalysisError(f"{what} should be a whole number from {low:,} to {high:,}")
    return value


def _text(value: object, what: str, limit: int) -> str:
    return checked_text(value, what, limit, AnalysisError)


def _list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise AnalysisError(f"{quote(name)} should be a JSON list")
    return value
