"""A GIF of an ordinary game at the default size: written frame by frame in bounded memory
(never all pictures held, as Pillow's ``save_all`` did), its frames counted before any is
drawn (a conquer wave's frames too, not one a move), a progress line, and pictures that
speak of the players, not to one of them."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catalog import plugins
from game.cli import main
from game.client.draw import export as export_module
from game.client.match import result
from game.core.match import Match, Seat
from game.core.protocol import Outcome, OutcomeReason
from game.core.record import save_match
from tests.reliability.hostile import GAMES, longest_game

Image = pytest.importorskip("PIL.Image", reason="GIF export needs the optional Pillow package")


def picture(size: tuple[int, int], colour: tuple[int, int, int],
            spot: tuple[int, int] | None = None) -> bytes:
    surface = pygame.Surface(size)
    surface.fill(colour)
    if spot is not None:
        surface.fill((250, 250, 250), pygame.Rect(spot, (10, 10)))
    return pygame.image.tobytes(surface, "RGB")


def test_each_frame_is_written_before_the_next_is_drawn() -> None:
    from game.client.draw.gifstream import GifStream

    handle = io.BytesIO()
    stream = GifStream(handle, (64, 48), 100)
    header = handle.tell()
    stream.add(picture((64, 48), (30, 60, 90)))
    stream.add(picture((64, 48), (30, 60, 90), (5, 5)))
    assert handle.tell() > header, "the first frame is in the file once the second came"
    written = handle.tell()
    stream.add(picture((64, 48), (30, 60, 90), (5, 5)))  # the same again: a longer frame
    assert handle.tell() == written
    stream.add(picture((64, 48), (30, 60, 90), (40, 30)))
    stream.close()
    handle.seek(0)
    gif = Image.open(handle)
    durations = []
    for index in range(gif.n_frames):
        gif.seek(index)
        durations.append(gif.info["duration"])
    assert durations == [100, 200, 100] and gif.info.get("loop") == 0
    assert gif.convert("RGB").getpixel((45, 35)) == (250, 250, 250)


def conquid_game(plies: int) -> Match:
    return longest_game(GAMES.get("conquid"), plies=plies)


def test_the_frames_are_counted_as_they_will_be_drawn() -> None:
    pygame.font.init()
    export_module.fonts.reset()
    match = conquid_game(12)
    plugin = plugins()["conquid"]
    view = plugin.view()()
    surface = pygame.Surface((320, 200))
    view.layout(pygame.Rect(16, 64, 288, 120))
    drawn = sum(1 for _ in export_module._gif_frames(surface, view, plugin, match, 12))
    assert export_module.count_frames(view, match, 12) == drawn
    assert drawn > 1 + 12 * export_module._hold(12), "the animations' frames are counted"


def test_too_many_frames_are_refused_before_any_is_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    match = conquid_game(12)
    save_match(path, match)
    plugin = plugins()["conquid"]
    frames = export_module.count_frames(plugin.view()(), match, 12)
    monkeypatch.setattr(export_module, "GIF_FRAMES", frames - 1)

    def drawn(*_args: Any) -> None:
        raise AssertionError("a frame was drawn before the refusal")

    monkeypatch.setattr(export_module, "frame", drawn)
    gif = tmp_path / "a.gif"
    assert main(["export", str(path), "--gif", str(gif), "--size", "320x200"]) == 1
    assert f"{frames:,} frames" in capsys.readouterr().err and not gif.exists()


def test_the_gif_tells_its_progress_and_ends_at_the_last_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_match(path, conquid_game(6))
    told: list[tuple[int, int]] = []
    lines = list(export_module.export(path, None, tmp_path / "a.gif", (320, 200), 6,
                                      plugins(), lambda done, of: told.append((done, of))))
    assert told == [(done, 6) for done in range(1, 7)]
    assert lines[0].startswith("wrote") and Image.open(tmp_path / "a.gif").n_frames > 6


def test_a_picture_of_the_game_names_the_players() -> None:
    seats = (Seat("Red"), Seat("Blue", "computer", "normal"))
    said = result.words(seats, Outcome(1, OutcomeReason.RESIGN))
    assert said.line == "Blue beat Red by resignation"
    assert result.words(seats, Outcome(1, OutcomeReason.RESIGN), 0).headline == "You lost"
    assert result.words(seats, Outcome(None, OutcomeReason.DRAW_AGREED)).line == \
        "Draw by agreement"
    assert result.words(seats, Outcome(None, OutcomeReason.TURN_LIMIT)).line == \
        "Draw: turn limit reached"


def test_the_png_caption_speaks_of_the_players(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES.get("conquid")
    match = Match(game, {}, (Seat("Red"), Seat("Blue", "computer", "normal")))
    match.resign()  # Red, to move, resigns
    path = tmp_path / "game.json"
    save_match(path, match)
    captions: list[str] = []
    fit = export_module.fonts.fit

    def spy(words: str, *args: Any) -> pygame.Surface:
        captions.append(words)
        return fit(words, *args)

    monkeypatch.setattr(export_module.fonts, "fit", spy)
    list(export_module.export(path, tmp_path / "a.png", None, (320, 200), 6, plugins()))
    assert any("Blue beat Red by resignation" in words for words in captions)
    assert not any("You" in words for words in captions)
