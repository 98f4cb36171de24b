"""Where the bundled read-only assets are: ``assets/`` in a source tree, ``game/assets`` when
installed as a wheel (pyproject force-includes it there), beside the executable when frozen."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    here = Path(__file__).resolve().parents[2]  # the game package
    candidates = [here / "assets", here.parent / "assets"]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.insert(0, Path(frozen) / "assets")
    for candidate in candidates:
        if (candidate / "theme.json").is_file():
            return candidate
    return candidates[-1]


def theme_path() -> Path:
    return assets_dir() / "theme.json"


def changelog_path() -> Path:
    """CHANGELOG.md, read-only, for Help's "What's new": beside ``assets`` in a source tree
    and in a build (the spec bundles it), inside the package in a wheel (``hatch_build.py``)."""
    return assets_dir().parent / "CHANGELOG.md"
