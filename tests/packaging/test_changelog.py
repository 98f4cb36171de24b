"""The changelog as players and releases see it: Help's version and "What's new" (also when
the file is missing), and one version's notes for a release."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from game.client.app import assets
from game.client.files.changelog import notes, parse, whats_new

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = """# Changelog

All notable changes to this project are documented in this file.

## [Unreleased]

### Added
- A **new** thing, see [the docs](docs/x.md)
  and a second line.

## [0.2.0] - 2026-12-01

### Fixed
- The `--version` flag.

## [0.1.0] - 2026-11-28

### Added
- Four games.
### Changed
- Help <b>bold</b> & more.

[Unreleased]: https://example.org/compare/v0.2.0...HEAD
[0.2.0]: https://example.org/compare/v0.1.0...v0.2.0
"""


def test_versions_kinds_and_items_are_read_as_a_player_reads_them() -> None:
    releases = parse(FIXTURE)
    assert [(r.version, r.date) for r in releases] == [
        ("Unreleased", ""), ("0.2.0", "2026-12-01"), ("0.1.0", "2026-11-28")]
    assert releases[0].kinds == {"Added": ["A new thing, see the docs and a second line."]}
    assert releases[1].kinds == {"Fixed": ["The --version flag."]}
    assert releases[2].kinds == {"Added": ["Four games."], "Changed": ["Help <b>bold</b> & more."]}


def test_a_release_gets_its_own_section_as_written() -> None:
    assert notes(FIXTURE, "v0.2.0") == "### Fixed\n- The `--version` flag.\n"
    assert notes(FIXTURE, "0.1.0") is not None and "### Changed" in notes(FIXTURE, "0.1.0")
    assert notes(FIXTURE, "v9.9.9") is None


def test_release_notes_script(tmp_path: Path) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text(FIXTURE, "utf-8")
    script = [sys.executable, str(ROOT / "build" / "release_notes.py")]
    done = subprocess.run([*script, "v0.2.0", str(changelog)], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "### Fixed\n- The `--version` flag.\n")
    missing = subprocess.run([*script, "v3.0.0", str(changelog)], capture_output=True, text=True)
    assert missing.returncode == 1 and "no section for v3.0.0" in missing.stderr


def test_help_shows_the_running_version_first_and_escapes_the_text(tmp_path: Path) -> None:
    path = tmp_path / "CHANGELOG.md"
    path.write_text(FIXTURE, "utf-8")
    text = whats_new(path, "0.2.0")
    assert text.startswith("<br><br><b>Version.</b> This is Conquid Arcade 0.2.0.")
    assert "<b>What's new.</b>" in text
    assert "Unreleased" not in text and "Not yet released" not in text
    assert text.index("Version 0.2.0, 2026-12-01") < text.index("Version 0.1.0, 2026-11-28")
    assert "Changed: Help &lt;b&gt;bold&lt;/b&gt; &amp; more." in text
    ahead = whats_new(path, "0.3.0.dev1")  # from source, ahead of the last release
    assert ahead.index("Not yet released") < ahead.index("Version 0.2.0")


@pytest.mark.parametrize("content, says", [
    (None, "The list of changes (CHANGELOG.md) is not in this copy of the game."),
    ("# Changelog\n\n## [Unreleased]\n", "No changes are listed yet."),
    ("x" * 600_000, "The list of changes cannot be shown: CHANGELOG.md is too large"),
])
def test_help_says_why_when_there_is_nothing_to_show(
        tmp_path: Path, content: str | None, says: str) -> None:
    path = tmp_path / "CHANGELOG.md"
    if content is not None:
        path.write_text(content, "utf-8")
    text = whats_new(path, __version__)
    assert f"This is Conquid Arcade {__version__}." in text
    assert says in text


def test_the_changelog_is_found_beside_the_assets_from_source_and_frozen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert assets.changelog_path() == ROOT / "CHANGELOG.md"
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "theme.json").write_text("{}", "utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.changelog_path() == tmp_path / "CHANGELOG.md"
