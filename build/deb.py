"""A Debian package of the one-folder build, so the game installs with apt like any other.

``python build/deb.py [--dist dist/conquid-arcade] [--out dist] [--url URL]`` (``make deb``)
lays out, under ``build/out/deb``:

- the build under ``/opt/conquid-arcade`` (a frozen program's folder kept whole), and
  ``/usr/bin/conquid-arcade`` linking to it, so the command is on the PATH;
- a desktop entry (the applications menu) and the icon at 48, 64, 128 and 256 px, drawn by
  the game's own code (``game.client.draw.backdrop.icon``), in the hicolor theme;
- AppStream metainfo (software centres: summary, description, screenshots with captions,
  the release from CHANGELOG.md, content rating);

checks the entry and the metainfo (``desktop-file-validate``, ``appstreamcli validate``)
and builds ``conquid-arcade_VERSION_ARCH.deb`` with ``dpkg-deb`` (files owned by root). It
needs no maintainer scripts: dpkg's triggers refresh the menu and icon caches. ``--url`` is
the project's public address (the release workflow passes the repository's); the homepage
and the screenshots' addresses are made from it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import bundle  # noqa: E402  (build/bundle.py: the names)

from game import __version__  # noqa: E402
from game.client.files.changelog import parse  # noqa: E402

APP_ID = "org.conquid_arcade.ConquidArcade"
"""The reverse-DNS id AppStream asks for (a hyphen in a domain becomes an underscore)."""
PREFIX = Path("opt") / bundle.NAME
ICON_SIZES = (48, 64, 128, 256)
DEFAULT_URL = "https://example.org/conquid-arcade"
"""Stands in for the project's address in a local build; the release workflow passes the
real one (``--url``)."""
SUMMARY = "Four abstract strategy games: Conquid, Push Fight, Forts and Ruins, Piously"
SCREENSHOTS = (
    ("docs/screenshot.png", "A game of Conquid: the last move marked, a conquer previewed, "
     "the move list beside the board"),
    ("docs/menu.png", "The menu: resume your game, your games, the four games"),
    ("docs/pushfight.png", "Push Fight: the winning push and the piece it pushed off"),
    ("docs/piously.png", "Piously: a room of the temple moved by a spell"),
    ("docs/online-lobby.png", "Play online: host a table, join one nearby or by its code"),
)
"""Pictures in docs/ (the README's), each with the caption a software centre shows."""


def debian_version(version: str) -> str:
    """``0.2.0.dev3`` as Debian orders it (``0.2.0~dev3``, before ``0.2.0``)."""
    return re.sub(r"[.-]?(dev|a|b|rc)(\d*)", r"~\1\2", version.split("+")[0])


def desktop_entry() -> str:
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        f"Name={bundle.TITLE}",
        "GenericName=Strategy board games",
        f"Comment={SUMMARY}",
        f"Exec={bundle.NAME}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;StrategyGame;",
        "Keywords=conquid;push fight;forts;piously;abstract;strategy;board;",
        "StartupWMClass=conquid-arcade",
        "",
    ])


def metainfo(version: str, url: str, date: str | None) -> str:
    shots = "\n".join(
        "    <screenshot" + (' type="default"' if number == 0 else "") + ">\n"
        f"      <caption>{escape(caption)}</caption>\n"
        f'      <image type="source">{escape(url)}/raw/HEAD/{path}</image>\n'
        "    </screenshot>"
        for number, (path, caption) in enumerate(SCREENSHOTS))
    release = (f'    <release version="{escape(version)}" date="{date}"/>\n' if date else "")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>MIT</metadata_license>
  <project_license>MIT</project_license>
  <name>{bundle.TITLE}</name>
  <summary>{escape(SUMMARY)}</summary>
  <description>
    <p>
      A desktop home for four abstract strategy games for two players: Conquid, Push Fight,
      Forts and Ruins, and Piously. Play against a friend on the same screen, against the
      computer at several levels, or online, on your network or through a table server.
    </p>
    <p>
      Every game is kept after every move and can be replayed; each game has its rules with
      pictures, lessons and puzzles.
    </p>
  </description>
  <developer_name>The Conquid Arcade developers</developer_name>
  <launchable type="desktop-id">{APP_ID}.desktop</launchable>
  <url type="homepage">{escape(url)}</url>
  <categories>
    <category>Game</category>
    <category>BoardGame</category>
    <category>StrategyGame</category>
  </categories>
  <provides>
    <binary>{bundle.NAME}</binary>
  </provides>
  <screenshots>
{shots}
  </screenshots>
  <content_rating type="oars-1.1">
    <content_attribute id="social-chat">intense</content_attribute>
  </content_rating>
  <releases>
{release}  </releases>
</component>
"""


def control(version: str, architecture: str, installed_kib: int) -> str:
    return "\n".join([
        f"Package: {bundle.NAME}",
        f"Version: {version}",
        f"Architecture: {architecture}",
        "Maintainer: The Conquid Arcade developers <conquid-arcade@users.noreply.invalid>",
        f"Installed-Size: {installed_kib}",
        "Depends: libc6, libstdc++6",  # the C++ runtime is the system's (build/bundle.py)
        "Section: games",
        "Priority: optional",
        f"Description: {SUMMARY}",
        " A desktop home for four abstract strategy games for two players, against a",
        " friend, the computer or online. A standalone build: it brings its own Python.",
        "",
    ])


def write_icons(share: Path) -> list[Path]:
    """The window icon at each size (drawn at 32 px: whole multiples stay crisp, 48 is
    scaled down smoothly from 96)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client.draw.backdrop import icon

    small = icon()
    made = []
    for size in ICON_SIZES:
        scale = -(-size // small.get_width())
        image = pygame.transform.scale(small, (small.get_width() * scale,) * 2)
        if image.get_width() != size:
            image = pygame.transform.smoothscale(image, (size, size))
        path = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(image, str(path))
        made.append(path)
    return made


def release_date(version: str) -> str | None:
    """The date of ``version``'s section in CHANGELOG.md, if it has one."""
    path = ROOT / "CHANGELOG.md"
    if not path.is_file():
        return None
    for release in parse(path.read_text("utf-8")):
        if release.version == version and re.fullmatch(r"\d{4}-\d{2}-\d{2}", release.date):
            return release.date
    return None


def stage(onedir: Path, root: Path, url: str) -> None:
    """Lay the package's files out under ``root`` (emptied first)."""
    if root.exists():
        shutil.rmtree(root)
    shutil.copytree(onedir, root / PREFIX, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / bundle.NAME).symlink_to(Path("/") / PREFIX / bundle.NAME)
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    (share / "applications" / f"{APP_ID}.desktop").write_text(desktop_entry(), "utf-8")
    (share / "metainfo").mkdir(parents=True)
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(
        metainfo(__version__, url, release_date(__version__)), "utf-8")
    write_icons(share)
    doc = share / "doc" / bundle.NAME
    doc.mkdir(parents=True)
    shutil.copy(HERE / "copyright", doc / "copyright")
    _normalise_modes(root)


def _normalise_modes(root: Path) -> None:
    """Folders and programs 0755, other files 0644, whatever the build machine's umask."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        executable = path.is_dir() or os.access(path, os.X_OK)
        path.chmod(0o755 if executable else 0o644)


def validate(root: Path) -> None:
    share = root / "usr" / "share"
    subprocess.run(["desktop-file-validate", str(share / "applications" / f"{APP_ID}.desktop")],
                   check=True)
    subprocess.run(["appstreamcli", "validate", "--no-net", "--explain",
                    str(share / "metainfo" / f"{APP_ID}.metainfo.xml")], check=True)


def build(onedir: Path, out: Path, url: str) -> Path:
    root = ROOT / "build" / "out" / "deb" / "root"
    stage(onedir, root, url)
    validate(root)
    architecture = subprocess.run(["dpkg", "--print-architecture"], check=True,
                                  capture_output=True, text=True).stdout.strip()
    size = sum(p.lstat().st_size for p in root.rglob("*") if not p.is_dir())
    (root / "DEBIAN").mkdir()
    version = debian_version(__version__)
    (root / "DEBIAN" / "control").write_text(control(version, architecture, -(-size // 1024)),
                                             "utf-8")
    _normalise_modes(root / "DEBIAN")
    out.mkdir(parents=True, exist_ok=True)
    package = out / f"{bundle.NAME}_{version}_{architecture}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "-z3", "--build", str(root),
                    str(package)], check=True)
    return package


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build/deb.py", description=__doc__.split("\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist" / bundle.NAME,
                        help="the one-folder build (make dist-onedir)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--url", default=DEFAULT_URL, help="the project's public address")
    args = parser.parse_args(argv)
    if not (args.dist / bundle.NAME).is_file():
        print(f"deb: no one-folder build in {args.dist} (make dist-onedir)", file=sys.stderr)
        return 1
    print(build(args.dist, args.out, args.url.rstrip("/")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
