"""Text against its background: at least 4.5:1 (WCAG 2 AA) for every pair of every theme.

The pairs are the client's own: its text colours (``palette``) on the backgrounds it draws
them on, and each widget state's text on its background in ``assets/theme.json`` as each
colour theme makes it (``game.client.widgets.theme``; a disabled control's text is exempt,
as in WCAG; a clear background shows the window's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.client.draw import palette
from game.client.draw.palette import RGB, THEMES, contrast
from game.client.widgets import theme as styling

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


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("text", ["TEXT", "MUTED", "ACCENT", "WARN", "GOOD"])
@pytest.mark.parametrize("background", ["BACKGROUND", "PANEL"])
def test_the_palette_text_reads_on_the_panels(theme: str, text: str, background: str) -> None:
    assert contrast(THEMES[theme][text], THEMES[theme][background]) >= LEAST


def test_a_theme_is_used_where_the_colours_are_read() -> None:
    try:
        palette.use_theme("High contrast")
        assert THEMES["High contrast"]["TEXT"] == palette.TEXT
        assert palette.readable((0, 0, 40)) != (0, 0, 40), "lightened on the theme's panel"
    finally:
        palette.use_theme("Standard")
    assert THEMES["Standard"]["TEXT"] == palette.TEXT


def theme_pairs() -> list[tuple[str, RGB, RGB]]:
    pairs = []
    for name in THEMES:
        theme = styling.styled(json.loads(THEME.read_text()), 100, name)
        defaults = theme["defaults"]["colours"]
        for block, content in theme.items():
            colours = {**defaults, **content.get("colours", {})}
            for state in STATES:
                text = colours.get(f"{state}_text", colours["normal_text"])
                back = colours.get(f"{state}_bg", colours.get("dark_bg", colours["normal_bg"]))
                back_rgb = colour(back) or THEMES[name]["BACKGROUND"]
                pairs.append((f"{name}/{block}/{state}", colour(text) or THEMES[name]["TEXT"],
                              back_rgb))
    return pairs


def test_the_high_contrast_theme_swaps_every_colour_of_the_file() -> None:
    """A colour added to the theme file and not to the swap table would keep its standard
    look in the high-contrast theme (the pairs above would not notice a dim border)."""
    shipped = json.loads(THEME.read_text())
    used = {code.lower() for block in shipped.values()
            for code in block.get("colours", {}).values() if len(code) == 7}
    assert used <= set(styling.HIGH_CONTRAST) | {"#ffffff"}


@pytest.mark.parametrize(("where", "text", "background"), theme_pairs(),
                         ids=[pair[0] for pair in theme_pairs()])
def test_the_theme_text_reads_on_its_background(where: str, text: RGB,
                                                background: RGB) -> None:
    assert contrast(text, background) >= LEAST, where
