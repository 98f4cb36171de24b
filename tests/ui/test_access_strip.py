"""The message strip under the board names the keyboard's ways into a game: / (the move
box) and Down (the board cursor), first, while they are of use, and both fit at 900x600."""

from __future__ import annotations

import pygame
import pytest

from game.client.app.services import Services
from game.core.match import Match
from tests.ui.driver import Driver, key_strips

BOX, CURSOR = "/ type a move", "Down board cursor"


@pytest.mark.parametrize("size", [(900, 600), (1280, 720)])
@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts", "piously"])
def test_the_strip_names_the_move_box_and_the_cursor(driver: Driver, services: Services,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     size: tuple[int, int],
                                                     game_id: str) -> None:
    services.display.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.frames(1, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    shown = key_strips(monkeypatch)
    game = services.games.get(game_id)
    driver.open_play(Match(game, {}, seed="s1" if game.info.has_chance else None))
    services.toasts.items.clear()
    driver.frames(2)
    assert shown[-1][:3] == [BOX, CURSOR, "F1 rules"]
    driver.key("down")
    assert shown[-1][0] == BOX and CURSOR not in shown[-1], "the cursor shows: no more to say"
    driver.key("escape")
    services.toasts.items.clear()
    driver.key("/")
    assert BOX not in shown[-1] and shown[-1][0] == CURSOR, "the box is open"
