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
from game.core.analysis import Analyst, Evaluation
from game.core.match import Match


@dataclass(frozen=True)
class _Request:
    options: dict[str, str | int | bool]
    seed: str | None
    start: str | None
    moves: tuple[str, ...]
    budget: int


def _serve(connection: Connection, game_id: str,
           loader: Callable[[], Analyst] | None) -> None:
    """The worker process: answer requests until told to stop (None) or the pipe closes."""
    analyst: Analyst | None = None
    while True:
        try:
            request = connection.recv()
        except EOFError:
            return
        if request is None:
            return
        try:
            plugin = plugins()[game_id]
            if analyst is None:
                load = loader or plugin.analyst
                if load is None:
                    raise LookupError(f"{plugin.info.title} has no analyst")
                analyst = load()
            game = plugin.rules()
            start = None if request.start is None else game.decode(request.start)
            match = Match(game, request.options, seed=request.seed, start=start)
            for text in request.moves:
                match.play_text(text)
            reply: Evaluation | str = analyst.evaluate(match.state, request.budget)
        except Exception as err:  # reported to the UI, which shows it; the worker lives on
            reply = f"{type(err).__name__}: {err}"
        connection.send(reply)


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
        request = _Request(
            options=dict(match.options),
            seed=match.seed,
            start=None if match.start is None else match.game.encode(match.start),
            moves=match.moves,
            budget=budget,
        )
        self._ensure_worker().send(request)
        self._waiting = True

    def poll(self) -> Evaluation | None:
        """The verdict once ready (once only), else None; never blocks. Raises
        EvaluationError if the analyst failed or its process died."""
        if not self._waiting or self._connection is None:
            return None
        try:
            if not self._connection.poll():
                if self._process is not None and not self._process.is_alive():
                    raise EOFError
                return None
            reply = self._connection.recv()
        except (EOFError, OSError):
            self._discard()
            raise EvaluationError("the analyst's process stopped unexpectedly") from None
        self._waiting = False
        if not isinstance(reply, Evaluation):
            raise EvaluationError(str(reply))
        return reply

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        return workers.start(_serve, f"evaluate-{self.game_id}", self.game_id, self.analyst)
