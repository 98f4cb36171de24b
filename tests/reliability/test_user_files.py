"""The player's other files and the window: settings and lesson
progress shared by two copies of the app, kept-aside files past any number, window sizes
from a settings file or a window manager past the screens, lesson files that are FIFOs or
endless devices. Nothing is lost or overwritten, nothing hangs, nothing crashes."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.catalog import all_games
from game.client.app.app import App
from game.client.app.display import Display, screen_limit
from game.client.files.learning import Learning, Progress
from game.client.files.paths import Paths
from game.client.files.settings import Settings, load_settings, save_settings
from game.client.files.userfile import load_or_set_aside
from game.core.learn import LearnError, load_course, load_courses
from game.main_window import build_services
from scenes.menu import MenuScene
from tests.reliability.hostile import special_files
from tests.reliability.test_hostile_files import AT_ONCE
from tests.reliability.test_hostile_records import assert_readable
from tests.ui.driver import Driver

GAMES = all_games()


# -- 5. settings and progress ------------------------------------------------------------------


@pytest.mark.parametrize("size", [(11_520, 2_160), (100_000, 50), (10**18, 10**18)])
def test_a_window_size_past_the_old_bound_keeps_every_other_setting(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    path = tmp_path / "settings.json"
    mine = Settings(volume=0.25, muted=True, keys={"play": {"confirm": ["space"]}})
    save_settings(path, mine.with_(window=size))
    loaded = load_settings(path)
    assert loaded.problem is None, loaded.problem
    assert loaded.settings.volume == 0.25 and loaded.settings.keys == mine.keys
    assert not list(tmp_path.glob("*.bad*"))
    document = json.loads(path.read_text())
    document["window"] = list(size)  # as an older version wrote it
    path.write_text(json.dumps(document))
    again = load_settings(path)
    assert again.problem is None and again.settings.volume == 0.25
    assert all(200 <= side <= 16_384 for side in again.settings.window)


def test_two_copies_keep_each_others_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings())
    first = second = load_settings(path).settings
    changed_first = first.with_(volume=0.1)
    save_settings(path, changed_first, first)
    changed_second = second.with_(colours=("#000000", "#ffffff"))
    save_settings(path, changed_second, second)
    on_disk = load_settings(path).settings
    assert on_disk.volume == 0.1, "the second copy did not undo the first one's change"
    assert on_disk.colours == ("#000000", "#ffffff")
    save_settings(path, changed_first.with_(window=(1000, 700)), changed_first)  # at exit
    on_disk = load_settings(path).settings
    assert on_disk.colours == ("#000000", "#ffffff") and on_disk.window == (1000, 700)


def test_two_copies_keep_each_others_lesson_progress(tmp_path: Path) -> None:
    path = tmp_path / "learn.json"
    first, second = Learning(path=path), Learning(path=path)
    assert first.mark_done("conquid", "basics") is None
    assert second.mark_done("pushfight", "pushing") is None
    assert second.mark_offered("forts") is None
    assert first.mark_done("conquid", "conquer") is None
    progress, problem = load_or_set_aside(path, Progress.from_json, Progress(), "progress")
    assert problem is None
    assert progress.done == {"conquid": {"basics", "conquer"}, "pushfight": {"pushing"}}
    assert progress.offered == {"forts"}


@pytest.mark.parametrize("taken", ["999999999", "9999999999", "9" * 20, "9" * 40])
def test_a_kept_aside_file_never_replaces_one_kept_before(tmp_path: Path, taken: str) -> None:
    path = tmp_path / "settings.json"
    (tmp_path / "settings.json.bad").write_bytes(b"first")
    (tmp_path / f"settings.json.bad{taken}").write_bytes(b"high")
    kept = {}
    for number in range(3):
        path.write_bytes(f"broken {number}".encode())
        loaded = load_settings(path)
        assert loaded.problem is not None
        assert_readable(loaded.problem)
        kept[number] = loaded.problem.rsplit("kept as ", 1)[1]
    assert len(set(kept.values())) == 3
    for number, name in kept.items():
        assert (tmp_path / name).read_bytes() == f"broken {number}".encode()
    assert (tmp_path / "settings.json.bad").read_bytes() == b"first"
    assert (tmp_path / f"settings.json.bad{taken}").read_bytes() == b"high"


# -- 6. windows ----------------------------------------------------------------------------------


@pytest.fixture
def display() -> Iterator[None]:
    pygame.display.init()
    yield
    pygame.quit()


def test_a_settings_window_past_the_screens_opens_within_them(display: None) -> None:
    shown = Display((10_000, 10_000))
    limit = screen_limit()
    assert shown.size[0] <= limit[0] and shown.size[1] <= limit[1]
    assert shown.windowed_size == shown.size


def test_a_size_sdl_refuses_opens_the_smallest_window(
    display: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = pygame.display.set_mode

    def refuses_large(size: tuple[int, int], *args: int) -> pygame.Surface:
        if size[0] > 1000:
            raise pygame.error("Window too large")
        return real(size, *args)

    monkeypatch.setattr(pygame.display, "set_mode", refuses_large)
    assert Display((1800, 1000)).size == (900, 600)


def test_a_resize_sdl_could_not_make_a_surface_for_is_survived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window manager asked for 23,000 x 23,000: SDL leaves a surface it could not make
    ("Surface is not initialized"); the window opens again within the screens."""
    services = build_services(Paths.under(tmp_path / "home"), (1280, 720))
    try:
        driver = Driver(App(services, MenuScene(services)))
        driver.frames(2)
        real = pygame.display.get_surface
        dead = pygame.Surface.__new__(pygame.Surface)
        monkeypatch.setattr(pygame.display, "get_surface", lambda: dead)
        resize = pygame.event.Event(pygame.VIDEORESIZE, size=(23_000, 23_000), w=23_000,
                                    h=23_000)
        monkeypatch.setattr(pygame.display, "set_mode", _restoring(monkeypatch, real))
        driver.frames(2, [resize])
        assert driver.app.running
        limit = screen_limit()
        assert services.display.size[0] <= limit[0] and services.display.size[1] <= limit[1]
    finally:
        pygame.quit()


def _restoring(monkeypatch: pytest.MonkeyPatch, get_surface: object) -> object:
    """``set_mode`` that, once the window is made again, gives back the real surface."""
    real = pygame.display.set_mode

    def set_mode(*args: object) -> pygame.Surface:
        monkeypatch.setattr(pygame.display, "get_surface", get_surface)
        return real(*args)  # type: ignore[arg-type]

    return set_mode


# -- 7. lesson files -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["a FIFO", "a link to /dev/zero", "a 5 GiB sparse file",
                                  "a folder", "a symlink loop"])
def test_a_lesson_file_that_is_not_a_small_file_is_refused_at_once(
    tmp_path: Path, kind: str
) -> None:
    files = special_files(tmp_path / "learn")
    if kind not in files:
        pytest.skip(f"{kind} cannot be made here")
    started = time.perf_counter()
    with pytest.raises(LearnError) as caught:
        load_course(files[kind], GAMES)
    assert_readable(str(caught.value))
    courses, problems = load_courses(tmp_path / "learn", GAMES)
    assert courses == {} and problems
    assert all(len(problem) < 300 for problem in problems)
    assert time.perf_counter() - started < AT_ONCE
    assert os.path.lexists(files[kind])
