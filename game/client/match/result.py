"""How a finished game is put into words, for whoever is reading (generic: seats and outcome).

A game of one person against the computer speaks to that person ("You won", "You lost");
hot-seat games and demos name the winner; a solo game is simply over. The reason comes from
the outcome's label, written as a phrase of its own, so no sentence ever reads
"Brown wins a piece was pushed off!".
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.match import Seat
from game.core.protocol import Outcome


def reader(seats: Sequence[Seat]) -> int | None:
    """The one person at a table of one person and computers, who results speak to."""
    people = [number for number, seat in enumerate(seats) if not seat.is_computer]
    return people[0] if len(people) == 1 and len(seats) > 1 else None


def headline(seats: Sequence[Seat], outcome: Outcome) -> str:
    """The result card's title: "You won", "You lost", "Draw", "Ada wins" or "Game over"."""
    if len(seats) == 1:
        return "Game over"
    if outcome.winner is None:
        return "Draw"
    if not 0 <= outcome.winner < len(seats):  # a record that disagrees with itself
        return "Game over"
    you = reader(seats)
    if you is not None:
        return "You won" if outcome.winner == you else "You lost"
    return f"{seats[outcome.winner].name} wins"


def reason(outcome: Outcome) -> str:
    """Why it ended, as a phrase that stands alone ("By conquest", "A piece was pushed off")."""
    label = outcome.reason.label.removeprefix("draw ")  # the headline says "Draw" already
    return label[:1].upper() + label[1:]


def summary(seats: Sequence[Seat], outcome: Outcome) -> str:
    """One line for lists and captions: the headline, then why."""
    why = reason(outcome)
    return f"{headline(seats, outcome)}  ·  {why[:1].lower() + why[1:]}"


def told(seats: Sequence[Seat], outcome: Outcome) -> str:
    """The result told to anyone, naming the players: "Red beat Blue by conquest", "Draw by
    agreement", "Game over: no living forts" (a picture of the game is seen by others
    than the one who played it)."""
    why = reason(outcome)
    why = why[:1].lower() + why[1:]
    joined = f" {why}" if why.startswith("by ") else f": {why}"
    winner = outcome.winner
    if len(seats) != 2 or winner is None or not 0 <= winner < 2:
        return ("Draw" if outcome.winner is None and len(seats) > 1 else "Game over") + joined
    return f"{seats[winner].name} beat {seats[1 - winner].name}" + joined
