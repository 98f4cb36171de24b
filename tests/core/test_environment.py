"""The project runs on pygame-ce, never plain pygame (they cannot share an environment)."""

import pygame


def test_pygame_is_community_edition() -> None:
    assert getattr(pygame, "IS_CE", False), "plain pygame is installed instead of pygame-ce"
