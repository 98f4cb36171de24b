"""Every screen at 900x600, 1280x720 and 1920x1080, at 100 % and 200 % text: each widget's
words fit its box (or the whole words show on hover), and each box is on screen or inside a
part that scrolls, never cut off by the window's edge."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UICheckBox, UILabel, UIScrollingContainer

from game.client.app.scene import Push
from game.client.app.services import Services, restyle
from game.client.draw import coords, fonts
from game.core.match import Match
from scenes.learning.learn import lesson_units
from scenes.learning.lesson import LessonScene
from scenes.play import PlayScene
from tests.ui.driver import Driver
from tests.ui.test_access_focus import SCREENS
from tests.ui.test_resize import resize_events

SIZES = [(900, 600), (1280, 720), (1920, 1080)]
TEXT_SIZES = [100, 200]
def parts(container: Any, scrolled: bool = False) -> Iterator[tuple[Any, bool]]:
    """Every live, visible widget under ``container``, and whether it lies in a part that
    scrolls (where being past the window's edge is how it waits to be scrolled to)."""
    inner = container.get_container() if hasattr(container, "get_container") else container
    for element in list(getattr(inner, "elements", ())):
        if not element.alive() or not element.visible:
            continue
        yield element, scrolled
        if hasattr(element, "elements") or hasattr(element, "get_container"):
            scroller = isinstance(element, UIScrollingContainer) \
                or "#root_container" in (element.object_ids or [])  # a scroller's own part
            yield from parts(element, scrolled or scroller)


def words_of(element: Any) -> str:
    return str(getattr(element, "text", "") or "")


def problems(scene: Any, size: tuple[int, int]) -> list[str]:
    """What is cut or off screen among ``scene``'s widgets, in words."""
    window = (0, 0, *size)
    found = []
    rows = {id(item["button_element"]) for element, _ in parts(scene.root)
            for item in getattr(element, "item_list", ())}
    for element, scrolled in parts(scene.root):
        if "#root_container" in (element.object_ids or []):
            continue  # a scrolling part's inside: as tall as what it scrolls
        if id(element) in rows:
            continue  # a list's row: whole on hover where cut (``test_no_cut_text``)
        rect = element.get_abs_rect()
        name = f"{type(element).__name__} {words_of(element)!r} at {tuple(rect)}"
        if not scrolled and not rect.inflate(-2, -2).colliderect(window):
            continue  # a widget parked out of sight on purpose (a hidden part)
        if not scrolled and not (rect.right <= size[0] + 1 and rect.bottom <= size[1] + 1
                                 and rect.left >= -1 and rect.top >= -1):
            found.append(f"{name}: past the window's edge")
        if not isinstance(element, (UIButton, UILabel)) or isinstance(element, UICheckBox):
            continue
        words = words_of(element)
        font = getattr(element, "font", None)
        if not words or font is None:
            continue
        width, height = font.size(words)[0], font.get_rect(words).height  # the ink's height
        tooltip = getattr(element, "tool_tip_text", None) or ""
        if width > rect.w and words not in tooltip:
            found.append(f"{name}: {width} px of words in {rect.w}, no tooltip says them")
        if height > rect.h + 2:  # (a bracket's ink reaches a pixel past a line's)
            found.append(f"{name}: words {height} px high in {rect.h}")
    return found


@pytest.fixture(autouse=True)
def standard_text() -> Iterator[None]:
    """Leave the faces at 100 % for the tests after (some use them without the app)."""
    yield
    fonts.set_text_size(100)


def a_lesson(services: Services, _top: Any) -> Any:
    """Piously's last lesson: the most move kinds, a long step."""
    units = lesson_units(services.learning.course("piously"))
    return LessonScene(services, "piously", units, len(units) - 1)


PAGES = {**SCREENS, "lesson": a_lesson}


def cases() -> list[Any]:
    return [pytest.param(screen, size, text_size, id=f"{screen}-{size[0]}x{size[1]}-{text_size}")
            for screen in ["menu", *PAGES] for size in SIZES for text_size in TEXT_SIZES]


@pytest.mark.parametrize(("screen", "size", "text_size"), cases())
def test_every_screen_fits_its_words(driver: Driver, services: Services, screen: str,
                                     size: tuple[int, int], text_size: int) -> None:
    restyle(services.ui, text_size, "Standard")
    driver.frames(1, resize_events(size))
    driver.frames(1)
    with warnings.catch_warnings(record=True) as warned:  # pygame_gui's own "too small"
        warnings.simplefilter("always")
        if screen != "menu":
            driver.app.stack.apply(Push(PAGES[screen](services, driver.top)))
        driver.frames(40)  # the settings' key rows are made a few a frame
    found = [str(each.message) for each in warned if "too small" in str(each.message)]
    found += problems(driver.top, size)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["conquid", "forts"])
@pytest.mark.parametrize("screen", ["play", "setup"])
def test_board_numbers_stay_inside_the_board_s_room(
        driver: Driver, services: Services, monkeypatch: pytest.MonkeyPatch, screen: str,
        game_id: str, size: tuple[int, int], text_size: int) -> None:
    """The row and column numbers a view draws round its grid are whole: inside what they
    are drawn on (a view's own layer is as large as its room) and inside the view's room
    (the board's area, or the setup's preview)."""
    drawn: list[tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]] = []
    draw = coords.draw

    def spy(surface: pygame.Surface, origin: tuple[int, int], cell: int, rows: int,
            cols: int, flipped: bool = False) -> None:
        drawn.append((surface, coords.labels(origin, cell, rows, cols, flipped)))
        draw(surface, origin, cell, rows, cols, flipped)

    monkeypatch.setattr(coords, "draw", spy)
    restyle(services.ui, text_size, "Standard")
    driver.frames(1, resize_events(size))
    game = services.games.get(game_id)
    scene: Any = PlayScene(services, Match(game, {}, seed="7" if game.info.has_chance else None)) \
        if screen == "play" \
        else services.scenes.setup(services, game)
    driver.app.stack.apply(Push(scene))
    driver.frames(3)
    room = scene.board_area if screen == "play" else scene.preview_area
    window = pygame.display.get_surface()
    assert drawn or room.h < 150, "numbers drawn (a setup too short for a preview has none)"
    for surface, labels in drawn:
        inside = room if surface is window else surface.get_rect()
        cut = [(words, tuple(box)) for words, box in labels if not inside.contains(box)]
        assert not cut, f"numbers past {tuple(inside)}: {cut}"
