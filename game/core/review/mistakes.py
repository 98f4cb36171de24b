"""Learn from your mistakes: a player's answer to one of their judged moves, judged the way
the review judged the move itself (pure).

The review (``game.core.review.reviewing``) values a ply by the position each move makes, searched
with one budget and seen from the mover's side: ``before`` for the analyst's best move,
``after`` for the move played. An answer is one more move from the same position, so it is
valued the same way (the position it makes, the review's budget, the mover's side) and put
in the ply's place: ``PlyReview.judgement`` then says what the answer would have been, by the
very thresholds the move list uses. An answer is accepted when that judgement is none: less
than 5 points of win chance below the best move (a solo game: less than a point of its
expected final score), and no proven win given up. The best move itself, and the mistake
played again, need no search.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.protocol import Game
from game.core.review.analysis import Evaluation, Proof
from game.core.review.model import TURN_JOIN, PlyReview


def answer_moves(game: Game[Any, Any], entry: str) -> tuple[Any, ...]:
    """A ply's notation (a whole turn's moves joined by ``TURN_JOIN`` where a turn is
    several moves) as move values. Raises NotationError for text that is no move."""
    parts = entry.split(TURN_JOIN) if game.info.several_moves_a_turn else [entry]
    return tuple(game.parse_move(part) for part in parts)


def turn_over(game: Game[Any, Any], state: Any, seat: int) -> bool:
    """Whether an answer by ``seat`` that reached ``state`` is whole: the game is over, or
    the turn has passed (to the other player, or to the dice)."""
    return game.outcome(state) is not None or game.to_move(state) != seat


def known_answer(ply: PlyReview, move: str) -> PlyReview | None:
    """The answer judged without a search when the review already valued it (the best move,
    or the mistake played again), else None."""
    if move == ply.move:
        return ply
    if move == ply.best:
        return replace(ply, move=move, after=ply.before, after_proof=ply.proof, ended=False,
                       points_after=ply.points_before)
    return None


def judge_answer(ply: PlyReview, move: str, game: Game[Any, Any], state: Any,
                 verdict: Evaluation | None) -> PlyReview:
    """``ply`` with ``move`` played instead: ``state`` is the position the answer made and
    ``verdict`` the analyst's on it, searched with the review's budget (None when the answer
    ended the game, which its result then values). Its ``judgement`` is the answer's."""
    outcome = game.outcome(state)
    solo = game.info.players == 1
    if outcome is not None:
        if solo:
            raise ValueError("a solo game's move that ends it cannot be scored in points")
        won = 0.5 if outcome.winner is None else float(outcome.winner == ply.seat)
        return replace(ply, move=move, after=won, after_proof=None, ended=True)
    if verdict is None:
        raise ValueError("an answer that does not end the game needs the analyst's verdict")
    if solo:
        if verdict.points is None:
            raise ValueError("a solo game's analyst must give expected points")
        return replace(ply, move=move, after=verdict.value, after_proof=verdict.proof,
                       ended=False, points_after=verdict.points)
    if game.to_move(state) == ply.seat:
        return replace(ply, move=move, after=verdict.value, after_proof=verdict.proof,
                       ended=False)
    proof = None if verdict.proof is None else Proof(not verdict.proof.wins, verdict.proof.plies)
    return replace(ply, move=move, after=1.0 - verdict.value, after_proof=proof, ended=False)


def accepted(answer: PlyReview) -> bool:
    """Whether a judged answer is good enough: the review would not have remarked on it."""
    return answer.judgement is None
