"""The command line: ``conquid-arcade [command]``; no command opens the game window."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="conquid-arcade",
        description="Conquid, Push Fight, Forts and Ruins and Piously on your desktop.",
    )
    parser.add_subparsers(dest="command", metavar="command")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        print("Conquid Arcade: the game window is not built yet.", file=sys.stderr)
        return 0
    return 0
