"""The pure game protocol every game module implements.

A game is a stateless object (one instance, registered by id) whose methods map immutable
states and small frozen move values to new states. Moves have a context-free text notation
that parses back, so records and logs stay readable. ``apply`` returns the new state together
with the ordered events that describe what happened, grouped in waves for the renderer, which
animates events and never re-derives rules.

Chance is a player (``CHANCE``): when ``to_move`` returns it, the caller samples one of
``chance_outcomes`` and applies it like any move, so dice end up in the record and replays
never roll again.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar

from game.core.declare import dataclass_transform
from game.core.errors import OptionsError
from game.core.text import quote

CHANCE: Final = -1
"""The seat number of the chance player (dice)."""

S = TypeVar("S")
M = TypeVar("M")


class OutcomeReason(enum.Enum):
    """Why a game ended, for the reasons any game may have (a game's own endings are its
    ``Ending``s, declared by its info). Values are the strings stored in records."""

    RESIGN = "resign"
    DRAW_AGREED = "draw-agreed"
    REPETITION = "repetition"
    TURN_LIMIT = "turn-limit"
    TIME = "time"
    LEFT = "left"
    ABORTED = "aborted"

    @property
    def label(self) -> str:
        """A short phrase for banners and result lists."""
        return _REASON_LABELS[self]


_REASON_LABELS: Final = {
    OutcomeReason.RESIGN: "by resignation",
    OutcomeReason.DRAW_AGREED: "draw by agreement",
    OutcomeReason.REPETITION: "draw by repetition",
    OutcomeReason.TURN_LIMIT: "turn limit reached",
    OutcomeReason.TIME: "lost on time",
    OutcomeReason.LEFT: "a player left the game",
    OutcomeReason.ABORTED: "aborted before it began",
}


@dataclass(frozen=True)
class Ending:
    """A way one game ends (Conquid's conquest), declared in its info's ``endings``.

    ``value`` is the string stored in records. Equal by value only: a record read before its
    game is known holds ``Ending(value)``, which equals the game's own once re-played, and
    ``GameInfo.reason`` gives the labelled one."""

    value: str
    label: str = field(default="", compare=False)
    """A short phrase for banners and result lists."""


Reason = OutcomeReason | Ending


def parse_reason(value: str, endings: Sequence[Ending] | None = None) -> Reason:
    """The reason stored as ``value``: a generic one, else one of the game's ``endings``, or,
    when the game is not known yet (None), an unlabelled ``Ending``. Raises ValueError."""
    try:
        return OutcomeReason(value)
    except ValueError:
        pass
    if endings is None:
        return Ending(value)
    for ending in endings:
        if ending.value == value:
            return ending
    raise ValueError(f"unknown reason {quote(value)}")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner`` is a seat, or None for a draw or a solo game."""

    winner: int | None
    reason: Reason

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason.value}

    def labelled(self, info: GameInfo) -> Outcome:
        """This outcome with its reason as its game names it (a record's result is read
        before its game is known). Raises ValueError for a reason the game does not have."""
        return Outcome(self.winner, info.reason(self.reason.value))


@dataclass_transform(frozen_default=True, kw_only_default=True)
@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened during a move, for the renderer to animate.

    Events of the same ``wave`` play together; waves play in increasing order (a Conquid
    conquer cascade has one wave per round of takeovers). Games subclass this: a subclass
    is a frozen dataclass whose fields are given by keyword, as this one.
    """

    wave: int = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=True)(cls)


@dataclass(frozen=True)
class MoveResult(Generic[S]):
    """What ``apply`` returns: the new state, what happened, and the outcome if it ended."""

    state: S
    events: tuple[Event, ...] = ()
    outcome: Outcome | None = None


class OptionKind(enum.Enum):
    CHOICE = "choice"
    INT = "int"
    BOOL = "bool"


@dataclass(frozen=True)
class OptionSpec:
    """One game option as data, so the setup scene can build its widgets generically."""

    name: str
    label: str
    kind: OptionKind
    default: str | int | bool
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    help: str = ""
    applies_when: tuple[str, str] | None = None
    """(option, value): this option only counts when that choice is made (a custom size)."""

    def coerce(self, value: object) -> str | int | bool:
        """Return ``value`` checked against this spec, or raise ValueError with a reason."""
        if self.kind is OptionKind.CHOICE:
            if not isinstance(value, str) or value not in self.choices:
                raise ValueError(f"{self.label} must be one of {', '.join(self.choices)}")
            return value
        if self.kind is OptionKind.BOOL:
            if not isinstance(value, bool):
                raise ValueError(f"{self.label} must be true or false")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.label} must be a whole number")
        if not self.minimum <= value <= self.maximum:
            raise ValueError(f"{self.label} must be between {self.minimum} and {self.maximum}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """A game's identity and shape, as data."""

    id: str
    title: str
    players: int
    seat_names: tuple[str, ...]
    has_chance: bool
    rules_version: int
    options: tuple[OptionSpec, ...] = field(default=())
    summary: str = ""
    endings: tuple[Ending, ...] = field(default=())
    """The game's own ways to end, beside the generic ``OutcomeReason``s."""
    max_plies: int = 10_000
    """The longest a game may last, in moves of any kind (dice and resignations included).

    A match that reaches it ends drawn by the turn limit, and a record with more moves is
    refused: a small file must not describe a game that costs minutes to re-play."""
    several_moves_a_turn: bool = False
    """A turn is several moves, until the player ends it (Piously's actions). Online play
    holds such a turn's moves until it ends, so they can be taken back meanwhile; where
    every move is a whole turn, it is sent at once and there is nothing to take back."""

    def reason(self, value: str) -> Reason:
        """The reason a record stores as ``value``, labelled. Raises ValueError."""
        return parse_reason(value, self.endings)

    def default_options(self) -> dict[str, str | int | bool]:
        return {spec.name: spec.default for spec in self.options}

    def validate_options(self, raw: Mapping[str, object]) -> dict[str, str | int | bool]:
        """Fill defaults and check every value; unknown names are refused.

        Raises ValueError with a readable reason; games add cross-field checks of their own.
        """
        known = {spec.name: spec for spec in self.options}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise ValueError(f"unknown option {quote(unknown[0])} for {self.title}")
        return {
            name: spec.coerce(raw[name]) if name in raw else spec.default
            for name, spec in known.items()
        }

    def new_game_options(self, raw: Mapping[str, object]) -> dict[str, str | int | bool]:
        """``validate_options`` for ``Game.new_state``: a bad option is an ``OptionsError``."""
        try:
            return self.validate_options(raw)
        except ValueError as err:
            raise OptionsError(str(err)) from None


class Game(Protocol[S, M]):
    """The rules of one game, as pure functions over immutable states.

    Every method is deterministic: no clock, no global random, no I/O. A game's rules class
    subclasses this to take ``apply`` as it is (check, then play).
    """

    info: GameInfo

    def new_state(self, options: Mapping[str, object]) -> S:
        """The starting position. Raises OptionsError for options that cannot make a game."""
        ...

    def to_move(self, state: S) -> int:
        """The seat to move (0-based), or CHANCE when the next move is a die roll."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The rules' verdict on a position: None while the game goes on."""
        ...

    def parse_move(self, text: str) -> M:
        """Read a move from its notation. Raises NotationError."""
        ...

    def format_move(self, move: M) -> str:
        """The move's notation; ``parse_move(format_move(m)) == m``."""
        ...

    def check_move(self, state: S, move: M) -> None:
        """Raise IllegalMoveError, with the reason, unless ``move`` is legal in ``state``."""
        ...

    def apply(self, state: S, move: M) -> MoveResult[S]:
        """Check the move, then play it. Raises IllegalMoveError."""
        self.check_move(state, move)
        return self.apply_unchecked(state, move)

    def apply_unchecked(self, state: S, move: M) -> MoveResult[S]:
        """Play a move known to be legal (the fast path for search)."""
        ...

    def legal_moves(self, state: S) -> Iterator[M]:
        """Every legal move, lazily (for some games far too many to list in full)."""
        ...

    def random_move(self, state: S, rng: random.Random) -> M | None:
        """A legal move chosen with ``rng`` (not necessarily uniformly), or None if none exist."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, float]]:
        """When ``to_move`` is CHANCE: every outcome and its probability."""
        ...

    def encode(self, state: S) -> str:
        """A compact text form of the position, equal for equal positions (record digests)."""
        ...

    def decode(self, text: str) -> S:
        """The position ``encode`` wrote (lessons and puzzles start from one).

        Raises ValueError, with a reason for people, for text that is not a position.
        """
        ...
