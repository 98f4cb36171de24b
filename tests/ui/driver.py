"""Drives the real app loop with synthetic pygame events, as a player's hands would."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.client.app.app import STEP, App
from game.client.app.scene import Push
from game.client.widgets.panel import turn_info
from game.core.match import Match


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def top(self) -> Any:
        return self.app.stack.top

    def frames(self, count: int = 1, events: list[pygame.event.Event] | None = None) -> None:
        """Run frames; the first gets ``events``, every one gets what pygame_gui queued."""
        self.app.step([*(events or []), *pygame.event.get()], STEP)
        for _ in range(count - 1):
            self.app.step(pygame.event.get(), STEP)

    def wait(self, seconds: float) -> None:
        self.frames(max(1, round(seconds / STEP)))

    def key(self, name: str, mod: int = 0) -> None:
        code = pygame.key.key_code(name)
        down = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
        self.frames(2, [down, up])

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames(1, [move])
        self.frames(3, [down, up])  # widgets answer through the queue, dialogs a frame later

    def press(self, widget: Any) -> None:
        """Click a pygame_gui widget in its middle."""
        self.click(widget.get_abs_rect().center)

    def open_play(self, match: Match) -> Any:
        """``match`` opened straight in the play scene (no menu, no setup)."""
        from scenes.play import PlayScene

        self.frames(2)
        self.app.stack.apply(Push(PlayScene(self.app.services, match)))
        self.frames(2)
        play = self.top
        assert isinstance(play, PlayScene)
        return play

    def open_replay(self, match: Match) -> Any:
        """``match`` opened straight in the replay scene."""
        from scenes.replay import ReplayScene

        self.frames(2)
        self.app.stack.apply(Push(ReplayScene(self.app.services, match)))
        self.frames(2)
        replay = self.top
        assert isinstance(replay, ReplayScene)
        return replay

    def hot_seat(self, game_id: str, *moves: str) -> Any:
        """A hot-seat game of ``game_id`` after ``moves``, opened in the play scene."""
        match = Match(self.app.services.games.get(game_id), {})
        for text in moves:
            match.play(text)
        return self.open_play(match)

    def toasts(self) -> list[str]:
        return self.app.services.toasts.history


def key_strips(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The keys the strip under the board shows each frame (those that fit), from now on."""
    shown: list[list[str]] = []
    draw = turn_info.key_strip

    def kept(surface: pygame.Surface, strip: pygame.Rect, parts: list[str]) -> list[str]:
        drawn = draw(surface, strip, parts)
        shown.append(drawn)
        return drawn

    monkeypatch.setattr(turn_info, "key_strip", kept)
    return shown
