"""Hard stops a win next turn when some turn stops it: over generated positions where the
opponent threatens a win and a wide search found a turn after which the complete search
finds none (``python -m tools.piously_threats``), it finds none after hard's turn either."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.player import Budget, Limit
from game.piously.ai import DEFAULT_LIMITS, LEVELS
from game.piously.ai.evaluate import WIN
from game.piously.ai.players import RESCUE_SEARCH_NODES, PlanningPlayer, _NearWin
from game.piously.ai.refutations import Refutations
from game.piously.ai.turns import Plan, Portion
from game.piously.rules.game import GAME, play
from game.piously.rules.moves import EndTurn
from tests.piously.ai.test_tactics import whole_turn
from tools.piously_threats import DEFAULT_OUT, threatened, wins_now
from tools.piously_wins import read_positions

THREATS = [state for _, state in read_positions(Path(__file__).with_name(DEFAULT_OUT.name))]
SAMPLE = 6
"""Positions hard plays here (every one: ``python -m bench piously_wins``, in
``docs/benchmarks.md``)."""
ONCE_LEFT = (9, 45, 59)
"""Threats hard's turn used to leave (a check the budget cut short counted as a stop, and
the wider search for a stop had no nodes left when the turn's budget was half spent)."""


def test_the_fixture_holds_threats_to_defend() -> None:
    assert len(THREATS) >= 12
    state = THREATS[0]
    assert threatened(state) and not wins_now(state)


def test_hard_leaves_the_opponent_no_win() -> None:
    limit = Limit(nodes=DEFAULT_LIMITS["hard"].nodes)
    for state in THREATS[:: max(1, len(THREATS) // SAMPLE)][:SAMPLE]:
        _, after = whole_turn(LEVELS["hard"](), state, limit)
        assert not wins_now(after), GAME.encode(state)


@pytest.mark.parametrize("index", ONCE_LEFT)
def test_hard_stops_the_threats_it_once_left(index: int) -> None:
    limit = Limit(nodes=DEFAULT_LIMITS["hard"].nodes)
    _, after = whole_turn(LEVELS["hard"](), THREATS[index], limit)
    assert after.verdict is None and not wins_now(after)


def test_a_check_the_rescue_budget_cuts_short_is_no_stop() -> None:
    """With nodes for the wider search and a few more, every check of a turn it found ends
    early: none proves the turn safe, so the turn planned before is kept."""
    player = LEVELS["hard"]()
    assert isinstance(player, PlanningPlayer)
    state = THREATS[ONCE_LEFT[0]]
    planned = Plan((EndTurn(),), (play(state, EndTurn()).state,), -WIN)
    budget = Portion(Budget(Limit()), RESCUE_SEARCH_NODES + 40)
    value, plan = player._stopping(
        state, [], (-WIN, planned), budget, random.Random(0), Refutations({}), 2_000
    )
    assert plan is planned and value == -WIN


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
