"""The players' side of watching, in the real app (headless, hosting on loopback): the pause
screen of an online game shows the table's watch code (its id, not the invite code) with a
button that copies it, Ctrl+C in the game copies it too (the move box open or not), and
each copy is said (the toast is spoken); a game on this machine alone has no watch code to
copy."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.pause import PauseScene
from tests.online.hosting import against_opponent
from tests.ui.driver import Driver


def clipboard() -> str:
    return str(pygame.scrap.get_text())


def test_the_pause_screen_shows_the_watch_code_and_copies_it(app: Driver) -> None:
    opponent, play = against_opponent(app, "pushfight", seed=3)
    try:
        code = play.online.table_id
        assert code and play.online.invite is None  # both seats taken: no invite any more
        pygame.scrap.put_text("")
        app.key("escape")
        pause = app.top
        assert isinstance(pause, PauseScene) and pause.watch_code == code
        copy = next(button for button, key in pause.choices.items() if key == "copy")
        assert copy.text == "Copy watch code"
        app.press(copy)
        assert clipboard() == code
        said = f"Watch code {code} copied"
        assert any(said in text for text in app.toasts())
        assert any(said in text for text in app.app.services.speech.said)
        assert app.top is pause  # copying leaves the menu where it was
        app.key("escape")
        assert app.top is play
        pygame.scrap.put_text("")
        app.key("c", pygame.KMOD_CTRL)  # the same from the game itself
        assert clipboard() == code
        pygame.scrap.put_text("")
        app.key("m", pygame.KMOD_CTRL)  # and while typing a move in the move box
        assert play.access.box.shown
        app.key("c", pygame.KMOD_CTRL)
        assert clipboard() == code and play.access.box.shown and not play.access.box.line
    finally:
        opponent.close()


def test_a_game_on_this_machine_has_no_watch_code(app: Driver) -> None:
    play = app.hot_seat("conquid")
    app.key("escape")
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.watch_code is None
    assert "copy" not in pause.choices.values()
    app.key("escape")
    app.key("c", pygame.KMOD_CTRL)
    assert app.top is play and "has a watch code" in app.toasts()[-1]
