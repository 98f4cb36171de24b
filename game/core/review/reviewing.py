"""Reviewing a game: a game's analyst run over every ply of a re-played record (pure).

``review_record`` works from the last ply backwards, so an analyst that keeps what it learned
between calls meets first the positions closest to the end, whose verdicts the earlier ones
lead to; and a review stopped half way holds the last plies, which ``resume`` completes.

A ply is judged by comparing like with like (KaTrain's rule): the position the move played
made and the position the analyst's best move would have made, each searched with the same
budget and seen from the same side, so neither move is looked at less deeply than the other,
and a search that favours (or not) the side to move favours both alike. The search of the
position the mover faced gives the best move, its line and any proof. When the move played
is the best move, or the next ply starts from the position this one made, one search serves
both, so a game of N plies costs from N + 1 searches (every move the best) to 2N + 1.

A move followed by dice (Forts and Ruins' placement, then its roll) makes a position waiting
for the dice: the analyst is asked about it as about any other, and values it as the dice's
expectation (the one who knows the game knows its dice; six searches, one per roll, would
cost six times as much for the same figure).

The caller brings the clock-free stop check and progress report, so this runs the same in
the command line, in a test and in the client's worker process (``game.review_job``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.errors import AnalysisError, GameError
from game.core.match import Match, meta_word
from game.core.protocol import CHANCE
from game.core.record import Record
from game.core.review.analysis import Analyst, Evaluation, Proof
from game.core.review.model import DEPTHS, TURN_JOIN, PlyReview, Review

Progress = Callable[[int, int, PlyReview], None]
"""Told after each ply: plies done, plies in all, the ply just reviewed."""
StopCheck = Callable[[], bool]


@dataclass(frozen=True)
class Span:
    """A ply's place in the record: its mover and the record moves it spans."""

    seat: int
    first: int
    count: int
    move: str


def budget_for(analyst: Analyst, depth: str) -> int:
    """The nodes per position of ``depth`` (one of ``DEPTHS``) for this analyst."""
    if depth not in DEPTHS:
        raise ValueError(f"unknown depth {depth!r}: one of {', '.join(DEPTHS)}")
    return analyst.quick_budget if depth == "quick" else analyst.deep_budget


def spans(match: Match) -> tuple[Span, ...]:
    """The plies of a match: its board moves, a whole turn a ply where a turn is several
    moves; dice rolls and meta moves (resignations, draws) are no ply."""
    game = match.game
    several = game.info.several_moves_a_turn
    found: list[Span] = []
    for index, text in enumerate(match.moves):
        if meta_word(text) is not None:
            continue
        seat = game.to_move(match.state_at(index))
        if seat == CHANCE:
            continue
        last = found[-1] if found else None
        if several and last is not None and last.seat == seat \
                and last.first + last.count == index:
            found[-1] = Span(seat, last.first, last.count + 1, last.move + TURN_JOIN + text)
        else:
            found.append(Span(seat, index, 1, text))
    return tuple(found)


def review_record(
    match: Match,
    analyst: Analyst,
    depth: str = "quick",
    *,
    budget: int | None = None,
    progress: Progress | None = None,
    stop: StopCheck | None = None,
    resume: Review | None = None,
) -> Review:
    """Review every ply of ``match`` (a re-played record), last first.

    ``budget`` overrides the depth's nodes per position. ``stop`` is asked between searches:
    when it says so the plies done so far are returned (a partial review). ``resume``: a
    partial review of this game by the same analyst and budget to complete (otherwise it
    is ignored and the review starts again)."""
    nodes = budget_for(analyst, depth) if budget is None else budget
    plies = spans(match)
    done: list[PlyReview] = []
    if resume is not None and resume.engine == analyst.version and resume.budget == nodes \
            and resume.depth == depth and _same_plies(resume, plies):
        done = list(resume.plies)
    reviewer = _Reviewer(match, analyst, nodes)
    for index in range(len(plies) - len(done) - 1, -1, -1):
        if stop is not None and stop():
            break
        ply = reviewer.review(index + 1, plies[index], stop)
        if ply is None:
            break
        done.insert(0, ply)
        if progress is not None:
            progress(len(done), len(plies), ply)
    return Review(analyst.version, depth, nodes, match.game.info.players, len(plies),
                  tuple(done))


def _same_plies(review: Review, plies: tuple[Span, ...]) -> bool:
    if review.total != len(plies):
        return False
    return all((ply.seat, ply.first, ply.count) == (span.seat, span.first, span.count)
               for ply, span in zip(review.plies, plies[review.first_ply - 1:], strict=True))


class _Reviewer:
    """The searches of one review, each record position's verdict kept by its index."""

    def __init__(self, match: Match, analyst: Analyst, budget: int) -> None:
        self.match = match
        self.game = match.game
        self.analyst = analyst
        self.budget = budget
        self.solo = self.game.info.players == 1
        self.known: dict[int, Evaluation] = {}
        """Verdicts on the positions after that many record moves (side to move's view)."""

    def review(self, number: int, span: Span, stop: StopCheck | None) -> PlyReview | None:
        """The ply's review, or None if ``stop`` said so between its searches."""
        end = span.first + span.count
        after = self._value(self.match.state_at(end), end, span.seat)
        if stop is not None and stop():
            return None
        start = self.match.state_at(span.first)
        verdict = self._verdict(span.first, start)
        best: _Value | None = None
        if verdict.best == span.move:
            best = after
        elif verdict.best is not None:
            if stop is not None and stop():
                return None
            made = self._play(start, verdict.best)
            best = None if made is None else self._value(made, None, span.seat)
        return PlyReview(
            ply=number,
            seat=span.seat,
            first=span.first,
            count=span.count,
            move=span.move,
            before=verdict.value if best is None else best.value,
            after=after.value,
            line=verdict.line,
            proof=verdict.proof,
            after_proof=after.proof,
            ended=after.ended,
            points_before=(verdict.points if best is None else best.points)
            if self.solo else None,
            points_after=after.points,
        )

    def _play(self, state: Any, entry: str) -> Any:
        """The position the analyst's best move makes (a whole turn where a turn is several
        moves), None if the rules refuse it."""
        parts = entry.split(TURN_JOIN) if self.game.info.several_moves_a_turn else [entry]
        try:
            for part in parts:
                state = self.game.apply(state, self.game.parse_move(part)).state
        except GameError:
            return None
        return state

    def _verdict(self, index: int | None, state: Any) -> Evaluation:
        """The analyst's verdict on a position (one waiting for dice too), searched once
        (kept by record index)."""
        if index is not None and index in self.known:
            return self.known[index]
        verdict = self.analyst.evaluate(state, self.budget)
        if self.solo and verdict.points is None:
            raise ValueError("a solo game's analyst must give expected points")
        if index is not None:
            self.known[index] = verdict
        return verdict

    def _value(self, state: Any, index: int | None, seat: int) -> _Value:
        """What a position is worth to ``seat``: its result if it is over, else the
        analyst's verdict."""
        outcome = self.game.outcome(state)
        if outcome is not None:
            if self.solo:  # Forts and Ruins' runs end on a roll, never on a placement
                raise ValueError("a solo game's move that ends it cannot be scored in points")
            result = 0.5 if outcome.winner is None else float(outcome.winner == seat)
            return _Value(result, None, None, ended=True)
        to_move = self.game.to_move(state)
        verdict = self._verdict(index, state)
        if to_move == seat or self.solo:
            return _Value(verdict.value, verdict.proof, verdict.points)
        proof = None if verdict.proof is None else Proof(not verdict.proof.wins,
                                                         verdict.proof.plies)
        return _Value(1.0 - verdict.value, proof, None)


@dataclass(frozen=True)
class _Value:
    """A position's worth to one seat: win chance, proof (its side), solo points."""

    value: float
    proof: Proof | None
    points: float | None
    ended: bool = False


@dataclass(frozen=True)
class StoredReview:
    """A record's saved review as the replay shows it: the review, whether another analyst
    version made it, and why it was left out when it could not be used."""

    review: Review | None
    stale: bool = False
    problem: str | None = None


def stored_review(record: Record, match: Match, engine: str | None) -> StoredReview:
    """The review saved in ``record``, checked against its re-played ``match`` and marked
    stale unless ``engine`` (the game's analyst's version; None: it has none) made it."""
    if record.analysis is None:
        return StoredReview(None, problem=record.analysis_problem)
    review = record.analysis
    try:
        _check_plies(review, match)
    except AnalysisError as err:
        return StoredReview(None, problem=f"The computer's review in this file was left out: "
                                          f"{err}.")
    return StoredReview(review, stale=engine is None or review.is_stale(engine))


def _check_plies(review: Review, match: Match) -> None:
    plies = spans(match)
    if review.total != len(plies):
        raise AnalysisError(f"it reviews {review.total} plies, but the game has {len(plies)}")
    if not _same_plies(review, plies):
        raise AnalysisError("its plies do not match the game's moves")
    if review.plies:
        last = review.plies[-1]
        over = match.game.outcome(match.state_at(last.first + last.count)) is not None
        if last.ended != over:
            raise AnalysisError("it says the game ended where it did not")
