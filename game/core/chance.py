"""Seeded chance that every machine and Python version agrees on.

Dice are chance *moves*: once rolled they are written in the record and never rolled again.
Seeds let two players face the same dice: the roll for chance event ``index`` of a game is
a pure function of (seed, index), derived with SHA-256 rather than ``random`` so that it can
never change with the interpreter.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seeded_choice(seed: str, index: int, outcomes: Sequence[tuple[T, float]]) -> T:
    """Pick one of ``outcomes`` (value, probability) for chance event ``index`` of ``seed``."""
    if not outcomes:
        raise ValueError("no chance outcomes to choose from")
    digest = hashlib.sha256(f"{seed}\x1f{index}".encode()).digest()
    point = int.from_bytes(digest[:8], "big") / 2.0**64
    total = sum(probability for _, probability in outcomes)
    running = 0.0
    for value, probability in outcomes:
        running += probability / total
        if point < running:
            return value
    return outcomes[-1][0]
