"""The review's engine for Push Fight, pure: a node budget, no clock, no random numbers.

It searches as the hard level does (``game.pushfight.ai``): every turn, the best by the
static evaluation first, each answered by the opponent's best reply, a reply that leaves this
side a push-off counting as a win. The score is this side's static evaluation after that
reply, made a win chance by the fitted curve (``win_chance``). Proofs, each checked over
every move it needs:
  - wins in 1: a turn pushes an opponent's piece off or leaves them no push;
  - wins in 2: a turn after which the opponent can push nothing off, and every reply either
    pushes its own piece off or leaves this side a push-off;
  - loses in 1: every turn pushes one's own piece off or lets the opponent push one off.
The house rules' turn limit is respected (a proof that needs more turns than are left is
none); repetition draws are not looked at (a reply that repeats a position a third time
could draw a "wins in 2"). Setup positions are not judged: their verdict is an even chance
and no line.

A node is a position made or scored, as the computer players count them.
"""

from __future__ import annotations

from typing import Final

from game.core.player import Budget, Limit
from game.core.review.analysis import CurveAnalyst, Proof, Searched
from game.pushfight.ai import WIN, evaluate, survey
from game.pushfight.info import SETUP_PLIES
from game.pushfight.rules import engine
from game.pushfight.rules.board import PACKED_BITS
from game.pushfight.rules.engine import PACKED_MASK
from game.pushfight.rules.game import GAME, State
from game.pushfight.rules.notation import Turn
from game.pushfight.win_chance import CURVES

VERSION: Final = "1"
QUICK_BUDGET: Final = 40_000
"""Nodes per evaluation in a quick review (docs/review.md)."""
DEEP_BUDGET: Final = 4 * QUICK_BUDGET


def search(state: State, nodes: int) -> Searched:
    """The verdict on ``state`` (not over) within ``nodes``."""
    if state.in_setup:
        return Searched(None, (), None, 0)
    budget = Budget(Limit(nodes=nodes))
    me = state.to_move
    options = survey(state)
    budget.spend(len(options.turns))
    if options.wins:
        return Searched(None, (_text(options.turns[options.wins[0]]),), Proof(True, 1),
                        budget.nodes)
    ranked = sorted(
        ((evaluate(r & PACKED_MASK, r >> PACKED_BITS, me), r) for r in options.safe),
        key=lambda pair: (-pair[0], pair[1]),
    )
    budget.spend(len(ranked))
    alive = [(static, r) for static, r in ranked if not _opponent_pushes_off(r, me)]
    budget.spend(len(ranked))
    if not alive and _turns_left(state) >= 2:  # every turn falls off or lets a push-off
        return Searched(None, (_text(options.turns[ranked[0][1]]),), Proof(False, 1),
                        budget.nodes)
    best: tuple[float, int, int | None] | None = None
    for _, result in alive or ranked[:1]:
        if best is not None and budget.exhausted:
            break
        value, reply = _worst_reply(result, me, -WIN if best is None else best[0], budget)
        if best is None or value > best[0]:
            best = (value, result, reply)
            if value >= WIN:
                break
    assert best is not None
    value, result, reply = best
    line: tuple[str, ...] = (_text(options.turns[result]),)
    if reply is not None:
        line += (_reply_text(result, reply, 1 - me),)
    if value >= WIN and _turns_left(state) >= 2:
        return Searched(None, line, Proof(True, 2), budget.nodes)
    return Searched(max(-WIN, min(WIN, value)), line, None, budget.nodes)


def _worst_reply(result: int, me: int, alpha: float, budget: Budget) -> tuple[float, int | None]:
    """The value for ``me`` of the opponent's best reply to ``result`` and that reply (a bound
    at most ``alpha`` once the candidate is cut). WIN when every reply loses: pushes its own
    piece off or leaves ``me`` a push-off (a reply None then, or one of them)."""
    packed, anchor = result & PACKED_MASK, result >> PACKED_BITS
    replies = engine.successors(packed, anchor, 1 - me)
    budget.spend(len(replies))
    scored = sorted(
        (evaluate(after & PACKED_MASK, after >> PACKED_BITS, me), after)
        for after in replies
        if engine.fallen(packed, after & PACKED_MASK) < 0
    )
    worst: tuple[float, int | None] = (WIN, scored[0][1] if scored else None)
    for static, reply in scored:
        if static >= worst[0]:
            break
        budget.spend()
        if engine.can_push_off(reply & PACKED_MASK, reply >> PACKED_BITS, me):
            continue
        worst = (static, reply)
        if static <= alpha:
            break
    return worst


def _opponent_pushes_off(result: int, me: int) -> bool:
    return engine.can_push_off(result & PACKED_MASK, result >> PACKED_BITS, 1 - me)


def _turns_left(state: State) -> int:
    """Turns before the house rules' turn limit draws the game (a great many without it)."""
    if not state.turn_limit:
        return 1 << 30
    return state.turn_limit - (state.ply - SETUP_PLIES)


def _text(turn: tuple[engine.Path, engine.Step]) -> str:
    return GAME.format_move(Turn(*turn))


def _reply_text(result: int, reply: int, side: int) -> str:
    turns = engine.successor_turns(result & PACKED_MASK, result >> PACKED_BITS, side)
    return _text(turns[reply])


ANALYST: Final = CurveAnalyst(VERSION, search, CURVES, QUICK_BUDGET)
"""The analyst the plug-in loads."""
