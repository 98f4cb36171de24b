"""A finished game judged move by move: the review's data model (pure, no engine in it).

A review is a tuple of ``PlyReview``, one per *ply*: one player's whole turn, which is one
record move in most games and several in a game whose turn is several moves
(``GameInfo.several_moves_a_turn``, Piously's actions). Dice rolls and meta moves (a
resignation, a draw) are no ply: nobody chose them. Each ply knows the record moves it spans
(``first``, ``count``), so the replay can step to it.

Values are the *mover's*: its win chance with the analyst's best move (``before``) and after
the move it played (``after``), the positions the two moves make searched alike (same budget,
same side to move; ``game.core.review.reviewing``). The judgement follows
lichess: a drop of 5, 10 or 15 points of win chance is an inaccuracy, a mistake or a blunder,
and a proven win given up is a missed win. A solo game (Forts and Ruins) has no opponent to
win against: its values are expected final points and its judgements come from the points
lost (``POINT_THRESHOLDS``). ``docs/review.md`` explains all of it for players.

A review may be partial: a review works from the last move backwards, so what is done is the
last plies of the game (``Review.first_ply`` onwards) and stopping keeps them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from game.core.review.accuracy import game_accuracy, move_accuracy
from game.core.review.analysis import Proof

TURN_JOIN: Final = "; "
"""How a ply of several record moves is written (as the analysts write a Piously turn)."""
DEPTHS: Final = ("quick", "deep")
"""The review's depths, quick first (the default)."""


class Judgement(enum.Enum):
    """What a move was, when it was worth a remark. Values are stored and printed."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    MISSED_WIN = "missed-win"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def symbol(self) -> str:
        """The mark beside the move, as in chess annotation ("?!", "?", "??")."""
        return _SYMBOLS[self]


_LABELS: Final = {Judgement.INACCURACY: "Inaccuracy", Judgement.MISTAKE: "Mistake",
                  Judgement.BLUNDER: "Blunder", Judgement.MISSED_WIN: "Missed win"}
_SYMBOLS: Final = {Judgement.INACCURACY: "?!", Judgement.MISTAKE: "?",
                   Judgement.BLUNDER: "??", Judgement.MISSED_WIN: "??"}

_RANK: Final = {Judgement.INACCURACY: 1, Judgement.MISTAKE: 2, Judgement.BLUNDER: 3,
                 Judgement.MISSED_WIN: 3}

THRESHOLDS: Final = ((0.15, Judgement.BLUNDER), (0.10, Judgement.MISTAKE),
                     (0.05, Judgement.INACCURACY))
"""Win chance lost (0-1) from which a move is each judgement, worst first (lichess's)."""
POINT_THRESHOLDS: Final = ((4.0, Judgement.BLUNDER), (2.0, Judgement.MISTAKE),
                           (1.0, Judgement.INACCURACY))
"""Expected final points lost from which a solo game's move is each judgement."""
EPSILON: Final = 1e-9
"""Rounding slack: 0.7 - 0.6 is a drop of ten points, whatever the float says."""


@dataclass(frozen=True)
class PlyReview:
    """One ply judged: what was played, what the analyst preferred, what it cost."""

    ply: int
    """1 for the first ply of the game."""
    seat: int
    """The mover."""
    first: int
    """The record index (0-based, in ``Record.moves``) of the ply's first move."""
    count: int
    """How many record moves the ply spans (more than one only in a several-move turn)."""
    move: str
    """The move played: its record moves' notation joined by ``TURN_JOIN``."""
    before: float
    """The mover's win chance with the analyst's best move instead (0-1); ``after`` when
    the move played was that move."""
    after: float
    """The mover's win chance after the move played (0-1)."""
    line: tuple[str, ...]
    """The analyst's best line from before the move, its best move first."""
    proof: Proof | None = None
    """The position before the move solved, from the mover's side ("wins in 2")."""
    after_proof: Proof | None = None
    """The position after the move solved, from the mover's side."""
    ended: bool = False
    """The move ended the game (``after`` is then the result: 1, 0.5 or 0)."""
    points_before: float | None = None
    """A solo game's expected final points with the best move instead."""
    points_after: float | None = None
    """A solo game's expected final points after the move played."""

    @property
    def record_moves(self) -> range:
        """The indices of the record moves this ply spans."""
        return range(self.first, self.first + self.count)

    @property
    def position_before(self) -> int:
        """The replay's position (moves played) the mover faced: ``match.state_at`` of it."""
        return self.first

    @property
    def position_after(self) -> int:
        """The replay's position the move made (the graph's point for this ply)."""
        return self.first + self.count

    def after_for(self, seat: int) -> float:
        """The win chance after the move of ``seat`` (the graph draws the first seat's)."""
        return self.after if seat == self.seat else 1.0 - self.after

    def before_for(self, seat: int) -> float:
        """The win chance with the best move instead, of ``seat``."""
        return self.before if seat == self.seat else 1.0 - self.before

    @property
    def best(self) -> str | None:
        """The analyst's best move (None when it saw none)."""
        return self.line[0] if self.line else None

    @property
    def played_best(self) -> bool:
        return self.best == self.move

    @property
    def loss(self) -> float:
        """Win chance the move gave away against the best move (0-1); none for the best."""
        return 0.0 if self.played_best else max(0.0, self.before - self.after)

    @property
    def points_lost(self) -> float | None:
        """A solo game's expected final points the move gave away (None in a duel)."""
        if self.points_before is None or self.points_after is None:
            return None
        return 0.0 if self.played_best else max(0.0, self.points_before - self.points_after)

    @property
    def keeps_win(self) -> bool:
        """The move won, or left a position the analyst proved won for the mover."""
        if self.ended:
            return self.after >= 1.0
        return self.after_proof is not None and self.after_proof.wins

    @property
    def judgement(self) -> Judgement | None:
        """What the move was: None when it lost too little to remark on."""
        if self.played_best:
            return None
        if self.proof is not None and self.proof.wins and not self.keeps_win:
            return Judgement.MISSED_WIN
        lost = self.points_lost
        for threshold, judgement in POINT_THRESHOLDS if lost is not None else THRESHOLDS:
            if (self.loss if lost is None else lost) >= threshold - EPSILON:
                return judgement
        return None

    @property
    def accuracy(self) -> float:
        """The move's accuracy in percent (lichess's formula; ``game.core.review.accuracy``)."""
        return move_accuracy(self.before, self.before - self.loss)

    @property
    def proof_text(self) -> str | None:
        """The solved verdict before the move as words ("wins in 2"), None if unsolved."""
        return None if self.proof is None else self.proof.text


@dataclass(frozen=True)
class Summary:
    """One player's review in figures."""

    seat: int
    moves: int
    """Plies of this player reviewed."""
    counts: dict[Judgement, int]
    """How many moves got each judgement (every judgement present, zero or not)."""
    accuracy: float | None
    """Game accuracy in percent (lichess's); None in a solo game or without moves."""
    points_lost: float | None = None
    """A solo game's expected final points given away in all."""


@dataclass(frozen=True)
class Review:
    """A game's review, whole or partial (the last plies: a review works backwards)."""

    engine: str
    """The analyst's ``version``: a review by another version is stale."""
    depth: str
    """One of ``DEPTHS``."""
    budget: int
    """Search nodes per position."""
    seats: int
    """Players in the game (1: a solo game, judged in points)."""
    total: int
    """Plies in the game: the review is complete when it holds them all."""
    plies: tuple[PlyReview, ...]
    """The plies reviewed, in game order: plies ``first_ply`` to ``total``."""

    def __post_init__(self) -> None:
        if len(self.plies) > self.total:
            raise ValueError("a review cannot hold more plies than the game")
        numbers = [ply.ply for ply in self.plies]
        if numbers != list(range(self.first_ply, self.total + 1)):
            raise ValueError("a review holds the last plies of the game, in order")

    @property
    def complete(self) -> bool:
        return len(self.plies) == self.total

    @property
    def first_ply(self) -> int:
        """The first ply reviewed (1 when complete; ``total + 1`` when none is)."""
        return self.total - len(self.plies) + 1

    def is_stale(self, engine: str) -> bool:
        """Whether this review was made by another analyst than ``engine`` (a version)."""
        return self.engine != engine

    def at(self, ply: int) -> PlyReview | None:
        """Ply ``ply`` (1 is the first), None if it is not reviewed."""
        index = ply - self.first_ply
        return self.plies[index] if 0 <= index < len(self.plies) else None

    def for_move(self, index: int) -> PlyReview | None:
        """The reviewed ply that record move ``index`` (0-based) belongs to, if any."""
        for ply in self.plies:
            if index in ply.record_moves:
                return ply
        return None

    def judged(
        self, seat: int | None = None, least: Judgement = Judgement.INACCURACY
    ) -> tuple[PlyReview, ...]:
        """The plies judged at least ``least`` (of ``seat``, or both), in game order: the
        moves "learn from your mistakes" goes through. A missed win counts as a blunder."""
        floor = _RANK[least]
        return tuple(ply for ply in self.plies if ply.judgement is not None
                     and _RANK[ply.judgement] >= floor and seat in (None, ply.seat))

    def summaries(self) -> tuple[Summary, ...]:
        """Each seat's figures over the plies reviewed."""
        accuracies = (None,) * self.seats if self.seats == 1 else self._accuracies()
        result = []
        for seat in range(self.seats):
            mine = [ply for ply in self.plies if ply.seat == seat]
            counts = dict.fromkeys(Judgement, 0)
            for ply in mine:
                if ply.judgement is not None:
                    counts[ply.judgement] += 1
            lost = [ply.points_lost for ply in mine if ply.points_lost is not None]
            result.append(Summary(seat, len(mine), counts, accuracies[seat],
                                  sum(lost) if self.seats == 1 else None))
        return tuple(result)

    def _accuracies(self) -> tuple[float | None, ...]:
        if not self.plies:
            return (None,) * self.seats
        chances = [self.plies[0].before_for(0)]
        chances.extend(ply.after_for(0) for ply in self.plies)
        return game_accuracy(chances, [(ply.seat, ply.accuracy) for ply in self.plies],
                             self.seats)
