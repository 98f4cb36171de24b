"""The Debian package's parts: its version, the desktop entry, the AppStream metainfo and the
icons (``build/deb.py``). ``make deb`` validates and builds it; ``.ci/run`` installs it."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_deb() -> ModuleType:
    spec = importlib.util.spec_from_file_location("deb", ROOT / "build" / "deb.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


deb = load_deb()


def test_versions_sort_as_debian_sorts_them() -> None:
    assert deb.debian_version("0.1.0") == "0.1.0"
    assert deb.debian_version("0.2.0.dev3") == "0.2.0~dev3"
    assert deb.debian_version("1.0.0rc1") == "1.0.0~rc1"
    assert deb.debian_version("1.0.0+g1234") == "1.0.0"


def test_the_desktop_entry_starts_the_command_with_the_icon() -> None:
    entry = dict(line.split("=", 1) for line in deb.desktop_entry().splitlines()[1:] if line)
    assert entry["Exec"] == "conquid-arcade" and entry["Icon"] == deb.APP_ID
    assert entry["Categories"].startswith("Game;")


def test_the_metainfo_names_each_screenshot_with_a_caption() -> None:
    component = ET.fromstring(deb.metainfo("0.1.0", "https://example.org/x", "2026-11-28"))
    assert component.findtext("id") == deb.APP_ID
    assert component.findtext("launchable") == f"{deb.APP_ID}.desktop"
    shots = component.findall("screenshots/screenshot")
    assert len(shots) == len(deb.SCREENSHOTS) >= 3
    for shot, (path, caption) in zip(shots, deb.SCREENSHOTS, strict=True):
        assert shot.findtext("caption") == caption
        assert shot.findtext("image") == f"https://example.org/x/raw/HEAD/{path}"
        assert (ROOT / path).is_file()
    [release] = component.findall("releases/release")
    assert release.attrib == {"version": "0.1.0", "date": "2026-11-28"}


def test_icons_at_the_usual_sizes(tmp_path: Path) -> None:
    made = deb.write_icons(tmp_path)
    assert [pygame.image.load(str(path)).get_size() for path in made] == [
        (size, size) for size in deb.ICON_SIZES]
    assert made[0] == tmp_path / "icons/hicolor/48x48/apps" / f"{deb.APP_ID}.png"


@pytest.mark.skipif(not (shutil.which("desktop-file-validate") and shutil.which("appstreamcli")),
                    reason="desktop-file-utils and appstream are Debian's (.ci/run installs them)")
def test_the_entry_and_the_metainfo_pass_their_validators(tmp_path: Path) -> None:
    desktop = tmp_path / f"{deb.APP_ID}.desktop"
    desktop.write_text(deb.desktop_entry(), "utf-8")
    info = tmp_path / f"{deb.APP_ID}.metainfo.xml"
    info.write_text(deb.metainfo("0.1.0", deb.DEFAULT_URL, "2026-11-28"), "utf-8")
    subprocess.run(["desktop-file-validate", str(desktop)], check=True)
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(info)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_build_no_package(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert deb.main(["--dist", str(tmp_path)]) == 1
    assert "no one-folder build" in capsys.readouterr().err
