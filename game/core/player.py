"""The interface every computer player implements, whatever the game.

A player gets a state, a budget and a seeded random generator, and returns a decision: the
move and what it knows about it. The budget holds the only clock a player sees, injected by
the caller, so AI modules stay pure and a node-limited search is fully reproducible: the same
seed and node budget always give the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)

Clock = Callable[[], float]


@dataclass(frozen=True)
class Limit:
    """How much a player may think: seconds of wall time, search nodes, or both (first wins)."""

    time: float | None = None
    nodes: int | None = None


class Budget:
    """A limit being spent. Players call ``spend`` per node and stop when ``exhausted``."""

    def __init__(self, limit: Limit, clock: Clock | None = None) -> None:
        if limit.time is not None and clock is None:
            raise ValueError("a time limit needs a clock")
        self.limit = limit
        self.nodes = 0
        self._clock = clock
        self._deadline = clock() + limit.time if clock and limit.time is not None else None

    def spend(self, nodes: int = 1) -> None:
        self.nodes += nodes

    @property
    def exhausted(self) -> bool:
        if self.limit.nodes is not None and self.nodes >= self.limit.nodes:
            return True
        return (
            self._deadline is not None
            and self._clock is not None
            and self._clock() >= self._deadline
        )

    def fraction_left(self) -> float:
        """Between 0 and 1: how much of the tighter limit remains (1 when unlimited)."""
        fractions = [1.0]
        if self.limit.nodes:
            fractions.append(1 - self.nodes / self.limit.nodes)
        if self._deadline is not None and self._clock is not None and self.limit.time:
            fractions.append((self._deadline - self._clock()) / self.limit.time)
        return max(0.0, min(fractions))


@dataclass(frozen=True)
class Decision(Generic[M]):
    """A chosen move and, where the player has them, its search figures."""

    move: M
    score: float | None = None
    nodes: int = 0
    depth: int = 0
    line: tuple[M, ...] = ()
    """The principal line the player expects, starting with ``move``."""


class Player(Protocol[S_contra, M]):
    """A computer player of one game at one strength."""

    @property
    def name(self) -> str: ...

    def choose(self, state: S_contra, budget: Budget, rng: random.Random) -> Decision[M]:
        """Pick a move for the side to move in ``state`` (which is not over)."""
        ...


PlayerFactory = Callable[[], Player[S, M]]
