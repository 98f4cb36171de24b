"""The last resort for an unexpected error: a crash report the player can find and send.

``CrashGuard.run`` runs the app. If an exception escapes, it writes a readable report to the
user's log folder (the traceback, the app version, the platform and what was on screen: the
game being played, its options and its moves), then tells the player where the report is:
in a small window drawn with plain pygame, and on stderr (the only way when headless).

The player's game is never lost: the play scene autosaves atomically after every move
(``game.core.atomic``) and nothing on this path writes the autosave, so it still holds the
position before the failing frame, and the menu offers to resume it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import platform
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pygame

from game import __version__
from game.client.draw import palette
from game.client.files.autosaves import newest
from game.core.atomic import atomic_write_text
from game.core.errors import RecordError
from game.core.match import Match
from game.core.protocol import GameInfo
from game.core.record import read_record
from game.core.registry import Registry
from game.core.text import counted, printable

CRASH_EXIT: Final = 70
"""The exit status after a crash (EX_SOFTWARE: an internal error)."""
KEEP: Final = 20
"""Crash reports kept in the log folder; older ones are removed."""
HEADLESS_DRIVERS: Final = frozenset({"dummy", "offscreen"})
WINDOW: Final = (780, 330)


@dataclass(frozen=True)
class CrashReport:
    text: str
    path: Path | None
    """Where the report was written; None if it could not be (``problem`` says why)."""
    problem: str | None = None
    safe_game: str | None = None
    """What to tell the player about their autosaved game, if there is one to resume."""


def autosave_status(path: Path | None, games: Registry | None = None) -> tuple[str, str | None]:
    """The autosave as the report states it, and what to tell the player about it.

    Read without re-playing the moves (the crash may be in the rules themselves).
    """
    if path is None:
        return "Autosave: not kept by this run", None
    try:
        record = read_record(path)
    except RecordError as err:
        return f"Autosave: none to resume ({err})", None
    finished = record.result is not None
    line = (f"Autosave: {path}: {record.game}, {counted(len(record.moves), 'move')}, "
            f"{'finished' if finished else 'unfinished'}, readable")
    if finished:
        return line, None
    title = record.game
    with contextlib.suppress(KeyError):  # a name for people if the games know the id
        title = games.info(record.game).title if games is not None else title
    count = len(record.moves)
    return line, (f"Your game of {title} ({count} move{'' if count == 1 else 's'}) is safe in "
                  "the autosave: the menu offers to resume it.")


def describe(scenes: Iterable[object]) -> list[str]:
    """What was on screen, bottom scene first, with the game each one shows."""
    lines: list[str] = []
    for scene in scenes:
        match = getattr(scene, "match", None)
        info = getattr(getattr(scene, "game", None), "info", None)
        if isinstance(match, Match):
            game = match.game.info
            lines.append(
                f"{type(scene).__name__}: {game.title} ({game.id}, rules v{game.rules_version}), "
                f"move {match.ply}, options {dict(match.options)}, seed {match.seed!r}"
            )
            lines.append(f"  moves: {' | '.join(match.moves) or '(none yet)'}")
        elif isinstance(info, GameInfo):
            lines.append(f"{type(scene).__name__}: {info.title} ({info.id})")
        else:
            lines.append(type(scene).__name__)
    return lines or ["(no scene yet: the crash came while starting)"]


def shown_autosave(scenes: Sequence[object]) -> Path | None:
    """The autosave of the game on screen (the top scene that keeps one), if any."""
    for scene in reversed(scenes):
        path = getattr(scene, "autosave_path", None)
        if isinstance(path, Path):
            return path
    return None


def report_text(error: BaseException, on_screen: Sequence[str], autosave: str,
                when: dt.datetime) -> str:
    frozen = getattr(sys, "frozen", False)
    sdl = ".".join(str(part) for part in pygame.get_sdl_version())
    lines = [
        f"Conquid Arcade {__version__} crashed on {when:%Y-%m-%d at %H:%M:%S} UTC.",
        "",
        f"Error: {type(error).__name__}: {error}",
        "",
        f"App: {__version__}, {'frozen executable ' + sys.executable if frozen else 'from source'}",
        f"Python: {platform.python_version()} ({platform.python_implementation()})",
        f"Platform: {platform.platform()} ({platform.machine()})",
        f"pygame-ce: {pygame.version.ver}, SDL {sdl}",
        f"Video driver: {os.environ.get('SDL_VIDEODRIVER', 'default')}",
        "",
        "On screen (bottom first):",
        *(f"  {line}" for line in on_screen),
        "",
        autosave,
        "",
        "".join(traceback.format_exception(type(error), error, error.__traceback__)).rstrip(),
        "",
    ]
    return "\n".join(lines)


def write_report(text: str, folder: Path, when: dt.datetime) -> tuple[Path | None, str | None]:
    """Write ``text`` as a new report in ``folder`` and prune the oldest ones.

    Returns where it went, or None and why it could not be written.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stem = f"crash-{when:%Y%m%d-%H%M%S}"
        path = folder / f"{stem}.txt"
        number = 1
        while path.exists():
            number += 1
            path = folder / f"{stem}-{number}.txt"
        atomic_write_text(path, text)
        for old in sorted(folder.glob("crash-*.txt"))[:-KEEP]:
            old.unlink(missing_ok=True)
    except Exception as err:  # the last resort must not fail: the text is printed instead
        reason = err.strerror if isinstance(err, OSError) and err.strerror else err
        return None, f"{reason} ({folder})"
    return path, None


def message(error: BaseException, report: CrashReport) -> list[str]:
    """What the player is told, line by line."""
    lines = [
        "Conquid Arcade stopped because of an error:",
        f"{type(error).__name__}: {error}"[:300],
        "",
    ]
    if report.safe_game:
        lines += [report.safe_game, ""]
    if report.path is not None:
        lines += ["A crash report was written to:", str(report.path),
                  "Please attach it when you report the problem."]
    else:
        lines += [f"The crash report could not be written: {report.problem}.",
                  "It was printed to the console instead."]
    return lines


def headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER", "") in HEADLESS_DRIVERS


def tell_player(error: BaseException, report: CrashReport) -> None:
    """Print the message (and the whole report if it has no file); show it in a window."""
    lines = message(error, report)
    if sys.stderr is not None:  # None in a windowed build on Windows
        if report.path is None:
            print(report.text, file=sys.stderr)
        print("\n".join(lines), file=sys.stderr)
    if not headless():
        with contextlib.suppress(pygame.error):  # no display: the console message is all
            show_window(lines)


def show_window(lines: Sequence[str],
                events: Callable[[], list[pygame.event.Event]] = pygame.event.get) -> None:
    """A plain pygame window with the message, until a key, a click or the window closes.

    Uses nothing of the app (no widgets, no theme, no cached fonts): whatever broke, this
    needs only pygame itself.
    """
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(WINDOW)
    pygame.display.set_caption("Conquid Arcade: crash report")
    face = pygame.font.Font(None, 26)
    surface.fill(palette.BACKGROUND)
    y = 22
    for line in [*lines, "", "Press any key or close this window."]:
        for part in _wrap(printable(line, 1000), face, WINDOW[0] - 44):
            surface.blit(face.render(part, True, palette.TEXT), (22, y))
            y += 24
    pygame.display.flip()
    clock = pygame.time.Clock()
    done = (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.WINDOWCLOSE)
    while not any(event.type in done for event in events()):
        clock.tick(20)


def _wrap(line: str, face: pygame.font.Font, width: int) -> list[str]:
    """Split ``line`` to fit ``width``; long words (paths) are cut where they must be."""
    parts: list[str] = []
    current = ""
    for char in line:
        if face.size(current + char)[0] > width and current:
            cut = current.rfind(" ")
            if cut > 0:
                parts.append(current[:cut])
                current = current[cut + 1 :]
            else:
                parts.append(current)
                current = ""
        current += char
    return [*parts, current]


class CrashGuard:
    """Runs the app and turns an exception that escapes it into a report and a message."""

    def __init__(self, logs: Path, autosave: Path | None = None,
                 tell: Callable[[BaseException, CrashReport], None] = tell_player,
                 games: Registry | None = None) -> None:
        """``autosave``: a game's file, or the folder of autosaves (the newest is named);
        ``games``: the composition root's, to name a saved game for people."""
        self.logs = logs
        self.autosave = autosave
        self.games = games
        self._tell = tell
        self._scenes: Sequence[object] = ()
        self._drain: Callable[[], None] | None = None

    def watch(self, scenes: Sequence[object], drain: Callable[[], None] | None = None) -> None:
        """The scene stack to describe if a crash comes (the live list, not a copy), and
        what stores the files still being written (the autosave of the last move)."""
        self._scenes = scenes
        self._drain = drain

    def run(self, body: Callable[[], int]) -> int:
        """``body()``'s exit status, or CRASH_EXIT once a crash has been reported."""
        try:
            return body()
        except Exception as error:
            self.report(error)
            return CRASH_EXIT

    def report(self, error: BaseException) -> CrashReport:
        if self._drain is not None:
            self._drain()  # no confirmed move is lost: its autosave is written first
        when = dt.datetime.now(dt.timezone.utc)
        kept = self.autosave
        if kept is not None and kept.is_dir():  # the folder of autosaves: the newest one
            kept = newest(kept)
        autosave, safe_game = autosave_status(shown_autosave(self._scenes) or kept, self.games)
        text = report_text(error, describe(self._scenes), autosave, when)
        path, problem = write_report(text, self.logs, when)
        report = CrashReport(text, path, problem, safe_game)
        self._tell(error, report)
        return report
