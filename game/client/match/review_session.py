"""A replay's review of its game, without pygame: what the review panel and the move list show.

The session owns the review runner (``game.client.match.review``), polls it once a frame,
and turns the review into what the replay shows: one graph point per ply (an unreviewed one
sits on the middle line, so the graph keeps its scale while a review works backwards), a mark
per judged move, the next and previous mistake, and a better move's line to step through.
When a review ends (finished or stopped) it is handed to ``keep``, which stores it with the
game's file; a stored review comes in as ``StoredReview`` (stale or left out, with why).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.client.match.review import ReviewRunner, ReviewStatus
from game.core.errors import IllegalMoveError, NotationError
from game.core.match import Match
from game.core.protocol import MoveResult
from game.core.review.model import DEPTHS, TURN_JOIN, Judgement, PlyReview, Review
from game.core.review.reviewing import Span, StoredReview, spans


@dataclass(frozen=True)
class GraphPoint:
    """One ply on the graph: ``index`` is the replay position after it."""

    index: int
    value: float
    """The first seat's win chance after the ply (a solo game: its share of the best points
    the review knows of); 0.5 while the ply is not reviewed."""
    ply: PlyReview | None
    span: Span


@dataclass(frozen=True)
class BetterLine:
    """The analyst's line from the position before a move, re-played through the rules."""

    ply: PlyReview
    states: tuple[Any, ...]
    """The position before the move, then after each step of the line."""
    results: tuple[tuple[MoveResult[Any], ...], ...]
    """The moves each step made (several in a turn of several moves)."""
    steps: tuple[tuple[Any, ...], ...]
    """Each step's moves, parsed: the one drawn as the hint at ``states[i]`` is ``steps[i]``."""


class ReviewSession:
    """One replay's review: stored, running, stopped or finished."""

    def __init__(self, match: Match, runner: Callable[[], ReviewRunner],
                 stored: StoredReview | None = None,
                 keep: Callable[[Review], None] | None = None) -> None:
        """``runner`` makes the job when a review first starts; ``keep`` stores a review
        that ended (None: the game has no file, a Save writes it)."""
        self.match = match
        self._make_runner = runner
        self._runner: ReviewRunner | None = None
        self.keep = keep
        self.review: Review | None = None if stored is None else stored.review
        self.stale = stored is not None and stored.stale
        self.problem = None if stored is None else stored.problem
        """Why the file's review was left out (shown once the replay opens)."""
        self.depth = DEPTHS[0] if self.review is None else self.review.depth
        self.status: ReviewStatus | None = None
        self.error: str | None = None
        self.spans = spans(match)
        self._points: tuple[GraphPoint, ...] | None = None
        self.fallback: Review | None = None
        """The complete review a deeper one replaces: kept if the deeper one is stopped."""
        self.fell_back = False
        """The last run was a deeper review stopped, and the complete one came back."""

    # -- running -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.status is not None and self.status.running

    @property
    def complete(self) -> bool:
        return self.review is not None and self.review.complete and not self.stale

    @property
    def done(self) -> int:
        return 0 if self.review is None or self.stale else len(self.review.plies)

    @property
    def total(self) -> int:
        return len(self.spans)

    def next_action(self) -> str | None:
        """What starting the review does now: "review", "stop", "resume", "redo", "deep",
        or None when there is nothing more to do (a complete deep review)."""
        if self.running:
            return "stop"
        if self.stale:
            return "redo"
        if self.review is None or not self.review.plies:
            return "review"
        if not self.review.complete:
            return "resume"
        return "deep" if self.review.depth != DEPTHS[-1] else None

    def toggle(self) -> str | None:
        """Do ``next_action``; returns what was done."""
        action = self.next_action()
        if action == "stop":
            self.stop()
        elif action == "deep":
            self.start(DEPTHS[-1])
        elif action is not None:
            self.start(self.depth)
        return action

    def start(self, depth: str) -> None:
        """Start (or resume, when a partial review of this depth is held) the review."""
        resume = None
        self.fallback = None
        if self.review is not None and not self.stale and self.review.depth == depth \
                and not self.review.complete:
            resume = self.review
        else:
            if self.complete:
                self.fallback = self.review
            self.review, self.stale, self._points = None, False, None
        if self._runner is None:
            self._runner = self._make_runner()
        self.depth, self.error = depth, None
        self._runner.start(self.match, depth, resume)
        self.status = ReviewStatus(self.done, self.total, True, False, self.review)

    def stop(self) -> None:
        """Stop at once, keeping (and storing) the plies done."""
        if self._runner is None or not self.running:
            return
        self._runner.stop()
        self.poll()
        if self.running:  # a runner that reports its end only on the next poll
            self.status = ReviewStatus(self.done, self.total, False, False, self.review)
            self._ended()

    def poll(self) -> bool:
        """Take what the runner did since the last frame; True when anything changed."""
        if self._runner is None or not self.running:
            return False
        status = self._runner.poll()
        before = self.status
        changed = before is None or (status.done, status.running, status.error) != (
            before.done, before.running, before.error)
        self.status = status
        if status.review is not None and _grew(self.review, status.review):
            self.review, self._points = status.review, None
            changed = True
        if status.error is not None:
            self.error = status.error
        if not status.running:
            self._ended()
        return changed

    def _ended(self) -> None:
        self.fell_back = self.fallback is not None and not (
            self.review is not None and self.review.complete)
        if self.fell_back:
            self.review, self._points = self.fallback, None  # a stopped deeper review
        elif self.keep is not None and self.review is not None and self.review.plies:
            self.keep(self.review)
        self.fallback = None

    def close(self) -> None:
        if self._runner is not None:
            if self.running:
                self.stop()
            self._runner.close()
            self._runner = None

    # -- what the replay shows -----------------------------------------------------------

    def shown(self) -> Review | None:
        """The review to draw and judge by (a stale one too: it is marked as such)."""
        return self.review

    def points(self) -> tuple[GraphPoint, ...]:
        """One point per ply, unreviewed ones on the middle line."""
        if self._points is None:
            review = self.review
            best = 1.0
            if review is not None and review.seats == 1:
                best = max([1.0, *(max(p.points_before or 0.0, p.points_after or 0.0)
                                   for p in review.plies)])
            found = []
            for number, span in enumerate(self.spans, start=1):
                ply = None if review is None else review.at(number)
                value = 0.5
                if ply is not None:
                    value = ply.after_for(0) if ply.points_after is None \
                        else ply.points_after / best
                found.append(GraphPoint(span.first + span.count, value, ply, span))
            self._points = tuple(found)
        return self._points

    def marks(self) -> dict[int, Judgement]:
        """The judgement of each judged ply, on its last record move (the move list's line
        that leads to the position the ply made)."""
        if self.review is None:
            return {}
        return {ply.position_after - 1: ply.judgement for ply in self.review.plies
                if ply.judgement is not None}

    def ply_to(self, position: int) -> PlyReview | None:
        """The reviewed ply that made replay position ``position``."""
        if self.review is None:
            return None
        return next((ply for ply in self.review.plies if ply.position_after == position), None)

    def ply_shown(self, position: int) -> PlyReview | None:
        """The reviewed ply the position shown belongs to (its last move, or inside a turn
        of several moves)."""
        if self.review is None or position <= 0:
            return None
        return self.review.for_move(position - 1)

    def next_mistake(self, position: int, forward: bool = True) -> PlyReview | None:
        """The nearest judged ply of either side after (or before) ``position``."""
        if self.review is None:
            return None
        judged = self.review.judged()
        if forward:
            return next((ply for ply in judged if ply.position_after > position), None)
        return next((ply for ply in reversed(judged) if ply.position_after < position), None)

    def better_line(self, ply: PlyReview) -> BetterLine | None:
        """The analyst's line for ``ply`` re-played from the position before it, as far as
        the rules take it (None when it has no move)."""
        game = self.match.game
        state = self.match.state_at(ply.position_before)
        states, results, steps = [state], [], []
        for entry in ply.line:
            try:
                moves = tuple(game.parse_move(text) for text in entry.split(TURN_JOIN))
                made = []
                for move in moves:
                    result = game.apply(state, move)
                    made.append(result)
                    state = result.state
            except (NotationError, IllegalMoveError):
                break
            steps.append(moves)
            results.append(tuple(made))
            states.append(state)
            if game.outcome(state) is not None:
                break
        if not steps:
            return None
        return BetterLine(ply, tuple(states), tuple(results), tuple(steps))


def _grew(held: Review | None, new: Review) -> bool:
    """Whether a runner's report holds more than the review held (a running review only
    grows, so the plies' count says it without comparing them)."""
    return held is None or (len(new.plies), new.depth, new.engine) != (
        len(held.plies), held.depth, held.engine)
