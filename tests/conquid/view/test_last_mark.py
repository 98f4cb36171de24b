"""A vanquish is marked as the last move (its block framed), as acquires and conquers are:
the frame was never drawn when the move changed no cell to a colour (the help's pictures
found it)."""

from __future__ import annotations

import pygame

from game.catalog import all_games
from game.client.draw import fonts, palette
from game.conquid.view.board import ConquidView

GAME = all_games().get("conquid")


def test_a_vanquished_block_is_framed() -> None:
    pygame.font.init()
    fonts.reset()  # an earlier test may have quit the font module of the kept fonts
    state = GAME.decode("10oooo/10oooo/10oooo/4X4Ooooo/10xxxx/14/14 1 10")
    result = GAME.apply(state, GAME.parse_move("V 0,10"))
    view = ConquidView()
    view.layout(pygame.Rect(0, 0, 800, 460))
    view.set_interactive(False)
    view.show(result.state, (result,))
    surface = pygame.Surface((800, 460))
    view.draw(surface, 0.0)
    frame = view._block_rect((0, 10)).inflate(4, 4)
    edge = [tuple(surface.get_at((x, frame.bottom - 2)))[:3]
            for x in range(frame.x + 4, frame.right - 4, 3)]
    assert edge.count(palette.WARN) > len(edge) // 2
