"""Push Fight moves as values, and their notation.

  - Squares ``a1``-``h4`` (files a-h left to right, ranks 1-4 bottom to top).
  - A turn is comma-separated ``from-to`` steps, push last: ``d1-a2,d3-c3,c2-d2``.
  - A setup is ``setup`` followed by the five placements of one side, each a piece letter
    and a square: ``O``/``o`` White square/round, ``X``/``x`` Brown square/round. Square
    pieces come first, then round ones, each group in reading order (rank 4 down, a to h):
    ``setup Od3 Oc2 Od2 od4 od1``. Any order parses; that order is how it is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.core.errors import NotationError
from game.pushfight.rules.board import SQUARES, STEPS, parse_square, square_name
from game.pushfight.rules.engine import MAX_SLIDES, Step

PIECE_LETTERS: Final = {(0, True): "O", (0, False): "o", (1, True): "X", (1, False): "x"}


@dataclass(frozen=True)
class Setup:
    """One side's five placements: bit indices of its square and round pieces."""

    side: int
    pushers: frozenset[int]
    rounds: frozenset[int]


@dataclass(frozen=True)
class Turn:
    """0-2 slides then a push, each as (from, to) bit indices."""

    slides: tuple[Step, ...]
    push: Step


Move = Setup | Turn


def _square(text: str) -> int:
    index = parse_square(text)
    if index is None:
        raise NotationError(f"{text.strip()!r} is not a square (use a1 to h4)")
    return index


def parse_move(text: str) -> Move:
    words = text.split()
    if words and words[0].lower() == "setup":
        return _parse_setup(words[1:])
    parts = text.split(",")
    if not text.strip():
        raise NotationError("an empty text is not a move")
    if len(parts) > MAX_SLIDES + 1:
        raise NotationError("a turn is at most two moves and a push, separated by commas")
    steps = []
    for part in parts:
        ends = part.split("-")
        if len(ends) != 2:
            raise NotationError(f"{part.strip()!r} should look like d3-e3")
        src, dst = _square(ends[0]), _square(ends[1])
        if src == dst:
            raise NotationError(f"{part.strip()!r} goes nowhere")
        steps.append((src, dst))
    src, dst = steps[-1]
    if dst - src not in STEPS:
        raise NotationError(
            f"the push {parts[-1].strip()!r} must go one square up, down, left or right"
        )
    return Turn(tuple(steps[:-1]), steps[-1])


def _parse_setup(tokens: list[str]) -> Setup:
    if not tokens:
        raise NotationError("a setup lists pieces and squares, e.g. setup Od3 Oc2 Od2 od4 od1")
    sides = set()
    pushers: set[int] = set()
    rounds: set[int] = set()
    for token in tokens:
        letter = token[0]
        if letter not in "OoXx" or len(token) < 2:
            raise NotationError(f"{token!r} should be a piece letter (O o X x) and a square")
        index = _square(token[1:])
        if index in pushers or index in rounds:
            raise NotationError(f"{square_name(index)} is given twice")
        sides.add(0 if letter in "Oo" else 1)
        (pushers if letter in "OX" else rounds).add(index)
    if len(sides) > 1:
        raise NotationError("a setup places one side's pieces: O and o, or X and x")
    return Setup(sides.pop(), frozenset(pushers), frozenset(rounds))


def format_move(move: Move) -> str:
    if isinstance(move, Setup):
        order = {index: n for n, index in enumerate(SQUARES)}
        placed = [
            PIECE_LETTERS[move.side, is_pusher] + square_name(index)
            for is_pusher, group in ((True, move.pushers), (False, move.rounds))
            for index in sorted(group, key=order.__getitem__)
        ]
        return " ".join(["setup", *placed])
    return ",".join(f"{square_name(a)}-{square_name(b)}" for a, b in (*move.slides, move.push))
