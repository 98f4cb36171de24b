"""The downloads' archives (``build/archive.py``): named for system and processor, the folder
inside under its own name, a Linux program still executable once unpacked."""

from __future__ import annotations

import importlib.util
import os
import tarfile
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from game import __version__

ROOT = Path(__file__).resolve().parents[2]


def load_archive() -> ModuleType:
    spec = importlib.util.spec_from_file_location("archive", ROOT / "build" / "archive.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


archive = load_archive()


def test_names_say_system_and_processor() -> None:
    assert archive.system_name("win32") == "windows"
    assert archive.system_name("darwin") == "macos"
    assert archive.system_name("linux") == "linux"
    assert [archive.machine_name(m) for m in ("AMD64", "x86_64", "arm64", "aarch64")] == [
        "x86_64", "x86_64", "arm64", "arm64"]
    assert archive.archive_name("windows", "x86_64") == \
        f"conquid-arcade-{__version__}-windows-x86_64.zip"
    assert archive.archive_name("linux", "x86_64").endswith("-linux-x86_64.tar.gz")


@pytest.fixture
def build(tmp_path: Path) -> Path:
    folder = tmp_path / "dist" / "conquid-arcade"
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "lib.so").write_bytes(b"\0lib")
    program = folder / "conquid-arcade"
    program.write_bytes(b"#!program")
    program.chmod(0o755)
    return tmp_path / "dist"


def test_windows_zip_holds_the_folder(build: Path, tmp_path: Path) -> None:
    made = archive.make(build, tmp_path / "out", "windows", "x86_64")
    with zipfile.ZipFile(made) as zipped:
        names = set(zipped.namelist())
    assert {"conquid-arcade/conquid-arcade", "conquid-arcade/_internal/lib.so"} <= names


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_linux_tarball_keeps_the_program_executable(build: Path, tmp_path: Path) -> None:
    made = archive.make(build, tmp_path / "out", "linux", "x86_64")
    with tarfile.open(made) as tar:
        program = tar.getmember("conquid-arcade/conquid-arcade")
        assert program.mode & 0o111 and program.uid == 0 and program.uname == ""
        tar.extractall(tmp_path / "unpacked", filter="tar")
    assert os.access(tmp_path / "unpacked" / "conquid-arcade" / "conquid-arcade", os.X_OK)


def test_no_build_no_archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert archive.main(["--dist", str(tmp_path)]) == 1
    assert "no one-folder build" in capsys.readouterr().err
