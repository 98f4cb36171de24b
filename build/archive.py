"""Pack the one-folder build the way players download it, named for its system and processor.

``python build/archive.py [--dist dist] [--out dist]`` prints the archive it made:

- Windows: ``conquid-arcade-VERSION-windows-x86_64.zip``, the ``conquid-arcade`` folder;
- macOS: ``conquid-arcade-VERSION-macos-arm64.zip`` (or ``-x86_64``), ``Conquid Arcade.app``
  zipped by ``ditto`` as Finder does, so the app's links, modes and signature survive;
- Linux: ``conquid-arcade-VERSION-linux-x86_64.tar.gz``, the folder with its modes.

CI keeps the archive as the build's artifact; the release attaches it.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import bundle  # noqa: E402

from game import __version__  # noqa: E402

MACHINES = {"amd64": "x86_64", "x64": "x86_64", "x86_64": "x86_64", "aarch64": "arm64",
            "arm64": "arm64"}


def system_name(platform_name: str = sys.platform) -> str:
    if platform_name == "win32":
        return "windows"
    if platform_name == "darwin":
        return "macos"
    return "linux"


def machine_name(machine: str | None = None) -> str:
    """The processor as players' download pages name it (Windows says AMD64, Linux aarch64)."""
    raw = (machine or platform.machine()).lower()
    return MACHINES.get(raw, raw)


def archive_name(system: str, machine: str, version: str = __version__) -> str:
    suffix = ".tar.gz" if system == "linux" else ".zip"
    return f"{bundle.NAME}-{version}-{system}-{machine}{suffix}"


def zip_folder(folder: Path, target: Path) -> None:
    """``folder`` and everything in it, under its own name (Windows keeps no modes)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in sorted([folder, *folder.rglob("*")]):
            archive.write(path, path.relative_to(folder.parent).as_posix())


def tar_folder(folder: Path, target: Path) -> None:
    """``folder`` under its own name, modes kept, owned by nobody in particular."""
    def anonymous(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    with tarfile.open(target, "w:gz", compresslevel=6) as archive:
        archive.add(folder, folder.name, filter=anonymous)


def make(dist: Path, out: Path, system: str, machine: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    target = out / archive_name(system, machine)
    target.unlink(missing_ok=True)
    if system == "macos":
        app = dist / f"{bundle.TITLE}.app"
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app),
                        str(target)], check=True)
    elif system == "windows":
        zip_folder(dist / bundle.NAME, target)
    else:
        tar_folder(dist / bundle.NAME, target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build/archive.py", description=__doc__.split("\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    system = system_name()
    if not (args.dist / bundle.NAME).is_dir():
        print(f"archive: no one-folder build in {args.dist} (make dist-onedir)", file=sys.stderr)
        return 1
    print(os.fspath(make(args.dist, args.out, system, machine_name())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
