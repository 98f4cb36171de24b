"""Marks that colour carries also carry a shape: the seat cards' swatches show the dot the
second player's Conquid cells carry."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.client.view import Swatches
from game.conquid.view.board import ConquidView


def test_conquid_swatches_show_the_second_players_dot() -> None:
    view = ConquidView()
    assert isinstance(view, Swatches)
    colour = (58, 123, 213)
    centres = []
    for seat in (0, 1):
        surface = pygame.Surface((44, 44))
        view.draw_swatch(surface, surface.get_rect(), seat, colour)
        centres.append(tuple(surface.get_at((22, 22)))[:3])
    assert centres[0] == colour, "the first seat's swatch is the plain colour"
    assert centres[1] != colour, "the second seat's swatch carries its dot"
