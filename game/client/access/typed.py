"""What a typed line means: the legal moves it still matches, or why it matches none.

The move box (``game.client.access.movebox``) reads the line as it is typed. The rules give
the legal moves and their notation; the game's text may add the forms a player reads on the
board (``TypedForms``: Piously's ``move P3`` for ``move 2,1``). Case and spacing are forgiven:
both sides are compared in one normal form. A trailing space ends the last word, so ``1 3,1 ``
no longer matches ``1 3,12``. No pygame here.
"""

from __future__ import annotations

import itertools
import math
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final, Protocol, runtime_checkable

from game.core.errors import GameError, NotationError
from game.core.registry import AnyGame

SCAN_LIMIT: Final = 20_000
"""Legal moves a position's reader keeps at most: a game with more is matched on the whole
move the player types (or narrowed by its text: ``NarrowsMoves``)."""
KEY_BUDGET: Final = 0.006
"""Seconds a key may spend finding more legal moves (the rest are found at the next keys):
a line no move begins never holds up a frame while 12,870 set-ups are listed."""
LISTED: Final = 6
"""Matching moves shown under the box at most."""

_SPACES = re.compile(r"\s+")
_AROUND_COMMA = re.compile(r"\s*,\s*")


@runtime_checkable
class TypedForms(Protocol):
    """A game's text that knows other ways a player writes a move (the board's labels)."""

    def typed_forms(self, before: Any, notation: str) -> tuple[str, ...]:
        """Forms of the move ``notation`` from ``before`` a player may type, besides the
        notation itself; the first is the one the box shows."""
        ...

    def notation_of(self, before: Any, line: str) -> str:
        """A typed line in the rules' notation (labels back to coordinates), so the rules
        can say why a move that is no legal one is refused."""
        ...


@runtime_checkable
class NarrowsMoves(Protocol):
    """A game's text that lists the legal moves a line may still become, for lines whose
    moves are too many to scan (Conquid's acquisitions: millions on a large board)."""

    def moves_from(self, before: Any, line: str) -> Iterator[tuple[str, str]] | None:
        """Every legal move from ``before`` that ``line`` may still become, each as the form
        to show (in the order typed) and its notation, lazily; None when the line needs no
        narrowing (the reader then scans the rules' legal moves)."""
        ...


def normal(text: str) -> str:
    """``text`` in the form lines are compared in: lower case, single spaces, none around a
    comma, none in front; one trailing space kept (it ends the last word)."""
    text = _AROUND_COMMA.sub(",", _SPACES.sub(" ", text.lower())).lstrip()
    return text


@dataclass(frozen=True)
class Candidate:
    """A legal move and the forms it may be typed in (the first one shown)."""

    move: object
    notation: str
    forms: tuple[str, ...]
    normals: tuple[str, ...] = ()
    """The forms in ``normal`` form (worked out once: a line is matched at every key)."""

    @classmethod
    def of(cls, move: object, notation: str, forms: tuple[str, ...]) -> Candidate:
        return cls(move, notation, forms, tuple(normal(form) for form in forms))

    @property
    def shown(self) -> str:
        return self.forms[0]

    def matches(self, typed: str) -> bool:
        """Whether ``typed`` (in ``normal`` form) begins one of the forms."""
        return any((form + " ").startswith(typed) for form in self.normals)

    def equals(self, typed: str) -> bool:
        """Whether ``typed`` (in ``normal`` form, trailing space dropped) is a whole form."""
        return typed.rstrip() in self.normals


@dataclass(frozen=True)
class Reading:
    """What the line matches now."""

    typed: str
    """The line in ``normal`` form."""
    matches: tuple[Candidate, ...] = ()
    """The legal moves that still match, at most ``LISTED`` + 1."""
    complete: bool = True
    """False when the scan stopped at ``SCAN_LIMIT``: more moves may match."""
    problem: str | None = None
    """Why no legal move matches (the rules' reason where the line is a whole move)."""

    @property
    def exact(self) -> Candidate | None:
        """The one match whose whole form is the line (``1 3,1`` among ``1 3,1x``)."""
        whole = [candidate for candidate in self.matches if candidate.equals(self.typed)]
        return whole[0] if len(whole) == 1 else None

    @property
    def only(self) -> Candidate | None:
        """The one legal move the line can still become, when the scan saw them all."""
        return self.matches[0] if self.complete and len(self.matches) == 1 else None


class MoveReader:
    """Reads typed lines against one position's legal moves (found once, then matched)."""

    def __init__(self, game: AnyGame, text: object, state: Any,
                 budget: float = KEY_BUDGET) -> None:
        self.game, self.text, self.state = game, text, state
        self.budget = budget
        """Seconds a key may spend finding legal moves (``KEY_BUDGET``; tests: unlimited)."""
        self._seen: list[Candidate] = []
        self._moves: Iterator[Any] | None = iter(game.legal_moves(state))

    def _candidates(self, until: float = math.inf) -> Iterator[Candidate]:
        """The legal moves with their forms, generated once and kept for the next keys; new
        ones only until ``until`` (a ``perf_counter`` time)."""
        yield from self._seen
        while self._moves is not None and len(self._seen) < SCAN_LIMIT \
                and time.perf_counter() < until:
            move = next(self._moves, None)
            if move is None:
                self._moves = None
                return
            candidate = self._candidate(move)
            self._seen.append(candidate)
            yield candidate

    def _narrowed(self, line: str) -> _Narrowed | None:
        """The candidates the game's text narrows ``line`` to (``NarrowsMoves``); None when
        it does not narrow this line."""
        text = self.text
        found = text.moves_from(self.state, line) if isinstance(text, NarrowsMoves) else None
        return None if found is None else _Narrowed(self.game, found)

    def _candidate(self, move: object) -> Candidate:
        notation = self.game.format_move(move)
        forms: tuple[str, ...] = ()
        if isinstance(self.text, TypedForms):
            forms = self.text.typed_forms(self.state, notation)
        return Candidate.of(move, notation, (*forms, notation))

    def examples(self, count: int) -> tuple[Candidate, ...]:
        """The first ``count`` legal moves (what the box shows a player who asks)."""
        found: list[Candidate] = []
        for candidate in self._candidates():
            if len(found) == count:
                break
            found.append(candidate)
        return tuple(found)

    def read(self, line: str, patient: bool = False) -> Reading:
        """The legal moves ``line`` still matches, or the reason it matches none. A key
        looks for more legal moves for ``budget`` seconds at most, and says no reason until it
        has seen them all; ``patient`` (Return) looks as long as it takes, and always
        judges."""
        typed = normal(line)
        if not typed.strip():
            return Reading(typed, complete=False)
        found: list[Candidate] = []
        narrowed = self._narrowed(line)
        until = math.inf if patient else time.perf_counter() + self.budget
        for candidate in self._candidates(until) if narrowed is None else narrowed:
            if candidate.matches(typed):
                found.append(candidate)
                if len(found) > LISTED:
                    break
        scanned = self._moves is None if narrowed is None else narrowed.exhausted()
        complete = scanned or len(found) > LISTED
        if found:
            return Reading(typed, tuple(found), complete)
        try:
            return Reading(typed, (self.whole(line),), complete=False)
        except NotationError as err:  # not a whole move (yet)
            problem = f"no legal move begins “{line.strip()}” ({self._named(str(err))})"
        except GameError as err:  # a whole move the rules refuse: their reason
            problem = self._named(str(err))
        if not (complete or patient):  # a move not seen yet may still begin so: keep typing
            return Reading(typed, complete=False)
        return Reading(typed, complete=complete, problem=problem)

    def _named(self, reason: str) -> str:
        """The rules' reason with its places named as the player typed them (labels)."""
        if isinstance(self.text, TypedForms):
            return (*self.text.typed_forms(self.state, reason), reason)[0]
        return reason

    def whole(self, line: str) -> Candidate:
        """``line`` read as a whole move by the rules (for games with too many moves to
        list). Raises NotationError, or IllegalMoveError with the rules' reason."""
        if isinstance(self.text, TypedForms):
            line = self.text.notation_of(self.state, line)
        move = self.game.parse_move(line.strip())
        self.game.check_move(self.state, move)
        return self._candidate(move)


class _Narrowed:
    """A game's narrowed moves as candidates, at most ``SCAN_LIMIT``; says whether it saw
    them all."""

    def __init__(self, game: AnyGame, found: Iterator[tuple[str, str]]) -> None:
        self._game = game
        self._found = itertools.islice(found, SCAN_LIMIT + 1)
        self._count = 0
        self._done = False

    def __iter__(self) -> Iterator[Candidate]:
        for form, notation in self._found:
            self._count += 1
            if self._count > SCAN_LIMIT:
                return
            yield Candidate.of(self._game.parse_move(notation), notation, (form, notation))
        self._done = True

    def exhausted(self) -> bool:
        """True when every move was seen (none left, and the limit not reached)."""
        if not self._done and self._count <= SCAN_LIMIT:
            self._done = next(self._found, None) is None
        return self._done
