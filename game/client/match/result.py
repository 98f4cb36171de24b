"""How a finished game is put into words: one function (``words``) for every place that
tells a result (the result card, the top bar, spoken announcements, the kept games' list,
a replay, a picture of the game), so each mode says it the same way.

The person at this screen is spoken to ("You won", "You lost") when there is exactly one:
the player against the computer, or at an online table. Everyone else (hot-seat, where two
people share the screen; demos, spectators, replays, pictures) reads names: "Red beat Blue
by conquest". A draw is a draw, an aborted game is "Game aborted" (nobody won, nobody drew),
a solo game is simply over. The reason comes from the outcome's label, written as a phrase
of its own, so no sentence ever reads "Brown wins a piece was pushed off!".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.core.match import Seat
from game.core.protocol import Outcome, OutcomeReason

_JOINED: Final = ("by ", "on ", "before ")
"""Reasons that follow the headline as they are ("You lost on time"); others after a colon."""


@dataclass(frozen=True)
class Worded:
    """A result in words, in the three forms the screens use."""

    headline: str
    """The result card's title: "You won", "Red beat Blue", "Draw", "Game aborted"."""
    reason: str
    """Why, as a phrase that stands alone: "By conquest", "A piece was pushed off"."""
    line: str
    """Both as one sentence, for the top bar, lists and captions: "You won by conquest"."""


def reader(seats: Sequence[Seat]) -> int | None:
    """The one person at a table of one person and computers, who results speak to."""
    people = [number for number, seat in enumerate(seats) if not seat.is_computer]
    return people[0] if len(people) == 1 and len(seats) > 1 else None


def words(seats: Sequence[Seat], outcome: Outcome, you: int | None = None) -> Worded:
    """``outcome`` in words for whoever reads them: ``you`` is the seat of the one player at
    this screen (``reader``, or one's seat at an online table), None for names."""
    why = _why(outcome)
    headline = _headline(seats, outcome, you)
    joined = f" {why}" if why.startswith(_JOINED) else f": {why}"
    return Worded(headline, why[:1].upper() + why[1:], headline + joined)


def _headline(seats: Sequence[Seat], outcome: Outcome, you: int | None) -> str:
    winner = outcome.winner
    if outcome.reason is OutcomeReason.ABORTED:
        return "Game aborted"
    if len(seats) < 2 or (winner is not None and not 0 <= winner < len(seats)):
        return "Game over"  # a solo game, or a record that disagrees with itself
    if winner is None:
        return "Draw"
    if you is not None and 0 <= you < len(seats):
        return "You won" if winner == you else "You lost"
    if len(seats) == 2:
        return f"{seats[winner].name} beat {seats[1 - winner].name}"
    return f"{seats[winner].name} won"


def _why(outcome: Outcome) -> str:
    """The reason's label, less what the headline says already ("draw", "aborted", "lost")."""
    label = outcome.reason.label
    for said in ("draw ", "aborted ", "lost "):
        label = label.removeprefix(said)
    return label
