"""Seeded dice, records that replay exactly, and golden games."""

from __future__ import annotations

import random

import pytest

from game.core.errors import RecordError
from game.core.match import Match
from game.core.protocol import CHANCE, Outcome
from game.core.record import Record
from game.core.registry import Registry
from game.forts.info import NO_LIVING_FORTS
from game.forts.rules.game import (
    GAME,
    DeathCause,
    DieRolled,
    FortsRuined,
    FortsSpawned,
    Placed,
    Score,
    TerritoriesDied,
    encode,
    score,
)

GAMES = Registry([GAME])


def random_run(seed: str, placer: int, options: dict[str, object] | None = None) -> Match:
    """A whole game: placements by ``random.Random(placer)``, dice from ``seed``."""
    rng = random.Random(placer)
    match = Match(GAME, options or {}, seed=seed)
    while not match.is_over:
        if match.to_move == CHANCE:
            match.play_chance()
        else:
            match.play(GAME.random_move(match.state, rng))
    return match


def rolls(match: Match) -> list[str]:
    return [text for text in match.moves if text.startswith("roll")]


@pytest.mark.parametrize("anywhere", [False, True])
@pytest.mark.parametrize("placer", range(4))
def test_a_record_replays_exactly(placer: int, anywhere: bool) -> None:
    match = random_run(f"replay-{placer}", placer, {"board": "12x24", "anywhere": anywhere})
    text = Record.of(match).dumps()
    again = Record.loads(text).replay(GAMES)
    assert again.moves == match.moves
    assert [again.state_at(ply) for ply in range(again.ply + 1)] == [
        match.state_at(ply) for ply in range(match.ply + 1)
    ]
    assert again.outcome == match.outcome
    assert again.results == match.results
    assert Record.of(again).dumps() == text


def test_an_unfinished_game_replays_and_goes_on_with_the_same_dice() -> None:
    match = random_run("golden", 9)
    part = match.branch(10)
    again = Record.loads(Record.of(part).dumps()).replay(GAMES)
    assert again.state == part.state and again.to_move == 0 and not again.is_over
    again.play(match.moves[10])
    again.play_chance()
    assert again.moves == match.moves[:12]


def test_a_record_with_an_illegal_roll_is_refused() -> None:
    match = random_run("tamper", 2)
    record = Record.of(match)
    bad = Record(**{**record.__dict__, "moves": ("4 4,5", "4 4,6")})
    with pytest.raises(RecordError, match="move 2"):
        bad.replay(GAMES)


def test_the_same_seed_gives_the_same_dice_whatever_the_placements() -> None:
    first, second = random_run("same", 1), random_run("same", 2)
    shared = min(len(rolls(first)), len(rolls(second)))
    assert shared > 0
    assert rolls(first)[:shared] == rolls(second)[:shared]
    assert random_run("same", 1).moves == first.moves


def test_different_seeds_give_different_dice() -> None:
    assert rolls(random_run("seed-a", 5))[:6] != rolls(random_run("seed-b", 5))[:6]


def test_golden_game_by_hand() -> None:
    """Eight turns checked by hand: a fort spawns, then the dice starve both forts."""
    match = Match(GAME, {}, seed="by-hand")
    moves = "1 3,3|roll 6|2 5,3|roll 6|3 4,2|roll 1|4 5,5|roll 2|4 5,2|roll 4|5 3,4|roll 3"
    for text in moves.split("|"):
        match.play(text)
    assert match.results[4].events == (
        Placed(cell=(4, 2), value=3, wave=0),
        FortsSpawned(cells=((4, 3),), wave=1),
    )
    match.play("6 3,5")
    match.play("roll 5")
    match.play("6 5,4")
    final = match.play("roll 6")
    assert final.events == (
        DieRolled(value=6, wave=0),
        TerritoriesDied(cells=((3, 5), (5, 4)), cause=DeathCause.ROLL, wave=1),
        FortsRuined(cells=((4, 3), (4, 4)), wave=2),
    )
    assert final.outcome == Outcome(None, NO_LIVING_FORTS)
    assert encode(match.state).split(":")[-1].split("/")[3:6] == [
        "...aef............",
        "..cRR.............",
        "..dbfd............",
    ]
    assert score(match.state) == Score(turns_survived=7, forts_built=1, peak_forts=2)


GOLDEN_MOVES = (
    "5 5,5|roll 2|3 4,6|roll 6|2 3,5|roll 3|1 6,4|roll 3|5 6,3|roll 3|5 7,2|roll 6|3 2,6|roll 4|"
    "5 6,5|roll 1|6 1,6|roll 6|2 5,6|roll 5|6 6,6|roll 1|2 5,7|roll 1|2 3,3|roll 4|1 1,7|roll 6|"
    "5 1,8|roll 5|1 5,3|roll 3|6 5,4|roll 3|3 2,5|roll 5|6 3,4|roll 5|6 4,2|roll 3|4 6,2|roll 3|"
    "3 2,4|roll 3|4 4,7|roll 3|3 4,8|roll 6|2 2,3|roll 6|4 1,2|roll 3|4 0,2|roll 5|2 6,7|roll 1|"
    "2 0,1|roll 4|6 5,8|roll 3|5 1,4|roll 2"
)
GOLDEN_FINAL = (
    "9x18:net:place:t31:b2:p3:r2:.bd.............../..d.e.fae........./...bccc.........../"
    "...bfb............/..fRRRcdc........./...afebbf........./..deaefb........../"
    "..e.............../.................."
)


def test_golden_random_game() -> None:
    """A 31-turn game (random placements, seed 'golden'): any change to the rules shows here."""
    match = random_run("golden", 9)
    assert "|".join(match.moves) == GOLDEN_MOVES
    assert encode(match.state) == GOLDEN_FINAL
    assert score(match.state) == Score(turns_survived=30, forts_built=2, peak_forts=3)
    assert match.outcome == Outcome(None, NO_LIVING_FORTS)
