"""Set-up and the actions of a turn: their legal targets, why one is refused, and their effect.

Every ``*_problem`` function returns the reason a move is refused (for the player), or None.
"""

from __future__ import annotations

from typing import Final

from game.core.protocol import Event
from game.piously.rules.draft import Draft
from game.piously.rules.events import SpellClaimed, TempleBuilt, TurnEnded
from game.piously.rules.hexes import DIRECTIONS, Hex
from game.piously.rules.moves import BuildTemple, Drop, EndTurn, PickUp, PlacePiece, Step
from game.piously.rules.spellbook import SPELLS, partner
from game.piously.rules.state import (
    ACTIONS_PER_TURN,
    ARTWORK,
    BLACK,
    NOBODY,
    SEAT_NAMES,
    WHITE,
    Phase,
    PiouslyState,
    evolve,
)
from game.piously.rules.temple import ROOM_NAMES, ROOMS, SHOVEL, Temple, layout_problem

STEP_COST: Final = 1
BLESS_COST: Final = 1
FLIP_COST: Final = 2
ARTWORK_COST: Final = 1


def phase_problem(state: PiouslyState, phase: Phase) -> str | None:
    if state.verdict is not None:
        return "the game is over"
    if state.phase is not phase:
        return {
            Phase.TEMPLE: "Black must build the temple first",
            Phase.PLACE: "the pieces must be placed first",
            Phase.PLAY: "the pieces are already placed",
        }[state.phase]
    return None


# -- set-up ----------------------------------------------------------------------------------


def temple_problem(state: PiouslyState, move: BuildTemple) -> str | None:
    if state.phase is not Phase.TEMPLE:
        return "the temple is already built"
    return layout_problem(move.layout)


def build_temple(state: PiouslyState, move: BuildTemple) -> Draft:
    """The temple stands; White is next, to place its piece."""
    draft = Draft(evolve(state, phase=Phase.PLACE, to_move=WHITE))
    draft.temple = Temple(move.layout)
    draft.events.append(TempleBuilt(layout=move.layout))
    return draft


def placement_hexes(state: PiouslyState) -> tuple[Hex, ...]:
    """Free hexes a piece may be put on during set-up."""
    if state.phase is not Phase.PLACE or state.temple is None:
        return ()
    taken = state.object_at
    return tuple(sorted(h for h in state.temple.room_of if h not in taken))


def place_problem(state: PiouslyState, move: PlacePiece) -> str | None:
    problem = phase_problem(state, Phase.PLACE)
    if problem is not None:
        return problem
    if not state.built.has(move.hex):
        return "there is no hex there"
    if move.hex in state.object_at:
        return "that hex is taken"
    return None


def place_piece(state: PiouslyState, move: PlacePiece) -> Draft:
    """White's piece, then Black's; after Black's, play begins with White."""
    if state.to_move == WHITE:
        draft = Draft(evolve(state, to_move=BLACK))
    else:
        draft = Draft(evolve(state, phase=Phase.PLAY, to_move=WHITE, actions=ACTIONS_PER_TURN))
    draft.move_object(state.to_move, move.hex, wave=0)
    return draft


# -- moving, blessing ------------------------------------------------------------------------


def _cost_problem(state: PiouslyState, cost: int) -> str | None:
    if state.actions < cost:
        left = "no actions" if state.actions == 0 else f"only {state.actions} action"
        return f"that costs {cost} action{'s' * (cost > 1)} and you have {left} left"
    return None


def _free_neighbours(state: PiouslyState) -> tuple[Hex, ...]:
    """Hexes next to the side to move's piece with no object on them."""
    me = state.objects[state.to_move]
    assert me is not None
    room_of, taken = state.built.room_of, state.object_at
    return tuple(me + d for d in DIRECTIONS if me + d in room_of and me + d not in taken)


def _free_neighbour_problem(state: PiouslyState, h: Hex, what: str) -> str | None:
    """Why ``h`` is not a free hex next to the side to move's piece (``what`` goes there)."""
    me = state.objects[state.to_move]
    assert me is not None
    if h - me not in DIRECTIONS:
        return f"{what} to a hex next to you"
    if not state.built.has(h):
        return "there is no hex there"
    if h in state.object_at:
        return "that hex holds an object"
    return None


def step_targets(state: PiouslyState) -> tuple[Hex, ...]:
    """Hexes the side to move may step to now (none when out of actions)."""
    if state.phase is not Phase.PLAY or state.verdict or state.actions < STEP_COST:
        return ()
    return _free_neighbours(state)


def step_problem(state: PiouslyState, move: Step) -> str | None:
    return (
        phase_problem(state, Phase.PLAY)
        or _cost_problem(state, STEP_COST)
        or _free_neighbour_problem(state, move.to, "a piece moves")
    )


def step(state: PiouslyState, move: Step) -> Draft:
    draft = Draft(state)
    draft.move_object(state.to_move, move.to, wave=0)
    draft.actions -= STEP_COST
    return draft


def bless_cost(state: PiouslyState) -> tuple[int | None, str]:
    """What blessing the hex under the side to move costs (1, or 2 to flip), or None and why."""
    problem = phase_problem(state, Phase.PLAY)
    if problem is not None:
        return None, problem
    seat = state.to_move
    me = state.objects[seat]
    assert me is not None
    aura = state.aura(me)
    if aura == seat:
        return None, "the hex under you already has your aura"
    if aura is None:
        return BLESS_COST, "bless the hex under you"
    return FLIP_COST, f"flip {SEAT_NAMES[aura]}'s aura under you"


def bless_problem(state: PiouslyState, flip: bool) -> str | None:
    cost, reason = bless_cost(state)
    if cost is None:
        return reason
    if flip and cost != FLIP_COST:
        return "there is no opponent aura under you to flip: bless the hex instead"
    if not flip and cost != BLESS_COST:
        return "the hex under you holds your opponent's aura: flipping it costs two actions"
    return _cost_problem(state, cost)


def bless(state: PiouslyState, flip: bool) -> Draft:
    draft = Draft(state)
    me = state.objects[state.to_move]
    assert me is not None
    draft.set_aura(me, state.to_move, wave=0)
    draft.actions -= FLIP_COST if flip else BLESS_COST
    return draft


# -- artworks --------------------------------------------------------------------------------


def drop_targets(state: PiouslyState, room: int) -> tuple[Hex, ...]:
    """Where the side to move may put down the artwork of ``room`` (none if it cannot).

    ``drop_problem``'s tests without its sentences: every move list asks this of all
    seven rooms."""
    if (
        state.phase is not Phase.PLAY
        or state.verdict is not None
        or state.owners[2 * room] != state.to_move
        or state.objects[ARTWORK + room] is not None
        or state.actions < ARTWORK_COST
    ):
        return ()
    return _free_neighbours(state)


def drop_problem(state: PiouslyState, move: Drop, hex_given: bool = True) -> str | None:
    problem = phase_problem(state, Phase.PLAY)
    if problem is not None:
        return problem
    spell = 2 * move.room
    name = SPELLS[spell].name
    if state.owners[spell] != state.to_move:
        return f"you do not own the {name}"
    if state.objects[ARTWORK + move.room] is not None:
        return f"the {name} artwork is already on the board"
    problem = _cost_problem(state, ARTWORK_COST)
    if problem is not None or not hex_given:
        return problem
    return _free_neighbour_problem(state, move.hex, "an artwork is put down")


def drop(state: PiouslyState, move: Drop) -> Draft:
    draft = Draft(state)
    draft.move_object(ARTWORK + move.room, move.hex, wave=0)
    draft.actions -= ARTWORK_COST
    return draft


def pickup_rooms(state: PiouslyState) -> tuple[int, ...]:
    """Rooms whose artwork the side to move may pick up now: ``pickup_problem``'s tests
    without its sentences (every move list asks this)."""
    if state.phase is not Phase.PLAY or state.verdict is not None:
        return ()
    if state.actions < ARTWORK_COST:
        return ()
    seat, objects = state.to_move, state.objects
    me = objects[seat]
    assert me is not None
    return tuple(
        room
        for room in range(ROOMS)
        if state.owners[2 * room] == seat
        and (where := objects[ARTWORK + room]) is not None
        and where - me in DIRECTIONS
    )


def pickup_problem(state: PiouslyState, move: PickUp) -> str | None:
    problem = phase_problem(state, Phase.PLAY)
    if problem is not None:
        return problem
    name = SPELLS[2 * move.room].name
    if state.owners[2 * move.room] != state.to_move:
        return f"you do not own the {name}"
    where = state.objects[ARTWORK + move.room]
    me = state.objects[state.to_move]
    assert me is not None
    if where is None or where - me not in DIRECTIONS:
        return f"the {name} artwork is not next to you"
    return _cost_problem(state, ARTWORK_COST)


def pickup(state: PiouslyState, move: PickUp) -> Draft:
    draft = Draft(state)
    draft.move_object(ARTWORK + move.room, None, wave=0)
    draft.actions -= ARTWORK_COST
    return draft


# -- the end of a turn -----------------------------------------------------------------------


def claimable(state: PiouslyState) -> tuple[int, ...]:
    """Spells the side to move may take by ending the turn here (both of a room, or none)."""
    if state.phase is not Phase.PLAY or state.verdict is not None:
        return ()
    me = state.objects[state.to_move]
    assert me is not None
    room = state.built.room_of.get(me, SHOVEL)
    if room == SHOVEL or state.owners[2 * room] != NOBODY or state.owners[2 * room + 1] != NOBODY:
        return ()
    return 2 * room, 2 * room + 1


def end_problem(state: PiouslyState, move: EndTurn) -> str | None:
    problem = phase_problem(state, Phase.PLAY)
    if problem is not None or move.claim is None:
        return problem
    if move.claim not in claimable(state):
        room = SPELLS[move.claim].room
        return (
            f"to take the {SPELLS[move.claim].name}, end your turn in the {ROOM_NAMES[room]} "
            "room while both of its spells are unclaimed"
        )
    return None


def end_turn(state: PiouslyState, move: EndTurn) -> PiouslyState:
    """The next turn's position: spells recharged, three actions for the opponent."""
    seat = state.to_move
    owners = list(state.owners)
    if move.claim is not None:
        owners[move.claim] = seat
        owners[partner(move.claim)] = 1 - seat
    return evolve(
        state,
        owners=tuple(owners),
        to_move=1 - seat,
        actions=ACTIONS_PER_TURN,
        cast=0,
        turn=state.turn + 1,
    )


def end_events(state: PiouslyState, move: EndTurn) -> list[Event]:
    seat = state.to_move
    events: list[Event] = []
    if move.claim is not None:
        events += [
            SpellClaimed(spell=move.claim, seat=seat, wave=0),
            SpellClaimed(spell=partner(move.claim), seat=1 - seat, wave=0),
        ]
    events.append(TurnEnded(seat=seat, wave=1 if events else 0))
    return events
