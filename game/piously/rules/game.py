"""Piously as the pure game protocol: set-up, actions and casts checked, applied and listed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final

from game.core.errors import GameOverError, IllegalMoveError
from game.core.protocol import Event, Game, GameInfo, MoveResult, Outcome
from game.piously.info import INFO
from game.piously.rules import actions as act
from game.piously.rules import casting
from game.piously.rules import moves as m
from game.piously.rules.draft import Draft
from game.piously.rules.events import RegionWon
from game.piously.rules.position import decode, encode
from game.piously.rules.regions import verdict, winning_region
from game.piously.rules.spellbook import SPELLS
from game.piously.rules.state import BLACK, Phase, PiouslyState, evolve
from game.piously.rules.temple import DEFAULT_LAYOUT, ROOMS, random_layout

Check = Callable[[PiouslyState, Any], str | None]
Effect = Callable[[PiouslyState, Any], Draft]

_ACTIONS: Final[dict[type, tuple[Check, Effect]]] = {
    m.BuildTemple: (act.temple_problem, act.build_temple),
    m.PlacePiece: (act.place_problem, act.place_piece),
    m.Step: (act.step_problem, act.step),
    m.Bless: (lambda s, _: act.bless_problem(s, flip=False), lambda s, _: act.bless(s, False)),
    m.Flip: (lambda s, _: act.bless_problem(s, flip=True), lambda s, _: act.bless(s, True)),
    m.Drop: (act.drop_problem, act.drop),
    m.PickUp: (act.pickup_problem, act.pickup),
}
"""Set-up moves and actions: how each is checked and what it does (casts and the end of a
turn have rules of their own)."""


def move_problem(state: PiouslyState, move: m.Move) -> str | None:
    """Why ``move`` is refused in ``state`` (a sentence for the player), or None if legal."""
    if state.verdict is not None:
        return "the game is over"
    if isinstance(move, m.EndTurn):
        return act.end_problem(state, move)
    if isinstance(move, m.Cast):
        return casting.check_cast(state, move)
    return _ACTIONS[type(move)][0](state, move)


def play(state: PiouslyState, move: m.Move) -> MoveResult[PiouslyState]:
    """Play a legal move: the new state, its events in waves, and the verdict."""
    if isinstance(move, m.EndTurn):
        events = act.end_events(state, move)
        after = act.end_turn(state, move)
        outcome = verdict(after)
        return MoveResult(_judged(after, outcome), tuple(events), outcome)
    if isinstance(move, m.Cast):
        draft = casting.cast(state, move)
    else:
        draft = _ACTIONS[type(move)][1](state, move)
    after = draft.freeze()
    outcome = verdict(after)
    events = draft.events + _victory_events(after, outcome, draft.events)
    return MoveResult(_judged(after, outcome), tuple(events), outcome)


def _judged(state: PiouslyState, outcome: Outcome | None) -> PiouslyState:
    """``state`` with its verdict: itself when that is already the one it carries (most
    moves end no game, and a state's copy would cost every search a node's worth of work)."""
    return state if state.verdict == outcome else evolve(state, verdict=outcome)


def _victory_events(
    state: PiouslyState, outcome: Outcome | None, events: Sequence[Event]
) -> list[Event]:
    """The winning region(s), room by room, one wave after the move's own."""
    if outcome is None or state.temple is None:
        return []
    wave = max((event.wave for event in events), default=-1) + 1
    won: list[Event] = []
    for seat in (0, 1):
        region = winning_region(state, seat)
        if region is None:
            continue
        by_room: dict[int, list[int]] = {}
        for h in sorted(region):
            by_room.setdefault(state.temple.room_of[h], []).append(h)
        rooms = tuple((room, tuple(by_room[room])) for room in sorted(by_room))
        won.append(RegionWon(seat=seat, rooms=rooms, wave=wave))
    return won


# -- listing moves ------------------------------------------------------------------------------


def action_moves(state: PiouslyState) -> Iterator[m.Move]:
    """Every legal action (move, bless or flip, drop, pick up) of the side to move."""
    yield from (m.Step(h) for h in act.step_targets(state))
    cost, _ = act.bless_cost(state)
    if cost is not None and cost <= state.actions:
        yield m.Flip() if cost == act.FLIP_COST else m.Bless()
    for room in range(ROOMS):
        yield from (m.Drop(room, h) for h in act.drop_targets(state, room))
    yield from (m.PickUp(room) for room in act.pickup_rooms(state))


def end_moves(state: PiouslyState) -> Iterator[m.EndTurn]:
    yield m.EndTurn()
    yield from (m.EndTurn(spell) for spell in act.claimable(state))


def random_turn_move(
    state: PiouslyState, rng: random.Random, ending: bool = True
) -> m.Move | None:
    """A legal move of the play phase: a kind of move first (each action kind, each castable
    spell and, with ``ending``, the end of the turn), then one of its choices, so long lists
    do not crowd out the rest (None: no kind is left)."""
    kinds: list[list[m.Move] | int] = [list(end_moves(state))] if ending else []
    actions: dict[type, list[m.Move]] = {}
    for move in action_moves(state):
        actions.setdefault(type(move), []).append(move)
    kinds += actions.values()
    kinds += casting.castable(state)
    if not kinds:
        return None
    kind = rng.choice(kinds)
    choices = casting.cast_choices(state, kind) if isinstance(kind, int) else kind
    return rng.choice(choices)


def cast_moves(state: PiouslyState) -> Iterator[m.Cast]:
    for spell in range(len(SPELLS)):
        yield from casting.casts(state, spell)


class PiouslyGame(Game[PiouslyState, m.Move]):
    """The rules of Piously (see the package docstring and docs/piously.md)."""

    info: GameInfo = INFO

    def new_state(self, options: Mapping[str, object]) -> PiouslyState:
        checked = INFO.new_game_options(options)
        return PiouslyState(turn_limit=int(checked["turn_limit"]))

    def to_move(self, state: PiouslyState) -> int:
        return BLACK if state.phase is Phase.TEMPLE else state.to_move

    def outcome(self, state: PiouslyState) -> Outcome | None:
        return state.verdict

    def parse_move(self, text: str) -> m.Move:
        return m.parse_move(text)

    def format_move(self, move: m.Move) -> str:
        return str(move)

    def check_move(self, state: PiouslyState, move: m.Move) -> None:
        problem = move_problem(state, move)
        if problem is None:
            return
        if state.verdict is not None:
            raise GameOverError(problem)
        raise IllegalMoveError(f"cannot {move}: {problem}")

    def apply_unchecked(self, state: PiouslyState, move: m.Move) -> MoveResult[PiouslyState]:
        return play(state, move)

    def legal_moves(self, state: PiouslyState) -> Iterator[m.Move]:
        """Every legal move; while Black builds, only the default temple (layouts are
        countless: ``random_layout`` draws others)."""
        if state.verdict is not None:
            return
        if state.phase is Phase.TEMPLE:
            yield m.BuildTemple(DEFAULT_LAYOUT)
        elif state.phase is Phase.PLACE:
            yield from (m.PlacePiece(h) for h in act.placement_hexes(state))
        else:
            yield from action_moves(state)
            yield from cast_moves(state)
            yield from end_moves(state)

    def random_move(self, state: PiouslyState, rng: random.Random) -> m.Move | None:
        """A legal move: a kind of move first (each action kind, each castable spell, or the
        end of the turn), then one of its choices, so long lists do not crowd out the rest."""
        if state.verdict is not None:
            return None
        if state.phase is Phase.TEMPLE:
            return m.BuildTemple(random_layout(rng))
        if state.phase is Phase.PLACE:
            return m.PlacePiece(rng.choice(act.placement_hexes(state)))
        return random_turn_move(state, rng)

    def chance_outcomes(self, state: PiouslyState) -> Sequence[tuple[m.Move, float]]:
        return ()

    def encode(self, state: PiouslyState) -> str:
        return encode(state)

    def decode(self, text: str) -> PiouslyState:
        return decode(text)


GAME: Final = PiouslyGame()
