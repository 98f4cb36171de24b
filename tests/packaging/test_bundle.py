"""The build helpers the PyInstaller spec uses: which data it leaves out, the icon, the version."""

from __future__ import annotations

import ast
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pygame
import pygame_gui

ROOT = Path(__file__).resolve().parents[2]


def load_bundle() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bundle", ROOT / "build" / "bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bundle = load_bundle()
DATA = Path(pygame_gui.__file__).parent / "data"


def test_only_fonts_for_scripts_the_game_does_not_offer_are_left_out() -> None:
    files = sorted(p.name for p in DATA.iterdir() if p.is_file())
    dropped = {name for name in files if not bundle.keep_data(f"pygame_gui/data/{name}")}
    scripts = ("Arabic", "Georgian", "Hebrew", "JP", "KR", "SC")
    assert dropped == {name for name in files if any(f"NotoSans{s}-" in name for s in scripts)}
    assert len(dropped) == 12
    for kept in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                 "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf", "default_theme.json"):
        assert bundle.keep_data(f"pygame_gui/data/{kept}")
    assert not bundle.keep_data("pygame_gui\\data\\NotoSansJP-Bold.otf")  # Windows paths
    assert bundle.keep_data("pygame_gui/data/translations/pygame-gui.ja.json")
    assert bundle.keep_data("assets/theme.json")


def test_the_theme_uses_a_font_that_is_kept() -> None:
    theme = json.loads((ROOT / "assets" / "theme.json").read_text("utf-8"))
    assert theme["defaults"]["font"]["name"] == "noto_sans"  # NotoSans-*.ttf, kept above


def test_version_numbers_for_windows() -> None:
    assert bundle.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert bundle.version_tuple("1.2.3.dev4+g123") == (1, 2, 3, 4)
    assert bundle.version_tuple("2") == (2, 0, 0, 0)


def test_the_windows_version_resource_is_a_version_file(tmp_path: Path) -> None:
    text = bundle.write_windows_version("0.1.0", tmp_path).read_text("utf-8")
    call = ast.parse(text, mode="eval").body  # PyInstaller evaluates it with its own classes
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
    assert call.func.id == "VSVersionInfo"
    assert "filevers=(0, 1, 0, 0)" in text
    assert "StringStruct('ProductVersion', '0.1.0')" in text
    assert "StringStruct('ProductName', 'Conquid Arcade')" in text


def test_the_app_icon_is_the_window_icon_at_256_px(tmp_path: Path) -> None:
    path = bundle.write_icon(tmp_path)
    image = pygame.image.load(str(path))
    assert image.get_size() == (256, 256)
    assert image.get_at((0, 0)).a == 0  # rounded, transparent corners
    assert image.get_at((128, 128)).a == 255


def test_compiled_modules_are_named_as_python_names_them() -> None:
    named = bundle.compiled_module
    assert named("zeroconf/_dns.cpython-311-x86_64-linux-gnu.so", "zeroconf") == "zeroconf._dns"
    assert named("zeroconf\\_services\\info.cp312-win_amd64.pyd", "zeroconf") == \
        "zeroconf._services.info"
    assert named("zeroconf/_services/__init__.cpython-312-darwin.so", "zeroconf") == \
        "zeroconf._services"
    assert named("zeroconf/py.typed", "zeroconf") is None
    assert named("pygame/base.cpython-311-x86_64-linux-gnu.so", "zeroconf") is None


def test_zeroconf_ships_as_the_python_its_compiled_modules_were_made_from() -> None:
    import zeroconf

    package = Path(zeroconf.__file__).parent
    compiled = sorted(p for p in package.rglob("*") if p.suffix in (".so", ".pyd"))
    binaries = [(p.relative_to(package.parent).as_posix(), str(p), "EXTENSION")
                for p in compiled] + [("libz.so.1", "/lib/libz.so.1", "BINARY")]
    kept, modules = bundle.pure_python(binaries, "zeroconf")
    assert kept == [("libz.so.1", "/lib/libz.so.1", "BINARY")]
    assert len(modules) == len(compiled)
    names = {name for name, _path, _kind in modules}
    if compiled:  # an install without its Cython build has nothing to swap
        assert "zeroconf._dns" in names and "zeroconf._services" in names
    for _name, path, kind in modules:
        assert kind == "PYMODULE" and Path(path).is_file() and path.endswith(".py")


def test_the_cpp_runtime_is_left_to_linux_alone() -> None:
    assert not bundle.keep_binary("libstdc++.so.6", "linux")
    assert not bundle.keep_binary("libgcc_s.so.1", "linux")
    assert bundle.keep_binary("libstdc++.so.6", "darwin")
    assert bundle.keep_binary("pygame_ce.libs/libSDL2-2.0.so.0", "linux")
    assert bundle.keep_binary("libpython3.11.so.1.0", "linux")
