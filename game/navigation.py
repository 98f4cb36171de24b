"""The composition root's scene factories (``game.client.app.navigator.Navigator``).

Part of the composition root, like ``game.main_window``: the one place besides it that
imports the scenes. Each factory imports its scene's module when first asked for, so the
menu's first frame waits for no other scene. A screen of a game opened from another of the
same game is handed its board's way round (``flipped``) and shows it so from its first frame.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from game.client.app.scene import Scene
from game.client.app.services import Services
from game.client.match.lobby import Lobby, Spectator
from game.client.match.online import OnlineGame
from game.client.view import turn_to
from game.core.match import Match
from game.core.registry import AnyGame
from game.core.review.model import Review


def preload_scenes() -> None:
    """Import every scene's module (part of the background work once the window shows): the
    click that opens a screen then waits for no import."""
    import scenes

    for module in pkgutil.iter_modules(scenes.__path__):
        importlib.import_module(f"scenes.{module.name}")


class SceneFactories:
    """Every scene, made on demand (see ``game.client.app.navigator.Navigator``)."""

    def menu(self, services: Services, notice: tuple[str, str] | None = None) -> Scene:
        from scenes.menu import MenuScene

        return MenuScene(services, notice=notice)

    def setup(self, services: Services, game: AnyGame) -> Scene:
        from scenes.setup import SetupScene

        return SetupScene(services, game)

    def play(self, services: Services, match: Match, *, demo: bool = False,
             resumed_from: Path | None = None, autosave_now: bool = False,
             online: OnlineGame | None = None, back_to: str | None = None,
             flipped: bool = False) -> Scene:
        from scenes.online.play import OnlinePlayScene
        from scenes.play import PlayScene

        play = (PlayScene(services, match, demo=demo, resumed_from=resumed_from,
                          back_to=back_to)
                if online is None else
                OnlinePlayScene(services, match, online, resumed_from, back_to))
        turn_to(play.view, flipped)
        if autosave_now and play.slot is not None:
            play.slot.write(match)
        return play

    def replay(self, services: Services, match: Match, *, from_play: bool = False,
               source: Path | None = None, review: bool = False,
               flipped: bool = False) -> Scene:
        from scenes.replay import ReplayScene

        replay = ReplayScene(services, match, from_play=from_play, source=source, review=review)
        turn_to(replay.view, flipped)
        return replay

    def lobby(self, services: Services, url: str) -> Scene:
        from scenes.lobby.screen import LobbyScene

        return LobbyScene(services, url)

    def lobby_profile(self, services: Services, lobby: Lobby) -> Scene:
        from scenes.lobby.profile import ProfileScene

        return ProfileScene(services, lobby)

    def watch(self, services: Services, spectator: Spectator) -> Scene:
        from scenes.lobby.watch import WatchScene

        return WatchScene(services, spectator)

    def help(self, services: Services, game_id: str) -> Scene:
        from scenes.help import HelpScene

        return HelpScene(services, game_id)

    def pause(self, services: Services, below: Scene, game_id: str,
              back_to: str | None = None, watch_code: str | None = None) -> Scene:
        from scenes.pause import PauseScene

        return PauseScene(services, below, game_id, back_to, watch_code)

    def settings(self, services: Services) -> Scene:
        from scenes.settings import SettingsScene

        return SettingsScene(services)

    def games(self, services: Services) -> Scene:
        from scenes.games import GamesScene

        return GamesScene(services)

    def online(self, services: Services) -> Scene:
        from scenes.online.screen import OnlineScene

        return OnlineScene(services)

    def scores(self, services: Services) -> Scene:
        from scenes.scores import ScoresScene

        return ScoresScene(services)

    def learn(self, services: Services, game_id: str | None = None) -> Scene:
        from scenes.learning.learn import LearnScene

        return LearnScene(services, game_id)

    def first_time(self, services: Services, game_id: str, setup: Scene) -> Scene:
        from scenes.learning.learn import first_time_offer

        return first_time_offer(services, game_id, setup)

    def mistakes(self, services: Services, match: Match, review: Review, seat: int, *,
                 flipped: bool = False) -> Scene:
        from scenes.learning.mistakes import MistakesScene

        mistakes = MistakesScene(services, match, review, seat)
        turn_to(mistakes.view, flipped)
        return mistakes
