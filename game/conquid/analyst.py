"""The review's engine for Conquid, pure: a node budget, no clock, random numbers seeded by
the position (the same position always gets the same verdict).

It searches as the hard level does (``game.conquid.ai``): candidate moves scored two plies
deep, each against the opponent's best candidate reply. The score (the static race of chain
distances after that reply, for the side to move) becomes a win chance through the curve
fitted for the board size (``win_chance``). Proofs, exact:
  - wins in 1: the side to move owns a chain and declares conquest ("Q");
  - loses in 1: the opponent owns a chain that no conquer or vanquish breaks (an acquire
    never breaks one), so it declares conquest next turn whatever this side plays;
  - wins in 2: a candidate makes a chain the opponent cannot break (checked over every
    conquer and vanquish it has). Only the candidates are tried, so such a move outside them
    is missed, never wrongly claimed.
A proof that needs more moves than the house rules' turn limit leaves is none.

A node is a static evaluation, as the computer players count them.
"""

from __future__ import annotations

import random
from typing import Final

from game.conquid.ai import hard
from game.conquid.ai.candidates import breakers, has_chain
from game.conquid.ai.evaluate import TURN, WIN
from game.conquid.ai.position import Pos
from game.conquid.rules.board import PRESETS, Board
from game.conquid.rules.game import GAME, Conquest, ConquidState, conquest_available
from game.conquid.win_chance import CURVES
from game.core.player import Budget, Limit
from game.core.review.analysis import CurveAnalyst, Proof, Searched

VERSION: Final = "1"
QUICK_BUDGET: Final = 2_000
"""Static evaluations per evaluation in a quick review (docs/review.md)."""
DEEP_BUDGET: Final = 4 * QUICK_BUDGET
SCORE_CAP: Final = 10 * TURN
"""Scores beyond this many turns of the race say "decided" but prove nothing: capped, so
the curve is fitted on the race rather than on the search's win and loss markers."""


def board_name(board: Board) -> str:
    """The preset a board is, or the preset nearest it in cells (for a custom board)."""
    for name, shape in PRESETS.items():
        if shape == (board.rows, board.cols, board.base_size):
            return name
    return min(PRESETS, key=lambda name: abs(PRESETS[name][0] * PRESETS[name][1]
                                              - board.rows * board.cols))


def search(state: ConquidState, nodes: int) -> Searched:
    """The verdict on ``state`` (not over) within ``nodes``."""
    if conquest_available(state):
        return Searched(None, (GAME.format_move(Conquest()),), Proof(True, 1), 0)
    budget = Budget(Limit(nodes=nodes))
    pos = Pos.of(state)
    lost = has_chain(pos.board, 1 - pos.seat, pos.theirs) and not breakers(pos)
    decision = hard().choose(state, budget, random.Random(GAME.encode(state)))
    line = tuple(GAME.format_move(move) for move in decision.line or (decision.move,))
    if lost and _moves_left(state) >= 2:
        return Searched(None, line, Proof(False, 1), budget.nodes)
    score = float(decision.score if decision.score is not None else 0)
    if decision.depth == 2 and score >= WIN and len(decision.line) == 1 and _moves_left(state) >= 3:
        return Searched(None, line, Proof(True, 2), budget.nodes)
    return Searched(max(-SCORE_CAP, min(SCORE_CAP, score)), line, None, budget.nodes)


def _moves_left(state: ConquidState) -> int:
    """Moves before the house rules' turn limit draws the game (a great many without it)."""
    return state.turn_limit - state.ply if state.turn_limit else 1 << 30


ANALYST: Final = CurveAnalyst(VERSION, search, CURVES, QUICK_BUDGET,
                              lambda state: board_name(state.board))
"""Conquid's analyst, with a curve per board size (a custom board: the preset nearest it in
cells)."""
"""The analyst the plug-in loads."""
