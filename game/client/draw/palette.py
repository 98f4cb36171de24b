"""Colours: the app's theme colours and the player palettes (one colour-blind safe)."""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

BACKGROUND: Final[RGB] = (24, 27, 36)
PANEL: Final[RGB] = (34, 38, 50)
BOARD: Final[RGB] = (46, 51, 66)
EMPTY: Final[RGB] = (214, 217, 224)
GRID: Final[RGB] = (58, 63, 80)
TEXT: Final[RGB] = (232, 234, 240)
MUTED: Final[RGB] = (150, 156, 172)
ACCENT: Final[RGB] = (255, 209, 102)
WARN: Final[RGB] = (240, 113, 103)
GOOD: Final[RGB] = (120, 200, 140)

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


def readable(colour: RGB, background: RGB = PANEL, ratio: float = 4.5) -> RGB:
    """``colour`` lightened just enough to be read as text on ``background``."""
    step = 1.0
    shown = colour
    while contrast(shown, background) < ratio and step < 2.0:
        step += 0.05
        shown = shade(colour, step)
    return shown
