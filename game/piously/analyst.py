"""The review's engine for Piously, pure: a node budget, no clock, random numbers seeded by
the position (the same position always gets the same verdict).

A Piously turn is several moves (a record ply is one action, cast or end of turn), and the
review judges whole turns: it asks for the verdict at the start of a turn and at the start
of the next one. So the first entry of ``line`` is the WHOLE rest of the turn from the
position asked about, its moves in the record's notation joined by ``"; "`` (``TURN_JOIN``),
ending with the end of the turn (and its claim) or with the winning move; a played turn is
written the same way (``turn_text``) to be compared with it. Asked in the middle of a turn,
the analyst judges the rest of that turn.

It plans as the hard level does (``game.piously.ai.players``), with its share of nodes cut
to the budget: first the complete search for a win this turn (``wins.find_win``), then
random plays of the turn when that search neither found a win nor proved there is none;
failing a win, the best turns by a beam search, each answered by the opponent's best turn
and followed by this side's best turn after it, scored at the end of that third turn. The
score (the evaluation's units: ``ACTION`` per action from winning) becomes a win chance
through the fitted curve (``win_chance``). The one proof is "wins in 1": a winning line of
this turn, played through the rules. A loss is never proven (the opponent's answers are
searched only after the turns worth most). Positions before play (the temple, the pieces)
are not judged: their verdict is an even chance and no line.

A node is a position played, as the computer players count them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from game.core.player import Budget, Limit
from game.core.review.analysis import CurveAnalyst, Proof, Searched
from game.piously.ai import HARD_KEEP, HARD_REPLIES, HARD_SHAPE
from game.piously.ai.evaluate import WIN
from game.piously.ai.players import PlanningPlayer
from game.piously.rules.game import GAME
from game.piously.rules.moves import Move
from game.piously.rules.position import encode
from game.piously.rules.state import Phase, PiouslyState
from game.piously.win_chance import CURVES

VERSION: Final = "1"
QUICK_BUDGET: Final = 12_000
"""Positions per evaluation in a quick review (docs/review.md)."""
DEEP_BUDGET: Final = 4 * QUICK_BUDGET
TURN_JOIN: Final = "; "
SCORE_CAP: Final = 100.0
"""Scores beyond this (25 actions) are the search's win and loss markers, not proofs:
capped, so the curve is fitted on the evaluation rather than on them."""
SHARES: Final = {"win": 0.3, "near_win": 0.2, "sample": 0.1, "answer": 0.02, "threat": 0.05,
                 "plan": 0.3}
"""Each stage's share of the budget, in the proportions of the hard level's own nodes."""


def turn_text(moves: Iterable[Move]) -> str:
    """A whole turn (or the rest of one) as one entry of a line."""
    return TURN_JOIN.join(GAME.format_move(move) for move in moves)


def planner(nodes: int) -> PlanningPlayer:
    """The hard level's planning with each stage's nodes a share of ``nodes``."""

    def share(stage: str) -> int:
        return max(1, int(nodes * SHARES[stage]))

    return PlanningPlayer(
        "analyst",
        HARD_SHAPE,
        HARD_REPLIES,
        keep=HARD_KEEP,
        reserve=0.25,
        win_nodes=share("win"),
        near_win_nodes=share("near_win"),
        sample_nodes=share("sample"),
        answer_nodes=share("answer"),
        threat_nodes=share("threat"),
        plan_nodes=share("plan"),
    )


def search(state: PiouslyState, nodes: int) -> Searched:
    """The verdict on ``state`` (not over) within ``nodes``."""
    if state.phase is not Phase.PLAY:
        return Searched(None, (), None, 0)
    budget = Budget(Limit(nodes=nodes))
    decision = planner(nodes).choose(state, budget, random.Random(encode(state)))
    line = (turn_text(decision.line),)
    score = decision.score if decision.score is not None else 0.0
    if decision.depth == 1 and score >= WIN and _wins(state, decision.line):
        return Searched(None, line, Proof(True, 1), budget.nodes)
    return Searched(max(-SCORE_CAP, min(SCORE_CAP, score)), line, None, budget.nodes)


def _wins(state: PiouslyState, moves: Iterable[Move]) -> bool:
    """Whether ``moves`` played from ``state`` win it for the side to move."""
    seat = state.to_move
    for move in moves:
        state = GAME.apply(state, move).state
    return state.verdict is not None and state.verdict.winner == seat


ANALYST: Final = CurveAnalyst(VERSION, search, CURVES, QUICK_BUDGET)
"""The analyst the plug-in loads."""
