"""Computer players for Push Fight, pure: the budget carries the only clock they see.

Every level takes a win in one (a push-off, or leaving the opponent no push) and never pushes
its own piece off unless every turn does. Levels:
  - easy: a random turn among the non-suicidal ones.
  - normal: the best turn by a static evaluation (pieces beside open edges and holes, lines
    that threaten a push-off, room to move), skipping every turn that lets the opponent push
    one of its pieces off next turn when a turn that avoids it exists.
  - hard: the same evaluation searched two turns deep (every opponent reply to each of its
    best candidates, alpha-beta cut), refined by a third-turn check: a reply that leaves this
    side a push-off is scored as a win. Candidates are searched best first until the budget
    runs out.
Setups are random among the safe ones (no piece beside an open edge or a hole).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from game.core.player import Budget, Decision, Player
from game.pushfight.rules import engine
from game.pushfight.rules.board import DANGER, DANGER2, PACKED_BITS, VALID, bits, spread
from game.pushfight.rules.engine import EDGE_LINES, PACKED_MASK, Path, Step
from game.pushfight.rules.game import State
from game.pushfight.rules.notation import Move, Turn
from game.pushfight.rules.setups import random_setup

WIN: Final = 10_000.0
NEAR: Final = spread(DANGER) & VALID & ~DANGER
"""Squares one step from a danger square."""

_LINES_TO: Final[dict[int, list[tuple[int, int]]]] = {}
for _pusher, _line, _edge in EDGE_LINES:
    _LINES_TO.setdefault(_edge, []).append((_pusher, _line))


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (per piece unless said otherwise)."""

    danger: float = 3.0
    corner: float = 3.0
    near: float = 0.7
    threat: float = 4.0
    mobility: float = 0.15


WEIGHTS: Final = Weights()


def _threats(mine: int, msq: int, opp: int, occ: int, anchor_bit: int) -> int:
    """Full lines ending in an opponent's piece at an open edge that ``mine`` could push from
    (a square piece already behind the line, or an empty square one could slide to)."""
    count = 0
    for edge_bit in _each_bit(opp & DANGER):
        for pusher, line in _LINES_TO.get(edge_bit, ()):
            usable = msq & pusher or not occ & pusher
            if usable and occ & line == line and not (line | pusher) & anchor_bit:
                count += 1
    return count


def _each_bit(mask: int) -> list[int]:
    return [1 << index for index in bits(mask)]


def evaluate(packed: int, anchor: int, me: int, weights: Weights = WEIGHTS) -> float:
    """A static score of a position for ``me`` (higher is better), whoever is to move."""
    white, brown, squares = engine.unpack(packed)
    mine, opp = (white, brown) if me == 0 else (brown, white)
    occ = white | brown
    free = VALID & ~occ
    anchor_bit = 1 << anchor
    score = weights.danger * ((opp & DANGER).bit_count() - (mine & DANGER).bit_count())
    score += weights.corner * ((opp & DANGER2).bit_count() - (mine & DANGER2).bit_count())
    score += weights.near * ((opp & NEAR).bit_count() - (mine & NEAR).bit_count())
    score += weights.threat * (
        _threats(mine, mine & squares, opp, occ, anchor_bit)
        - _threats(opp, opp & squares, mine, occ, anchor_bit)
    )
    score += weights.mobility * (
        (spread(mine) & free).bit_count() - (spread(opp) & free).bit_count()
    )
    return score


@dataclass(frozen=True)
class Options:
    """A position's turns, sorted out for choosing."""

    turns: dict[int, tuple[Path, Step]]
    wins: list[int]
    safe: list[int]
    """Turns that do not push one's own piece off (all turns if every one does)."""


def survey(state: State) -> Options:
    """Every distinct turn, with the winning ones and the non-suicidal ones picked out."""
    me = state.to_move
    turns = engine.successor_turns(state.packed, state.anchor, me)
    wins: list[int] = []
    safe: list[int] = []
    for result in turns:
        fell = engine.fallen(state.packed, result & PACKED_MASK)
        if fell == 1 - me:
            wins.append(result)
        elif fell < 0:
            safe.append(result)
    if not wins:
        wins = [r for r in safe if not engine.has_push(r & PACKED_MASK, r >> PACKED_BITS, 1 - me)]
    return Options(turns, wins, safe or list(turns))


def _turn(options: Options, result: int) -> Turn:
    slides, push = options.turns[result]
    return Turn(slides, push)


def _setup_decision(state: State, rng: random.Random) -> Decision[Move]:
    return Decision(random_setup(state.to_move, rng, safe=True))


def _opponent_wins_next(result: int, me: int) -> bool:
    return engine.can_push_off(result & PACKED_MASK, result >> PACKED_BITS, 1 - me)


class _Player:
    """What every level does first: set up at random, or take a win in one (``win`` says
    which); else it picks among the turns there are (``pick``)."""

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Decision[Move]:
        if state.in_setup:
            return _setup_decision(state, rng)
        options = survey(state)
        budget.spend(len(options.turns))
        if options.wins:
            return Decision(_turn(options, self.win(options, rng)), WIN, budget.nodes, 1)
        return self.pick(state.to_move, options, budget, rng)

    def win(self, options: Options, rng: random.Random) -> int:
        return options.wins[0]

    def pick(self, me: int, options: Options, budget: Budget,
             rng: random.Random) -> Decision[Move]:
        raise NotImplementedError


class EasyPlayer(_Player):
    """Random among the turns that do not push its own piece off; takes a win in one."""

    name = "easy"

    def win(self, options: Options, rng: random.Random) -> int:
        return rng.choice(options.wins)

    def pick(self, me: int, options: Options, budget: Budget,
             rng: random.Random) -> Decision[Move]:
        return Decision(_turn(options, rng.choice(options.safe)), None, budget.nodes, 1)


def _ranked(options: Options, me: int, rng: random.Random) -> list[tuple[float, int]]:
    """Non-suicidal results by static score, best first (a little noise breaks ties)."""
    scored = [
        (evaluate(r & PACKED_MASK, r >> PACKED_BITS, me) + rng.random() * 0.01, r)
        for r in options.safe
    ]
    scored.sort(reverse=True)
    return scored


class NormalPlayer(_Player):
    """One-turn greedy on the static evaluation, never handing the opponent a win in one."""

    name = "normal"

    def pick(self, me: int, options: Options, budget: Budget,
             rng: random.Random) -> Decision[Move]:
        ranked = _ranked(options, me, rng)
        for score, result in ranked:
            budget.spend()
            if not _opponent_wins_next(result, me):
                return Decision(_turn(options, result), score, budget.nodes, 1)
        score, result = ranked[0]
        return Decision(_turn(options, result), -WIN, budget.nodes, 1)


class HardPlayer(_Player):
    """Two-turn alpha-beta over the best candidates, with a push-off check on the third."""

    name = "hard"

    def pick(self, me: int, options: Options, budget: Budget,
             rng: random.Random) -> Decision[Move]:
        ranked = _ranked(options, me, rng)
        best: tuple[float, int] | None = None
        fallback = ranked[0]
        cost = 0.0  # the share of the budget the last candidate took: keep, never overrun
        for static, result in ranked:
            if budget.exhausted or (best is not None and budget.fraction_left() < cost):
                if best is not None:
                    break
                # out of time before any reply was searched: answer as the normal level does
                if not _opponent_wins_next(result, me):
                    best = (static, result)
                    break
                continue
            budget.spend()
            if _opponent_wins_next(result, me):
                continue
            alpha = best[0] if best else -WIN
            before = budget.fraction_left()
            value = _worst_reply(result, me, alpha, budget)
            cost = before - budget.fraction_left()
            if best is None or value > best[0]:
                best = (value, result)
                if value >= WIN:
                    break
        if best is None:
            return Decision(_turn(options, fallback[1]), -WIN, budget.nodes, 1)
        return Decision(_turn(options, best[1]), best[0], budget.nodes, 2)


def _worst_reply(result: int, me: int, alpha: float, budget: Budget) -> float:
    """The value for ``me`` of the opponent's best reply to ``result`` (a lower bound on it
    once that is at most ``alpha``: the candidate is cut)."""
    packed, anchor = result & PACKED_MASK, result >> PACKED_BITS
    replies = engine.successors(packed, anchor, 1 - me)
    budget.spend(len(replies))
    scored = []
    for reply in replies:
        after = reply & PACKED_MASK
        if engine.fallen(packed, after) >= 0:
            continue  # pushing its own piece off: never the opponent's best reply
        scored.append((evaluate(after, reply >> PACKED_BITS, me), reply))
    if not scored:
        return WIN
    scored.sort()
    worst = WIN
    for static, reply in scored:
        if static >= worst:
            break
        budget.spend()
        punished = engine.can_push_off(reply & PACKED_MASK, reply >> PACKED_BITS, me)
        value = WIN if punished else static
        worst = min(worst, value)
        if worst <= alpha:
            break
    return worst


LEVELS: Final[dict[str, Callable[[], Player[State, Move]]]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
