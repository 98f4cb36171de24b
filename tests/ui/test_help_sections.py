"""The help is no wall of text: each game's sections listed beside the text (a
click scrolls there, the section read is marked), headings set apart, and pictures of
positions drawn by the game's own view when they first scroll into view, never in the frame
that opens the screen, and kept for the next opening."""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.catalog import PLUGINS, all_games
from game.client.app.services import Services
from game.client.draw import fonts
from game.client.draw import pictures as picture_module
from game.client.draw.pictures import PictureBook, Pictured
from game.client.draw.richtext import TextPanel, layout, sections
from scenes.help import HelpScene
from tests.ui.driver import Driver

GAMES = all_games()
IMG = re.compile(r"""<img\s+src=["']([\w-]+)["']""")


def open_help(driver: Driver, game_id: str) -> HelpScene:
    driver.frames(2)
    driver.key("f1")
    scene = driver.top
    assert isinstance(scene, HelpScene)
    if scene.game_id != game_id:
        driver.press(next(w for w, g in scene.tabs.items() if g == game_id))
    return scene


def test_sections_are_paragraphs_that_open_with_bold_words_after_a_blank_line() -> None:
    pygame.font.init()
    fonts.reset()  # an earlier test may have quit the font module of the kept fonts
    lines = layout("<b>Goal.</b> Win.<br><br><b>A turn</b> is one of:<br><b>Acquire</b>: "
                   "three cells.<br><br>Plain text.<br><br><b>Boards.</b> Small.", 600)
    assert [title for title, _ in sections(lines)] == ["Goal", "A turn", "Boards"]
    assert lines[0][0].heading and lines[2][0].heading and not lines[3][0].heading  # Acquire


def test_a_tall_picture_gets_more_lines_and_the_text_after_it_stays() -> None:
    pygame.font.init()
    fonts.reset()
    wide = layout('Before.<br><img src="a">After.', 600)
    tall = layout('Before.<br><img src="a" tall>After.', 600)
    assert len(tall) > len(wide)
    assert [line[0].words for line in tall if line] == ["Before.", "a", "After."]
    assert [line[0].tall for line in tall if line] == [False, True, False]
    assert not any(line[0].tall for line in wide if line)


def test_every_help_picture_is_a_legal_position_and_every_image_names_one() -> None:
    for plugin in PLUGINS:
        text = plugin.text()
        named = set(IMG.findall(plugin.help()))
        found: dict[str, Any] = dict(text.HELP_PICTURES) if isinstance(text, Pictured) else {}
        assert named == set(found), plugin.id
        game = GAMES.get(plugin.id)
        for name, picture in found.items():
            state = game.decode(picture.position)
            for move in picture.moves:
                state = game.apply(state, game.parse_move(move)).state
            assert picture.caption and 1 <= picture.marked <= max(1, len(picture.moves)), name
    assert all(len(IMG.findall(plugin.help())) >= 2 for plugin in PLUGINS)


def test_a_click_in_the_contents_scrolls_to_its_section(driver: Driver) -> None:
    scene = open_help(driver, "conquid")
    panel = scene.panel
    assert panel is not None
    titles = [title for title, _ in panel.sections]
    assert titles[:3] == ["Goal", "A turn", "Bases"] and "Replays" in titles
    number = titles.index("Bases")
    row = scene._row_height()
    driver.click((scene.nav.centerx, scene.nav.y + 8 + number * row + row // 2))
    assert panel.offset == min(panel.most, panel.sections[number][1] * panel.line_height)
    assert panel.section_at_top() == number
    panel.scroll_to(0)
    assert panel.section_at_top() == 0


def test_pictures_wait_for_the_frame_after_the_opening_and_are_kept(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    picture_module._kept.clear()
    _f1_in_one_frame(driver)  # the help opens on Conquid, a picture under its Goal
    scene = driver.top
    assert isinstance(scene, HelpScene) and scene.game_id == "conquid"
    assert not picture_module._kept, "the frame that opened the help drew no picture"
    assert scene.animating(0.0), "a picture in view asks for the next frame"
    driver.frames(1)
    assert len(picture_module._kept) == 1
    assert not scene.animating(0.0)
    (image,) = picture_module._kept.values()
    seen = {tuple(image.get_at((x, y))) for x in range(0, image.get_width(), 5)
            for y in range(0, image.get_height(), 5)}
    assert (*services.colours()[0], 255) in seen or len(seen) > 12, "a board was drawn"
    driver.key("escape")
    _f1_in_one_frame(driver)
    assert len(picture_module._kept) == 1, "reopened: the kept picture is drawn again"


def _f1_in_one_frame(driver: Driver) -> None:
    code = pygame.key.key_code("f1")
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0)])


def test_one_new_picture_a_frame(services: Services) -> None:
    pygame.font.init()
    fonts.reset()
    picture_module._kept.clear()
    book = PictureBook(services)
    panel = TextPanel(pygame.Rect(0, 0, 700, 3000), services.plugin("conquid").help(),
                      pictures=book.pictures("conquid"))
    surface = pygame.Surface((700, 3000))
    drawn = []
    for _ in range(5):
        book.next_frame()
        panel.draw(surface)
        drawn.append(len(picture_module._kept))
    assert drawn == [0, 1, 2, 3, 3]  # held while the text opens, then one a frame
