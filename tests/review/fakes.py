"""A stand-in analyst and finished games for the review's tests (no real engine needed).

The fake's verdict is a hash of the position: deterministic, different from position to
position, and cheap, so the tests check the review's bookkeeping, not an engine's play.
"""

from __future__ import annotations

import random
import time
import zlib
from typing import Any

from game.catalog import all_games
from game.core.match import Match
from game.core.protocol import CHANCE, Game
from game.core.review.analysis import Evaluation, Proof

GAMES = all_games()


class FakeAnalyst:
    """Hash-valued verdicts; ``proofs`` maps an encoded position to a proof to report."""

    quick_budget = 3_000
    deep_budget = 12_000

    def __init__(self, game: Game[Any, Any], version: str = "fake 1") -> None:
        self.game = game
        self.version = version
        self.proofs: dict[str, Proof] = {}
        self.seen: list[tuple[str, int]] = []
        """Every search: the position and its budget, in order."""

    def evaluate(self, state: Any, budget: int) -> Evaluation:
        code = self.game.encode(state)
        self.seen.append((code, budget))
        digest = zlib.crc32(code.encode())
        move = self.game.random_move(state, random.Random(digest))
        line = () if move is None else (self.game.format_move(move),)
        proof = self.proofs.get(code)
        points = float(digest % 50) if self.game.info.players == 1 else None
        if proof is not None:
            return Evaluation(1.0 if proof.wins else 0.0, line, proof, points=points)
        return Evaluation((digest % 1000) / 1000, line, points=points)


def random_match(game_id: str, seed: int, limit: int = 400, **options: object) -> Match:
    """A game of random moves, to its end or ``limit`` moves."""
    game = GAMES.get(game_id)
    match = Match(game, options, seed="dice" if game.info.has_chance else None)
    rng = random.Random(seed)
    while not match.is_over and match.ply < limit:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(game.random_move(match.state, rng))
    return match


class SlowAnalyst(FakeAnalyst):
    """A fake that takes its time, for a job to be stopped half way."""

    def evaluate(self, state: Any, budget: int) -> Evaluation:
        time.sleep(0.05)
        return super().evaluate(state, budget)


def conquid_analyst() -> FakeAnalyst:
    """A job's analyst loader (module level: a worker process imports it by name)."""
    return FakeAnalyst(GAMES.get("conquid"))


def slow_conquid_analyst() -> FakeAnalyst:
    return SlowAnalyst(GAMES.get("conquid"))


def broken_analyst() -> FakeAnalyst:
    raise RuntimeError("no engine here")
