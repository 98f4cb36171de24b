"""Piously's moves as a player types them: hexes by the labels the board draws.

The notation names hexes ``q,r``; the board shows "P3", so the move box also takes
``move P3`` and ``cast Leap Y2`` (``game.client.access.typed.TypedForms``), and a typed line
goes back to coordinates for the rules to judge. A placement (``3,-1r2``, the Stonemason's
new anchor) keeps its coordinates: its hex may lie off the temple. No pygame here.
"""

from __future__ import annotations

import re
from typing import Any, Final

from game.piously.rules.hexes import HEX_PATTERN, format_hex, parse_hex
from game.piously.rules.names import hex_label
from game.piously.rules.state import PiouslyState
from game.piously.rules.temple import Temple

_HEX: Final = re.compile(rf"(?<![\d-]){HEX_PATTERN}(?![\dr])")
_WORD: Final = re.compile(r"(?<![\w,-])([A-Za-z]+\d*)(?![\w,])")


def _temple(before: Any) -> Temple | None:
    return before.temple if isinstance(before, PiouslyState) else None


def typed_forms(before: Any, notation: str) -> tuple[str, ...]:
    """``notation`` with every labelled hex named by its label (``move P3``), or () when it
    names none."""
    temple = _temple(before)
    if temple is None:
        return ()

    def label(found: re.Match[str]) -> str:
        h = parse_hex(found.group(0))
        named = None if h is None else hex_label(temple, h)
        return named or found.group(0)

    form = _HEX.sub(label, notation)
    return (form,) if form != notation else ()


def notation_of(before: Any, line: str) -> str:
    """A typed line with every board label (``P3``, any case) put back as ``q,r``."""
    temple = _temple(before)
    if temple is None:
        return line
    hexes = {label.upper(): h for h in temple.room_of if (label := hex_label(temple, h))}

    def place(found: re.Match[str]) -> str:
        h = hexes.get(found.group(1).upper())
        return found.group(1) if h is None else format_hex(h)

    return _WORD.sub(place, line)
