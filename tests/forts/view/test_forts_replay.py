"""Replaying Forts and Ruins: every step of a turn (the placement and the forts it spawns,
then the roll and the deaths it causes) is a step of the replay, animated as in play, and the
history can be scrubbed like any game's."""

from __future__ import annotations

from game.core.match import Match
from game.forts.rules.board import DEAD, EMPTY, FORT
from game.forts.rules.game import GAME, Place
from game.forts.view.anim import CRUMBLE, POP, RISE
from game.forts.view.board import FortsView
from scenes.replay import ReplayScene
from tests.ui.driver import Driver

SEED = "quick-4"
"""Rolls 6, 2, 6, 1: the 3s and the 4 live, a fort rises at 3,4, then the 1 dies."""
PLACEMENTS = (Place(3, 3, 3), Place(4, 3, 5), Place(3, 2, 4), Place(1, 5, 4))


def replay(driver: Driver) -> tuple[ReplayScene, FortsView]:
    driver.frames(2)
    match = Match(GAME, {}, seed=SEED)
    for move in PLACEMENTS:
        match.play(move)
        match.play_chance()
    scene: ReplayScene = driver.open_replay(match)
    assert isinstance(scene.view, FortsView)
    return scene, scene.view


def test_each_step_of_a_turn_is_a_replay_step(driver: Driver) -> None:
    scene, view = replay(driver)
    assert scene.cursor == 8
    driver.key("home")
    assert scene.cursor == 0 and view.look((3, 3), scene._clock) == (EMPTY, None)
    driver.key("right")
    assert scene.cursor == 1
    assert view.look((3, 3), scene._clock) == (EMPTY, POP), "the territory pops in"
    driver.wait(1.0)
    driver.key("right")  # the die: tumbling, then landing on 6, nothing dies
    assert view.busy(scene._clock) and view.die_face(scene._clock + 2) == 6
    for _ in range(3):
        driver.wait(1.5)
        driver.key("right")
    assert scene.cursor == 5
    assert view.look((3, 3), scene._clock) == (3, None)
    assert view.look((2, 4), scene._clock) == (EMPTY, POP)
    assert view.look((3, 4), scene._clock) == (EMPTY, None), "the fort waits for the placement"
    driver.wait(0.6)
    assert view.look((3, 4), scene._clock) == (EMPTY, RISE)
    driver.wait(0.6)
    assert view.look((3, 4), scene._clock) == (FORT, None)
    for _ in range(3):
        driver.wait(1.5)
        driver.key("right")
    assert scene.cursor == 8 and scene.match.moves[7] == "roll 1"
    driver.wait(0.75)  # the die is still landing: the 1 stands
    assert view.die_face(scene._clock) == 1 and view.look((5, 4), scene._clock) == (1, None)
    driver.wait(0.35)  # then the territory of the rolled value crumbles
    assert view.look((5, 4), scene._clock) == (1, CRUMBLE)
    driver.wait(1.5)
    assert view.look((5, 4), scene._clock) == (DEAD + 1, None)


def test_the_replay_scrubs_and_names_each_step(driver: Driver) -> None:
    scene, view = replay(driver)
    names = [scene.plugin.describe(text) for text in scene.match.moves]
    assert names[:2] == ["Build a 3 on 3,3", "The die shows 6"]
    scene.go_to(3)
    assert scene.cursor == 3 and view.look((3, 5), scene._clock) == (4, None)
    assert not view.busy(scene._clock)
    driver.key("left")
    assert scene.cursor == 2 and view.look((3, 5), scene._clock) == (EMPTY, None)
    driver.key("end")
    assert scene.cursor == 8


def test_a_stranded_territory_pops_in_then_crumbles() -> None:
    match = Match(GAME, {"anywhere": True}, seed=SEED)
    before = match.state
    result = match.play(Place(2, 0, 17))  # far from the fort: it dies at once
    view = FortsView()
    view.show(before)
    view.animate(before, result, 0.0)
    assert view.look((0, 17), 0.1) == (EMPTY, POP)
    assert view.look((0, 17), 0.6) == (2, CRUMBLE)
    assert view.look((0, 17), 2.0) == (DEAD + 2, None) and not view.busy(2.0)
