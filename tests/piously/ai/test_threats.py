"""Hard stops a win next turn when some turn stops it: over generated positions where the
opponent threatens a win and a wide search found a turn after which the complete search
finds none (``python -m tools.piously_threats``), it finds none after hard's turn either."""

from __future__ import annotations

from pathlib import Path

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS
from game.piously.ai.players import _NearWin
from game.piously.rules.game import GAME
from tests.piously.ai.test_tactics import whole_turn
from tools.piously_threats import DEFAULT_OUT, threatened, wins_now
from tools.piously_wins import read_positions

THREATS = [state for _, state in read_positions(Path(__file__).with_name(DEFAULT_OUT.name))]
SAMPLE = 6
"""Positions hard plays here (every one: ``python -m bench piously_wins``, in the README)."""


def test_the_fixture_holds_threats_to_defend() -> None:
    assert len(THREATS) >= 12
    state = THREATS[0]
    assert threatened(state) and not wins_now(state)


def test_hard_leaves_the_opponent_no_win() -> None:
    limit = Limit(nodes=DEFAULT_LIMITS["hard"].nodes)
    for state in THREATS[:: max(1, len(THREATS) // SAMPLE)][:SAMPLE]:
        _, after = whole_turn(LEVELS["hard"](), state, limit)
        assert not wins_now(after), GAME.encode(state)


def test_the_near_win_nodes_are_fewer_under_a_threat_which_is_checked_only_when_needed() -> None:
    """Hard's slowest turns were threats where its own win search spent all its extra
    nodes; a turn whose win search needs no extra nodes must not pay for the check."""
    for threat, nodes in ((True, 3), (False, 10)):
        checks: list[bool] = []

        def threatened(threat: bool = threat, checks: list[bool] = checks) -> bool:
            checks.append(threat)
            return threat

        extra = _NearWin(Budget(Limit(nodes=100)), (10, 3), threatened)
        assert not checks
        spent = 0
        while not extra.exhausted:
            extra.spend()
            spent += 1
        assert spent == nodes and checks == [threat]
