"""Whole turns as search steps: a beam search over one side's actions and casts.

A Piously turn is a sequence of moves (up to three actions, any spells, then the end of the
turn with or without a claim). ``plan_turns`` grows sequences move by move, keeps the
``width`` best positions at each depth (scored for the side to move, with the actions it has
left), and offers every position it kept as a place to end the turn, once per claim choice.
A sequence that wins is returned at once. Long cast lists (the Yeoman's, the Upset's, the
Stonemason's) are sampled with the caller's rng, so the search stays small and reproducible.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final, Protocol

from game.piously.ai.evaluate import ACTION, WIN, NeedCache, evaluate
from game.piously.rules import casting
from game.piously.rules.game import action_moves, end_moves, play
from game.piously.rules.moves import EndTurn, Move
from game.piously.rules.spellbook import (
    IMPRINT,
    LEAP,
    OPPORTUNIST,
    OVERWORK,
    PRIESTESS,
    PURIFY,
    SPELLS,
    YOKE,
)
from game.piously.rules.state import PiouslyState

CAST_SCAN: Final = 240
"""Casts of one spell listed before sampling (some spells have thousands of choices)."""
EVERY_CAST: Final = frozenset((PRIESTESS, PURIFY, IMPRINT, OPPORTUNIST, OVERWORK, LEAP, YOKE))
"""Spells with few choices, each one a hex or less: all are tried, never sampled, so a win
by a single aura (the Priestess's, the Purify's) is never left out of the search."""


class Spender(Protocol):
    """What the search needs of a budget."""

    def spend(self, nodes: int = 1) -> None: ...

    @property
    def exhausted(self) -> bool: ...


@dataclass(frozen=True)
class Shape:
    """How wide and deep a turn search looks."""

    width: int
    depth: int
    casts_per_spell: int


@dataclass(frozen=True)
class Plan:
    """A whole turn: its moves (the last one ends the turn or wins) and each move's result."""

    moves: tuple[Move, ...]
    states: tuple[PiouslyState, ...]
    score: float

    @property
    def final(self) -> PiouslyState:
        return self.states[-1]

    @property
    def wins(self) -> bool:
        return self.score >= WIN


@dataclass
class _Node:
    state: PiouslyState
    moves: tuple[Move, ...] = ()
    states: tuple[PiouslyState, ...] = ()
    score: float = 0.0


@dataclass
class TurnSearch:
    """One side's turn search; ``cache`` may be shared across searches of one decision."""

    shape: Shape
    budget: Spender
    rng: random.Random
    cache: NeedCache = field(default_factory=dict)

    def candidates(self, state: PiouslyState) -> Iterator[Move]:
        """The moves tried from ``state``: every action, and a sample of every spell's casts."""
        yield from action_moves(state)
        for spell in range(len(SPELLS)):
            if state.owners[spell] != state.to_move or state.has_cast(spell):
                continue
            found = list(itertools.islice(casting.casts(state, spell), CAST_SCAN))
            if spell not in EVERY_CAST and len(found) > self.shape.casts_per_spell:
                found = self.rng.sample(found, self.shape.casts_per_spell)
            yield from found

    def plans(self, state: PiouslyState, keep: int) -> list[Plan]:
        """Up to ``keep`` distinct turns for the side to move, best first (a win alone)."""
        seat = state.to_move
        beam = [_Node(state)]
        seen = {_key(state)}
        ends: list[_Node] = [beam[0]]
        for _depth in range(self.shape.depth):
            children: list[_Node] = []
            for node in beam:
                for move in self.candidates(node.state):
                    if self.budget.exhausted:
                        break
                    self.budget.spend()
                    after = play(node.state, move).state
                    key = _key(after)
                    if key in seen:
                        continue
                    seen.add(key)
                    score = evaluate(after, seat, self.cache)
                    child = _Node(after, (*node.moves, move), (*node.states, after), score)
                    if score >= WIN:
                        return [Plan(child.moves, child.states, WIN)]
                    if after.verdict is None:
                        child.score += ACTION * after.actions
                        children.append(child)
            if not children:
                break
            children.sort(key=lambda node: -node.score)
            beam = children[: self.shape.width]
            ends += beam
        return self._endings(ends, seat, keep)

    def _endings(self, ends: list[_Node], seat: int, keep: int) -> list[Plan]:
        """Each kept position ended with each claim choice, scored after the turn.

        Distinct positions come first, so the few plans a deeper search answers are not
        all one position with different claims: each position's best ending, and its ending
        without a claim (the safe one when a claim would arm the opponent); then the rest.
        """
        first: list[Plan] = []
        rest: list[Plan] = []
        done: set[tuple[object, ...]] = set()
        for node in ends:
            endings: list[Plan] = []
            for end in end_moves(node.state):
                after = play(node.state, end).state
                key = (*_key(after), after.owners)
                if key in done:
                    continue
                done.add(key)
                self.budget.spend()
                score = evaluate(after, seat, self.cache)
                endings.append(Plan((*node.moves, end), (*node.states, after), score))
            if not endings:
                continue
            best = max(endings, key=lambda plan: plan.score)
            plain = [plan for plan in endings if plan.moves[-1] == EndTurn() and plan is not best]
            first += [best, *plain]
            rest += [plan for plan in endings if plan is not best and plan not in plain]
        first.sort(key=lambda plan: -plan.score)
        rest.sort(key=lambda plan: -plan.score)
        return (first + rest)[:keep]


def _key(state: PiouslyState) -> tuple[object, ...]:
    return (state.temple, state.auras, state.objects, state.actions, state.cast)


class Measured(Spender, Protocol):
    """A budget that also says how much of it is left (a Budget, or a Portion of one)."""

    def fraction_left(self) -> float: ...


@dataclass(frozen=True)
class Share:
    """Part of a budget: spent from it, exhausted with it or once only ``reserve`` (a
    fraction) of it is left, so a search can leave the rest to a later stage."""

    budget: Measured
    reserve: float

    def spend(self, nodes: int = 1) -> None:
        self.budget.spend(nodes)

    @property
    def exhausted(self) -> bool:
        return self.budget.exhausted or self.budget.fraction_left() <= self.reserve


@dataclass
class Portion:
    """At most ``nodes`` of a budget: spent from it, exhausted with it or at its own cap, so
    one stage of a decision cannot starve the next."""

    budget: Measured
    nodes: int
    spent: int = 0

    def spend(self, nodes: int = 1) -> None:
        self.spent += nodes
        self.budget.spend(nodes)

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.nodes or self.budget.exhausted

    def fraction_left(self) -> float:
        """The fraction of its own nodes left. Not the budget's: that is a fraction of
        another whole (a portion taken when the budget is half spent would look half spent
        itself); the budget's end shows in ``exhausted``."""
        return max(0.0, 1 - self.spent / self.nodes) if self.nodes > 0 else 0.0
