"""``fonts.fit``: the largest size at which the whole line fits, else the longest prefix
that fits at full size."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.client.draw import fonts

WHITE = (255, 255, 255)
ESTIMATE_SLACK = 1
"""Sizes by which ``fit``'s one-measure estimate may fall short of the largest that fits
(widths grow with the size only about in proportion: sizes are rounded to points)."""
LINES = (
    "Last: cast Usurper 2,-2 3,0 + 1,1 1,2",
    "Last: A 3,5 2,5 4,6",
    "White is thinking...",
    "x",
    "Naïve café — ünïcödé 名前",
)


@pytest.fixture(autouse=True)
def font_module() -> Iterator[None]:
    pygame.font.init()
    fonts.reset()
    yield
    fonts.reset()


def smallest(size: int) -> int:
    """The least size ``fit`` may shrink to: a share of the size, never below the floor."""
    return max(min(size, fonts.MIN_SIZE), round(size * fonts.MIN_SHRINK))


def best_size(words: str, size: int, width: int) -> int | None:
    """The reference: every size tried from the largest down."""
    for trial in range(size, smallest(size) - 1, -1):
        if fonts.font(trial).size(words)[0] <= width:
            return trial
    return None


@pytest.mark.parametrize("words", LINES)
@pytest.mark.parametrize("width", [12, 40, 90, 150, 230, 400])
def test_fit_shrinks_a_line_that_then_fits_else_shortens_it(words: str, width: int) -> None:
    size = 22
    surface = fonts.fit(words, size, WHITE, width)
    best = best_size(words, size, width)
    shapes = {trial: fonts.text(words, trial, WHITE).get_size() for trial in range(8, size + 1)}
    shown = {trial for trial, shape in shapes.items() if shape == surface.get_size()}
    if best == size:
        assert size in shown
    elif shown:  # shrunk, by an estimate from the full-size width: it fits, near the largest
        assert best is not None and max(shown) >= best - ESTIMATE_SLACK
        assert surface.get_width() <= width
    else:  # shortened at full size: the longest prefix that fits, when shrinking would not do
        assert best is None or best <= smallest(size) + ESTIMATE_SLACK
        face = fonts.font(size)
        fitting = [cut for cut in range(1, len(words))
                   if face.size(words[:cut].rstrip() + "…")[0] <= width]
        cut = max(fitting, default=1)
        assert surface.get_size() == fonts.text(words[:cut].rstrip() + "…", size,
                                                WHITE).get_size()
        assert surface.get_width() <= width or cut == 1


def test_a_line_too_long_for_any_size_is_measured_at_full_size_only() -> None:
    """Each new size's first measure costs milliseconds: a line that will be shortened
    is not first tried at every smaller size (that stalled a frame 5-7 ms)."""
    words = "Last: Cast the Stonemason (U 4,-1r2) and a good deal more besides"
    full = fonts.font(22).size(words)[0]
    fonts.font.cache_clear()
    fonts.fit(words, 22, WHITE, full // 3)
    assert fonts.font.cache_info().currsize == 1


def test_warming_readies_each_common_font_once_and_keeps_it() -> None:
    fonts.reset()
    readied = 0
    while fonts.warm():
        readied += 1
    assert readied == len(fonts.WARM)
    assert not fonts.warm(), "all ready: nothing more to do"
    info = fonts.font.cache_info()
    assert info.currsize == len(fonts.WARM) and info.misses == len(fonts.WARM)
    fonts.text("Play online", 22, WHITE)
    assert fonts.font.cache_info().misses == len(fonts.WARM), "a screen finds its font made"


@pytest.mark.parametrize("text_size", [100, 125, 150, 200])
@pytest.mark.parametrize("size", [12, 16, 20, 22, 28, 40, 56])
def test_a_line_s_height_is_worked_out_as_the_face_measures_it(size: int,
                                                                text_size: int) -> None:
    fonts.set_text_size(text_size)
    try:
        assert abs(fonts.line_height(size) - fonts.font(size).get_height()) <= 1
    finally:
        fonts.set_text_size(100)
