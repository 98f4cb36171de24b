"""Headless rendering of a record: its final position as a PNG, its replay as a GIF.

No window is opened: views draw onto plain surfaces. The GIF samples each move's animation
on a manual clock at a fixed frame rate, so the same record always gives the same file; it
is written frame by frame (``game.client.draw.gifstream``), so its size is bounded by time,
not memory: its frames are counted before any is drawn, and too many are refused at once.
Pillow is needed only for the GIF and imported only then.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pygame

from game.client.draw import fonts, palette
from game.client.match import result
from game.client.view import GameView, last_turn
from game.core.atomic import atomic_write_bytes, atomic_writer
from game.core.errors import RecordError
from game.core.files import shown_name
from game.core.match import Match
from game.core.record import load_match
from game.core.text import printable
from game.plugin import GamePlugin, registry

HOLD_SECONDS = 0.5
"""How long the GIF rests on each position after its animation."""
GIF_SPEED = 1.6
GIF_FRAMES = 20_000
"""Most frames a GIF may have (each is drawn, compared and encoded: about a millisecond at
200x200, tens at the default size)."""
Progress = Callable[[int, int], None]
"""Told the moves drawn so far, and of how many."""


class ExportError(Exception):
    """A record or output that cannot be exported; the message is for people."""


def export(
    record: Path,
    png: Path | None,
    gif: Path | None,
    size: tuple[int, int],
    fps: int,
    plugins: Mapping[str, GamePlugin],
    progress: Progress | None = None,
) -> Iterator[str]:
    """Write the requested images; yields one line per file written. ``plugins`` are the
    games, handed in by the caller (the generic client lists none); ``progress`` is told
    how far the GIF has come."""
    for out in (png, gif):
        if out is not None and _same_file(out, record):
            raise ExportError(f"{shown_name(out)} is the record itself: choose another output")
    if png is not None and gif is not None and _same_file(png, gif):
        raise ExportError("--out and --gif name the same file: choose two")
    if not pygame.font.get_init():
        pygame.font.init()
        fonts.reset()  # fonts cached before an earlier pygame.quit() are dead
    try:
        match = load_match(record, registry(plugins.values()))
    except RecordError as err:
        raise ExportError(f"{shown_name(record)}: {err}") from None
    plugin = plugins.get(match.game.info.id)
    if plugin is None:
        raise ExportError(f"{match.game.info.title} has no board view to render yet")
    view = plugin.view()()
    view.set_colours([palette.parse_hex(c) for c in palette.PALETTES["Classic"]])
    view.set_interactive(False)
    surface = pygame.Surface(size)
    view.layout(pygame.Rect(16, 64, size[0] - 32, size[1] - 80))
    if png is not None:
        view.show(match.state, last_turn(match, match.ply))  # the last move marked
        frame(surface, view, plugin, match, match.ply, 0.0)
        _save_png(surface, png)
        yield f"wrote {png}"
    if gif is not None:
        count = _write_gif(surface, view, plugin, match, gif, fps, progress or _quiet)
        yield f"wrote {gif} ({count} frames)"


def _quiet(_done: int, _of: int) -> None:
    """No one to tell the progress to."""


def frame(surface: pygame.Surface, view: GameView, plugin: GamePlugin, match: Match, ply: int,
          clock: float) -> None:
    """Draw one picture: the board and a caption naming the players, the move and result."""
    surface.fill(palette.BACKGROUND)
    view.draw(surface, clock)
    state = match.state_at(ply)
    parts = [match.game.info.title]
    parts += [f"{seat.name} {plugin.figure(state, n)}" for n, seat in enumerate(match.seats)]
    parts.append(f"move {ply}/{match.ply}")
    outcome = match.outcome_at(ply)
    if outcome is not None:  # told to anyone who sees the picture, never "You lost"
        parts.append(result.words(match.seats, outcome).line)
    caption = fonts.fit("   ·   ".join(parts), 30, palette.TEXT, surface.get_width() - 40)
    surface.blit(caption, (20, 20))


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (through links too, when both exist)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def _save_png(surface: pygame.Surface, path: Path) -> None:
    try:
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, "png")
        atomic_write_bytes(path, buffer.getvalue())
    except (OSError, pygame.error) as err:
        raise ExportError(f"cannot write {path}: {err}") from None


def _write_gif(surface: pygame.Surface, view: GameView, plugin: GamePlugin, match: Match,
               path: Path, fps: int, progress: Progress) -> int:
    """The replay, written as it is drawn; returns its frames."""
    try:
        from game.client.draw.gifstream import GifStream
    except ImportError:
        raise ExportError("GIF export needs Pillow: pip install pillow") from None
    fps = max(1, min(fps, 50))
    refusal = gif_refusal(match.ply, fps, count_frames(view, match, fps))
    if refusal is not None:
        raise ExportError(refusal)
    size = surface.get_size()
    drawn = 0
    try:
        with atomic_writer(path) as handle:
            stream = GifStream(handle, size, round(1000 / fps))
            for done in _gif_frames(surface, view, plugin, match, fps):
                stream.add(pygame.image.tobytes(surface, "RGB"))
                drawn += 1
                if done is not None:
                    progress(done, match.ply)
            stream.close()
    except OSError as err:
        raise ExportError(f"cannot write {printable(str(path), 200)}: {err}") from None
    return drawn


def _gif_frames(surface: pygame.Surface, view: GameView, plugin: GamePlugin, match: Match,
                fps: int) -> Iterator[int | None]:
    """Draws every picture of the replay on ``surface``, one at a time; yields after each
    (the moves shown so far at a move's last picture, else None)."""
    step = 1.0 / fps
    view.set_speed(GIF_SPEED)
    clock = 0.0
    view.show(match.state_at(0))
    frame(surface, view, plugin, match, 0, clock)
    yield None
    for ply in range(match.ply):
        view.animate(match.state_at(ply), match.results[ply], clock)
        while view.busy(clock):
            frame(surface, view, plugin, match, ply + 1, clock)
            yield None
            clock += step
        frame(surface, view, plugin, match, ply + 1, clock)
        for held in range(_hold(fps)):
            yield ply + 1 if held == _hold(fps) - 1 else None


def count_frames(view: GameView, match: Match, fps: int, limit: int = GIF_FRAMES) -> int:
    """The frames ``_gif_frames`` will draw, counted by running the animations' clock
    without drawing (stops counting past ``limit``)."""
    step, hold = 1.0 / fps, _hold(fps)
    view.set_speed(GIF_SPEED)
    clock, count = 0.0, 1
    for ply in range(match.ply):
        if count > limit:
            break
        view.animate(match.state_at(ply), match.results[ply], clock)
        while view.busy(clock):
            count += 1
            clock += step
        count += hold
    view.skip()
    return count


def gif_refusal(moves: int, fps: int, frames: int) -> str | None:
    """Why a GIF of ``moves`` moves that takes ``frames`` frames at ``fps`` cannot be made.
    The advice is only what would make it fit: a lower frame rate while one frame a second
    would (every move rests ``HOLD_SECONDS`` on the board), else the final position alone."""
    if frames <= GIF_FRAMES:
        return None
    fewer = fps > 1 and 1 + moves * _hold(1) <= GIF_FRAMES
    return _too_many(moves, f"{frames:,} frames or more (at most {GIF_FRAMES:,})", fewer,
                     "a lower --fps")


def _hold(fps: int) -> int:
    return max(1, round(HOLD_SECONDS * fps))


def _too_many(moves: int, need: str, can_fit: bool, advice: str) -> str:
    fix = f"use {advice}" if can_fit else "export the final position with --out FILE.png"
    return f"a GIF of these {moves:,} moves would need {need}; {fix}"
