"""Text against its background: at least 4.5:1 (WCAG 2 AA) for the theme's every pair.

The pairs are the client's own: its text colours (``palette``) on the backgrounds it draws
them on, and each widget state's text on its background in ``assets/theme.json`` (a
disabled control's text is exempt, as in WCAG; a clear background shows the window's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.client.draw import palette
from game.client.draw.palette import RGB, contrast

THEME = Path(__file__).resolve().parents[2] / "assets" / "theme.json"
LEAST = 4.5
STATES = ("normal", "hovered", "selected", "active")


def colour(code: str) -> RGB | None:
    """``#rrggbb`` (or ``#rrggbbaa``: None when it is see-through)."""
    if len(code) == 9:
        return None if code[7:] != "ff" else palette.parse_hex(code[:7])
    return palette.parse_hex(code)


def test_the_contrast_formula_matches_wcag() -> None:
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert round(contrast((119, 119, 119), (255, 255, 255)), 2) == 4.48


@pytest.mark.parametrize("text", ["TEXT", "MUTED", "ACCENT", "WARN", "GOOD"])
@pytest.mark.parametrize("background", ["BACKGROUND", "PANEL"])
def test_the_palette_text_reads_on_the_panels(text: str, background: str) -> None:
    assert contrast(getattr(palette, text), getattr(palette, background)) >= LEAST


def theme_pairs() -> list[tuple[str, RGB, RGB]]:
    theme = json.loads(THEME.read_text())
    defaults = theme["defaults"]["colours"]
    pairs = []
    for block, content in theme.items():
        colours = {**defaults, **content.get("colours", {})}
        for state in STATES:
            text = colours.get(f"{state}_text", colours["normal_text"])
            back = colours.get(f"{state}_bg", colours.get("dark_bg", colours["normal_bg"]))
            back_rgb = colour(back) or palette.BACKGROUND
            pairs.append((f"{block}/{state}", colour(text) or palette.TEXT, back_rgb))
    return pairs


@pytest.mark.parametrize(("where", "text", "background"), theme_pairs(),
                         ids=[pair[0] for pair in theme_pairs()])
def test_the_theme_text_reads_on_its_background(where: str, text: RGB,
                                                background: RGB) -> None:
    assert contrast(text, background) >= LEAST, where
