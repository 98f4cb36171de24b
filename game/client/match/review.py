"""What the replay scene needs from the computer's review, so any machinery can run it.

The composition root provides the real one (``game.review_job``: a worker process per
review); tests provide an instant one. The scene starts a review of the match it shows,
polls it every frame (never blocking: each poll says how many moves are done of how many and
holds the plies reviewed so far), stops it when the player asks or the scene closes (the
plies done are kept, and ``start`` with ``resume=status.review`` goes on from there), and
reads the result as a ``game.core.review.model.Review``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.core.match import Match
from game.core.review.model import Review


@dataclass(frozen=True)
class ReviewStatus:
    """What a review has done so far."""

    done: int
    """Moves (plies) reviewed, a stopped or resumed review's earlier ones included."""
    total: int
    """Moves (plies) in the game; 0 until the review has re-played the record."""
    running: bool
    finished: bool
    """The review is complete (``review.complete``)."""
    review: Review | None
    """The plies reviewed so far (the last ones of the game: a review works backwards),
    None before the first report."""
    error: str | None = None
    """Why the review failed, for people; None while all is well."""


class ReviewRunner(Protocol):
    """One game's review, running off the UI thread."""

    def start(self, match: Match, depth: str = "quick", resume: Review | None = None) -> None:
        """Begin reviewing ``match`` (stops any review running). ``resume``: a partial
        review of this game (same depth and analyst) to complete."""
        ...

    def poll(self) -> ReviewStatus:
        """What is done so far; never blocks."""
        ...

    def stop(self) -> None:
        """End the review at once, keeping the plies done."""
        ...

    def close(self) -> None: ...


class Reviews(Protocol):
    """The reviews on offer (a game whose plug-in has an ``analyst`` can be reviewed)."""

    def job(self, game_id: str) -> ReviewRunner: ...


class NoReviews:
    """For builds or tests without reviews."""

    def job(self, game_id: str) -> ReviewRunner:
        raise LookupError(f"no review for {game_id}")
