"""Whole games between computer levels: the arena match-ups ``docs/benchmarks.md`` reports.

Each match-up is one ``conquid-arcade arena`` command (``game.arena``: colours alternating,
each level at its own default limit, a turn limit so every game ends), run in turn in this
process. Node limits bind before the clocks on a machine that is not overloaded, so a run
replays per seed. Prints one JSON line per match-up: the command and the arena's summary
(wins, draws and losses of the first level with a 95% interval; each level's time per move
and per whole turn). A long run: an hour or more here, most of it the hard levels.

    python -m bench arenas [--only piously]
"""

from __future__ import annotations

import argparse
import io
import json
import sys

from game.arena import add_arena_parser, run_arena

MATCHUPS: tuple[tuple[str, ...], ...] = (
    ("conquid", "--first", "easy", "--second", "random", "--games", "100", "--seed", "1",
     "--board", "medium"),
    ("conquid", "--first", "normal", "--second", "easy", "--games", "100", "--seed", "1",
     "--board", "medium"),
    ("conquid", "--first", "hard", "--second", "normal", "--games", "40", "--seed", "1",
     "--board", "medium"),
    ("piously", "--first", "normal", "--second", "easy", "--games", "40", "--seed", "27"),
    ("piously", "--first", "hard", "--second", "normal", "--games", "40", "--seed", "2"),
    ("piously", "--first", "hard", "--second", "mcts", "--games", "40", "--seed", "29"),
    ("piously", "--first", "normal", "--second", "mcts", "--games", "40", "--seed", "29"),
)
"""Each as the arena's arguments: the game, the two levels, the games and the seed."""


def label(matchup: tuple[str, ...]) -> str:
    """``piously.hard_vs_normal``: the figure's name."""
    return f"{matchup[0]}.{matchup[2]}_vs_{matchup[4]}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run only the match-ups whose name contains this")
    args = parser.parse_args(argv)
    arena = argparse.ArgumentParser(prog="arena")
    add_arena_parser(arena.add_subparsers(dest="command", required=True))
    failed = False
    for matchup in MATCHUPS:
        if args.only and args.only not in label(matchup):
            continue
        summary = io.StringIO()
        code = run_arena(arena.parse_args(["arena", *matchup]), summary)
        failed |= code != 0
        print(json.dumps({
            "bench": f"arenas.{label(matchup)}",
            "command": " ".join(("conquid-arcade", "arena", *matchup)),
            "summary": summary.getvalue().splitlines(),
            "ok": code == 0,
        }), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
