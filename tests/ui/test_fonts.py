"""``fonts.fit``: the largest size that fits, then the longest prefix that fits."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui import fonts

WHITE = (255, 255, 255)
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


def best_size(words: str, size: int, width: int) -> int | None:
    """The reference: every size tried from the largest down."""
    smallest = max(8, round(size * fonts.MIN_SHRINK))
    for trial in range(size, smallest - 1, -1):
        if fonts.font(trial).size(words)[0] <= width:
            return trial
    return None


@pytest.mark.parametrize("words", LINES)
@pytest.mark.parametrize("width", [12, 40, 90, 150, 230, 400])
def test_fit_picks_the_largest_size_then_the_longest_prefix(words: str, width: int) -> None:
    size = 22
    surface = fonts.fit(words, size, WHITE, width)
    expected = best_size(words, size, width)
    if expected is not None:
        assert surface.get_size() == fonts.text(words, expected, WHITE).get_size()
        return
    smallest = max(8, round(size * fonts.MIN_SHRINK))
    face = fonts.font(smallest)
    fitting = [cut for cut in range(1, len(words))
               if face.size(words[:cut].rstrip() + "…")[0] <= width]
    cut = max(fitting, default=1)
    assert surface.get_size() == fonts.text(words[:cut].rstrip() + "…", smallest,
                                            WHITE).get_size()
    assert surface.get_width() <= width or cut == 1
