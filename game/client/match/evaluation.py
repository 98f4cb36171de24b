"""What "learn from your mistakes" needs from the analyst: one position judged off the UI
thread, so any machinery can do it.

The composition root provides the real one (``game.evaluation_job``: a worker process per
game, kept for the next answer); tests provide an instant one. The scene starts the
evaluation of the position a player's answer made, polls it every frame (never blocking),
and cancels it when the player moves on or the scene closes.
"""

from __future__ import annotations

from typing import Protocol

from game.core.match import Match
from game.core.review.analysis import Evaluation


class EvaluationError(RuntimeError):
    """The analyst failed or its process died; the message is written for people."""


class Evaluator(Protocol):
    """One game's analyst, judging one position at a time off the UI thread."""

    def start(self, match: Match, budget: int) -> None:
        """Begin judging the position ``match`` is in now (not over) within ``budget``
        nodes; cancels any evaluation running."""
        ...

    def poll(self) -> Evaluation | None:
        """The verdict once ready (once only), else None; never blocks. Raises
        EvaluationError if the analyst failed."""
        ...

    def cancel(self) -> None:
        """Abandon the running evaluation, if any."""
        ...

    def close(self) -> None: ...


class Evaluations(Protocol):
    """The analysts on offer (a game whose plug-in has an ``analyst``)."""

    def evaluator(self, game_id: str) -> Evaluator:
        """Raises LookupError for a game without an analyst here."""
        ...


class NoEvaluations:
    """For builds or tests without analysts."""

    def evaluator(self, game_id: str) -> Evaluator:
        raise LookupError(f"no analyst for {game_id}")
