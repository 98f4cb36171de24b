"""Random plays of the turn: a probe for the wins the complete search's order walks past.

Late in a game, with the Yeoman, the Upset and the like in hand, a turn has so many casts
of equal priority that a win behind one of them can take the complete search
(``wins.find_win``) hundreds of thousands of nodes, while the winning lines are so many that
random plays of the turn hit one within a few hundred moves (``docs/ai.md``). So when that
search ends with neither a win nor a proof that there is none, the planning players spend
``SAMPLE_NODES`` here. Each play chooses among the actions
and casts left (never the end of the turn, which would waste it) and stops as soon as the
search's bound (``can_still_win``) says it can no longer win; a win found is played without
the moves it does not need. Its random numbers come from the position, so a position gets
the same answer every time, whatever the game's seed.
"""

from __future__ import annotations

import random

from game.piously.ai.turns import Spender
from game.piously.ai.wins import Found, can_still_win, line_wins
from game.piously.rules.game import play, random_turn_move
from game.piously.rules.moves import Move
from game.piously.rules.position import encode
from game.piously.rules.state import PiouslyState


def win_line(state: PiouslyState, found: Found, budget: Spender) -> tuple[Move, ...] | None:
    """The complete search's winning line; when it found none and proved nothing, one that
    random plays find within ``budget``; else None."""
    if found.line is not None or found.complete:
        return found.line
    return sample_win(state, budget)


def sample_win(state: PiouslyState, budget: Spender) -> tuple[Move, ...] | None:
    """A winning line of this turn found by random plays within ``budget`` (a node a move),
    or None."""
    seat = state.to_move
    if state.verdict is not None or not can_still_win(state):
        return None
    rng = random.Random(encode(state))
    while not budget.exhausted:
        line: list[Move] = []
        after = state
        while (
            after.verdict is None
            and after.to_move == seat
            and can_still_win(after)
            and not budget.exhausted
            and (move := random_turn_move(after, rng, ending=False)) is not None
        ):
            budget.spend()
            line.append(move)
            after = play(after, move).state
        if after.verdict is not None and after.verdict.winner == seat:
            return _trimmed(state, tuple(line), budget)
        if not line:
            return None  # no move to make, or no node to make it with
    return None


def _trimmed(state: PiouslyState, line: tuple[Move, ...], budget: Spender) -> tuple[Move, ...]:
    """``line`` less each move it still wins without, tried first to last while the budget
    lasts: random plays wander, and a person watching the computer should see the win, not
    the wandering (fresh position 1's eight moves become four)."""
    index = 0
    while index < len(line) and not budget.exhausted:
        shorter = line[:index] + line[index + 1:]
        if line_wins(state, shorter, budget)[0]:
            line = shorter
        else:
            index += 1
    return line
