"""Online play as a player sees it: the board turns round (F) there too, clicks follow it,
and the chat box's placeholder reads as a hint (muted), while keys typed into it stay
there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.client.draw import palette
from game.client.widgets.hinted_entry import HintedEntry
from tests.online.hosting import against_opponent
from tests.ui.driver import Driver
from tests.ui.test_hinted_entry import shown_colour


def test_an_online_conquid_board_turns_round_and_its_chat_hint_is_muted(app: Driver) -> None:
    opponent, play = against_opponent(app, "conquid", seed=3)
    try:
        chat = play.chat_entry
        assert isinstance(chat, HintedEntry) and shown_colour(chat) == palette.MUTED
        app.app.services.ui.set_focus_set(chat)
        app.key("f")  # typed into the chat: the board stays as it is
        app.frames(1, [pygame.event.Event(pygame.TEXTINPUT, text="f")])
        assert chat.get_text() == "f" and not play.view.flipped
        app.app.services.ui.set_focus_set(None)
        app.frames(1)
        spot = play.view.mark_rect("0,0").center
        app.key("f")
        assert play.view.flipped
        assert play.view.hit_test(play.view.mark_rect("0,0").center) == (0, 0)
        assert play.view.hit_test(spot) != (0, 0)
    finally:
        opponent.close()
