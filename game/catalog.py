"""The one list of games: every game's plug-in (``game/<name>/plugin.py``), in menu order.

A fifth game adds one line here. Everything else that needs to know the games (the
composition root, the arena, the computer worker, the smoke test, the tests) reads this
list; the generic client (``game.client``, ``scenes``) is handed the plug-ins by the composition
root and never imports this module. A plug-in holds its game's info and loaders, so
importing this module loads no game's rules, view or computer players (see ``game.plugin``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from game.conquid.plugin import PLUGIN as CONQUID
from game.core.registry import Registry
from game.forts.plugin import PLUGIN as FORTS
from game.piously.plugin import PLUGIN as PIOUSLY
from game.plugin import GamePlugin, registry
from game.pushfight.plugin import PLUGIN as PUSHFIGHT

PLUGINS: Final[tuple[GamePlugin, ...]] = (CONQUID, PUSHFIGHT, FORTS, PIOUSLY)


def plugins() -> Mapping[str, GamePlugin]:
    """Every game's plug-in by game id, in menu order."""
    return {plugin.id: plugin for plugin in PLUGINS}


def all_games() -> Registry:
    """Every playable game, in menu order: its rules load when it is first used."""
    return registry(PLUGINS)
