"""What a table asks the server to store: an append-only list of small facts.

A table is rebuilt by applying its entries in order (``Table.restore``), through the very code
that applied them live, so a restarted server resumes every table exactly. Entries hold move
notation and public facts; a seat token only ever appears as its SHA-256 hash. Nothing stored
is ever rewritten: a takeback is one more entry (``Undone``) that shortens the round, so
the round's moves are what ``round_moves`` reads from the whole list. A rated round's rating
changes are one more entry (``Rated``) after the move that ended it, so that whoever comes
back to the finished round hears them as its players did.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any, TypeAlias

from game.net.wire.codec import Fields, dump, parse
from game.net.wire.form import Kind, Later, Text, Whole, Wire
from game.net.wire.messages import (
    MAX_COUNT,
    MAX_TIME,
    Clock,
    ClockMs,
    Count,
    Options,
    RatingChange,
    Seat,
    UnixTime,
)


@dataclass(frozen=True)
class Millis(Kind):
    """A time in seconds, stored to the millisecond as a whole number (the codec takes no
    fractions) within ``whole``."""

    whole: Whole

    def read(self, f: Fields, value: object, what: str) -> float:
        return self.whole.read(f, value, what) / 1000

    def write(self, value: float) -> object:
        return round(value * 1000)


At: TypeAlias = Annotated[float, Millis(Whole(0, MAX_TIME * 1000))]
Clocks: TypeAlias = Annotated[tuple[ClockMs, ClockMs] | None, Later(omit=True)]
"""Stored clocks (ms left by seat): an entry without a real-time clock is stored as it was
before such clocks existed."""


class Opened(Wire, type="opened"):
    """The table was created (its invite code works until ``expires``)."""

    game: Annotated[str, Text(32)]
    rules: Count
    options: Options
    clock: Clock
    code: Annotated[str, Text(16)]
    expires: UnixTime
    at: At


class Sat(Wire, type="sat"):
    """A player took ``seat`` (their seat in the table's first game; it swaps at every rematch)."""

    seat: Seat
    name: Annotated[str, Text(200)]
    token_hash: Annotated[str, Text(64)]
    at: At


class Played(Wire, type="played"):
    """Move ``ply`` of round ``round``: a board move's notation or a meta move (``resign 1``),
    and with a real-time clock each seat's time left after it (ms), from which a restarted
    server resumes the clocks."""

    round: Count
    ply: Count
    move: Annotated[str, Text(200)]
    at: At
    clocks: Clocks = None


class Undone(Wire, type="undone"):
    """Round ``round`` went back to its first ``ply`` moves (the players agreed), with a
    real-time clock each seat's time left as stored before the first move taken back."""

    round: Count
    ply: Count
    at: At
    clocks: Clocks = None


class Rematch(Wire, type="rematch"):
    """Round ``round`` began, sides swapped."""

    round: Annotated[int, Whole(1, MAX_COUNT)]
    at: At


class Rated(Wire, type="rated"):
    """Round ``round``, just ended, was rated: each seat's new rating and its change (by
    seat that round), as its ``ended`` said. Tables stored before such entries existed
    have none: their rounds read as unrated."""

    round: Count
    ratings: tuple[RatingChange, RatingChange]
    at: At


Entry: TypeAlias = Opened | Sat | Played | Undone | Rematch | Rated
_KINDS: dict[str, Any] = {kind.TYPE: kind
                          for kind in (Opened, Sat, Played, Undone, Rematch, Rated)}


def round_moves(entries: Iterable[Entry], round_: int) -> tuple[str, ...]:
    """The moves round ``round_`` holds after ``entries``: its moves played, less those
    taken back."""
    moves: list[str] = []
    for entry in entries:
        if isinstance(entry, Played) and entry.round == round_:
            moves.append(entry.move)
        elif isinstance(entry, Undone) and entry.round == round_:
            del moves[entry.ply:]
    return tuple(moves)


def round_ratings(entries: Iterable[Entry], round_: int
                  ) -> tuple[RatingChange, RatingChange] | None:
    """The rating changes stored for round ``round_``, or None (an unrated round)."""
    return next((entry.ratings for entry in entries
                 if isinstance(entry, Rated) and entry.round == round_), None)


def dump_entry(entry: Entry) -> str:
    """The JSON text to store."""
    return dump({"type": entry.TYPE, **entry.to_json()})


def load_entry(text: str) -> Entry:
    """An entry back from its text. Raises ProtocolError for text no table wrote."""
    document = parse(text)
    kind = _KINDS.get(document.get("type"))  # type: ignore[arg-type]
    fields = Fields(document, str(document.get("type")))
    if kind is None:
        fields.refuse("not a table entry")
    entry: Entry = kind.from_fields(fields)
    fields.done()
    return entry
