"""Seeds in the client: a new game's random seed is shown, a typed seed (normalised) gives the
same dice every time, a bad one is refused with its reason, and the daily seed is offered."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from game.client.draw import fonts
from game.core.chance import seeded_choice
from game.forts.rules.game import GAME
from game.forts.rules.seeds import daily_seed
from scenes.setup import SetupScene
from tests.forts.view.test_forts_play import back_to_menu, build, open_setup, start_game
from tests.ui.driver import Driver


def rolls(driver: Driver, seed: str, turns: int) -> tuple[str, ...]:
    play = start_game(driver, seed)
    driver.key("2")
    for _ in range(turns):
        build(driver, play)
    assert play.match.ply == 2 * turns
    return tuple(text for text in play.match.moves if text.startswith("roll"))


def test_a_typed_seed_gives_the_same_dice_as_the_seed_says(driver: Driver) -> None:
    first = rolls(driver, "  Castle Rock ", 3)
    play = driver.top
    assert play.match.seed == "castle-rock", "typed seeds are normalised"
    expected = []
    for index, ply in enumerate(range(1, 6, 2)):
        outcomes = GAME.chance_outcomes(play.match.state_at(ply))
        expected.append(str(seeded_choice("castle-rock", index, outcomes)))
    assert list(first) == expected
    back_to_menu(driver)
    again = rolls(driver, "castle-rock", 3)
    assert again == first


def test_the_seed_is_shown_at_the_top(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    play = start_game(driver, "")  # blank: a new random seed
    seed = play.match.seed
    assert seed is not None and len(seed) == 8 and int(seed, 16) >= 0
    drawn: list[str] = []

    def spying(real: Any) -> Any:
        def spy(words: str, *args: Any, **kwargs: Any) -> Any:
            drawn.append(words)
            return real(words, *args, **kwargs)
        return spy

    monkeypatch.setattr(fonts, "text", spying(fonts.text))
    monkeypatch.setattr(fonts, "fit", spying(fonts.fit))
    driver.frames(1)
    assert any(f"seed {seed}" in words for words in drawn)


def test_new_games_get_different_random_seeds(driver: Driver) -> None:
    seeds = set()
    for _ in range(3):
        play = start_game(driver, "")
        seeds.add(play.match.seed)
        back_to_menu(driver)
    assert len(seeds) == 3


def test_a_bad_seed_is_refused_with_its_reason(driver: Driver) -> None:
    setup = open_setup(driver)
    setup.widgets["seed"].set_text("no/slashes")
    driver.press(setup.start_button)
    assert driver.top is setup
    assert driver.toasts()[-1] == (
        "Seed: a seed may hold only letters, digits, '.', '_' and '-', not '/'")


def test_the_daily_seed_button_fills_in_todays_seed(driver: Driver) -> None:
    setup = open_setup(driver)
    assert isinstance(setup, SetupScene) and setup.daily_button is not None
    driver.press(setup.daily_button)
    today = daily_seed(datetime.date.today())
    assert setup.widgets["seed"].get_text() == today
    driver.press(setup.start_button)
    assert driver.top.match.seed == today


def test_games_without_dice_have_no_seed_entry(driver: Driver) -> None:
    driver.frames(2)
    driver.key("return")  # Play Conquid
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.game.info.id == "conquid"
    assert "seed" not in setup.widgets and setup.daily_button is None
