"""Computer seats for the client: any game's player thinking in a worker process.

The UI thread must never wait for a search, and a Python search in a thread would still
hold the GIL against the frame loop, so the player runs in a separate process (spawn
context: the same on Linux, macOS and Windows, and safe under PyInstaller once the entry
point calls ``multiprocessing.freeze_support()``). The process is started on first use and
kept for later moves. It receives only plain data: the game id, options, seed and the
match's move list, re-plays them to rebuild the position, and sends the decision back as
notation. ``cancel`` stops a search at once by ending the process (SIGKILL: a process that
was stopped, with SIGSTOP or a debugger, never acts on a polite request); the next ``start``
spawns a fresh one.

A watchdog: a search that has not answered ``PATIENCE`` seconds past its time budget (the
process stopped, or hung) makes the seat ``stalled``, so the scene can say so and offer a
restart or a person in the seat, instead of "thinking" forever.

Typical use from a scene::

    seat = ComputerSeat("conquid", "hard")
    seat.start(match)                  # when the computer's turn begins
    decision = seat.poll()             # every frame; None while thinking
    if decision: match.play(decision.move)
    seat.cancel()                      # on undo, new game or leaving the scene
    seat.close()                       # when the scene exits
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Final

from game import workers
from game.arena import computer_levels, default_limits
from game.catalog import all_games
from game.core.match import Match
from game.core.player import Budget, Decision, Limit
from game.core.protocol import CHANCE

HINT_LEVEL: Final = "normal"
FALLBACK_LIMIT: Final = Limit(time=1.0)
PATIENCE: Final = 10.0
"""Seconds past a search's time budget before the seat is ``stalled``: a fresh worker must
start, import the game and re-play a long match before it thinks (a second or two)."""
NODES_SECONDS: Final = 10.0
"""The time budget assumed for a search limited by nodes only."""


class ComputerError(RuntimeError):
    """The computer player failed or its process died; the message says what happened."""


@dataclass(frozen=True)
class _Request:
    match: workers.MatchRecord
    level: str
    limit: Limit
    rng_seed: str


def _think(request: _Request) -> dict[str, Any]:
    """Rebuild the position and choose a move (runs in the worker process)."""
    game = all_games().get(request.match.game)
    match = request.match.replay(game)
    player = computer_levels(request.match.game)[request.level]()
    budget = Budget(request.limit, time.perf_counter)
    decision = player.choose(match.state, budget, random.Random(request.rng_seed))
    return {
        "move": game.format_move(decision.move),
        "score": decision.score,
        "nodes": decision.nodes,
        "depth": decision.depth,
        "line": [game.format_move(move) for move in decision.line],
    }


def _serve(connection: Connection) -> None:
    """The worker process: a decision a request, or what went wrong (``error``)."""
    workers.serve(connection, _think, lambda message: {"error": message})


class ComputerSeat(workers.KeptWorker):
    """One computer player of one game, thinking in its own process without blocking."""

    def __init__(
        self, game_id: str, level: str, limit: Limit | None = None, seed: str = "0"
    ) -> None:
        levels = computer_levels(game_id)
        if level not in levels:
            raise ValueError(f"{game_id} has no computer level {level!r}")
        self.game_id = game_id
        self.level = level
        self.limit = limit or default_limits(game_id).get(level, FALLBACK_LIMIT)
        self.seed = seed
        super().__init__()
        self._deadline = 0.0
        """When a search running now is overdue (``time.monotonic``)."""
        self._game = all_games().get(game_id)

    @property
    def busy(self) -> bool:
        """Whether a search is running."""
        return self._waiting

    @property
    def stalled(self) -> bool:
        """Whether the running search is far past its budget without an answer."""
        return self._waiting and time.monotonic() > self._deadline

    def start(self, match: Match, level: str | None = None) -> None:
        """Begin choosing a move for the side to move in ``match`` (cancels any search)."""
        if match.game.info.id != self.game_id:
            raise ValueError(f"this seat plays {self.game_id}, not {match.game.info.id}")
        if match.is_over:
            raise ValueError("the game is over")
        if match.to_move == CHANCE:
            raise ValueError("the dice are to be rolled, not chosen")
        level = level or self.level
        limit = self.limit if level == self.level else default_limits(self.game_id).get(
            level, FALLBACK_LIMIT
        )
        self.cancel()
        request = _Request(workers.MatchRecord.of(match), level, limit,
                           rng_seed=f"{self.seed}/{match.ply}")
        self._ensure_worker().send(request)
        self._waiting = True
        budget = limit.time if limit.time is not None else NODES_SECONDS
        self._deadline = time.monotonic() + budget + PATIENCE

    def hint(self, match: Match) -> None:
        """Begin choosing a suggestion for the side to move, at the normal level."""
        levels = computer_levels(self.game_id)
        self.start(match, HINT_LEVEL if HINT_LEVEL in levels else self.level)

    def poll(self) -> Decision[Any] | None:
        """The decision once ready (once only), else None. Never blocks.

        Raises ComputerError if the player failed or its process died.
        """
        reply = self._reply(ComputerError, "the computer player's process stopped unexpectedly")
        if reply is None:
            return None
        if "error" in reply:
            raise ComputerError(str(reply["error"]))
        parse = self._game.parse_move
        return Decision(
            move=parse(reply["move"]),
            score=reply["score"],
            nodes=reply["nodes"],
            depth=reply["depth"],
            line=tuple(parse(text) for text in reply["line"]),
        )

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        return workers.start(_serve, f"computer-{self.game_id}")
