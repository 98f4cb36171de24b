"""Build-time helpers for ``build/pyinstaller.spec``: what data to leave out, the app icon,
the version resource. Kept out of the spec so tests can check them."""

from __future__ import annotations

import re
from pathlib import Path

NAME = "conquid-arcade"
TITLE = "Conquid Arcade"

UNUSED_DATA = re.compile(
    r"^pygame_gui[/\\]data[/\\]NotoSans(Arabic|Georgian|Hebrew|JP|KR|SC)-[A-Za-z]+\.(ttf|otf)$"
)
"""pygame_gui's fonts for scripts the game offers no language in (its UI is English only)."""

ICON_SIZE = 256


def keep_data(destination: str) -> bool:
    """Whether a data file PyInstaller collected (by its place in the bundle) is needed."""
    return UNUSED_DATA.match(destination) is None


def plugin_modules() -> list[str]:
    """Every module the games' plug-ins name (their rules, views, computer players, text),
    which they import by name when first used: PyInstaller's scan cannot see those imports."""
    from game.catalog import PLUGINS

    return [module for plugin in PLUGINS for module in plugin.modules]


def write_icon(folder: Path) -> Path:
    """Draw the window icon (``game.client.draw.backdrop.icon``) at 256 px as a PNG in ``folder``.

    Made from code at build time, so the app icon and the window icon never drift apart and
    no binary is committed. PyInstaller turns the PNG into .ico/.icns (with Pillow) on
    Windows and macOS; Linux executables carry no icon.
    """
    import pygame

    from game.client.draw.backdrop import icon

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "icon.png"
    pygame.image.save(pygame.transform.scale(icon(), (ICON_SIZE, ICON_SIZE)), str(path))
    return path


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """``0.1.0`` (or ``0.1.0.dev3``) as the four numbers a Windows version resource holds."""
    numbers = [int(part) for part in re.findall(r"\d+", version.split("+")[0])][:4]
    numbers += [0] * (4 - len(numbers))
    return numbers[0], numbers[1], numbers[2], numbers[3]


def write_windows_version(version: str, folder: Path) -> Path:
    """The Windows version resource (the file's Properties > Details) as PyInstaller's
    version-file text, written to ``folder``; PyInstaller reads it only on Windows."""
    numbers = version_tuple(version)
    strings = {
        "CompanyName": TITLE,
        "FileDescription": TITLE,
        "FileVersion": version,
        "InternalName": NAME,
        "LegalCopyright": "MIT licence",
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": TITLE,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({key!r}, {value!r})"
                       for key, value in strings.items())
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{table},
      ]),
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])]),
  ],
)
"""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "version.txt"
    path.write_text(text, "utf-8")
    return path
