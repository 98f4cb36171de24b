"""The play scene knows no game's rules: a solo game with dice plays through a bare view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from game.client.app.commands import ViewAction
from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.view import RGB, Feedback, Proposal
from game.core.match import Match
from game.core.protocol import CHANCE, MoveResult
from scenes.play import PlayScene
from tests.ui.driver import Driver


class BareView:
    """The least a game view can be: it proposes a random legal move and draws nothing."""

    game_id = "forts"
    actions: tuple[ViewAction, ...] = ()

    def __init__(self) -> None:
        self.state: Any = None
        self.animated: list[MoveResult[Any]] = []
        self.board_rect = pygame.Rect(0, 0, 10, 10)

    def set_colours(self, colours: Sequence[RGB]) -> None: ...
    def set_speed(self, speed: float) -> None: ...
    def layout(self, rect: pygame.Rect) -> None: ...
    def show(self, state: Any, last: Sequence[MoveResult[Any]] = ()) -> None:
        self.state = state

    def animate(self, before: Any, result: MoveResult[Any], clock: float) -> None:
        self.state = result.state
        self.animated.append(result)

    def busy(self, clock: float) -> bool:
        return False

    def skip(self) -> None: ...
    def cues(self, clock: float) -> list[str]:
        return []

    def draw(self, surface: pygame.Surface, clock: float) -> None: ...
    def hit_test(self, pos: tuple[int, int]) -> object | None:
        return None

    def set_interactive(self, on: bool) -> None: ...
    def hover(self, pos: tuple[int, int] | None) -> None: ...
    def action(self, action_id: str) -> Feedback:
        return Feedback()

    def click(self, pos: tuple[int, int]) -> Feedback:
        return Feedback()

    def clear(self) -> Feedback:
        return Feedback()

    def selected_action(self) -> str | None:
        return None

    def proposal(self) -> Proposal:
        from game.forts.rules.game import GAME

        return Proposal(GAME.random_move(self.state, random.Random(0)))

    def status(self) -> str:
        return ""


def test_a_solo_game_with_dice_rolls_by_itself(driver: Driver, services: Services) -> None:
    services.views = {**services.views, "forts": BareView}
    match = Match(services.games.get("forts"), {}, seed="test")
    driver.frames(2)
    play = PlayScene(services, match)
    driver.app.stack.apply(Push(play))
    play.command_by_name("offer_draw")
    assert "solo" in driver.toasts()[-1]
    driver.key("return")  # confirm the view's proposal: a placement
    driver.frames(3)  # then the dice are rolled for the chance player
    assert match.ply >= 2 and match.moves[1].startswith("roll")
    assert match.to_move != CHANCE
    view = play.view
    assert isinstance(view, BareView)
    assert [result.state for result in view.animated] == [match.state_at(1), match.state_at(2)]
