"""The command line: help, and headless export of a record to PNG and GIF."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.catalog import all_games
from game.cli import build_parser, main
from game.core.match import Match
from game.core.record import save_match

MOVES = ("A 3,5 3,6 3,7", "A 0,0 0,1 0,2", "A 3,8 6,0 6,1", "C", "Q")


@pytest.fixture
def record(tmp_path: Path) -> Path:
    match = Match(all_games().get("conquid"), {"board": "small"})
    for text in MOVES:
        match.play(text)
    path = tmp_path / "game.json"
    save_match(path, match)
    return path


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "open" in out and "export" in out


def test_export_renders_the_final_position(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    assert main(["export", str(record), "--out", str(out), "--size", "640x360"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (640, 360)
    # The winning path is drawn in player 1's base colour (a dark red) somewhere mid-board.
    colours = {image.get_at((x, 204))[:3] for x in range(0, 640, 4)}  # row 3, the bases
    assert any(r > 2 * max(g, b) and r > 60 for r, g, b in colours)


def test_the_export_caption_stays_inside_the_picture(record: Path, tmp_path: Path) -> None:
    """A finished game's caption (names, scores, move, result) once ran off the right edge."""
    out = tmp_path / "shot.png"
    assert main(["export", str(record), "--out", str(out), "--size", "640x360"]) == 0
    image = pygame.image.load(str(out))
    background = tuple(image.get_at((639, 2)))
    right_margin = {tuple(image.get_at((x, y))) for x in range(622, 640) for y in range(10, 60)}
    assert right_margin == {background}


def test_export_writes_an_animated_gif(record: Path, tmp_path: Path) -> None:
    pytest.importorskip("PIL", reason="GIF export needs the optional Pillow package")
    out = tmp_path / "replay.gif"
    assert main(["export", str(record), "--gif", str(out), "--size", "320x200",
                 "--fps", "5"]) == 0
    from PIL import Image

    with Image.open(out) as gif:
        assert getattr(gif, "n_frames", 1) > len(MOVES)


def test_export_of_a_bad_record_fails_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("nonsense", "utf-8")
    assert main(["export", str(bad), "--out", str(tmp_path / "x.png")]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_the_version_is_known_without_importlib_metadata() -> None:
    """Start-up: ``importlib.metadata`` costs about 0.1 s to import; the menu needs none."""
    import subprocess
    import sys

    code = "import sys, game; print(game.__version__, 'importlib.metadata' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    version, loaded = done.stdout.split()
    assert loaded == "False"
    from importlib import metadata

    assert version == metadata.version("conquid-arcade")
