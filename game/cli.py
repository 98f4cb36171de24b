"""The command line: ``conquid-arcade [command]``; no command opens the game window.

``open FILE`` opens a record in the replay scene; ``export FILE --out shot.png`` renders a
record's final position without a window (``--gif out.gif`` adds an animated replay);
``review FILE`` judges every move of a record with the game's analyst (``game.review_command``);
``arena`` plays computer levels against each other (``game.arena``); ``serve`` runs the
online table server and ``net-smoke`` checks one (``game.net.commands``); ``--smoke-test`` walks
every screen headless and exits 0 or 1 with the reason (``game.smoke``, for checking builds).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game import __version__

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for our own output


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="conquid-arcade",
        description="Conquid, Push Fight, Forts and Ruins and Piously on your desktop. "
        "With no command, the game window opens on the menu.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--smoke-test", action="store_true",
        help="start headless, walk every screen of every game with a board view, then exit "
        "(0 if all went well, 1 and the reason if not); checks an install or a build",
    )
    commands = parser.add_subparsers(dest="command", metavar="command")
    opener = commands.add_parser("open", help="open a saved game or replay in the replay screen")
    opener.add_argument("file", type=Path, help="a record (.json) saved by Conquid Arcade")
    export = commands.add_parser(
        "export", help="render a record's final position to a PNG (and a replay to a GIF)"
    )
    export.add_argument("file", type=Path, help="a record (.json) saved by Conquid Arcade")
    export.add_argument("--out", type=Path, help="PNG of the final position")
    export.add_argument("--gif", type=Path, help="animated GIF of the whole game (needs Pillow)")
    export.add_argument("--size", default="1280x720", help="image size, WIDTHxHEIGHT")
    export.add_argument("--fps", type=int, default=12, help="GIF frames per second")
    from game.arena import add_arena_parser

    add_arena_parser(commands)
    from game.review_command import add_review_parser

    add_review_parser(commands)
    from game.net.commands import add_net_parsers

    add_net_parsers(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    multiprocessing.freeze_support()  # computer players think in a spawned process
    for stream in (sys.stdout, sys.stderr):  # a file name may not be valid UTF-8: never crash
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.smoke_test:
        from game.smoke import smoke_test

        return smoke_test()
    if args.command in ("serve", "net-smoke"):
        from game.net.commands import run_net_command

        return run_net_command(args)
    if args.command == "arena":
        from game.arena import run_arena

        return run_arena(args)
    if args.command == "review":
        from game.review_command import run_review

        return run_review(args)
    if args.command == "export":
        from game.catalog import plugins
        from game.client.draw.export import ExportError, export

        if args.out is None and args.gif is None:
            parser.error("export needs --out FILE.png and/or --gif FILE.gif")
        if args.gif is not None and _no_gif_here():
            print("conquid-arcade: this standalone build leaves out GIF export (Pillow) to stay "
                  "small; use --out for a PNG, or install the game with pip to export GIFs",
                  file=sys.stderr)
            return 1
        try:
            size = _size(args.size)
            for line in export(args.file, args.out, args.gif, size, args.fps, plugins(),
                               _progress_line):
                print(line)
        except ExportError as err:
            print(f"conquid-arcade: {err}", file=sys.stderr)
            return 1
        return 0
    from game.main_window import run

    return run(args.file if args.command == "open" else None)


def _progress_line(done: int, of: int) -> None:
    """How far the GIF has come, on one line of a terminal (rewritten in place; cleared
    when done). Nothing when the output is not a terminal (a script reads only results)."""
    if not sys.stderr.isatty():
        return
    end = "\r\x1b[K" if done >= of else ""
    sys.stderr.write(f"\rmaking the GIF: move {done} of {of}{end}")
    sys.stderr.flush()


def _no_gif_here() -> bool:
    """True in a frozen build made without Pillow (see build/pyinstaller.spec)."""
    if not getattr(sys, "frozen", False):
        return False  # from source, export itself says how to install Pillow
    try:
        import PIL  # noqa: F401
    except ImportError:
        return True
    return False


def _size(text: str) -> tuple[int, int]:
    from game.client.draw.export import ExportError

    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ExportError(f"--size must look like 1280x720, not {text!r}") from None
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise ExportError("--size must be between 200x200 and 8000x8000")
    return width, height
