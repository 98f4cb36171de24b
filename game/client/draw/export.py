"""Headless rendering of a record: its final position as a PNG, its replay as a GIF.

No window is opened: views draw onto plain surfaces. The GIF samples each move's animation
on a manual clock at a fixed frame rate, so the same record always gives the same file.
Pillow is needed only for the GIF and imported only then.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pygame

from game.client.draw import fonts, palette
from game.client.match import result
from game.client.view import GameView
from game.core.atomic import atomic_write_bytes
from game.core.errors import RecordError
from game.core.files import shown_name
from game.core.match import Match
from game.core.record import load_match
from game.core.text import printable
from game.plugin import GamePlugin, registry

HOLD_SECONDS = 0.5
"""How long the GIF rests on each position after its animation."""
GIF_SPEED = 1.6
GIF_BUDGET = 256 * 2**20
"""Most bytes of distinct pictures a GIF may hold while it is made (one byte a pixel: Pillow
keeps every distinct picture until it writes the file)."""
GIF_FRAMES = 20_000
"""Most frames a GIF may have (each is drawn and compared: about a millisecond at 200x200)."""
SMALLEST = (200, 200)
"""The smallest ``--size``."""


class ExportError(Exception):
    """A record or output that cannot be exported; the message is for people."""


def export(
    record: Path,
    png: Path | None,
    gif: Path | None,
    size: tuple[int, int],
    fps: int,
    plugins: Mapping[str, GamePlugin],
) -> Iterator[str]:
    """Write the requested images; yields one line per file written. ``plugins`` are the
    games, handed in by the caller (the generic client lists none)."""
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
        view.show(match.state)
        frame(surface, view, plugin, match, match.ply, 0.0)
        _save_png(surface, png)
        yield f"wrote {png}"
    if gif is not None:
        count = _write_gif(surface, view, plugin, match, gif, fps)
        yield f"wrote {gif} ({count} frames)"


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
    if outcome is not None:
        parts.append(result.summary(match.seats, outcome))
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
               path: Path,
               fps: int) -> int:
    try:
        from PIL import Image
    except ImportError:
        raise ExportError("GIF export needs Pillow: pip install pillow") from None
    fps = max(1, min(fps, 50))
    width, height = surface.get_size()
    refusal = gif_refusal(match.ply, width, height, fps)
    if refusal is not None:
        raise ExportError(refusal)
    counted = [0, 0]  # frames, and frames unlike the one before (the ones Pillow keeps)
    last = [b""]

    def grab() -> Any:
        data = pygame.image.tobytes(surface, "RGB")
        counted[0] += 1
        if counted[0] > GIF_FRAMES:  # the animations were longer than the least foreseen
            raise ExportError(_too_many(match.ply, f"more than {GIF_FRAMES:,} frames", fps > 1,
                                            "a lower --fps"))
        if data != last[0]:
            last[0] = data
            counted[1] += 1
            if counted[1] * width * height > GIF_BUDGET:
                raise ExportError(_too_many(match.ply, _pictures(width, height),
                                            width * height > SMALLEST[0] * SMALLEST[1]))
        return Image.frombytes("RGB", (width, height), data).quantize(colors=64)

    frames = _gif_frames(surface, view, plugin, match, fps, grab)
    try:
        buffer = io.BytesIO()
        next(frames).save(buffer, "GIF", save_all=True, append_images=frames,
                          duration=round(1000 / fps), loop=0)
        atomic_write_bytes(path, buffer.getvalue())
    except OSError as err:
        raise ExportError(f"cannot write {printable(str(path), 200)}: {err}") from None
    return counted[0]


def _gif_frames(surface: pygame.Surface, view: GameView, plugin: GamePlugin, match: Match,
                fps: int,
                grab: Callable[[], Any]) -> Iterator[Any]:
    """Every picture of the replay, made as Pillow asks for it (never all held at once)."""
    step = 1.0 / fps
    view.set_speed(GIF_SPEED)
    clock = 0.0
    view.show(match.state_at(0))
    frame(surface, view, plugin, match, 0, clock)
    yield grab()
    for ply in range(match.ply):
        view.animate(match.state_at(ply), match.results[ply], clock)
        while view.busy(clock):
            frame(surface, view, plugin, match, ply + 1, clock)
            yield grab()
            clock += step
        frame(surface, view, plugin, match, ply + 1, clock)
        for _ in range(max(1, round(HOLD_SECONDS * fps))):
            yield grab()


def gif_refusal(moves: int, width: int, height: int, fps: int) -> str | None:
    """Why a GIF of ``moves`` moves cannot be made, known before a frame is drawn: every move
    makes at least one new picture and rests ``HOLD_SECONDS`` on the board. The advice is
    only what would make it fit (never a smaller size than the smallest)."""
    frames, smallest = 1 + moves * _hold(fps), SMALLEST[0] * SMALLEST[1]
    if frames > GIF_FRAMES:
        fewer = 1 + moves * _hold(1) <= GIF_FRAMES
        return _too_many(moves, f"at least {frames:,} frames (at most {GIF_FRAMES:,})", fewer,
                         "a lower --fps")
    if (moves + 1) * width * height > GIF_BUDGET:
        return _too_many(moves, _pictures(width, height), (moves + 1) * smallest <= GIF_BUDGET)
    return None


def _hold(fps: int) -> int:
    return max(1, round(HOLD_SECONDS * fps))


def _pictures(width: int, height: int) -> str:
    return f"more than {GIF_BUDGET // 2**20:,} MB of pictures at {width}x{height}"


def _too_many(moves: int, need: str, can_fit: bool, advice: str = "a smaller --size") -> str:
    fix = f"use {advice}" if can_fit else "export the final position with --out FILE.png"
    return f"a GIF of these {moves:,} moves would need {need}; {fix}"
