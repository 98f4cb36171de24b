"""``conquid-arcade --smoke-test`` from source (CI runs it on the frozen build), ``--version``,
and the frozen build's answer to ``export --gif`` without Pillow."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import __version__
from game.catalog import all_games
from game.cli import main
from game.core.match import Match
from game.core.record import save_match
from game.main_window import VIEWS


@pytest.mark.slow
def test_the_smoke_test_walks_every_game_that_has_a_view(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--smoke-test"]) == 0
    out = capsys.readouterr().out
    assert "smoke test passed" in out
    for game_id in VIEWS:
        for step in ("setup", "move 1", "autosave", "save", "pause, settings, help, resume",
                     "review (replay)", "load"):
            assert f"ok  {game_id}: {step} (" in out
    for step in ("crash report", "quit", "nothing written inside the program's folder"):
        assert f"ok  {step} (" in out


def test_a_failing_step_exits_1_and_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr("game.client.app.assets.theme_path", lambda: tmp_path / "theme.json")
    assert main(["--smoke-test"]) == 1
    out = capsys.readouterr().out
    assert f"smoke test FAILED at assets: the theme is missing: {tmp_path / 'theme.json'}" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"conquid-arcade {__version__}"


def test_a_frozen_build_without_pillow_says_so_for_gifs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    save_match(record, Match(all_games().get("conquid"), {"board": "small"}))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setitem(sys.modules, "PIL", None)  # what the build leaves out
    gif, png = tmp_path / "game.gif", tmp_path / "game.png"
    assert main(["export", str(record), "--gif", str(gif), "--out", str(png)]) == 1
    assert "leaves out GIF export (Pillow)" in capsys.readouterr().err
    assert not gif.exists() and not png.exists()
