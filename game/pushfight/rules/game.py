"""Push Fight rules (docs/rules.md) as a pure ``Game``.

A move in the protocol is one whole turn (0-2 slides, then the push) or one side's setup.

Notation (moves: see ``notation``; ``d1-a2,d3-c3,c2-d2`` and ``setup Od3 Oc2 Od2 od4 od1``):
  - A position is the published analyser's 26-character string (``.oOxXPY`` over c4..g4, a3..h3,
    a2..h2, b1..f1). ``State.text`` adds the side to move, the ply and non-default options:
    ``<position> w 12`` or ``<position> b 7 repetition limit=200`` (``fell=w`` once a White
    piece fell off). ``State.parse`` reads it back.

``legal_moves`` yields one turn per distinct result (position and anchor). During setup it
yields all 12,870 placements of the side to set up, lazily.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from game.core.errors import GameOverError, IllegalMoveError
from game.core.protocol import (
    Event,
    Game,
    MoveResult,
    Outcome,
    OutcomeReason,
)
from game.pushfight.info import INFO, NO_PUSH, PUSH_OFF, SEATS, SETUP_PLIES
from game.pushfight.rules import engine
from game.pushfight.rules.board import (
    BROWN_SHIFT,
    DIRECTION_NAMES,
    HALVES,
    M60,
    NO_ANCHOR,
    PACKED_BITS,
    SQUARE_SHIFT,
    SQUARES,
    VALID,
    bits,
    format_position,
    parse_position,
    square_name,
)
from game.pushfight.rules.engine import MAX_SLIDES, Step
from game.pushfight.rules.events import (
    ANCHOR_WAVE,
    FALL_WAVE,
    PUSH_WAVE,
    SLIDE_WAVES,
    AnchorPlaced,
    PieceFell,
    PiecePlaced,
    PieceSlid,
    PiecesPushed,
)
from game.pushfight.rules.notation import Move, Setup, Turn, format_move, parse_move
from game.pushfight.rules.setups import PUSHERS, ROUNDS, all_setups, random_setup
from game.pushfight.rules.steps import (
    legal_pushes,
    occupied,
    push_problem,
    reachable,
    slide,
    slide_path,
    slide_problem,
)

SIDE_LETTERS: Final = ("w", "b")

HALF_FILES: Final = ("a-d", "e-h")




SEEN_BLOCK: Final = 64


@dataclass(frozen=True)
class Seen:
    """The position keys met since play began, for the repetition rule.

    Keys are counted in sealed blocks (``SEEN_BLOCK`` keys, then blocks of equal size merged,
    as in a binary counter) plus a short tail, and a position shares its blocks with the one
    before it: adding or counting a key costs ``SEEN_BLOCK + log n`` steps, and a position
    holds a few references instead of a copy of the whole history (which made a 10,000-turn
    record cost gigabytes and seconds to load).
    """

    blocks: tuple[tuple[int, Mapping[int, int]], ...] = ()
    """(keys counted, count of each key), the largest first."""
    tail: tuple[int, ...] = ()

    def count(self, key: int) -> int:
        return self.tail.count(key) + sum(counts.get(key, 0) for _, counts in self.blocks)

    def add(self, key: int) -> Seen:
        tail = (*self.tail, key)
        if len(tail) < SEEN_BLOCK:
            return Seen(self.blocks, tail)
        blocks = [*self.blocks, (SEEN_BLOCK, Counter(tail))]
        while len(blocks) > 1 and blocks[-2][0] == blocks[-1][0]:
            (size, older), (_, newer) = blocks.pop(-2), blocks.pop()
            blocks.append((2 * size, Counter(older) + Counter(newer)))
        return Seen(tuple(blocks), ())


NOTHING_SEEN: Final = Seen()


@dataclass(frozen=True)
class State:
    """A position: the packed pieces, the anchor, the ply (setup plies included) and options.

    ``history`` (kept only with the repetition rule on) counts every position key since play
    began, this one included; it is not part of equality. ``ending`` is the rules' verdict,
    worked out once.
    """

    packed: int
    anchor: int = NO_ANCHOR
    ply: int = 0
    repetition_draw: bool = False
    turn_limit: int = 0
    fell: int = -1
    """The seat whose piece fell off the board, or -1."""
    history: Seen = field(default=NOTHING_SEEN, compare=False, repr=False)
    ending: Outcome | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ending", _verdict(self))

    @property
    def to_move(self) -> int:
        return self.ply % 2

    @property
    def in_setup(self) -> bool:
        return self.ply < SETUP_PLIES

    @property
    def white(self) -> int:
        return self.packed & M60

    @property
    def brown(self) -> int:
        return self.packed >> BROWN_SHIFT & M60

    @property
    def squares(self) -> int:
        return self.packed >> SQUARE_SHIFT & M60

    @property
    def key(self) -> int:
        """Position, anchor and side to move as one number (what repetition compares)."""
        return _key(self.packed, self.anchor, self.ply)

    @property
    def position(self) -> str:
        return format_position(self.white, self.brown, self.squares, self.anchor)

    def owner(self, index: int) -> int | None:
        """The seat owning the piece on a square, or None if it is empty."""
        b = 1 << index
        if self.white & b:
            return 0
        return 1 if self.brown & b else None

    def is_pusher(self, index: int) -> bool:
        return bool(self.squares >> index & 1)

    def text(self) -> str:
        parts = [self.position, SIDE_LETTERS[self.to_move], str(self.ply)]
        if self.repetition_draw:
            parts.append("repetition")
        if self.turn_limit:
            parts.append(f"limit={self.turn_limit}")
        if self.fell >= 0:
            parts.append(f"fell={SIDE_LETTERS[self.fell]}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"State.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: str) -> State:
        """Read ``State.text``; a bare position string means White to move at the first turn.

        Raises ValueError with a reason.
        """
        words = text.split()
        if not words:
            raise ValueError("an empty text is not a position")
        white, brown, squares, anchor = parse_position(words[0])
        ply = SETUP_PLIES
        if len(words) >= 3:
            if words[1] not in SIDE_LETTERS or not words[2].isdigit():
                raise ValueError("after the position come the side (w or b) and the ply")
            ply = int(words[2])
            if ply % 2 != SIDE_LETTERS.index(words[1]):
                raise ValueError("the side to move does not match the ply")
        elif len(words) == 2:
            raise ValueError("give both the side to move and the ply")
        options: dict[str, object] = {}
        fell = -1
        for word in words[3:]:
            if word == "repetition":
                options["repetition_draw"] = True
            elif word.startswith("limit=") and word[6:].isdigit():
                options["turn_limit"] = int(word[6:])
            elif word in ("fell=w", "fell=b"):
                fell = SIDE_LETTERS.index(word[5])
            else:
                raise ValueError(f"unknown word {word!r} in a position")
        checked = INFO.validate_options(options)
        packed = engine.pack(white, brown, squares)
        repetition = bool(checked["repetition_draw"])
        return cls(
            packed,
            anchor,
            ply,
            repetition,
            int(checked["turn_limit"]),
            fell,
            _seen(NOTHING_SEEN, repetition, packed, anchor, ply),
        )


def _key(packed: int, anchor: int, ply: int) -> int:
    return packed | anchor << PACKED_BITS | ply % 2 << (PACKED_BITS + 8)


def _seen(earlier: Seen, repetition: bool, packed: int, anchor: int, ply: int) -> Seen:
    """The history of a new position: the earlier one's and its own key, if it is kept."""
    if not repetition or ply < SETUP_PLIES:
        return NOTHING_SEEN
    return earlier.add(_key(packed, anchor, ply))


def _verdict(state: State) -> Outcome | None:
    if state.fell >= 0:
        return Outcome(1 - state.fell, PUSH_OFF)
    if state.in_setup:
        return None
    side = state.to_move
    if not engine.has_push(state.packed, state.anchor, side):
        return Outcome(1 - side, NO_PUSH)
    if state.repetition_draw and state.history.count(state.key) >= 3:
        return Outcome(None, OutcomeReason.REPETITION)
    if state.turn_limit and state.ply - SETUP_PLIES >= state.turn_limit:
        return Outcome(None, OutcomeReason.TURN_LIMIT)
    return None


# -- the game ---------------------------------------------------------------------------


class PushFight(Game[State, Move]):
    """The Push Fight rules object (one instance, ``GAME``)."""

    info = INFO

    def new_state(self, options: Mapping[str, object]) -> State:
        checked = INFO.new_game_options(options)
        return State(
            0,
            repetition_draw=bool(checked["repetition_draw"]),
            turn_limit=int(checked["turn_limit"]),
        )

    def to_move(self, state: State) -> int:
        return state.to_move

    def outcome(self, state: State) -> Outcome | None:
        return state.ending

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def check_move(self, state: State, move: Move) -> None:
        if state.ending is not None:
            raise GameOverError(f"the game is over ({state.ending.reason.label})")
        seat = SEATS[state.to_move]
        if isinstance(move, Setup):
            _check_setup(state, move)
            return
        if state.in_setup:
            raise IllegalMoveError(f"{seat} must set up first (place all five pieces)")
        if len(move.slides) > MAX_SLIDES:
            raise IllegalMoveError("a turn has at most two moves before the push")
        packed = state.packed
        for src, dst in move.slides:
            problem = slide_problem(packed, state.to_move, src, dst)
            if problem:
                raise IllegalMoveError(problem)
            packed = slide(packed, src, dst)
        problem = push_problem(packed, state.anchor, state.to_move, *move.push)
        if problem:
            raise IllegalMoveError(problem)

    def apply_unchecked(self, state: State, move: Move) -> MoveResult[State]:
        if isinstance(move, Setup):
            return _apply_setup(state, move)
        return _apply_turn(state, move)

    def legal_moves(self, state: State) -> Iterator[Move]:
        if state.ending is not None:
            return
        if state.in_setup:
            yield from all_setups(state.to_move)
            return
        for slides, push in engine.successor_turns(
            state.packed, state.anchor, state.to_move
        ).values():
            yield Turn(slides, push)

    def random_move(self, state: State, rng: random.Random) -> Move | None:
        if state.ending is not None:
            return None
        if state.in_setup:
            return random_setup(state.to_move, rng, safe=False)
        for _ in range(8):
            turn = _random_turn(state, rng)
            if turn is not None:
                return turn
        turns = list(self.legal_moves(state))
        return rng.choice(turns) if turns else None

    def chance_outcomes(self, state: State) -> Sequence[tuple[Move, float]]:
        return ()

    def encode(self, state: State) -> str:
        return state.text()

    def decode(self, text: str) -> State:
        return State.parse(text)


def _check_setup(state: State, move: Setup) -> None:
    seat = SEATS[state.to_move]
    if not state.in_setup:
        raise IllegalMoveError("the setup is over; play a turn")
    if move.side != state.to_move:
        raise IllegalMoveError(f"it is {seat}'s turn to set up")
    if len(move.pushers) != PUSHERS or len(move.rounds) != ROUNDS:
        raise IllegalMoveError(f"{seat} places {PUSHERS} square pieces and {ROUNDS} round pieces")
    if move.pushers & move.rounds:
        raise IllegalMoveError("two pieces cannot share a square")
    for index in sorted(move.pushers | move.rounds):
        if not HALVES[move.side] >> index & 1:
            raise IllegalMoveError(
                f"{square_name(index)} is not on {seat}'s half (files {HALF_FILES[move.side]})"
            )


def _apply_setup(state: State, move: Setup) -> MoveResult[State]:
    white, brown, squares = engine.unpack(state.packed)
    placed = move.pushers | move.rounds
    mask = sum(1 << index for index in placed)
    if move.side == 0:
        white |= mask
    else:
        brown |= mask
    squares |= sum(1 << index for index in move.pushers)
    order = {index: n for n, index in enumerate(SQUARES)}
    events: tuple[Event, ...] = tuple(
        PiecePlaced(square=square_name(i), side=move.side, pusher=i in move.pushers)
        for i in sorted(placed, key=order.__getitem__)
    )
    packed = engine.pack(white, brown, squares)
    after = State(
        packed,
        NO_ANCHOR,
        state.ply + 1,
        state.repetition_draw,
        state.turn_limit,
        history=_seen(NOTHING_SEEN, state.repetition_draw, packed, NO_ANCHOR, state.ply + 1),
    )
    return MoveResult(after, events, after.ending)


def _apply_turn(state: State, move: Turn) -> MoveResult[State]:
    side = state.to_move
    packed = state.packed
    events: list[Event] = []
    for wave, (src, dst) in zip(SLIDE_WAVES, move.slides, strict=False):
        path = slide_path(packed, src, dst)
        is_pusher = bool(packed >> SQUARE_SHIFT >> src & 1)
        events.append(
            PieceSlid(
                path=tuple(square_name(i) for i in path), side=side, pusher=is_pusher, wave=wave
            )
        )
        packed = slide(packed, src, dst)
    src, dst = move.push
    step = dst - src
    seg, beyond = engine.push_line(occupied(packed), src, step)
    line = tuple(square_name(i) for i in sorted(bits(seg), key=lambda i: (i - src) // step))
    direction = DIRECTION_NAMES[step]
    events.append(
        PiecesPushed(
            pusher_from=square_name(src),
            pusher_to=square_name(dst),
            line=line,
            direction=direction,
            wave=PUSH_WAVE,
        )
    )
    fell = -1
    if not VALID >> beyond & 1:
        last = beyond - step
        white, _, squares = engine.unpack(packed)
        fell = 0 if white >> last & 1 else 1
        events.append(
            PieceFell(
                square=square_name(last),
                side=fell,
                pusher=bool(squares >> last & 1),
                direction=direction,
                wave=FALL_WAVE,
            )
        )
    events.append(AnchorPlaced(square=square_name(dst), wave=ANCHOR_WAVE))
    packed = engine.shift_line(packed, seg, step, beyond)
    after = State(
        packed,
        dst,
        state.ply + 1,
        state.repetition_draw,
        state.turn_limit,
        fell,
        _seen(state.history, state.repetition_draw, packed, dst, state.ply + 1),
    )
    return MoveResult(after, tuple(events), after.ending)


def _random_turn(state: State, rng: random.Random) -> Turn | None:
    """A random slide sequence then a random legal push from it, or None if that dead-ends."""
    side = state.to_move
    packed = state.packed
    slides: list[Step] = []
    for _ in range(rng.randint(0, MAX_SLIDES)):
        white, brown, _ = engine.unpack(packed)
        options = [
            (src, dst)
            for src in bits((white, brown)[side])
            for dst in bits(reachable(packed, src))
        ]
        if not options:
            break
        src, dst = rng.choice(options)
        slides.append((src, dst))
        packed = slide(packed, src, dst)
    pushes = legal_pushes(packed, state.anchor, side)
    if not pushes:
        return None
    return Turn(tuple(slides), rng.choice(pushes))


GAME: Final = PushFight()
