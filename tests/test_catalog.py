"""The one list of games: every plug-in's loaders agree with its info, so a misnamed module or
a game wired to another's parts fails here, not silently in the client."""

from __future__ import annotations

import inspect
import json
import random
import sys
from pathlib import Path

import pytest

from game.catalog import PLUGINS, all_games, plugins
from game.client.app.assets import assets_dir
from game.core.match import RESIGN
from game.plugin import GamePlugin

IDS = [plugin.id for plugin in PLUGINS]


def test_the_catalog_lists_each_game_once_in_menu_order() -> None:
    assert len(set(IDS)) == len(IDS)
    assert list(plugins()) == IDS
    assert [info.id for info in all_games().infos()] == IDS


@pytest.mark.parametrize("plugin", PLUGINS, ids=IDS)
def test_the_loaders_agree_with_the_info(plugin: GamePlugin) -> None:
    game = plugin.rules()
    assert game.info is plugin.info
    view = plugin.view()()
    assert view.game_id == plugin.id
    assert view.actions == plugin.actions
    assert plugin.help().strip()
    state = game.new_state(plugin.info.default_options())
    for seat in range(plugin.info.players):
        assert plugin.figure(state, seat)
    move = game.random_move(state, random.Random(0))
    assert move is not None and plugin.describe(game.format_move(move))
    assert plugin.describe(RESIGN)
    if plugin.seat_colours is not None:
        assert len(plugin.seat_colours) == plugin.info.players


@pytest.mark.parametrize("plugin", PLUGINS, ids=IDS)
def test_the_bundle_collects_every_module_a_plugin_loads(plugin: GamePlugin) -> None:
    """The plug-ins import their parts by name, which PyInstaller's scan cannot see: the
    spec bundles what ``build/bundle.py`` lists, so each part's module must be listed."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "build"))
    try:
        import bundle
    finally:
        sys.path.pop(0)
    parts = [plugin.rules(), plugin.view(), plugin.text()]
    listed = set(bundle.plugin_modules())
    for part in parts:
        module = part.__name__ if inspect.ismodule(part) else getattr(part, "__module__", None)
        if module is None:  # an instance (the rules' GAME)
            module = type(part).__module__
        assert module in listed or any(module.startswith(name + ".") for name in listed), module


def test_a_misnamed_part_fails_when_loaded() -> None:
    from game.plugin import loader

    with pytest.raises(ModuleNotFoundError):
        loader("game.conquid.view.bored:ConquidView")()
    with pytest.raises(AttributeError):
        loader("game.conquid.view.board:ConquidVeiw")()


@pytest.mark.parametrize("plugin", PLUGINS, ids=IDS)
def test_every_computer_level_makes_a_player(
    plugin: GamePlugin,
) -> None:
    assert plugin.computers is not None, "every game has computer players"
    levels = plugin.computers()
    assert levels.levels
    assert set(levels.limits) <= set(levels.levels)
    for level, make in levels.levels.items():
        player = make()
        assert player.name and callable(player.choose), level


@pytest.mark.parametrize("plugin", PLUGINS, ids=IDS)
def test_the_lesson_files_are_the_games_own(plugin: GamePlugin) -> None:
    assert plugin.course, "every game has lessons"
    for name in plugin.course:
        data = json.loads((assets_dir() / "learn" / name).read_text("utf-8"))
        assert data["game"] == plugin.id, name


def test_every_lesson_file_belongs_to_a_plugin() -> None:
    claimed = {name for plugin in PLUGINS for name in plugin.course}
    assert {path.name for path in (assets_dir() / "learn").glob("*.json")} == claimed


def test_scores_and_seeds_where_a_game_keeps_them() -> None:
    forts = plugins()["forts"]
    assert forts.scores is not None and forts.seeds is not None
    assert forts.scores.table_name({"board": "9x18"}) == "9x18, connected"
    assert all(p.scores is None and p.seeds is None for p in PLUGINS if p is not forts)
