"""The composition root's list of games: the one place that knows every game module.

Each game is registered by its info (``game.<name>.info``, light); its rules module is
imported when the game is first used (``Registry.get``), so the menu's first frame waits for
no game's rules (they took about a fifth of it). The client loads them in the background
once the window shows (``game.main_window.preload``). Each loader is a plain import in its
own function, not ``importlib`` on a name, so PyInstaller still sees and bundles the module.
"""

from __future__ import annotations

from game.conquid.info import INFO as CONQUID
from game.core.registry import AnyGame, Registry
from game.forts.info import INFO as FORTS
from game.piously.info import INFO as PIOUSLY
from game.pushfight.info import INFO as PUSHFIGHT


def _conquid() -> AnyGame:
    from game.conquid.rules.game import GAME

    return GAME


def _pushfight() -> AnyGame:
    from game.pushfight.rules.game import GAME

    return GAME


def _forts() -> AnyGame:
    from game.forts.rules.game import GAME

    return GAME


def _piously() -> AnyGame:
    from game.piously.rules import GAME

    return GAME


def all_games() -> Registry:
    """Every playable game, in menu order."""
    registry = Registry()
    for info, load in ((CONQUID, _conquid), (PUSHFIGHT, _pushfight), (FORTS, _forts),
                       (PIOUSLY, _piously)):
        registry.register_later(info, load)
    return registry
