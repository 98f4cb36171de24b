"""Forts and Ruins through the GUI with a player's keys and clicks: a whole run from the menu
to the game-over summary, refusals with the rules' reasons, the die, hints and autoplay.

The shared steps here (start a game with a seed, build, wait) are used by the other
``test_forts_*`` files too."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.client.app.scene import Reset
from game.client.app.services import Services
from game.client.files import scores
from game.core.chance import seeded_choice
from game.core.match import Match
from game.core.player import Budget, Decision, Limit
from game.forts.ai import HelperPlayer
from game.forts.info import NO_LIVING_FORTS
from game.forts.rules.board import DEAD, EMPTY, FORT, RUIN
from game.forts.rules.game import GAME, FortsState, Place, placeable_cells, score
from game.forts.view.anim import ROLL_TIME
from game.forts.view.board import FortsView
from game.forts.view.draw import tile
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.play_parts.hints import hint_level
from scenes.scores import ScoresScene
from scenes.setup import SetupScene
from tests.ui.driver import Driver
from tests.ui.test_hint_and_demo import ScriptedComputers
from tests.ui.test_play import choose

QUICK_SEED = "quick-4"
"""Its rolls start 6, 2, 6, 1, 5: building only 5s, the run ends after five turns."""
QUICK_VALUE = 5
TURN_SECONDS = 3.0
"""Long enough for a placement, its die roll and every wave of deaths at speed 1."""


def open_setup(driver: Driver) -> SetupScene:
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    entry = next(widget for widget, text, _ in menu.entries if text == "Play Forts and Ruins")
    assert entry.is_enabled
    driver.press(entry)
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game.info.id == "forts"
    return setup


def start_game(driver: Driver, seed: str = QUICK_SEED) -> PlayScene:
    setup = open_setup(driver)
    setup.widgets["seed"].set_text(seed)
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene), driver.toasts()
    return play


def back_to_menu(driver: Driver) -> None:
    driver.app.stack.apply(Reset(MenuScene(driver.app.services)))
    driver.frames(2)


def view_of(play: PlayScene) -> FortsView:
    assert isinstance(play.view, FortsView)
    return play.view


def state_of(play: PlayScene) -> FortsState:
    state = play.match.state
    assert isinstance(state, FortsState)
    return state


def build(driver: Driver, play: PlayScene, cell: tuple[int, int] | None = None) -> None:
    """Click a cell (the first legal one by default) and wait for the whole turn to play."""
    target = cell or placeable_cells(state_of(play))[0]
    driver.click(view_of(play).cell_centre(target))
    driver.wait(TURN_SECONDS)


def test_a_whole_run_from_the_menu_to_the_game_over_summary(
    driver: Driver, services: Services
) -> None:
    play = start_game(driver)
    assert play.match.seed == QUICK_SEED
    driver.key(str(QUICK_VALUE))
    assert play.view.selected_action() == f"value{QUICK_VALUE}"
    turns = 0
    while not play.match.is_over:
        before = play.match.ply
        build(driver, play)
        assert play.match.ply == before + 2, "a click builds, then the die rolls by itself"
        turns += 1
        assert turns <= 5
    assert turns == 5
    assert [text for text in play.match.moves if text.startswith("roll")] == [
        "roll 6", "roll 2", "roll 6", "roll 1", "roll 5"]
    assert play.match.outcome is not None
    assert play.match.outcome.reason is NO_LIVING_FORTS
    final = state_of(play)
    assert score(final).turns_survived == 4 and final.code(4, 4) == RUIN
    assert play.ranked == "High score: #1 on 9x18, connected"
    assert play._result_lines() == [
        "Survived 4 turns  ·  built 0 forts  ·  peak 1 living",
        f"Seed {QUICK_SEED}",
        "High score: #1 on 9x18, connected",
    ]
    table = scores.load(services.paths.scores).tables["forts"]["9x18, connected"]
    assert [(e.name, e.score, e.seed) for e in table] == [("Builder", (4, 0, 1), QUICK_SEED)]
    driver.key("escape")  # pause, then quit to the menu
    pause = driver.top
    driver.press(next(w for w, key in pause.choices.items() if key == "menu"))
    menu = driver.top
    assert isinstance(menu, MenuScene)
    entry = next(widget for widget, text, _ in menu.entries if text == "High scores")
    driver.press(entry)
    shown = driver.top
    assert isinstance(shown, ScoresScene)
    assert "9x18, connected" in shown.body and "Builder" in shown.body
    assert "Turns survived: 4" in shown.body and QUICK_SEED in shown.body


def test_illegal_placements_are_refused_with_the_rules_reason(driver: Driver) -> None:
    play = start_game(driver)
    view = view_of(play)
    driver.click(view.cell_centre((4, 5)))
    assert driver.toasts()[-1].startswith("Choose a value first")
    driver.key("3")
    driver.click(view.cell_centre((0, 17)))
    assert driver.toasts()[-1] == ("Cannot build on 0,17: a territory must touch the living "
                                   "network (a fort's group), diagonals count")
    driver.click(view.cell_centre((4, 4)))
    assert driver.toasts()[-1] == "Cannot build on 4,4: that cell is already taken"
    assert play.match.ply == 0
    driver.click(view.swatch_centre(2))  # the palette under the board chooses a value too
    assert view.selected_action() == "value2"
    build(driver, play, (3, 3))
    assert play.match.moves[0] == "2 3,3"


def test_the_die_tumbles_for_about_six_tenths_of_a_second_then_lands(driver: Driver) -> None:
    play = start_game(driver)
    view = view_of(play)
    driver.key("1")
    driver.click(view.cell_centre((3, 3)))
    assert play.match.moves == ("1 3,3",)
    driver.wait(0.5)  # the territory pops in; then the die is rolled
    assert play.match.ply == 2
    rolled = int(play.match.moves[-1].split()[1])
    faces = []
    for _ in range(round(ROLL_TIME * 60)):
        faces.append(view.die_face(play._clock))
        driver.frames(1)
    assert len(set(faces)) >= 4, "the die shows several faces while it tumbles"
    driver.wait(1.5)
    assert view.die_face(play._clock) == rolled and not view.busy(play._clock)


def test_each_look_differs_in_shape_not_only_in_colour(services: Services) -> None:
    codes = [EMPTY, *range(1, 7), FORT, RUIN, *(DEAD + v for v in range(1, 7))]
    greys = []
    for code in codes:
        image = tile(code, 48)
        grey = pygame.transform.grayscale(image)
        greys.append(pygame.image.tobytes(grey, "RGBA"))
    assert len(set(greys)) == len(codes), "every look is distinct even in greyscale"


def test_a_hint_comes_from_the_strongest_level_and_plays_on_return(
    driver: Driver, services: Services
) -> None:
    assert hint_level(["random", "helper"]) == "helper"
    assert hint_level(["easy", "normal", "hard"]) == "normal"
    play = start_game(driver)
    computers = ScriptedComputers(["random", "helper"], "4 3,5")
    services.computers = computers
    driver.key("h")
    driver.frames(5)
    assert "Hint: Build a 4 on 3,5" in driver.toasts()
    assert play.view.proposal().move == Place(4, 3, 5)
    driver.key("return")
    assert play.match.moves[0] == "4 3,5"


class HelperSeat:
    """The real helper, thinking in-process under a node budget (the worker process that
    the app uses is tested with the other computer seats)."""

    stalled = False

    def __init__(self) -> None:
        self._match: Match | None = None

    @property
    def busy(self) -> bool:
        return self._match is not None

    def start(self, match: Match) -> None:
        self._match = match

    def poll(self) -> Decision[Any] | None:
        match, self._match = self._match, None
        if match is None:
            return None
        return HelperPlayer().choose(match.state, Budget(Limit(nodes=2000)), random.Random(1))

    def cancel(self) -> None:
        self._match = None

    def close(self) -> None:
        self._match = None


class HelperComputers:
    def levels(self, game_id: str) -> list[str]:
        return ["random", "helper"]

    def seat(self, game_id: str, level: str) -> HelperSeat:
        assert level == "helper"
        return HelperSeat()


def test_the_helper_can_play_the_run_by_itself(driver: Driver, services: Services) -> None:
    services.computers = HelperComputers()
    setup = open_setup(driver)
    assert "computer: helper" in setup.kind_choices
    choose(driver, setup.widgets["kind:0"], "computer: helper")
    setup.widgets["seed"].set_text("autoplay")
    driver.press(setup.start_button)
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.match.seats[0].is_computer and play.match.seats[0].level == "helper"
    driver.wait(12.0)
    assert play.match.ply >= 6, "placements and dice follow each other with no human"
    rolls = [(ply, text) for ply, text in enumerate(play.match.moves) if text.startswith("roll")]
    for index, (ply, text) in enumerate(rolls):
        outcomes = GAME.chance_outcomes(play.match.state_at(ply))
        assert text == str(seeded_choice("autoplay", index, outcomes))
    play.match.resign()
    play._after_move()
    assert play.ranked is not None and play.ranked.startswith("Not ranked")
    assert not services.paths.scores.exists()
