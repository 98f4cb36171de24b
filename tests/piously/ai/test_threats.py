"""Hard stops a win next turn when some turn stops it: over generated positions where the
opponent threatens a win and a wide search found a turn proved to stop it
(``python -m tools.piously_threats``), hard's turn leaves the opponent no win."""

from __future__ import annotations

from pathlib import Path

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS
from game.piously.ai.wins import find_win
from game.piously.rules.game import GAME
from tests.piously.ai.test_tactics import whole_turn
from tools.piously_threats import DEFAULT_OUT, PROOF_NODES, threatened, wins_now
from tools.piously_wins import read_positions

THREATS = [state for _, state in read_positions(Path(__file__).with_name(DEFAULT_OUT.name))]
SAMPLE = 6
"""Positions hard plays here (every one: ``python -m bench piously_wins``, in the README)."""


def test_the_fixture_holds_threats_to_defend() -> None:
    assert len(THREATS) >= 12
    state = THREATS[0]
    assert threatened(state) and not wins_now(state)


def test_hard_leaves_the_opponent_no_win() -> None:
    """The opponent's win is looked for with twice the budget that proved the fixture's
    defences; a proof that it has none is the bench's figure (a safe turn hard chose may
    take more nodes to prove than the one the generator found)."""
    limit = Limit(nodes=DEFAULT_LIMITS["hard"].nodes)
    for state in THREATS[:: max(1, len(THREATS) // SAMPLE)][:SAMPLE]:
        _, after = whole_turn(LEVELS["hard"](), state, limit)
        if after.verdict is None:
            found = find_win(after, Budget(Limit(nodes=2 * PROOF_NODES)))
            assert found.line is None, GAME.encode(state)
