"""Text from files and people, made safe: checked where it enters, cleaned where it is shown.

Files are hostile: a name may hold a NUL, a lone surrogate (``"\\ud800"``, which no encoder
accepts), a line break or three megabytes. ``problem`` says what is wrong with such a text so
loaders can refuse it; ``printable`` turns any string into one that every text renderer and
terminal accepts; ``quote`` cuts what a message repeats of a file to a few dozen characters,
so an error about a huge key is still a short message.
"""

from __future__ import annotations

import unicodedata
from typing import Final

QUOTE_LIMIT: Final = 40
"""The most characters of a found text an error message repeats."""

_REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, surrogate, private-use and unassigned code points and line breaks."""
_FORMAT_ALLOWED: Final = frozenset({"\u200c", "\u200d"})
"""Zero-width (non-)joiners, part of many scripts and emoji. Other format characters are
refused: they reorder or hide text (bidirectional overrides), which no name or move needs."""


def checked_text(value: object, what: str, limit: int,
                 error: type[Exception] = ValueError) -> str:
    """A text field read from a file, as it is: ``error`` (naming ``what``) unless it is
    text that could be shown (``problem`` finds nothing wrong with it)."""
    if not isinstance(value, str):
        raise error(f"{what} should be text")
    found = problem(value, limit)
    if found:
        raise error(f"{what} {found}")
    return value


def problem(text: str, limit: int) -> str | None:
    """Why ``text`` cannot be a field of a file (too long, control or invalid characters)."""
    if len(text) > limit:
        return f"is too long ({len(text):,} characters; at most {limit:,})"
    if text.isascii() and text.isprintable():
        return None
    for char in text:
        if not _allowed(char):
            return f"holds an invalid character (U+{ord(char):04X})"
    return None


def printable(text: str, limit: int = 500) -> str:
    """``text`` with every character ``problem`` refuses shown as U+FFFD, cut to ``limit``.

    What any renderer (pygame's, pygame_gui's) and any terminal can show without an error.
    """
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    if text.isascii() and text.isprintable():
        return text
    return "".join(char if _allowed(char) else "\ufffd" for char in text)


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a message, printable and cut to ``limit`` characters."""
    shown = printable(text if len(text) <= limit else text[:limit] + "...", limit + 3)
    return f"'{shown}'"


def _allowed(char: str) -> bool:
    category = unicodedata.category(char)
    if category == "Cf":
        return char in _FORMAT_ALLOWED
    return category not in _REFUSED_CATEGORIES


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and its noun, singular for one ("1 cell", "3 cells", "2 waves"): shown
    numbers read as words do. ``plural`` for nouns that do not just add an s."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
