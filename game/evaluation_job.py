"""One position judged by its game's analyst in a worker process, so the UI never waits.

The sibling of the review job (``game.review_job``) for "learn from your mistakes": a
player's answer makes a position, and the analyst's verdict on it decides whether the answer
is good enough. A search in a thread would hold the interpreter lock against the frame loop,
so, as for the computer seats (``game.computer``), the analyst runs in its own process
(``game.workers``), started on first use and kept for the next answer (a player answers one
mistake after another: only the first waits for the process to start and import the game).
It receives plain data (the options, seed, start and moves of the match, and the budget),
re-plays them and sends back the ``Evaluation``. ``cancel`` ends the process at once; the
next ``start`` spawns a fresh one. It is the scene's ``Evaluator``
(``game.client.match.evaluation``).

Typical use from a scene::

    job = EvaluationJob("conquid")
    job.start(match, review.budget)    # the position the answer made
    verdict = job.poll()               # every frame; None while searching
    job.cancel()                       # the player moved on
    job.close()                        # when the scene exits
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from game import workers
from game.catalog import plugins
from game.client.match.evaluation import EvaluationError
from game.core.match import Match
from game.core.review.analysis import Analyst, Evaluation


@dataclass(frozen=True)
class _Request:
    match: workers.MatchRecord
    budget: int


def _serve(connection: Connection, game_id: str,
           loader: Callable[[], Analyst] | None) -> None:
    """The worker process: a verdict a request, or what went wrong (a string). The analyst
    is loaded for the first request and kept."""
    analyst: Analyst | None = None

    def judge(request: _Request) -> Evaluation:
        nonlocal analyst
        plugin = plugins()[game_id]
        if analyst is None:
            load = loader or plugin.analyst
            if load is None:
                raise LookupError(f"{plugin.info.title} has no analyst")
            analyst = load()
        match = request.match.replay(plugin.rules())
        return analyst.evaluate(match.state, request.budget)

    workers.serve(connection, judge, str)


class EvaluationJob(workers.KeptWorker):
    """One game's analyst in a worker process, judging a position without blocking."""

    def __init__(self, game_id: str, analyst: Callable[[], Analyst] | None = None) -> None:
        """``analyst``: a loader to use instead of the plug-in's (a module-level function:
        the worker process imports it by name)."""
        self.game_id = game_id
        self.analyst = analyst
        super().__init__()

    @property
    def busy(self) -> bool:
        return self._waiting

    def start(self, match: Match, budget: int) -> None:
        """Begin judging ``match``'s position within ``budget`` nodes (cancels any search)."""
        if match.game.info.id != self.game_id:
            raise ValueError(f"this job judges {self.game_id}, not {match.game.info.id}")
        if match.is_over:
            raise ValueError("the game is over: its result is the verdict")
        self.cancel()
        self._ensure_worker().send(_Request(workers.MatchRecord.of(match), budget))
        self._waiting = True

    def poll(self) -> Evaluation | None:
        """The verdict once ready (once only), else None; never blocks. Raises
        EvaluationError if the analyst failed or its process died."""
        reply = self._reply(EvaluationError, "the analyst's process stopped unexpectedly")
        if reply is None:
            return None
        if not isinstance(reply, Evaluation):
            raise EvaluationError(str(reply))
        return reply

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        return workers.start(_serve, f"evaluate-{self.game_id}", self.game_id, self.analyst)
