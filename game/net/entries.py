"""What a table asks the server to store: an append-only list of small facts.

A table is rebuilt by applying its entries in order (``Table.restore``), through the very code
that applied them live, so a restarted server resumes every table exactly. Entries hold move
notation and public facts; a seat token only ever appears as its SHA-256 hash. Nothing stored
is ever rewritten: a takeback is one more entry (``Undone``) that shortens the round, so
the round's moves are what ``round_moves`` reads from the whole list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from game.net.codec import Fields, Json, dump, parse
from game.net.messages import MAX_COUNT, MAX_TIME, Clock, OptionValue


@dataclass(frozen=True)
class Opened:
    """The table was created (its invite code works until ``expires``)."""

    KIND: ClassVar[str] = "opened"
    game: str
    rules: int
    options: Mapping[str, OptionValue]
    clock: Clock
    code: str
    expires: int
    at: float

    def fields(self) -> Json:
        return {"game": self.game, "rules": self.rules, "options": dict(self.options),
                "clock": self.clock.to_json(), "code": self.code, "expires": self.expires,
                "at": _ms(self.at)}

    @classmethod
    def read(cls, f: Fields) -> Opened:
        return cls(f.text("game", 32), f.number("rules", 0, MAX_COUNT), f.mapping("options"),
                   Clock.read(f, "clock"), f.text("code", 16), f.number("expires", 0, MAX_TIME),
                   _seconds(f))


@dataclass(frozen=True)
class Sat:
    """A player took ``seat`` (their seat in the table's first game; it swaps at every rematch)."""

    KIND: ClassVar[str] = "sat"
    seat: int
    name: str
    token_hash: str
    at: float

    def fields(self) -> Json:
        return {"seat": self.seat, "name": self.name, "token_hash": self.token_hash,
                "at": _ms(self.at)}

    @classmethod
    def read(cls, f: Fields) -> Sat:
        return cls(f.number("seat", 0, 1), f.text("name", 200), f.text("token_hash", 64),
                   _seconds(f))


@dataclass(frozen=True)
class Played:
    """Move ``ply`` of round ``round``: a board move's notation or a meta move (``resign 1``),
    and with a real-time clock each seat's time left after it (ms), from which a restarted
    server resumes the clocks."""

    KIND: ClassVar[str] = "played"
    round: int
    ply: int
    move: str
    at: float
    clocks: tuple[int, int] | None = None

    def fields(self) -> Json:
        return _with_clocks({"round": self.round, "ply": self.ply, "move": self.move,
                             "at": _ms(self.at)}, self.clocks)

    @classmethod
    def read(cls, f: Fields) -> Played:
        return cls(f.number("round", 0, MAX_COUNT), f.number("ply", 0, MAX_COUNT),
                   f.text("move", 200), _seconds(f), _clocks(f))


@dataclass(frozen=True)
class Undone:
    """Round ``round`` went back to its first ``ply`` moves (the players agreed), with a
    real-time clock each seat's time left as stored before the first move taken back."""

    KIND: ClassVar[str] = "undone"
    round: int
    ply: int
    at: float
    clocks: tuple[int, int] | None = None

    def fields(self) -> Json:
        return _with_clocks({"round": self.round, "ply": self.ply, "at": _ms(self.at)},
                            self.clocks)

    @classmethod
    def read(cls, f: Fields) -> Undone:
        return cls(f.number("round", 0, MAX_COUNT), f.number("ply", 0, MAX_COUNT),
                   _seconds(f), _clocks(f))


@dataclass(frozen=True)
class Rematch:
    """Round ``round`` began, sides swapped."""

    KIND: ClassVar[str] = "rematch"
    round: int
    at: float

    def fields(self) -> Json:
        return {"round": self.round, "at": _ms(self.at)}

    @classmethod
    def read(cls, f: Fields) -> Rematch:
        return cls(f.number("round", 1, MAX_COUNT), _seconds(f))


Entry: TypeAlias = Opened | Sat | Played | Undone | Rematch
_KINDS: dict[str, Any] = {kind.KIND: kind for kind in (Opened, Sat, Played, Undone, Rematch)}


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


def dump_entry(entry: Entry) -> str:
    """The JSON text to store."""
    return dump({"type": entry.KIND, **entry.fields()})


def load_entry(text: str) -> Entry:
    """An entry back from its text. Raises ProtocolError for text no table wrote."""
    document = parse(text)
    kind = _KINDS.get(document.get("type"))  # type: ignore[arg-type]
    fields = Fields(document, str(document.get("type")))
    if kind is None:
        fields.refuse("not a table entry")
    entry: Entry = kind.read(fields)
    fields.done()
    return entry


def _ms(at: float) -> int:
    """A time stored to the millisecond, as a whole number (the codec takes no fractions)."""
    return round(at * 1000)


def _with_clocks(fields: Json, clocks: tuple[int, int] | None) -> Json:
    """``fields`` with the clocks (ms left by seat) where there are any: an entry without a
    real-time clock is stored as it was before such clocks existed."""
    if clocks is not None:
        fields["clocks"] = list(clocks)
    return fields


def _clocks(f: Fields) -> tuple[int, int] | None:
    """Stored clocks (ms left by seat); moves stored before real-time clocks have none."""
    if not f.has("clocks"):
        return None
    values = f.items("clocks")
    if len(values) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                   and 0 <= v <= MAX_TIME for v in values):
        f.refuse(f"{f.of}.clocks holds two whole numbers of milliseconds")
    return (values[0], values[1])


def _seconds(f: Fields) -> float:
    return f.number("at", 0, MAX_TIME * 1000) / 1000
