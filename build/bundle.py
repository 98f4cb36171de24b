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

UNUSED_MODULES = (
    "readline",  # an interactive prompt (and libreadline, libtinfo)
    "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw",
    "_multibytecodec",  # East Asian text encodings: the game reads and writes UTF-8 only
    "pygame._sdl2",  # pygame's SDL2 window, renderer and audio device objects, never used
    "_pydecimal",  # the pure-Python decimal, for interpreters without _decimal
    "tarfile", "ftplib", "xmlrpc", "pydoc", "doctest", "unittest", "tkinter",
)
"""Modules a frozen game never imports that the import scan takes in (checked by running
the smoke test from source: none of them is loaded)."""

SYSTEM_LIBRARIES = re.compile(r"^lib(stdc\+\+|gcc_s)\.so")
"""Linux: the C++ runtime, left to the player's system as pygame-ce's own wheels leave it
(manylinux counts it as part of every Linux). A copy from the build machine is 2.2 MB, and
an older one than the system's breaks the system's graphics drivers that load it too."""

PURE_PYTHON = ("zeroconf",)
"""Packages whose compiled modules (Cython builds of their own ``.py`` files, 2.9 MB for
zeroconf) are left out for those ``.py`` files: announcing and finding tables on the LAN is
a handful of packets, so the speed-up is not worth a tenth of the folder."""


def keep_data(destination: str) -> bool:
    """Whether a data file PyInstaller collected (by its place in the bundle) is needed."""
    return UNUSED_DATA.match(destination) is None


def keep_binary(destination: str, system: str) -> bool:
    """Whether a shared library PyInstaller collected (by its place in the bundle) ships."""
    return not (system.startswith("linux") and SYSTEM_LIBRARIES.match(destination))


def compiled_module(destination: str, package: str) -> str | None:
    """The module a compiled file of ``package`` is (``zeroconf/_services/info.cpython-311-
    x86_64-linux-gnu.so`` is ``zeroconf._services.info``), or None for any other file."""
    parts = re.split(r"[/\\]", destination)
    if parts[0] != package or not re.search(r"\.(so|pyd)$", parts[-1]):
        return None
    stem = parts[-1].split(".", 1)[0]
    return ".".join(parts[:-1] if stem == "__init__" else [*parts[:-1], stem])


def pure_python(binaries: list[tuple[str, str, str]], package: str
                ) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """``binaries`` without ``package``'s compiled modules, and the PYMODULE entries of the
    ``.py`` files they were built from (beside them in the installed package)."""
    kept, modules = [], []
    for entry in binaries:
        module = compiled_module(entry[0], package)
        if module is None:
            kept.append(entry)
            continue
        source = Path(entry[1]).with_name(Path(entry[1]).name.split(".", 1)[0] + ".py")
        if not source.is_file():
            raise FileNotFoundError(f"{module} has no Python source beside {entry[1]}")
        modules.append((module, str(source), "PYMODULE"))
    return kept, modules


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
