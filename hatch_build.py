"""Hatchling build hook: compile the pure rules' C speed-ups (``build/compiled.py``), and
put CHANGELOG.md in the wheel beside the assets, where Help reads it (when the checkout has one).

Editable installs (what ``make`` does) build them next to their sources; wheels carry
them. Without a compiler the build still succeeds and the pure Python path is used.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompiledRules(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        sys.path.insert(0, str(root / "build"))
        try:
            from compiled import build_in_place
        finally:
            sys.path.pop(0)
        changelog = root / "CHANGELOG.md"  # Help's "What's new" (game.client.app.assets)
        if version != "editable" and changelog.is_file():
            build_data["force_include"][str(changelog)] = "game/CHANGELOG.md"
        built = build_in_place(root)
        if not built:
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":  # an editable install finds them in the source tree
            for path in built:
                build_data["force_include"][str(path)] = path.relative_to(root).as_posix()
