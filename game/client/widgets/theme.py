"""pygame_gui's theme as the player's settings want it: ``assets/theme.json`` with every font
grown to the text size and, in the high-contrast theme, its colours swapped.

The swap is a table over the file's own colours (a colour the file gains and the table lacks
stays as it is; ``tests/access/test_contrast.py`` then checks it against its background):
dark fills go black or near it, light text white, the accent a purer yellow, borders white so
a control's edge shows without its fill.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Final

from game.core.files import read_bounded

HIGH_CONTRAST: Final[dict[str, str]] = {
    "#1e212b": "#000000",
    "#222633": "#000000",
    "#23262f": "#000000",
    "#2c3142": "#000000",
    "#3a4158": "#262626",
    "#4a5575": "#3a3a3a",
    "#30343f": "#808080",
    "#454c63": "#ffffff",
    "#6b7080": "#a0a0a0",
    "#c8ccd8": "#ffffff",
    "#e8eaf0": "#ffffff",
    "#e8b050": "#ffeb00",
    "#ffd166": "#ffeb00",
    "#ffe29a": "#fff59a",
    "#dfe4ef": "#ffffff",
    "#c4cbdb": "#e0e0e0",
    "#1b1d24": "#000000",
}
"""The high-contrast theme's colour for each colour of ``assets/theme.json``."""


GROWN: Final = ("list_item_height",)
"""Sizes of the theme's that hold a line of text, grown with it."""


UNSIZED: Final = ("label", "text_entry_line", "check_box", "tool_tip")
"""Widgets the theme file gives no font: pygame_gui draws them in its own default face of
``DEFAULT_SIZE`` points, which a larger text size must grow too."""
DEFAULT_SIZE: Final = 14


LIMIT: Final = 1 << 20
"""The most bytes the theme file may have (it ships with some 4 kB)."""


def load(path: Path) -> dict[str, Any]:
    """The theme file as it ships (read bounded, as every file the app reads)."""
    data: dict[str, Any] = json.loads(read_bounded(path, LIMIT, "a theme").decode("utf-8"))
    return data


def styled(data: dict[str, Any], text_size: int, theme: str) -> dict[str, Any]:
    """``data`` (a theme file's content) with its fonts at ``text_size`` per cent and, for
    the ``High contrast`` theme, its colours swapped; ``data`` itself is left as it was."""
    out = copy.deepcopy(data)
    if text_size != 100:
        for name in UNSIZED:
            block = out.setdefault(name, {})
            block.setdefault("font", {"name": "noto_sans", "size": str(DEFAULT_SIZE)})
    for block in out.values():
        font = block.get("font")
        if font and "size" in font:
            font["size"] = str(round(int(font["size"]) * text_size / 100))
        for key in GROWN:
            if key in block.get("misc", {}):
                block["misc"][key] = str(round(int(block["misc"][key]) * text_size / 100))
        if theme == "High contrast":
            colours = block.get("colours", {})
            for key, code in colours.items():
                colours[key] = HIGH_CONTRAST.get(code.lower(), code)
    return out
