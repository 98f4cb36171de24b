"""No text is cut without its whole on hover: the play and replay screens of every game,
laid out at 900x600, 1280x720 and 1920x1080 with the longest real strings (names at the
setup's limit, a computer seat), are drawn; every line their panels and top bars had to
shorten must be one the pointer shows whole, and every button's words must fit it.

(A board's own words are its view's: a Piously spell shortened in its panel shows whole in
its tip.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.client.app.scene import Push
from game.client.app.services import Services
from game.client.draw import fonts
from game.core.match import Match, Seat
from scenes.common import button_width
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from tests.ui.driver import Driver
from tests.ui.test_resize import resize_events

SIZES = [(900, 600), (1280, 720), (1920, 1080)]
LONGEST = "Wwwwwwwwwwwwwwwwwwwwwwww"
"""A name at the setup's limit (24), in the widest letter."""


def long_match(services: Services, game_id: str, plies: int = 30) -> Match:
    game = services.games.get(game_id)
    seats = (Seat(LONGEST), Seat("Computer (normal)", "computer", "normal")) \
        if game.info.players == 2 else (Seat(LONGEST),)
    match = Match(game, {}, seats, seed="7" if game.info.has_chance else None)
    rng = random.Random(5)
    while match.ply < plies and not match.is_over:
        move = game.random_move(match.state, rng)
        if move is None:
            break
        match.play(move)
    return match


class Cuts:
    """The whole texts ``fonts.fit`` shortened (with "…") outside a board view's drawing."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.in_view = [False]


@pytest.fixture
def cut(monkeypatch: pytest.MonkeyPatch) -> Iterator[Cuts]:
    cuts = Cuts()
    found, in_view = cuts.found, cuts.in_view
    shortened: list[str] = []
    fit, text = fonts.fit.__wrapped__, fonts.text  # type: ignore[attr-defined]

    def text_spy(words: str, *args: Any) -> pygame.Surface:
        if words.endswith("…"):
            shortened.append(words)
        return text(words, *args)

    def fit_spy(words: str, size: int, colour: Any, width: int, bold: bool = False
                ) -> pygame.Surface:
        before = len(shortened)
        image = fit(words, size, colour, width, bold)
        if len(shortened) > before and not in_view[0]:
            found.append(words)
        return image

    monkeypatch.setattr(fonts, "text", text_spy)
    monkeypatch.setattr(fonts, "fit", fit_spy)
    yield cuts


def watch_view(scene: Any, in_view: list[bool]) -> None:
    draw = scene.view.draw

    def drawn(surface: pygame.Surface, clock: float) -> None:
        in_view[0] = True
        try:
            draw(surface, clock)
        finally:
            in_view[0] = False

    scene.view.draw = drawn


def hover_texts(scene: Any) -> set[str]:
    fitted = scene.side.fitted if isinstance(scene, PlayScene) else scene.fitted
    return {full for _rect, full in fitted.shortened}


def buttons_cut(scene: Any) -> list[str]:
    return [widget.text for widget in scene.buttons
            if button_width(scene, widget.text) > widget.get_abs_rect().w - 8
            and not widget.tool_tip_text]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts", "piously"])
@pytest.mark.parametrize("kind", ["play", "replay"])
def test_nothing_is_cut_without_its_whole_on_hover(
        driver: Driver, services: Services, cut: Cuts, kind: str, game_id: str,
        size: tuple[int, int]) -> None:
    driver.frames(2, resize_events(size))
    match = long_match(services, game_id)
    scene = PlayScene(services, match) if kind == "play" else ReplayScene(services, match)
    driver.app.stack.apply(Push(scene))
    watch_view(scene, cut.in_view)
    driver.frames(3)
    hover = hover_texts(scene)
    assert [words for words in cut.found if words not in hover] == [], (kind, game_id, size)
    assert buttons_cut(scene) == [], (kind, game_id, size)


@pytest.mark.parametrize("size", SIZES)
def test_the_key_strip_keeps_the_way_to_pause(driver: Driver, services: Services,
                                              monkeypatch: pytest.MonkeyPatch,
                                              size: tuple[int, int]) -> None:
    """The strip under the board drops keys from its end when short of room: Esc pause
    (the way out, and to settings and help) is among the first, never dropped."""
    from game.client.widgets import turn_info

    shown: list[list[str]] = []
    strip = turn_info.key_strip

    def spy(surface: pygame.Surface, rect: pygame.Rect, parts: list[str]) -> list[str]:
        drawn = strip(surface, rect, parts)
        shown.append(drawn)
        return drawn

    monkeypatch.setattr(turn_info, "key_strip", spy)
    driver.frames(2, resize_events(size))
    driver.open_play(long_match(services, "piously"))
    assert shown and any(part.endswith("pause") for part in shown[-1]), shown[-1:]
