"""Search that proves a puzzle: wins in one and forced wins in two, over the rules' own moves.

Every check enumerates the rules' legal moves (``Game.legal_moves``) and plays them with
``apply_unchecked``. The one shortcut, "does the side to move have a winning move?", uses the
rules' own exact tests where a game has them (Conquid is won only by declaring conquest, so
``conquest_available``; Push Fight by a push-off, ``engine.can_push_off``, tested against
full generation in its suite, or by leaving the opponent no push, ``engine.has_push``); the
puzzle tests cross-check the shortcut against the full search on every puzzle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.conquid.rules.game import ConquidState, conquest_available
from game.core.protocol import Game
from game.pushfight.rules import engine
from game.pushfight.rules.board import PACKED_BITS
from game.pushfight.rules.game import State as PushFightState

AnyGame = Game[Any, Any]


def _pushfight_wins(state: object) -> bool:
    assert isinstance(state, PushFightState)
    side, packed = state.to_move, state.packed
    if engine.can_push_off(packed, state.anchor, side):
        return True
    for result in engine.successors(packed, state.anchor, side):
        after = result & engine.PACKED_MASK
        stuck = not engine.has_push(after, result >> PACKED_BITS, 1 - side)
        if engine.fallen(packed, after) == -1 and stuck:
            return True
    return False


def _conquid_wins(state: object) -> bool:
    assert isinstance(state, ConquidState)
    return conquest_available(state)


SHORTCUTS: dict[str, Callable[[object], bool]] = {
    "pushfight": _pushfight_wins,
    "conquid": _conquid_wins,
}
"""Per game: exactly whether the side to move has a winning move, without listing moves."""


def winning_moves(game: AnyGame, state: Any) -> list[Any]:
    """Every legal move that wins at once for the side to move (exhaustive)."""
    mover = game.to_move(state)
    wins = []
    for move in game.legal_moves(state):
        outcome = game.apply_unchecked(state, move).outcome
        if outcome is not None and outcome.winner == mover:
            wins.append(move)
    return wins


def wins_now(game: AnyGame, state: Any) -> bool:
    """Whether the side to move has a winning move: the rules' shortcut, else full search."""
    shortcut = SHORTCUTS.get(game.info.id)
    if shortcut is not None:
        return shortcut(state)
    return bool(winning_moves(game, state))


def forced_win_in_two(game: AnyGame, state: Any, first: Any) -> bool:
    """Whether ``first`` wins by force: whatever the reply, a winning move follows.

    Checks every legal reply. ``first`` must not win at once (that is a win in one).
    """
    mover = game.to_move(state)
    after = game.apply(state, first)
    if after.outcome is not None:
        return False
    for reply in game.legal_moves(after.state):
        result = game.apply_unchecked(after.state, reply)
        if result.outcome is not None:
            if result.outcome.winner != mover:
                return False
            continue
        if not wins_now(game, result.state):
            return False
    return True


def stops_every_win(game: AnyGame, state: Any, move: Any) -> bool:
    """Whether after ``move`` the opponent has no winning move (a defence that holds)."""
    after = game.apply(state, move)
    if after.outcome is not None:
        return after.outcome.winner in (None, game.to_move(state))
    return not wins_now(game, after.state)


def defences(game: AnyGame, state: Any) -> list[Any]:
    """Every legal move after which the opponent cannot win at once (exhaustive)."""
    return [move for move in game.legal_moves(state) if stops_every_win(game, state, move)]
