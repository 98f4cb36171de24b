"""Every game has a review engine, loaded through its plug-in: a version, its two budgets (a
deep review searches four times the quick one) and a verdict on the opening position."""

from __future__ import annotations

import pytest

from game.catalog import all_games, plugins


@pytest.mark.parametrize("game_id", sorted(plugins()))
def test_every_game_declares_an_analyst_with_its_budgets(game_id: str) -> None:
    load = plugins()[game_id].analyst
    assert load is not None
    analyst = load()
    assert analyst.version and analyst.quick_budget >= 100
    assert analyst.deep_budget == 4 * analyst.quick_budget
    game = all_games().get(game_id)
    verdict = analyst.evaluate(game.new_state(game.info.default_options()), 200)
    assert 0.0 <= verdict.value <= 1.0 and verdict.proof is None
    assert (verdict.points is not None) == (game.info.players == 1)
