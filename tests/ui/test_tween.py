"""Tweens on a manual clock, and the Conquid cascade's wave-by-wave timing."""

from __future__ import annotations

import pygame
import pytest

from game.client.draw import fonts
from game.client.draw.tween import EASINGS, Cues, Tween
from game.conquid.rules.game import GAME, Conquer, decode_state
from game.conquid.view import anim as view_anim
from game.conquid.view.board import ConquidView

CASCADE = "xoooo9/1xxxx9/14/4X4O4/14/14/14 1 0"
"""Player 1 to move; each conquer round takes the next cell along row 0: four waves."""


def test_tween_progress_follows_the_clock_it_is_given() -> None:
    tween = Tween(start=1.0, duration=2.0, easing="linear")
    assert tween.value(0.5) == 0.0
    assert tween.value(2.0) == pytest.approx(0.5)
    assert tween.value(9.0) == 1.0
    assert tween.running(2.0) and not tween.running(3.0)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_zero_and_end_at_one(name: str) -> None:
    assert EASINGS[name](0.0) == pytest.approx(0.0)
    assert EASINGS[name](1.0) == pytest.approx(1.0)


def test_cues_fire_once_when_due() -> None:
    cues = Cues()
    cues.add(0.5, "b")
    cues.add(0.1, "a")
    assert cues.due(0.2) == ["a"]
    assert cues.due(0.2) == []
    assert cues.due(1.0) == ["b"]


def cascade_view(speed: float = 1.0) -> tuple[ConquidView, float]:
    pygame.font.init()
    before = decode_state(CASCADE)
    result = GAME.apply(before, Conquer())
    assert len(result.events) == 4
    view = ConquidView()
    view.set_speed(speed)
    view.layout(pygame.Rect(0, 0, 700, 400))
    start = 10.0
    view.animate(before, result, start)
    return view, start


def test_the_cascade_plays_wave_by_wave() -> None:
    view, start = cascade_view()
    gap = view_anim.WAVE_GAP
    at = start + 2 * gap + view_anim.FLIP_TIME / 2
    assert [view.wave_of((0, col)) for col in range(1, 5)] == [0, 1, 2, 3]
    assert view.progress((0, 1), at) == 1.0  # wave 0 done
    assert 0.0 < (view.progress((0, 3), at) or 0.0) < 1.0  # wave 2 mid-flip
    assert view.progress((0, 4), at) == 0.0  # wave 3 not started
    assert view.busy(at)
    assert not view.busy(start + 3 * gap + view_anim.FLIP_TIME + 0.01)


def test_speed_scales_the_timing_and_skip_ends_it() -> None:
    view, start = cascade_view(speed=2.0)
    at = start + view_anim.WAVE_GAP  # at speed 2, wave 2 starts here
    assert view.progress((0, 3), at) == 0.0
    assert (view.progress((0, 3), at + 0.01) or 0.0) > 0.0
    view.skip()
    assert not view.busy(at)


def test_cues_name_one_flip_per_wave() -> None:
    view, start = cascade_view()
    assert view.cues(start + 10) == ["flip"] * 4


def test_instant_speed_does_not_animate() -> None:
    view, start = cascade_view(speed=0.0)
    assert not view.busy(start)


def test_cells_show_their_old_colour_until_their_wave_then_the_new_one() -> None:
    pygame.font.init()
    fonts.reset()  # faces kept from before an earlier test's pygame.quit are dead
    before = decode_state(CASCADE)
    view = ConquidView()
    view.set_colours([(200, 0, 0), (0, 0, 200)])
    view.layout(pygame.Rect(0, 0, 700, 400))
    surface = pygame.Surface((700, 400))
    view.show(before)
    view.draw(surface, 0.0)  # the cached layer now shows ``before``
    view.animate(before, GAME.apply(before, Conquer()), 10.0)

    def colour(cell: tuple[int, int], clock: float) -> tuple[int, int, int]:
        view.draw(surface, clock)
        rect = view._cell_rect(cell)  # off centre: the last move's dot sits in the middle
        r, g, b, _ = surface.get_at((rect.left + rect.width // 5, rect.top + rect.height // 5))
        return r, g, b

    last_wave_starts = 10.0 + 3 * view_anim.WAVE_GAP
    assert colour((0, 4), 10.0) == (0, 0, 200)  # player 2's, not yet taken
    assert colour((0, 1), 10.0 + view_anim.WAVE_GAP) == (200, 0, 0)  # wave 0 done
    assert colour((0, 4), last_wave_starts - 0.01) == (0, 0, 200)
    assert colour((0, 4), last_wave_starts + 1.0) == (200, 0, 0)
    assert not view.busy(last_wave_starts + 1.0)
