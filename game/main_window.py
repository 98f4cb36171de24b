"""The composition root of the desktop client: the one module that knows every scene.

It builds the shared services (window, widgets, settings, sounds, input table, games and
their views), picks the first scene and runs the loop. Nothing else imports ``scenes``.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from game.catalog import all_games, plugins
from game.client.access.speech import Speech
from game.client.app.app import App
from game.client.app.assets import theme_path
from game.client.app.background import Background
from game.client.app.crash import CrashGuard
from game.client.app.display import Display
from game.client.app.input import InputTable
from game.client.app.scene import Scene
from game.client.app.services import Services, restyle
from game.client.app.sound import SoundBank, init_mixer
from game.client.app.wake import wake
from game.client.draw import fonts
from game.client.draw.backdrop import icon
from game.client.files.learning import Learning, load_learning
from game.client.files.paths import Paths
from game.client.files.settings import load_settings
from game.client.files.storage import load, now_iso
from game.client.files.writer import BackgroundWriter
from game.client.match.computer import ComputerSeat
from game.client.match.evaluation import Evaluator
from game.client.match.online import Browser, HostedServer, OnlinePlay
from game.client.match.review import ReviewRunner
from game.client.view import GameView, ViewFactory
from game.client.widgets.manager import Widgets
from game.client.widgets.toast import Toasts
from game.core.errors import RecordError
from game.core.files import shown_name
from game.core.registry import Registry
from game.navigation import SceneFactories, preload_scenes
from game.plugin import GamePlugin
from scenes.menu import MenuScene


def _on_first_use(plugin: GamePlugin) -> ViewFactory:
    def make() -> GameView:
        return plugin.view()()

    return make


PLUGINS: Mapping[str, GamePlugin] = plugins()
"""Every game's plug-in by id (``game.catalog``): the scenes are handed these."""

VIEWS: Mapping[str, ViewFactory] = {
    game_id: _on_first_use(plugin) for game_id, plugin in PLUGINS.items()
}
"""The board view of each game, by game id.

A view's module is imported when the first view of its game is made, or in the background
once the menu shows (``preload``), not before the menu's first frame: the four took
about a quarter of the time to it."""


ON_FIRST_USE: tuple[str, ...] = ("game.arena", "game.computer", "game.net.lan",
                                  "game.net.session")
"""Modules the client imports where first needed (computer seats, finding tables on the LAN
and joining them), not before the menu's first frame. Hosting's server (12 MB) is left to
the click that hosts."""


def preload(games: Registry, learning: Learning) -> None:
    """The background work once the window shows: import every game's rules and every
    view's module, load the lesson courses, then import every scene's module and the ones
    imported on first use, so that a player's first click waits for none of them."""
    for info in games.infos():
        games.get(info.id)
    for plugin in PLUGINS.values():
        plugin.view()
    learning.load()
    preload_scenes()
    for name in ON_FIRST_USE:
        importlib.import_module(name)


class ProcessComputers:
    """Computer seats from each game's AI module, thinking in a worker process.

    Imported on first use: the menu's first frame should not wait for the AI modules.
    """

    def levels(self, game_id: str) -> list[str]:
        from game.arena import computer_levels

        return list(computer_levels(game_id))

    def seat(self, game_id: str, level: str) -> ComputerSeat:
        from game.computer import ComputerSeat as WorkerSeat

        return WorkerSeat(game_id, level, seed=now_iso())


class ProcessReviews:
    """Reviews by each game's analyst, in a worker process (imported on first use)."""

    def job(self, game_id: str) -> ReviewRunner:
        from game.review_job import ReviewJob

        return ReviewJob(game_id)


class ProcessEvaluations:
    """Each game's analyst judging one position, in a worker process (imported on first
    use)."""

    def evaluator(self, game_id: str) -> Evaluator:
        from game.evaluation_job import EvaluationJob

        if PLUGINS[game_id].analyst is None:
            raise LookupError(f"{PLUGINS[game_id].info.title} has no analyst")
        return EvaluationJob(game_id)


def lan_hosting(paths: Paths, port: int | None = None) -> HostedServer:
    """This machine's table server, listening on every interface (on ``port`` first when
    given: the one its kept tables were served on) and announced on the LAN (imported on
    first use: the menu's first frame loads no server)."""
    from game.hosting import LanHost

    return LanHost(paths.data) if port is None else LanHost(paths.data, port=port)


def lan_browser(background: Background, changed: Callable[[], None]) -> Browser:
    """Tables on the LAN, for the Online screen; as it opens, hosting's server module (too
    big to load for every player) starts loading in the background: Host may come next."""
    from game.net.lan import Browser as LanBrowser

    if "game.hosting" not in sys.modules:
        background.start([("import game.hosting",
                           functools.partial(importlib.import_module, "game.hosting"))])
    return LanBrowser(changed)


def build_services(paths: Paths | None = None, size: tuple[int, int] | None = None) -> Services:
    """Start pygame and make everything the scenes share (tests call this too)."""
    pygame.display.init()
    pygame.font.init()
    fonts.reset()
    sound_ok = init_mixer()
    paths = paths or Paths.default()
    loaded = load_settings(paths.settings)
    settings = loaded.settings
    table = InputTable(settings.keys)
    for plugin in PLUGINS.values():
        table.add_game(plugin.id, plugin.actions)
    pygame.display.set_icon(icon())
    display = Display(size or settings.window, settings.fullscreen, "Conquid Arcade")
    ui = Widgets(display.size, str(theme_path()))
    restyle(ui, settings.text_size, settings.theme)
    games = all_games()

    def report(problem: str) -> None:  # a lesson file left out, found when first loaded
        services.toasts.show(problem, "error")

    learning, learn_problems = load_learning(games, paths.data, report)
    background = Background()
    writer = BackgroundWriter()
    services = Services(
        display=display,
        ui=ui,
        paths=paths,
        settings=settings,
        sounds=SoundBank(sound_ok, settings.volume, settings.muted),
        table=table,
        games=games,
        views=VIEWS,
        plugins=PLUGINS,
        toasts=Toasts(),
        scenes=SceneFactories(),
        computers=ProcessComputers(),
        reviews=ProcessReviews(),
        evaluations=ProcessEvaluations(),
        learning=learning,
        writer=writer,
        online=OnlinePlay(games, paths, functools.partial(lan_hosting, paths),
                          functools.partial(lan_browser, background), wake, writer),
        preload=functools.partial(preload, games, learning),
        background=background,
        speech=Speech(settings.speech),
    )
    for problem in learn_problems:
        services.toasts.show(problem, "error")
    if loaded.problem:
        services.toasts.show(loaded.problem, "error")
    return services


def first_scene(services: Services, open_path: Path | None = None) -> Scene:
    """The menu, or a record opened in the replay scene (``conquid-arcade open FILE``)."""
    if open_path is None:
        return MenuScene(services)
    from scenes.replay import ReplayScene

    try:
        return ReplayScene(services, load(open_path, services.games, services.views),
                           source=open_path)
    except RecordError as err:
        notice = ("Cannot open this file", f"{shown_name(open_path)}: {err}")
        return MenuScene(services, notice=notice)


def run(open_path: Path | None = None) -> int:
    """Play until the window closes; a crash is logged and shown (``game.client.app.crash``)."""
    paths = Paths.default()
    guard = CrashGuard(paths.logs, paths.autosaves, games=all_games())
    return guard.run(lambda: _play(paths, open_path, guard))


def _play(paths: Paths, open_path: Path | None, guard: CrashGuard) -> int:
    services = build_services(paths)
    app = App(services, first_scene(services, open_path))
    guard.watch(app.stack.scenes, services.writer.drain)
    try:
        app.run()
    finally:
        display = services.display
        services.update_settings(services.settings.with_(window=display.windowed_size))
        services.writer.drain()  # on disk before the process ends
        pygame.quit()
    return 0
