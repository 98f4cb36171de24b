"""Correspondence by file: a file that extends the kept game continues it; one that rewrites
an earlier move, or is older, is refused with the first move that differs; opened from the
menu, an unfinished game plays on."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from pathlib import Path

import pytest

from game.catalog import all_games
from game.client.files import autosaves
from game.client.files.paths import Paths
from game.client.match import correspondence
from game.core.match import Match, Seat
from game.core.record import read_record, save_match

GAMES = all_games()


def game_with(moves: int, seed: int = 1) -> Match:
    match = Match(GAMES.get("pushfight"), {}, (Seat("Ada"), Seat("Blaise")),
                  created="2026-11-24T09:00:00Z")
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(match.game.random_move(match.state, rng))
    return match


def test_a_file_that_extends_the_kept_game_continues_it(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    autosaves.Slot(paths).write(game_with(1))
    found = correspondence.continuing(paths, game_with(2))
    assert found.kept is not None
    assert read_record(found.kept.path).moves == game_with(1).moves


def test_a_file_that_rewrites_a_move_or_is_older_is_refused(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    autosaves.Slot(paths).write(game_with(2))
    other = game_with(2, seed=9)
    first = next(i for i in range(2) if other.moves[i] != game_with(2).moves[i])
    with pytest.raises(ValueError, match=f"changes move {first + 1}"):
        correspondence.continuing(paths, other)
    with pytest.raises(ValueError, match="older"):
        correspondence.continuing(paths, game_with(1))
    assert correspondence.continuing(paths, Match(GAMES.get("pushfight"))).kept is None


def test_opened_from_the_menu_an_unfinished_game_plays_on(
    tmp_path: Path, driver: object, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import scenes.menu
    from scenes.play import PlayScene
    from tests.ui.driver import Driver

    assert isinstance(driver, Driver)
    services = driver.app.services
    autosaves.Slot(services.paths).write(game_with(1))
    sent = tmp_path / "move.json"
    save_match(sent, game_with(2))
    driver.frames(2)
    driver.app._apply(driver.top._opened(sent))
    driver.frames(2)
    assert isinstance(driver.top, PlayScene) and driver.top.match.moves == game_with(2).moves
    told: list[str] = []
    monkeypatch.setattr(scenes.menu, "message", lambda _scene, _title, text: told.append(text))
    rewritten = tmp_path / "rewritten.json"
    save_match(rewritten, game_with(3, seed=9))
    assert driver.app.stack.scenes[0]._opened(rewritten) is None
    assert told and "changes move" in told[0]
