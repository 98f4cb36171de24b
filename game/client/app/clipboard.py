"""The system clipboard (SDL's, through pygame-ce): text put there for the player to paste
elsewhere, such as a table's watch code sent to a friend."""

from __future__ import annotations

import pygame


def copy(text: str) -> str | None:
    """Put ``text`` on the clipboard; returns None, or why it could not be done (a system
    without a clipboard, no window yet)."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error as err:
        return str(err) or "this system has no clipboard"
    return None
