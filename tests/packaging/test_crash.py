"""Crash reports: written to the log folder with what a bug report needs, shown to the player,
and never at the cost of the autosave (faults are injected into a scene's update)."""

from __future__ import annotations

import platform
from pathlib import Path

import pygame
import pytest

from game import __version__, main_window
from game.catalog import all_games
from game.client.app import commands as c
from game.client.app import crash
from game.client.app.app import STEP, App
from game.client.app.commands import Command
from game.client.app.crash import CRASH_EXIT, CrashGuard, CrashReport
from game.client.app.scene import Push, Scene
from game.client.files import storage
from game.client.files.paths import Paths
from game.core.match import Match
from game.core.record import save_match
from scenes.menu import MenuScene
from scenes.play import PlayScene


class Injected(RuntimeError):
    """The fault the tests put into a scene."""


def broken(*_args: object) -> None:
    raise Injected("a fault injected by the test")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Paths:
    monkeypatch.setenv("CONQUID_ARCADE_HOME", str(tmp_path))
    return Paths.default()


def small_game(*moves: str) -> Match:
    match = Match(all_games().get("conquid"), {"board": "small"})
    for text in moves:
        match.play(text)
    return match


def test_a_crash_in_the_running_app_is_reported_and_the_autosave_kept(
    home: Paths, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    legacy = home.autosaves / "last.json"  # an older version's autosave is found too
    save_match(legacy, small_game("A 3,5 3,6 3,7"))
    autosave = legacy.read_bytes()
    monkeypatch.setattr(MenuScene, "update", broken)
    assert main_window.run() == CRASH_EXIT
    [report] = home.logs.glob("crash-*.txt")
    text = report.read_text("utf-8")
    assert "Injected: a fault injected by the test" in text
    assert f"Conquid Arcade {__version__}" in text
    assert platform.python_version() in text and platform.platform() in text
    assert "MenuScene" in text
    assert "Traceback" in text and "in broken" in text
    assert "Autosave:" in text and "conquid, 1 move, unfinished" in text
    assert legacy.read_bytes() == autosave
    told = capsys.readouterr().err
    assert str(report) in told
    assert "Your game of Conquid (1 move) is safe in the autosave" in told


def play_through_scene(play: PlayScene) -> None:
    """A pass (Conquid's empty conquer), confirmed the way the side panel does it; its
    autosave is written as at the end of the frame (``App.step`` settles the writer)."""
    play.command(Command("conquer"))
    play.command(Command(c.CONFIRM))
    play.services.writer.settle()


@pytest.fixture
def playing(tmp_path: Path) -> tuple[App, PlayScene, Paths]:
    paths = Paths.under(tmp_path)
    services = main_window.build_services(paths, (1280, 720))
    app = App(services, MenuScene(services))
    play = PlayScene(services, small_game())
    app.stack.apply(Push(play))
    return app, play, paths


def frames(app: App, count: int = 3) -> int:
    for _ in range(count):
        app.step(pygame.event.get(), STEP)
    return 0


def test_a_crash_during_play_names_the_game_and_its_moves(
    playing: tuple[App, PlayScene, Paths], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, play, paths = playing
    play_through_scene(play)
    kept = play.autosave_path
    assert kept is not None
    autosave = kept.read_bytes()
    told: list[CrashReport] = []
    guard = CrashGuard(paths.logs, None, lambda _error, report: told.append(report),
                       games=all_games())
    guard.watch(app.stack.scenes)
    monkeypatch.setattr(play, "update", broken)
    assert guard.run(lambda: frames(app)) == CRASH_EXIT
    [report] = told
    assert report.path is not None and report.path.parent == paths.logs
    text = report.path.read_text("utf-8")
    assert "PlayScene: Conquid (conquid, rules v" in text
    assert "move 1, options {'board': 'small'" in text
    assert "moves: C" in text
    assert kept.read_bytes() == autosave
    assert storage.load(kept, all_games()).moves == ("C",)
    assert report.safe_game is not None and "game of Conquid (1 move)" in report.safe_game
    pygame.quit()


def test_a_crash_while_writing_the_autosave_leaves_the_previous_one(
    playing: tuple[App, PlayScene, Paths], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, play, paths = playing
    play_through_scene(play)
    kept = play.autosave_path
    assert kept is not None
    autosave = kept.read_bytes()
    told: list[CrashReport] = []
    guard = CrashGuard(paths.logs, paths.autosaves, lambda _error, report: told.append(report))
    guard.watch(app.stack.scenes)

    def second_move() -> int:
        with monkeypatch.context() as patch:  # the new autosave is half written, then fails
            patch.setattr("game.core.atomic.os.fsync", broken)
            play_through_scene(play)
        return 0

    assert guard.run(second_move) == CRASH_EXIT
    assert told and told[0].path is not None
    assert kept.read_bytes() == autosave
    assert list(paths.autosaves.iterdir()) == [kept]  # no temp file left
    assert storage.load(kept, all_games()).moves == ("C",)
    pygame.quit()


def test_a_report_that_cannot_be_written_is_printed_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "logs"
    blocked.write_text("a file where the log folder should be", "utf-8")
    guard = CrashGuard(blocked)

    def body() -> int:
        raise Injected("no log folder")

    assert guard.run(body) == CRASH_EXIT
    told = capsys.readouterr().err
    assert "The crash report could not be written" in told
    assert "Traceback" in told and "Injected: no log folder" in told
    assert "(no scene yet: the crash came while starting)" in told


def test_old_reports_are_pruned(tmp_path: Path) -> None:
    for day in range(1, crash.KEEP + 6):  # with the new one, six too many
        (tmp_path / f"crash-200001{day:02d}-000000.txt").write_text("old", "utf-8")
    told: list[CrashReport] = []
    CrashGuard(tmp_path, tell=lambda _error, report: told.append(report)).report(Injected())
    reports = sorted(tmp_path.glob("crash-*.txt"))
    assert len(reports) == crash.KEEP
    assert told[0].path in reports
    assert reports[0].name == "crash-20000107-000000.txt"  # the six oldest went


def test_interrupting_is_not_a_crash(tmp_path: Path) -> None:
    def body() -> int:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        CrashGuard(tmp_path).run(body)
    assert not list(tmp_path.iterdir())


def test_the_window_shows_the_message_until_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    polls: list[int] = []

    def events() -> list[pygame.event.Event]:
        polls.append(1)
        if len(polls) < 3:
            return []
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)]

    report = CrashReport("text", Path("/somewhere/logs/crash-20260101-000000.txt"))
    crash.show_window(crash.message(Injected("boom"), report), events)
    surface = pygame.display.get_surface()
    assert surface is not None and surface.get_size() == crash.WINDOW
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 700, 3) for y in (30, 35, 40)}
    assert len(colours) > 2  # text drawn on the background
    assert len(polls) == 3
    pygame.quit()


def test_scenes_are_described_with_their_game() -> None:
    class Setup(Scene):
        def __init__(self) -> None:
            self.game = all_games().get("pushfight")

    assert crash.describe([object(), Setup()]) == ["object", "Setup: Push Fight (pushfight)"]


def test_the_window_shows_any_error_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error's text may hold a NUL or a lone surrogate, or be megabytes long."""
    def events() -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)]

    report = CrashReport("text", Path("/somewhere/logs/crash-20260101-000000.txt"))
    for text in ("A\x00B", "\ud800", "x" * 3_000_000):
        crash.show_window(crash.message(Injected(text), report), events)
    pygame.quit()
