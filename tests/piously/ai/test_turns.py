"""The whole-turn search: what it offers a deeper search, and how it shares a budget."""

from __future__ import annotations

import random

from game.core.player import Budget, Limit
from game.piously.ai import HARD_SHAPE
from game.piously.ai.turns import Portion, Share, TurnSearch
from game.piously.rules.moves import EndTurn
from tests.piously.ai import positions as pos


def test_plans_are_distinct_positions_each_with_its_claim_free_ending() -> None:
    search = TurnSearch(HARD_SHAPE, Budget(Limit()), random.Random(0))
    plans = search.plans(pos.NO_POISONED_CLAIM, 8)
    finals = [(plan.final.auras, plan.final.objects, plan.final.owners) for plan in plans]
    assert len(set(finals)) == len(finals)
    positions = {(plan.final.auras, plan.final.objects) for plan in plans}
    assert len(positions) >= 4  # not one position with every claim
    claimed = [plan for plan in plans if plan.moves[-1] != EndTurn()]
    assert claimed
    for plan in claimed:
        assert any(
            other.moves[:-1] == plan.moves[:-1] and other.moves[-1] == EndTurn()
            for other in plans
        )


def test_a_share_leaves_its_reserve_to_later_stages() -> None:
    budget = Budget(Limit(nodes=100))
    share = Share(budget, 0.6)
    spent = 0
    while not share.exhausted:
        share.spend()
        spent += 1
    assert spent == 40 and not budget.exhausted


def test_a_share_of_a_portion_reserves_part_of_the_portion_whatever_was_spent_before() -> None:
    budget = Budget(Limit(nodes=100))
    budget.spend(70)
    share = Share(Portion(budget, 20), 0.25)
    spent = 0
    while not share.exhausted:
        share.spend()
        spent += 1
    assert spent == 15 and budget.nodes == 85


def test_a_portion_ends_with_its_budget() -> None:
    budget = Budget(Limit(nodes=100))
    budget.spend(95)
    portion = Portion(budget, 20)
    portion.spend(5)
    assert portion.exhausted and portion.fraction_left() == 0.75
