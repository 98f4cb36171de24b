"""The evaluation graph: a click takes the replay to the move under the pointer, hovering
names it, each judgement has a shape of its own, and it draws at any size."""

from __future__ import annotations

import pygame
import pytest

from game.client.draw import fonts
from game.client.widgets.eval_graph import SHAPES, EvalGraph, Point, draw_mark

RED, BLUE = (200, 40, 40), (40, 40, 200)


def _graph(values: list[float]) -> EvalGraph:
    pygame.init()
    fonts.reset()  # an earlier test may have quit the font module of the kept fonts
    graph = EvalGraph()
    graph.layout(pygame.Rect(100, 50, 408, 108))
    graph.show([Point(i + 1, v, f"move {i + 1}") for i, v in enumerate(values)],
               (RED, BLUE), current=None)
    return graph


def _click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def test_a_click_asks_for_the_move_under_the_pointer() -> None:
    graph = _graph([0.5, 0.6, 0.2, 0.9, 0.5])
    inner = graph.rect.inflate(-8, -8)
    step = (inner.w - 1) / 4
    assert graph.clicked(_click((inner.x, 80))) == 1
    assert graph.clicked(_click((round(inner.x + 3 * step) + 2, 80))) == 4
    assert graph.clicked(_click((inner.right - 1, 80))) == 5
    assert graph.clicked(_click((10, 10))) is None, "off the graph"
    assert graph.clicked(_click((inner.x, 80), button=3)) is None, "only a left click"


def test_hovering_names_the_move_and_leaving_forgets_it() -> None:
    graph = _graph([0.5, 0.6, 0.2])
    surface = pygame.Surface((640, 360))
    graph.hover((graph.rect.centerx, graph.rect.centery))
    assert graph.hovered is not None and graph.hovered.label == "move 2"
    graph.draw(surface)
    graph.hover(None)
    assert graph.hovered is None


def test_the_sides_are_filled_in_their_colours() -> None:
    graph = _graph([1.0, 1.0, 0.0, 0.0])
    surface = pygame.Surface((640, 360))
    graph.draw(surface)
    inner = graph.rect.inflate(-8, -8)
    above = surface.get_at((inner.x + 10, inner.y + inner.h // 4))[:3]
    below = surface.get_at((inner.right - 10, inner.bottom - inner.h // 4))[:3]
    assert above[0] > above[2], "the first seat's lead is its colour"
    assert below[2] > below[0], "the second seat's lead is its colour"


def test_the_shown_position_is_marked() -> None:
    graph = _graph([0.5, 0.5, 0.5])
    surface = pygame.Surface((640, 360))
    graph.draw(surface)
    plain = pygame.image.tobytes(surface, "RGB")
    graph.show(graph.points, (RED, BLUE), current=2)
    graph.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != plain


@pytest.mark.parametrize("shape", SHAPES)
def test_each_judgement_has_its_own_shape(shape: str) -> None:
    drawn = {}
    for other in SHAPES:
        surface = pygame.Surface((24, 24))
        draw_mark(surface, other, (12, 12), (255, 255, 255))
        drawn[other] = pygame.image.tobytes(surface, "RGB")
    assert list(drawn.values()).count(drawn[shape]) == 1
    with pytest.raises(ValueError):
        draw_mark(pygame.Surface((24, 24)), "star", (12, 12), (255, 255, 255))


@pytest.mark.parametrize("size", [(0, 0), (5, 5), (1, 200), (900, 40)])
def test_it_draws_at_any_size(size: tuple[int, int]) -> None:
    graph = _graph([0.5])
    graph.layout(pygame.Rect((0, 0), size))
    graph.hover((0, 0))
    graph.draw(pygame.Surface((900, 600)))
    graph.show([], (RED, BLUE), None)
    graph.draw(pygame.Surface((900, 600)))
