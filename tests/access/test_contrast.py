"""Text against its background: at least 4.5:1 (WCAG 2 AA) for every pair of every theme.

The pairs are the client's own: its text colours (``palette``) on the backgrounds it draws
them on, and each widget state's text on its background in ``assets/theme.json`` as each
colour theme makes it (``game.client.widgets.theme``; a disabled control's text is exempt,
as in WCAG; a clear background shows the window's). A mark that is no text (a presence
dot, the focus ring) wants 3:1 (WCAG 2.1 non-text contrast). So that a theme reaches
everything drawn, no scene or widget picks a colour of its own or keeps one from import."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.draw import fonts, palette
from game.client.draw.palette import RGB, THEMES, contrast
from game.client.draw.richtext import TextPanel
from game.client.widgets import movelist
from game.client.widgets import theme as styling
from game.client.widgets.movelist import MoveList

ROOT = Path(__file__).resolve().parents[2]
THEME = ROOT / "assets" / "theme.json"
LEAST = 4.5
MARKS = 3.0
STATES = ("normal", "hovered", "selected", "active")
DRAWN = (ROOT / "scenes", ROOT / "game" / "client")
"""Where every colour must come from the theme."""
OWN_COLOURS = (ROOT / "game" / "client" / "draw" / "palette.py",
               ROOT / "game" / "client" / "widgets" / "theme.py")
"""The two modules that hold the themes' colours."""

TEXT_ON: dict[str, tuple[str, ...]] = {
    "BACKGROUND": ("TEXT", "MUTED", "ACCENT", "WARN", "GOOD", "LABEL"),
    "PANEL": ("TEXT", "MUTED", "ACCENT", "WARN", "GOOD", "LABEL"),
    "CARD": ("TEXT", "MUTED", "ACCENT"),  # a seat's card, the result card
    "TIP": ("TEXT",),  # a shortened line's whole text
    "FIELD": ("TEXT", "ACCENT"),  # the help and scores text, the help's contents
    "HOVERED": ("TEXT", "ACCENT"),  # the contents' row under the pointer
    "BAR": ("ACCENT",),  # the move list's way back to the game
    "ACCENT": ("PANEL", "SHADOW"),  # the way back pointed at, the board cursor's tag
}
"""Each background a scene or widget draws text on, and the text colours it draws there."""
MARKS_ON: dict[str, tuple[str, ...]] = {
    "CARD": ("HERE", "GONE", "TROUBLE"),
    "BACKGROUND": ("ACCENT",),  # the focus ring, the board cursor's frame
    "PANEL": ("ACCENT",),
}
"""Each background a mark is drawn on, and the marks' colours."""
LIST_TEXT = ("TEXT", "MUTED", "ACCENT", "WARN", "INACCURACY", "MISTAKE", "MISSED_WIN")
"""The move list's words, notes and judgements (a seat's colour is checked from the
player palettes)."""
LIST_ROWS = ("PANEL", "SELECTED", "HOVERED")


@pytest.fixture
def themed() -> Iterator[None]:
    yield
    palette.use_theme("Standard")


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


def pairs(table: dict[str, tuple[str, ...]]) -> list[tuple[str, str, str]]:
    return [(theme, text, back) for theme in THEMES for back, texts in table.items()
            for text in texts]


@pytest.mark.parametrize(("theme", "text", "background"), pairs(TEXT_ON))
def test_every_text_colour_reads_where_it_is_drawn(theme: str, text: str,
                                                   background: str) -> None:
    assert contrast(THEMES[theme][text], THEMES[theme][background]) >= LEAST


@pytest.mark.parametrize(("theme", "mark", "background"), pairs(MARKS_ON))
def test_every_mark_shows_where_it_is_drawn(theme: str, mark: str, background: str) -> None:
    assert contrast(THEMES[theme][mark], THEMES[theme][background]) >= MARKS


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_move_list_words_read_on_every_row(theme: str, themed: None) -> None:
    """The list lightens its words (``movelist.shown``) as its rows' backgrounds need: the
    current row, the pointed-at row, a judgement beside a move, a seat's number."""
    palette.use_theme(theme)
    seats = [palette.parse_hex(code) for pair in palette.PALETTES.values() for code in pair]
    colours = [THEMES[theme][name] for name in LIST_TEXT] + seats
    for row in LIST_ROWS:
        for colour in colours:
            assert contrast(movelist.shown(colour), THEMES[theme][row]) >= LEAST, (row, colour)


def literal_colours(path: Path) -> list[str]:
    """The colours ``path`` picks itself: a tuple of three or four channels, a ``#rrggbb``
    string, or a theme colour read when the module loads (it would keep the theme of that
    moment). A fully clear fill (alpha 0) is no colour."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def run_later(node: ast.AST) -> bool:
        while node in parents:
            parent = parents[node]
            if isinstance(parent, ast.Lambda):
                return node is parent.body
            if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
                return node in parent.body
            node = parent
        return False

    found = []
    for node in ast.walk(tree):
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
        where = f"{name}:{getattr(node, 'lineno', 0):04d}"
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and all(
                isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255
                for e in node.elts) and not isinstance(parents.get(node), ast.Compare):
            channels = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if channels[3:] != [0]:
                found.append(f"{where} {ast.unparse(node)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and len(node.value) == 7 and node.value.startswith("#") \
                and all(ch in "0123456789abcdefABCDEF" for ch in node.value[1:]):
            found.append(f"{where} {node.value}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "palette" and node.attr in palette.STANDARD \
                and not run_later(node):
            found.append(f"{where} palette.{node.attr} read at import")
    return sorted(found)


def test_no_scene_or_widget_picks_its_own_colour() -> None:
    """A colour of its own would keep its standard look in the high-contrast theme."""
    found = [colour for root in DRAWN for path in sorted(root.rglob("*.py"))
             if path not in OWN_COLOURS for colour in literal_colours(path)]
    assert found == []


def test_the_colour_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from game.client.draw import palette\nRING = (255, 209, 102)\n"
                     "CLEAR = (0, 0, 0, 0)\nLINK = '#3a7bd5'\nMUTED = palette.MUTED\n"
                     "x = 1 in (1, 2, 3)\n"
                     "def later(colour=palette.TEXT):\n    return palette.ACCENT\n")
    assert [line.split(" ", 1)[1] for line in literal_colours(probe)] == [
        "(255, 209, 102)", "#3a7bd5", "palette.MUTED read at import",
        "palette.TEXT read at import"]


def test_the_high_contrast_theme_reaches_the_move_list_and_text_panels(themed: None) -> None:
    """Drawn in the high-contrast theme, the current move's row and a text panel show its
    colours, not the standard ones."""
    pygame.font.init()
    fonts.reset()
    palette.use_theme("High contrast")
    surface = pygame.Surface((400, 300))
    moves = MoveList()
    moves.layout(pygame.Rect(0, 0, 200, 300))
    moves.show((), 0, ())
    moves.draw(surface)
    assert tuple(surface.get_at((100, 2)))[:3] == palette.SELECTED
    panel = TextPanel(pygame.Rect(200, 0, 200, 300), "Some words")
    panel.draw(surface)
    assert tuple(surface.get_at((390, 290)))[:3] == palette.FIELD
    assert tuple(surface.get_at((200, 150)))[:3] == palette.BORDER
