"""The help's text panel: the markup it knows, wrapping within its width, scrolling."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.client.draw import fonts, richtext
from game.client.draw.richtext import TextPanel, layout, parse

TEXT = ("<b>Goal.</b> Push an enemy piece off the board. " * 12 + "<br><br><i>Note</i> &amp; "
        "more: " + "words " * 300)


@pytest.fixture(autouse=True)
def fonts_ready() -> Iterator[None]:
    pygame.font.init()
    fonts.reset()
    yield
    pygame.font.quit()


def test_parse_splits_paragraphs_at_br_and_marks_bold_and_italic() -> None:
    paragraphs = parse("<b>Bold</b> plain<br><i>slanted</i> &lt;x&gt; <u>kept</u>")
    assert paragraphs == [
        [("Bold", True, False), (" plain", False, False)],
        [("slanted", False, True), (" <x> <u>kept</u>", False, False)],
    ]


def test_layout_keeps_every_word_in_order_and_within_the_width() -> None:
    width = 400
    lines = layout(TEXT, width)
    for line in lines:
        for piece in line:
            face = fonts.font(richtext.SIZE, piece.bold, piece.italic)
            assert piece.x + face.size(piece.words.rstrip())[0] <= width + 1
    words = [word for line in lines for piece in line for word in piece.words.split()]
    expected = [word for paragraph in parse(TEXT) for text, _, _ in paragraph
                for word in text.split()]
    assert words == expected
    assert len(layout(TEXT, 800)) < len(lines), "a wider panel needs fewer lines"


def test_the_panel_scrolls_within_its_text_by_wheel_keys_and_bar() -> None:
    surface = pygame.Surface((900, 600))
    panel = TextPanel(pygame.Rect(50, 50, 600, 200), TEXT)
    assert panel.most > 0, "the text is taller than the panel: it scrolls"
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)
    assert panel.handle(wheel) and panel.offset == richtext.WHEEL_LINES * panel.line_height
    panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
    assert panel.offset == panel.most
    panel.scroll_lines(5)
    assert panel.offset == panel.most, "never past the last line"
    panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
    assert panel.offset == 0
    thumb = panel._thumb()
    panel.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    bottom = (thumb.centerx, panel.rect.bottom + 100)
    panel.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=bottom, rel=(0, 1), buttons=(1, 0, 0)))
    assert panel.offset == panel.most, "the thumb dragged to the end shows the end"
    panel.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=bottom, button=1))
    panel.draw(surface)
    assert surface.get_at((panel.inner.x + 2, panel.inner.y + 2)) != (0, 0, 0, 255)
    assert not panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
