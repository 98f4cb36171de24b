"""Push Fight setups: each side's half, the safe squares, the standard and random setups."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Final

from game.pushfight.rules.board import DANGER, HALVES, SQUARES, parse_square
from game.pushfight.rules.notation import Setup

PUSHERS: Final = 3
ROUNDS: Final = 2


def half_squares(side: int) -> tuple[int, ...]:
    """The 13 squares a side sets up on, in reading order."""
    return tuple(i for i in SQUARES if HALVES[side] >> i & 1)


def safe_squares(side: int) -> tuple[int, ...]:
    """The squares of a side's half with no open edge or hole beside them."""
    return tuple(i for i in half_squares(side) if not DANGER >> i & 1)


def _named_setup(side: int, pushers: str, rounds: str) -> Setup:
    def squares(names: str) -> frozenset[int]:
        return frozenset(i for i in (parse_square(n) for n in names.split()) if i is not None)

    return Setup(side, squares(pushers), squares(rounds))


STANDARD: Final = (
    _named_setup(0, "c2 d2 d3", "d1 d4"),
    _named_setup(1, "e2 e3 f3", "e1 e4"),
)
"""Four pieces on the centre files, the fifth behind; Brown's is White's turned round."""


def standard_setup(side: int) -> Setup:
    return STANDARD[side]


def random_setup(side: int, rng: random.Random, safe: bool = True) -> Setup:
    """A random setup for ``side``; ``safe`` keeps every piece off the danger squares."""
    chosen = rng.sample(safe_squares(side) if safe else half_squares(side), PUSHERS + ROUNDS)
    return Setup(side, frozenset(chosen[:PUSHERS]), frozenset(chosen[PUSHERS:]))


def all_setups(side: int) -> Iterator[Setup]:
    """Every setup of ``side`` (12,870), lazily."""
    for five in itertools.combinations(half_squares(side), PUSHERS + ROUNDS):
        for three in itertools.combinations(five, PUSHERS):
            yield Setup(side, frozenset(three), frozenset(five) - frozenset(three))
