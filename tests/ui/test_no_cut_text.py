"""No text is cut without its whole on hover: every screen, laid out at 900x600, 1280x720
and 1920x1080 with the longest real strings (names at the setup's limit, a computer seat,
kept games of such players), is drawn; every line it had to shorten must be one the
pointer shows whole, every widget's words must fit it (or its tooltip say them), and every
row of a list too long for it must show whole on hover.

(In play and replay a board's own words are its view's: a Piously spell shortened in its
panel shows whole in its tip. A setup's preview has no tips: its words must fit.)"""

from __future__ import annotations

import random
import types
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.client.app.scene import Push, Scene
from game.client.app.services import Services, restyle
from game.client.draw import fonts
from game.client.files import autosaves
from game.core.match import Match, Seat
from scenes.common import button_width
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from tests.ui.driver import Driver, key_strips
from tests.ui.test_resize import resize_events
from tests.ui.test_text_size_layout import a_lesson, problems

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

    text_spy.cache_clear = fonts.text.cache_clear  # type: ignore[attr-defined]
    fit_spy.cache_clear = fonts.fit.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(fonts, "text", text_spy)  # (a text size change clears the caches)
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


@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["conquid", "pushfight", "forts", "piously"])
@pytest.mark.parametrize("kind", ["play", "replay"])
def test_nothing_is_cut_without_its_whole_on_hover(
        driver: Driver, services: Services, cut: Cuts, kind: str, game_id: str,
        size: tuple[int, int], text_size: int) -> None:
    restyle(services.ui, text_size, "Standard")
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
    shown = key_strips(monkeypatch)
    driver.frames(2, resize_events(size))
    driver.open_play(long_match(services, "piously"))
    assert shown and any(part.endswith("pause") for part in shown[-1]), shown[-1:]


def kept_games(services: Services) -> None:
    """Games of the longest names kept on this machine: one to resume, one finished."""
    for game_id, plies in (("conquid", 30), ("pushfight", 400)):
        autosaves.Slot(services.paths).write(long_match(services, game_id, plies))


def online_with_a_long_kept_game(services: Services) -> Any:
    """The online page listing a kept online game of the longest names (its line as the
    page makes it: the game, the players, how far, whose move, when)."""
    kept_games(services)
    scene: Any = services.scenes.online(services)
    line = autosaves.describe(autosaves.unfinished(services.paths)[0], services.games,
                              "online, your move")

    def refresh() -> None:
        scene._kept_lines = [line]  # as a ticket would list it

    scene._refresh_kept = refresh
    return scene


def games_with_long_names(services: Services) -> Scene:
    kept_games(services)
    return services.scenes.games(services)


def pictured(make: Any) -> Any:
    """``make``'s page, its pictures' boards drawn as a board's own words (``Cuts``): a
    help picture is an illustration, its board a game's view at its smallest."""
    def page(services: Services) -> Scene:
        views = services.make_view

        def view(game_id: str) -> Any:
            made = views(game_id)
            watch_view(types.SimpleNamespace(view=made), CUTS[0].in_view)
            return made

        services.make_view = view  # type: ignore[method-assign]
        return make(services)  # type: ignore[no-any-return]
    return page


def played_board(scene: Any) -> Scene:
    """``scene``, its board's words the view's own (a board being played shows a spell's
    whole name in its tip, as in play)."""
    watch_view(scene, CUTS[0].in_view)
    return scene  # type: ignore[no-any-return]


CUTS: list[Cuts] = []
"""The test's ``Cuts``, for the pages made before they are looked at."""


PAGES: dict[str, Any] = {
    "games": games_with_long_names,
    "online": online_with_a_long_kept_game,
    "settings": lambda s: s.scenes.settings(s),
    "help-piously": pictured(lambda s: s.scenes.help(s, "piously")),
    "help-forts": pictured(lambda s: s.scenes.help(s, "forts")),
    "learn": lambda s: s.scenes.learn(s, "piously"),
    "setup-piously": lambda s: s.scenes.setup(s, s.games.get("piously")),
    "setup-conquid": lambda s: s.scenes.setup(s, s.games.get("conquid")),
    "scores": lambda s: s.scenes.scores(s),
    "lesson": lambda s: played_board(a_lesson(s, None)),
    "pause": lambda s: s.scenes.pause(s, PlayScene(s, long_match(s, "conquid")), "conquid",
                                      None),
}
"""Every screen but play and replay (above), each with the longest strings it shows."""


def rows_cut(scene: Any, hover: set[str]) -> list[str]:
    """The rows of the scene's lists too long for them, shown, whose whole is not on hover."""
    found = []
    for widget in scene.root.elements if scene.root is not None else ():
        for item in getattr(widget, "item_list", ()):
            row = item.get("button_element")
            if row is not None and row.visible and row.font is not None \
                    and row.font.size(item["text"])[0] > row.rect.w - 8 \
                    and item["text"] not in hover:
                found.append(item["text"])
    return found


@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("page", list(PAGES))
def test_no_screen_cuts_words_without_their_whole_on_hover(
        driver: Driver, services: Services, cut: Cuts, page: str, size: tuple[int, int],
        text_size: int) -> None:
    restyle(services.ui, text_size, "Standard")
    driver.frames(2, resize_events(size))
    CUTS[:] = [cut]
    scene = PAGES[page](services)
    driver.app.stack.apply(Push(scene))
    driver.frames(40)  # (the settings' key rows are made a few a frame)
    fitted = getattr(scene, "fitted", None)
    hover = {full for _rect, full in fitted.shortened} if fitted is not None else set()
    assert [words for words in cut.found if words not in hover] == [], (page, size)
    assert problems(scene, size) == [], (page, size)
    assert rows_cut(scene, hover) == [], (page, size)
    driver.app.close()  # (a lesson's computer stops with it)
