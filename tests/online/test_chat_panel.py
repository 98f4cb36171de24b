"""The chat under an online game's panel: a message is read whole where there is room."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from types import SimpleNamespace
from typing import Any

import pygame

from game.client.draw import fonts
from game.client.files.chats import Said
from scenes.online.panel import CHAT_LINES, CHAT_SIZE, draw_chat


def _inked_rows(message: str, height: int = 200) -> int:
    """How many pixel rows the chat inks when it shows ``message`` in a narrow panel."""
    surface = pygame.Surface((260, height))
    online: Any = SimpleNamespace(chat=[Said("Ada", message)], muted=False)
    draw_chat(surface, pygame.Rect(0, 0, 260, height), online, match=None)  # type: ignore[arg-type]
    return sum(1 for y in range(height)
               if any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(0, 260, 2)))


def test_a_long_message_wraps_onto_more_lines_up_to_the_most() -> None:
    pygame.init()
    fonts.reset()  # faces cached by an earlier test died with its pygame.quit
    line = fonts.font(CHAT_SIZE).get_height()
    short = _inked_rows("hi")
    long = _inked_rows("a sentence long enough to need a second and then a third line here")
    endless = _inked_rows("word " * 200)
    assert short <= line < long
    assert endless <= CHAT_LINES * (line + 2)
