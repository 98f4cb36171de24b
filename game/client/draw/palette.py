"""Colours: the app's theme colours and the player palettes (one colour-blind safe)."""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

STANDARD: Final[dict[str, RGB]] = {
    "BACKGROUND": (24, 27, 36),
    "PANEL": (34, 38, 50),
    "BOARD": (46, 51, 66),
    "EMPTY": (214, 217, 224),
    "GRID": (58, 63, 80),
    "TEXT": (232, 234, 240),
    "MUTED": (150, 156, 172),
    "ACCENT": (255, 209, 102),
    "WARN": (240, 113, 103),
    "GOOD": (120, 200, 140),
    "LABEL": (200, 204, 216),
    "SHADOW": (0, 0, 0),
    "VEIL": (8, 10, 16),
    "BACKDROP": (40, 44, 58),
    "CARD": (44, 49, 64),
    "TIP": (20, 22, 30),
    "FIELD": (34, 38, 51),
    "BORDER": (69, 76, 99),
    "TRACK": (44, 49, 66),
    "THUMB": (90, 98, 125),
    "SELECTED": (52, 58, 78),
    "HOVERED": (62, 68, 90),
    "BAR": (70, 64, 40),
    "HERE": (96, 200, 120),
    "GONE": (120, 124, 136),
    "TROUBLE": (232, 176, 80),
    "INACCURACY": (236, 200, 90),
    "MISTAKE": (242, 150, 70),
    "MISSED_WIN": (214, 130, 240),
}
HIGH_CONTRAST: Final[dict[str, RGB]] = {
    "BACKGROUND": (0, 0, 0),
    "PANEL": (0, 0, 0),
    "BOARD": (20, 20, 20),
    "EMPTY": (245, 245, 245),
    "GRID": (200, 200, 200),
    "TEXT": (255, 255, 255),
    "MUTED": (215, 215, 215),
    "ACCENT": (255, 235, 0),
    "WARN": (255, 150, 140),
    "GOOD": (110, 255, 150),
    "LABEL": (255, 255, 255),
    "SHADOW": (0, 0, 0),
    "VEIL": (0, 0, 0),
    "BACKDROP": (0, 0, 0),
    "CARD": (24, 24, 24),
    "TIP": (0, 0, 0),
    "FIELD": (0, 0, 0),
    "BORDER": (255, 255, 255),
    "TRACK": (64, 64, 64),
    "THUMB": (220, 220, 220),
    "SELECTED": (0, 40, 100),
    "HOVERED": (0, 60, 130),
    "BAR": (70, 60, 0),
    "HERE": (110, 255, 150),
    "GONE": (190, 190, 190),
    "TROUBLE": (255, 200, 0),
    "INACCURACY": (255, 235, 0),
    "MISTAKE": (255, 170, 60),
    "MISSED_WIN": (230, 160, 255),
}
THEMES: Final[dict[str, dict[str, RGB]]] = {"Standard": STANDARD, "High contrast": HIGH_CONTRAST}
"""The UI's colours per theme: the high-contrast one is white and yellow on black, its
muted text still above 14:1 and its grid lines light enough to see against the board.
Every colour a scene or widget draws comes from here (``tests/access/test_contrast.py``
checks each text colour on each background it is drawn on, in every theme): LABEL is the
widget theme's label text; SHADOW a heading's shadow and the dark edge of a focus ring;
VEIL what dims a screen under a message; BACKDROP the menu's moving background; CARD a
seat's or a result's card; TIP a tooltip drawn by a scene; FIELD, BORDER, TRACK and THUMB a
text panel and its scroll bar; SELECTED and HOVERED a list's current and pointed-at row; BAR
the move list's way back to the game; HERE, GONE and TROUBLE an online seat's presence
mark; INACCURACY, MISTAKE and MISSED_WIN a review's judgements (a blunder is WARN)."""

# The colours in use, set by ``use_theme``. Read them as ``palette.TEXT`` when drawing (never
# copy one at import), so a theme change shows in the next frame.
BACKGROUND: RGB = STANDARD["BACKGROUND"]
PANEL: RGB = STANDARD["PANEL"]
BOARD: RGB = STANDARD["BOARD"]
EMPTY: RGB = STANDARD["EMPTY"]
GRID: RGB = STANDARD["GRID"]
TEXT: RGB = STANDARD["TEXT"]
MUTED: RGB = STANDARD["MUTED"]
ACCENT: RGB = STANDARD["ACCENT"]
WARN: RGB = STANDARD["WARN"]
GOOD: RGB = STANDARD["GOOD"]
LABEL: RGB = STANDARD["LABEL"]
SHADOW: RGB = STANDARD["SHADOW"]
VEIL: RGB = STANDARD["VEIL"]
BACKDROP: RGB = STANDARD["BACKDROP"]
CARD: RGB = STANDARD["CARD"]
TIP: RGB = STANDARD["TIP"]
FIELD: RGB = STANDARD["FIELD"]
BORDER: RGB = STANDARD["BORDER"]
TRACK: RGB = STANDARD["TRACK"]
THUMB: RGB = STANDARD["THUMB"]
SELECTED: RGB = STANDARD["SELECTED"]
HOVERED: RGB = STANDARD["HOVERED"]
BAR: RGB = STANDARD["BAR"]
HERE: RGB = STANDARD["HERE"]
GONE: RGB = STANDARD["GONE"]
TROUBLE: RGB = STANDARD["TROUBLE"]
INACCURACY: RGB = STANDARD["INACCURACY"]
MISTAKE: RGB = STANDARD["MISTAKE"]
MISSED_WIN: RGB = STANDARD["MISSED_WIN"]
theme = "Standard"


def use_theme(name: str) -> None:
    """Draw with theme ``name`` (one of ``THEMES``; an unknown name means the standard)."""
    global theme
    theme = name if name in THEMES else "Standard"
    globals().update(THEMES[theme])


PALETTES: Final[dict[str, tuple[str, str]]] = {
    "Classic": ("#d64545", "#3a7bd5"),
    "Okabe-Ito (colour-blind safe)": ("#e69f00", "#0072b2"),
    "Forest and plum": ("#2e9e5b", "#8e44ad"),
}
"""Player colours per palette (player 1, player 2); Okabe-Ito orange and blue are safe."""

SWATCHES: Final[dict[str, str]] = {
    "Red": "#d64545",
    "Blue": "#3a7bd5",
    "Orange": "#e69f00",
    "Sky blue": "#56b4e9",
    "Deep blue": "#0072b2",
    "Bluish green": "#009e73",
    "Vermillion": "#d55e00",
    "Reddish purple": "#cc79a7",
    "Green": "#2e9e5b",
    "Plum": "#8e44ad",
    "Gold": "#d4a017",
    "Teal": "#16a085",
}
"""Named colours a player may pick for a seat (Okabe-Ito's set included)."""


def colour_name(colour: RGB) -> str | None:
    """The name a player picked ``colour`` by (``SWATCHES``), or None for a custom one."""
    return next((name for name, code in SWATCHES.items() if parse_hex(code) == tuple(colour)),
                None)


def parse_hex(text: str) -> RGB:
    """``#rrggbb`` to an RGB tuple; raises ValueError on anything else."""
    if len(text) != 7 or not text.startswith("#"):
        raise ValueError(f"not a colour: {text!r}")
    value = int(text[1:], 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


def shade(colour: RGB, factor: float) -> RGB:
    """Darker (factor < 1) or lighter (factor > 1, blended toward white) version of a colour."""
    if factor <= 1:
        r, g, b = (round(channel * factor) for channel in colour)
        return r, g, b
    t = min(1.0, factor - 1)
    r, g, b = (round(channel + (255 - channel) * t) for channel in colour)
    return r, g, b


def swatch_name(hex_colour: str) -> str:
    for name, value in SWATCHES.items():
        if value == hex_colour.lower():
            return name
    return hex_colour


def luminance(colour: RGB) -> float:
    """WCAG relative luminance (0 black .. 1 white)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: RGB, second: RGB) -> float:
    """WCAG contrast ratio (1 to 21); text wants at least 4.5."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable(colour: RGB, background: RGB | None = None, ratio: float = 4.5) -> RGB:
    """``colour`` lightened just enough to be read as text on ``background`` (the panel's
    colour in use when not given)."""
    background = PANEL if background is None else background
    step = 1.0
    shown = colour
    while contrast(shown, background) < ratio and step < 2.0:
        step += 0.05
        shown = shade(colour, step)
    return shown
