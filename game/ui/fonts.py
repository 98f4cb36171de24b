"""pygame's default font, cached per size (loading a font per frame would be slow)."""

from __future__ import annotations

import functools

import pygame

from game.core.text import printable


@functools.lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    face = pygame.font.Font(None, size)
    face.set_bold(bold)
    return face


@functools.lru_cache(maxsize=512)
def text(words: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: panels redraw the same words every frame).

    Any string renders: characters no renderer takes (NUL, lone surrogates) show as U+FFFD,
    and a text of no width (only joiners or combining marks) is a blank one pixel wide.
    """
    face = font(size, bold)
    try:
        return face.render(printable(words), True, colour)
    except pygame.error as err:
        if "zero width" not in str(err):
            raise
        return pygame.Surface((1, face.get_height()), pygame.SRCALPHA)


@functools.lru_cache(maxsize=64)
def wrap(words: str, size: int, width: int) -> tuple[str, ...]:
    """Split ``words`` into lines no wider than ``width`` pixels at this font size."""
    face = font(size)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        paragraph = printable(paragraph)
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def reset() -> None:
    """Forget cached fonts (they die with ``pygame.font.quit``; tests start pygame anew)."""
    font.cache_clear()
    text.cache_clear()
    wrap.cache_clear()
