"""The Conquid computer players: random, easy, normal and hard.

Every level takes a winning conquest at once. Normal and hard, when the opponent already
owns a chain, only consider the conquers and vanquishes that break it (an acquire never
can). Otherwise normal scores a few dozen candidate moves one ply deep (each answered by
the opponent's best quiet conquer); hard searches two plies, min over the opponent's own
candidate replies, visiting its moves best-first so a spent budget still leaves a sound
choice. Work is counted in static evaluations (nodes), so a node budget is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from game.conquid.ai.candidates import bits, breakers, candidates, has_chain, plan_acquire
from game.conquid.ai.evaluate import WIN, quiet
from game.conquid.ai.position import Pos
from game.conquid.rules.game import (
    Acquire,
    Conquer,
    Conquest,
    ConquidState,
    Move,
    Vanquish,
    acquire_size,
    conquest_available,
    vanquish_corners,
)
from game.core.player import Budget, Decision

ConquidDecision = Decision[Move]


class RandomPlayer:
    """Every legal move equally likely (for measuring the others against)."""

    name = "random"

    def choose(self, state: ConquidState, budget: Budget, rng: random.Random) -> ConquidDecision:
        others: list[Move] = [Conquer()]
        if conquest_available(state):
            others.append(Conquest())
        others += [Vanquish(corner) for corner in vanquish_corners(state)]
        empties = state.empty_cells()
        needed = acquire_size(state)
        acquires = comb(len(empties), needed) if needed else 0
        budget.spend()
        pick = rng.randrange(len(others) + acquires)
        if pick < len(others):
            return Decision(others[pick], nodes=1)
        return Decision(Acquire(tuple(rng.sample(empties, needed))), nodes=1)


class EasyPlayer:
    """Races along its own cheapest chain; often plays a careless cell; never defends."""

    name = "easy"

    def __init__(self, blunder: float = 0.3) -> None:
        self.blunder = blunder

    def choose(self, state: ConquidState, budget: Budget, rng: random.Random) -> ConquidDecision:
        if conquest_available(state):
            return Decision(Conquest(), score=WIN)
        pos = Pos.of(state)
        budget.spend()
        if pos.conquer_gain().bit_count() >= 3:
            return Decision(Conquer(), nodes=budget.nodes)
        needed = acquire_size(state)
        if needed == 0:
            return Decision(Conquer(), nodes=budget.nodes)
        if rng.random() < self.blunder:
            board = state.board
            near = board.grow(pos.mine | board.base_masks[pos.seat]) & pos.empty
            pool = bits(near) if near.bit_count() >= needed else bits(pos.empty)
            cells = 0
            for cell in rng.sample(pool, needed):
                cells |= cell
        else:
            cells = plan_acquire(pos, "r", needed, rng, budget)
        return Decision(Acquire(tuple(state.board.cells_of(cells))), nodes=budget.nodes)


@dataclass(frozen=True)
class SearchPlayer:
    """Candidate generation plus a one- or two-ply search under the budget."""

    name: str
    plans: tuple[str, ...]
    reply_plans: tuple[str, ...] = ()
    """The opponent's candidate plans at the second ply; empty for a one-ply search."""

    def choose(self, state: ConquidState, budget: Budget, rng: random.Random) -> ConquidDecision:
        if conquest_available(state):
            return Decision(Conquest(), score=WIN, depth=1, line=(Conquest(),))
        pos = Pos.of(state)
        moves: Sequence[Move] = ()
        if has_chain(pos.board, 1 - pos.seat, pos.theirs):
            moves = breakers(pos)
        if not moves:
            moves = candidates(pos, self.plans, rng, budget)
        scored = self._shallow(pos, moves, budget)
        best_move, best_score = scored[0]
        line: tuple[Move, ...] = (best_move,)
        depth = 1
        if self.reply_plans and len(scored) > 1 and not budget.exhausted:
            deep = self._deep(pos, [move for move, _ in scored], budget, rng)
            if deep is not None:
                best_score, line = deep
                best_move, depth = line[0], 2
        return Decision(best_move, score=best_score, nodes=budget.nodes, depth=depth, line=line)

    def _shallow(
        self, pos: Pos, moves: Sequence[Move], budget: Budget
    ) -> list[tuple[Move, int]]:
        """Moves scored one ply deep, best first (stable, so ties keep generation order)."""
        scored: list[tuple[Move, int]] = []
        for move in moves:
            if scored and budget.exhausted:
                break
            value, nodes = quiet(pos.play(move))
            budget.spend(nodes)
            scored.append((move, -value))
        scored.sort(key=lambda item: -item[1])
        return scored

    def _deep(
        self, pos: Pos, moves: Sequence[Move], budget: Budget, rng: random.Random
    ) -> tuple[int, tuple[Move, ...]] | None:
        """Two-ply alpha-beta over ``moves`` (best-first); None if none finished in budget."""
        best: tuple[int, tuple[Move, ...]] | None = None
        for move in moves:
            child = pos.play(move)
            worst = self._worst_reply(child, budget, rng, -WIN - 1 if best is None else best[0])
            if worst is None:
                break
            value, reply = worst
            if best is None or value > best[0]:
                best = (value, (move,) if reply is None else (move, reply))
        return best

    def _worst_reply(
        self, child: Pos, budget: Budget, rng: random.Random, alpha: int
    ) -> tuple[int, Move | None] | None:
        """Our score after the opponent's best reply (None if the budget ran out first)."""
        budget.spend()
        if has_chain(child.board, child.seat, child.mine):
            return -WIN, Conquest()
        replies: Sequence[Move] = ()
        if has_chain(child.board, 1 - child.seat, child.theirs):
            replies = breakers(child)
            if not replies:
                return WIN, None
        if not replies:
            replies = candidates(child, self.reply_plans, rng, budget)
        worst: tuple[int, Move | None] = (WIN + 1, None)
        for reply in replies:
            if budget.exhausted:
                return None
            value, nodes = quiet(child.play(reply))
            budget.spend(nodes)
            if value < worst[0]:
                worst = (value, reply)
                if value <= alpha:
                    break
        return worst
