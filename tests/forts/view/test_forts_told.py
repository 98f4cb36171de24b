"""Forts tells what the board does not: the move list says where a fort rose and what the
die killed; the pointer on a hatched (dead) cell or a ruin says why nothing can be built
there for the rest of the run."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from game.catalog import plugins
from game.core.match import Match
from game.forts.rules.board import DEAD, RUIN
from game.forts.rules.game import GAME, FortsSpawned, FortsState, TerritoriesDied
from game.forts.view.board import FortsView
from game.forts.view.words import describe_at


def run_until(want: Callable[[FortsState, Any], bool], seed: int = 3,
              limit: int = 600) -> Match:
    """A run from ``seed`` played at random until ``want(state, last result)`` holds."""
    match = Match(GAME, {}, seed=str(seed))
    rng = random.Random(seed)
    for _ in range(limit):
        move = GAME.random_move(match.state, rng)
        if move is None:  # the run ended first: the next seed
            return run_until(want, seed + 1, limit) if seed < 40 else Match(GAME, {})
        result = match.play(move)
        if want(match.state, result):
            return match
    raise AssertionError("not reached")


def kinds(state: FortsState) -> list[int]:
    return [state.code(row, col) for row in range(state.rows) for col in range(state.cols)]


def test_the_move_list_says_a_fort_rose() -> None:
    match = run_until(lambda _state, result: any(
        isinstance(event, FortsSpawned) for event in result.events))
    before = match.state_at(match.ply - 1)
    words = describe_at(before, match.moves[-1])
    assert words.startswith("Build a") and ("fort rose on" in words or "forts rose on" in words)
    assert "rose on" in plugins()["forts"].describe(match.moves[-1], before)


def test_the_die_says_what_it_killed() -> None:
    match = run_until(lambda _state, result: any(
        isinstance(event, TerritoriesDied) for event in result.events))
    assert "died" in describe_at(match.state_at(match.ply - 1), match.moves[-1])


def test_a_dead_cell_and_a_ruin_say_why_nothing_is_built_there() -> None:
    match = run_until(lambda state, _result: RUIN in kinds(state) and
                      any(code > DEAD for code in kinds(state)))
    state = match.state
    view = FortsView()
    view.layout(pygame.Rect(0, 0, 1000, 700))
    view.show(state)
    cells = [(row, col) for row in range(state.rows) for col in range(state.cols)]
    dead = next(cell for cell in cells if state.code(*cell) > DEAD)
    ruin = next(cell for cell in cells if state.code(*cell) == RUIN)
    assert "rest of the run" in (view.cell_tip(dead) or "")
    assert "Nothing can be built" in (view.cell_tip(ruin) or "")
    alive = next(cell for cell in cells if state.code(*cell) < RUIN)
    assert view.cell_tip(alive) is None
