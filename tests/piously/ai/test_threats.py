"""Hard stops a win next turn when some turn stops it: over generated positions where the
opponent threatens a win and a wide search found a turn proved to stop it
(``python -m tools.piously_threats``), hard's turn leaves the opponent no win."""

from __future__ import annotations

from pathlib import Path

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS
from game.piously.ai.wins import find_win
from game.piously.rules.game import GAME, play
from game.piously.rules.moves import EndTurn
from tests.piously.ai.test_tactics import whole_turn
from tools.piously_threats import DEFAULT_OUT, PROOF_NODES, proved_safe, threatened
from tools.piously_wins import read_positions

FIXTURE = Path(__file__).with_name(DEFAULT_OUT.name)
THREATS = read_positions(FIXTURE)
WINS = read_positions(Path(__file__).with_name("wins.txt"))
SAMPLE = 6
"""Positions hard plays here (every one: ``python -m bench piously_wins``, in the README)."""


def test_each_threat_is_a_threat_some_turn_stops() -> None:
    assert len(THREATS) >= 20
    index, state = THREATS[0]
    assert state == threatened(WINS[index][1])
    assert not proved_safe(play(state, EndTurn()).state)


def test_hard_leaves_the_opponent_no_win() -> None:
    """The opponent's win is looked for with twice the budget that proved the fixture's
    defences; a proof that it has none is asked of the bench, not here (a safe turn hard
    chose may take more nodes to prove than the one the generator found)."""
    limit = Limit(nodes=DEFAULT_LIMITS["hard"].nodes)
    for _, state in THREATS[:: max(1, len(THREATS) // SAMPLE)][:SAMPLE]:
        _, after = whole_turn(LEVELS["hard"](), state, limit)
        if after.verdict is None:
            found = find_win(after, Budget(Limit(nodes=2 * PROOF_NODES)))
            assert found.line is None, GAME.encode(state)
