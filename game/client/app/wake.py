"""Waking the app's loop from another thread: the network thread and the LAN browser call
``wake`` when they have news, so a window at rest sleeps in the window system's wait until
then. Handed to the online state (``game.client.match.online.OnlinePlay``) by the composition
root: the match layer never imports pygame."""

from __future__ import annotations

from typing import Final

import pygame

WAKE: Final = pygame.event.custom_type()
"""Posted by another thread: something arrived; the loop wakes and the scene drains it."""


def wake() -> None:
    """Wake the app loop (pygame-ce's event queue is thread-safe)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE))
