"""``conquid-arcade review FILE``: the computer's review of a saved game, without a window.

It prints a table a ply (the move, the mover's win chance after it, the judgement and the
analyst's best move) and each player's summary, or with ``--json`` one JSON object a ply and
then ``{"summary": ...}``; progress goes to stderr. ``--out`` writes the record with its review
(never over the record itself, as ``export`` refuses to). A review already in the file by the
same analyst and depth is completed rather than done again. A file that cannot be read is
refused with one line and exit status 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from game.catalog import plugins
from game.core.atomic import atomic_write_text
from game.core.errors import RecordError
from game.core.files import shown_name
from game.core.record import read_record
from game.core.review.model import DEPTHS, PlyReview, Review, Summary
from game.core.review.reviewing import review_record, stored_review
from game.core.text import printable
from game.plugin import registry


def add_review_parser(commands: Any) -> None:
    """The ``review`` subcommand (``commands``: the main parser's subparsers)."""
    parser = commands.add_parser(
        "review", help="review a saved game with the computer: each move judged, in a table")
    parser.add_argument("file", type=Path, help="a record (.json) saved by Conquid Arcade")
    parser.add_argument("--depth", choices=DEPTHS, default=DEPTHS[0],
                        help="how hard the computer looks (default: quick)")
    parser.add_argument("--out", type=Path, help="write the record with its review here")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object a move, then the summary")


def run_review(args: argparse.Namespace) -> int:
    """Review ``args.file``; 0 on success, 2 for a file that cannot be read, 1 otherwise."""
    name = shown_name(args.file)
    if args.out is not None and _same_file(args.out, args.file):
        print(f"conquid-arcade: {shown_name(args.out)} is the record itself: choose another "
              "output", file=sys.stderr)
        return 1
    games = plugins()
    try:
        record = read_record(args.file)
        match = record.replay(registry(games.values()))
    except RecordError as err:
        print(f"conquid-arcade: {name}: {err}", file=sys.stderr)
        return 2
    plugin = games[match.game.info.id]
    if plugin.analyst is None:
        print(f"conquid-arcade: {plugin.info.title} has no analyst to review its games yet",
              file=sys.stderr)
        return 1
    analyst = plugin.analyst()
    stored = stored_review(record, match, analyst.version)
    if stored.problem is not None:
        print(f"conquid-arcade: {name}: {stored.problem}", file=sys.stderr)
    review = review_record(match, analyst, args.depth, resume=stored.review,
                           progress=_Progress(sys.stderr))
    names = [seat.name for seat in match.seats]
    if args.json:
        _print_json(review, names)
    else:
        _print_table(review, names)
    if args.out is not None:
        reviewed = dataclasses.replace(record, analysis=review, analysis_problem=None)
        try:
            atomic_write_text(args.out, reviewed.dumps())
        except OSError as err:
            print(f"conquid-arcade: cannot write {shown_name(args.out)}: {err.strerror}",
                  file=sys.stderr)
            return 1
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


class _Progress:
    """Plies done on stderr: one line rewritten on a terminal, a line a tenth elsewhere."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.shown = -1

    def __call__(self, done: int, total: int, ply: PlyReview) -> None:
        if self.live:
            end = "\n" if done == total else ""
            print(f"\rreviewing: {done}/{total} moves", end=end, file=self.stream, flush=True)
        elif done * 10 // total != self.shown or done == total:
            self.shown = done * 10 // total
            print(f"reviewing: {done}/{total} moves", file=self.stream, flush=True)


def ply_json(ply: PlyReview, solo: bool) -> dict[str, Any]:
    """A reviewed ply as the ``--json`` output gives it (documented in docs/review.md)."""
    judgement = ply.judgement
    return {
        "ply": ply.ply,
        "seat": ply.seat,
        "move": ply.move,
        "value": ply.points_after if solo else ply.after,
        "before": ply.points_before if solo else ply.before,
        "loss": ply.points_lost if solo else ply.loss,
        "best": ply.best,
        "line": list(ply.line),
        "judgement": None if judgement is None else judgement.value,
        "proof": ply.proof_text,
        "record_moves": [ply.first, ply.count],
    }


def summary_json(summary: Summary, name: str) -> dict[str, Any]:
    return {
        "seat": summary.seat,
        "name": name,
        "moves": summary.moves,
        "accuracy": None if summary.accuracy is None else round(summary.accuracy, 1),
        "points_lost": summary.points_lost,
        **{judgement.value: count for judgement, count in summary.counts.items()},
    }


def _print_json(review: Review, names: list[str]) -> None:
    solo = review.seats == 1
    for ply in review.plies:
        print(json.dumps(ply_json(ply, solo), ensure_ascii=False))
    print(json.dumps({"summary": [summary_json(s, names[s.seat]) for s in review.summaries()],
                      "engine": review.engine, "depth": review.depth,
                      "budget": review.budget}, ensure_ascii=False))


def _print_table(review: Review, names: list[str]) -> None:
    solo = review.seats == 1
    value = "points" if solo else "win %"
    print(f"{'ply':>4}  {'player':<12}  {'move':<28}  {value:>6}  {'judgement':<14}  best")
    for ply in review.plies:
        judgement = ply.judgement
        shown = f"{ply.points_after:6.1f}" if solo and ply.points_after is not None \
            else f"{100 * ply.after:6.1f}"
        mark = "" if judgement is None else f"{judgement.symbol} {judgement.label}"
        best = "" if ply.played_best else printable(ply.best or "", 40)
        if ply.proof is not None:
            best = f"{best} ({ply.proof.text})".strip()
        print(f"{ply.ply:>4}  {printable(names[ply.seat], 12):<12}  "
              f"{printable(ply.move, 28):<28}  {shown}  {mark:<14}  {best}")
    print()
    for summary in review.summaries():
        counts = ", ".join(f"{count} {judgement.label.lower()}"
                           for judgement, count in summary.counts.items())
        figure = (f"{summary.points_lost:.1f} points lost" if summary.points_lost is not None
                  else "accuracy " + ("-" if summary.accuracy is None
                                      else f"{summary.accuracy:.1f}%"))
        print(f"{printable(names[summary.seat], 40)}: {figure}; {counts}")
    print(f"({review.engine}, {review.depth}, {review.budget:,} nodes a position)")


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (through links too, when both exist)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)
