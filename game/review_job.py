"""The computer's review of a game, run in a worker process so the UI never waits for it.

As with the computer seats (``game.computer``), a search in a thread would hold the
interpreter lock against the frame loop, so the review runs in its own process (spawn
context). The process gets plain data (the game id, options, seed, moves, depth and any
partial review to complete), re-plays the record, and sends each ply back as soon as it is
reviewed (last ply first), so the UI holds every finished ply at all times. It is the
replay scene's ``ReviewRunner`` (``game.client.match.review``). ``stop`` ends the
process at once and keeps those plies; ``start`` again with ``resume=job.review`` goes on
from where it stopped. The job is UI-free: the replay scene polls it once a frame.

Typical use from a scene::

    job = ReviewJob("conquid")
    job.start(match, "quick")          # or resume=job.review after a stop
    status = job.poll()                # every frame: status.done of status.total
    if status.finished: review = status.review
    job.stop()                         # the player stops it (the plies done are kept)
    job.close()                        # when the scene exits
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from game import workers
from game.catalog import plugins
from game.client.match.review import ReviewStatus
from game.core.match import Match
from game.core.review.analysis import Analyst
from game.core.review.model import DEPTHS, PlyReview, Review
from game.core.review.reviewing import review_record


@dataclass(frozen=True)
class _Request:
    match: workers.MatchRecord
    depth: str
    resume: Review | None
    analyst: Callable[[], Analyst] | None


def _work(connection: Connection, request: _Request) -> None:
    """The worker process: re-play, review, and send each ply as it is done."""
    try:
        plugin = plugins()[request.match.game]
        load = request.analyst or plugin.analyst
        if load is None:
            raise LookupError(f"{plugin.info.title} has no analyst to review its games")
        analyst = load()
        match = request.match.replay(plugin.rules())

        def progress(done: int, total: int, ply: PlyReview) -> None:
            connection.send(("ply", ply))

        # a first review with nothing to go on says what it is before any ply is done
        empty = review_record(match, analyst, request.depth, resume=request.resume,
                              stop=lambda: True)
        connection.send(("begin", empty))
        review = review_record(match, analyst, request.depth, resume=empty,
                               progress=progress)
        connection.send(("done", review))
    except Exception as err:  # reported to the UI, which shows it
        connection.send(("error", f"{type(err).__name__}: {err}"))
    finally:
        connection.close()


class ReviewJob(workers.Worker):
    """One game's review in a worker process, started, polled and stopped by the UI (a
    process a review: nothing is kept between reviews)."""

    def __init__(self, game_id: str, analyst: Callable[[], Analyst] | None = None) -> None:
        """``analyst``: a loader to use instead of the plug-in's (a module-level function:
        the worker process imports it by name)."""
        self.game_id = game_id
        self.analyst = analyst
        super().__init__()
        self._head: Review | None = None
        """The review's description and the plies it started with."""
        self._plies: list[PlyReview] = []
        """Plies reviewed since, last first."""
        self._finished: Review | None = None
        self._error: str | None = None

    @property
    def running(self) -> bool:
        return self._connection is not None

    @property
    def review(self) -> Review | None:
        """Everything reviewed so far, complete or not (None before the first report)."""
        if self._finished is not None or self._head is None:
            return self._finished
        head = self._head
        return Review(head.engine, head.depth, head.budget, head.seats, head.total,
                      (*reversed(self._plies), *head.plies))

    def start(self, match: Match, depth: str = DEPTHS[0], resume: Review | None = None) -> None:
        """Begin reviewing ``match`` (stops any review running). ``resume``: a partial
        review of the same game, depth and analyst to complete, such as ``self.review``."""
        if match.game.info.id != self.game_id:
            raise ValueError(f"this job reviews {self.game_id}, not {match.game.info.id}")
        if depth not in DEPTHS:
            raise ValueError(f"unknown depth {depth!r}")
        self.stop()
        self._head, self._plies, self._finished, self._error = None, [], None, None
        request = _Request(workers.MatchRecord.of(match), depth, resume, self.analyst)
        self._process, self._connection = workers.start(
            _work, f"review-{self.game_id}", request, duplex=False)

    def poll(self) -> ReviewStatus:
        """What is done so far; reads every report waiting, never blocks."""
        connection = self._connection
        try:
            while connection is not None and connection.poll():
                self._take(connection.recv())
                connection = self._connection
        except (EOFError, OSError):
            self._error = self._error or "the review's process stopped unexpectedly"
            self._discard()
        review = self.review
        return ReviewStatus(
            done=0 if review is None else len(review.plies),
            total=0 if review is None else review.total,
            running=self.running,
            finished=self._finished is not None,
            review=review,
            error=self._error,
        )

    def stop(self) -> None:
        """End the review at once; the plies done are kept (``review``)."""
        self._discard()

    def _take(self, message: tuple[str, Any]) -> None:
        kind, value = message
        if kind == "begin":
            self._head = value
        elif kind == "ply":
            self._plies.append(value)
        elif kind == "done":
            self._finished = value
            self._discard()
        else:
            self._error = str(value)
            self._discard()
