"""Help ends with the version the player runs and what is new in it (from the changelog),
both listed beside the text so one click reaches them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import __version__
from scenes import help as help_module
from scenes.help import HelpScene
from tests.ui.driver import Driver


def opened(driver: Driver) -> HelpScene:
    driver.frames(2)
    driver.key("f1")
    scene = driver.top
    assert isinstance(scene, HelpScene) and scene.panel is not None
    return scene


def test_help_lists_the_version_and_whats_new(
        driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text(f"# Changelog\n\n## [{__version__}] - 2026-11-28\n\n### Added\n"
                         "- Installers for Windows and macOS.\n", "utf-8")
    monkeypatch.setattr(help_module, "changelog_path", lambda: changelog)
    scene = opened(driver)
    assert scene.panel is not None
    titles = [title for title, _line in scene.panel.sections]
    assert titles[-2:] == ["Version", "What's new"]
    words = " ".join(piece.words for line in scene.panel.lines for piece in line)
    assert f"This is Conquid Arcade {__version__}." in words
    assert "Added: Installers for Windows and macOS." in words
    scene.panel.show_section(len(titles) - 1)
    driver.frames(2)


def test_help_says_so_when_the_changelog_is_missing(
        driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(help_module, "changelog_path", lambda: tmp_path / "CHANGELOG.md")
    scene = opened(driver)
    assert scene.panel is not None
    words = " ".join(piece.words for line in scene.panel.lines for piece in line)
    assert "is not in this copy of the game." in words
