"""The arena: computer against computer, headless, to measure the levels of any game.

``conquid-arcade arena conquid --first hard --second normal --games 100 --seed 1 --board
medium`` plays that many games with colours alternating, each under a turn limit so it ends,
then prints wins, draws and losses of the first level with a 95% Wilson interval, and each
level's moves per second, median time per move, and median and slowest time per whole turn
(a turn of several moves, as in Piously, is timed whole), in wall and in processor time.
``--save-dir`` keeps every game as a record that the client can replay. Besides a game's
own levels, every game has ``mcts`` (``game.core.mcts``: a search that knows only the legal
moves), to measure the levels against a player of another kind. Unlike the AI modules the
arena reads the clock (``time.perf_counter``), which it hands to each player inside its
Budget.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game.catalog import all_games, plugins
from game.core.errors import GameError
from game.core.match import Match, Seat
from game.core.mcts import GENERIC_LEVELS, GENERIC_LIMITS
from game.core.player import Budget, Clock, Limit, Player
from game.core.protocol import CHANCE, Game
from game.core.record import save_match
from game.core.text import printable, problem, quote
from game.plugin import ComputerLevels

AnyPlayer = Player[Any, Any]
DEFAULT_LIMIT = Limit(time=1.0)
DEFAULT_TURN_LIMIT = 300
MAX_TIME = 600.0
"""Most seconds per move a run may give (the hardest level takes a few)."""
MAX_NODES = 10_000_000
"""Most search nodes per move a run may give (the hardest level takes tens of thousands)."""
MAX_GAMES = 10_000
MAX_SEED = 100
"""Longest seed: it is printed and becomes part of each saved record's file name."""
Z95 = 1.959963984540054


def computer_levels(game_id: str) -> dict[str, Callable[[], AnyPlayer]]:
    """The computer levels of a game, from its plug-in ({} for an unknown game or one
    without computer players)."""
    levels = _levels(game_id)
    return dict(levels.levels) if levels else {}


def default_limits(game_id: str) -> dict[str, Limit]:
    """Each level's own default budget, from the game's plug-in ({} if it gives none)."""
    levels = _levels(game_id)
    return dict(levels.limits) if levels else {}


def _levels(game_id: str) -> ComputerLevels | None:
    plugin = plugins().get(game_id)
    return plugin.computers() if plugin and plugin.computers else None


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (0..1); (0, 1) with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class LevelStats:
    """What one level spent thinking over a run: each move, and each whole turn (the moves
    a seat plays before the next seat moves: several in Piously, one in most games), in
    wall time and in processor time (on a busy machine the wall time also counts the
    waits for a core)."""

    samples: list[float] = field(default_factory=list)
    """Each move's wall time."""
    turns: list[float] = field(default_factory=list)
    cpu_turns: list[float] = field(default_factory=list)
    turn_so_far: float = 0.0
    """The wall time of the turn under way."""
    cpu_so_far: float = 0.0

    def add(self, seconds: float, cpu: float, turn_ended: bool = True) -> None:
        """One move's thinking time (wall, processor); ``turn_ended`` when the seat's turn
        ended with it."""
        self.samples.append(seconds)
        self.turn_so_far += seconds
        self.cpu_so_far += cpu
        if turn_ended:
            self.turns.append(self.turn_so_far)
            self.cpu_turns.append(self.cpu_so_far)
            self.turn_so_far = self.cpu_so_far = 0.0

    @property
    def moves(self) -> int:
        return len(self.samples)

    @property
    def moves_per_second(self) -> float:
        seconds = sum(self.samples)
        return self.moves / seconds if seconds > 0 else math.inf

    @property
    def median_ms(self) -> float:
        return _median_ms(self.samples)

    def turn_figures(self) -> str:
        """Median and slowest whole turn, wall time then processor time."""
        return (f"whole turns: median {_median_ms(self.turns):.1f} ms, slowest "
                f"{_most_ms(self.turns):.1f} ms (processor time: median "
                f"{_median_ms(self.cpu_turns):.1f} ms, slowest {_most_ms(self.cpu_turns):.1f} ms)")


def _median_ms(seconds: list[float]) -> float:
    return statistics.median(seconds) * 1000 if seconds else 0.0


def _most_ms(seconds: list[float]) -> float:
    return max(seconds) * 1000 if seconds else 0.0


def play_game(
    game: Game[Any, Any],
    options: Mapping[str, object],
    seats: tuple[tuple[str, AnyPlayer, Limit], ...],
    seed: str,
    clock: Clock = time.perf_counter,
    stats: Mapping[str, LevelStats] | None = None,
    max_plies: int = 10_000,
) -> Match:
    """Play one game between computer players (level name, player, limit) to its end.

    Move ``n``'s generator is seeded from ``seed`` and ``n``, so node-limited games replay
    exactly. A game without a turn-limit option is drawn by agreement after ``max_plies``.
    """
    match = Match(
        game,
        options,
        tuple(Seat(f"{level} ({index + 1})", "computer", level) for index, (level, _, _) in
              enumerate(seats)),
        seed=seed if game.info.has_chance else None,
    )
    while not match.is_over:
        if match.ply >= max_plies:
            match.agree_draw()
            break
        seat = match.to_move
        if seat == CHANCE:
            match.play_chance()
            continue
        level, player, limit = seats[seat]
        rng = random.Random(f"{seed}/{match.ply}")
        started, cpu_started = clock(), time.process_time()
        decision = player.choose(match.state, Budget(limit, clock), rng)
        thought, cpu = clock() - started, time.process_time() - cpu_started
        match.play(decision.move)
        if stats is not None:
            stats[level].add(thought, cpu, match.is_over or match.to_move != seat)
    return match


def add_arena_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` command to an argparse subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "arena",
        help="play computer levels against each other and measure them",
        description="Play headless games between two computer levels, colours alternating.",
    )
    parser.add_argument("game", help="game id, e.g. conquid")
    parser.add_argument("--first", default="normal", help="level measured (default: normal)")
    parser.add_argument("--second", default="easy", help="its opponent (default: easy)")
    parser.add_argument("--games", type=whole_number, default=20,
                        help="games to play (default: 20)")
    parser.add_argument("--seed", default="1", help="seed of the run (default: 1)")
    parser.add_argument("--board", help="shortcut for --option board=NAME")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable), e.g. --option rows=10",
    )
    parser.add_argument(
        "--turn-limit",
        type=whole_number,
        default=DEFAULT_TURN_LIMIT,
        help=f"moves after which a game is drawn (default: {DEFAULT_TURN_LIMIT})",
    )
    parser.add_argument("--time", type=float, help="seconds per move for both levels")
    parser.add_argument("--nodes", type=whole_number, help="search nodes per move for both levels")
    parser.add_argument("--save-dir", type=Path, help="save every game as a record here")
    parser.add_argument("--verbose", action="store_true", help="print a line per game")
    parser.set_defaults(handler=run_arena)
    return parser


def whole_number(text: str) -> int:
    """An argument that is a whole number; a short refusal (never the text repeated: it may
    be thousands of digits) for anything else."""
    try:
        if len(text) <= 19:
            return int(text)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError("should be a whole number (at most 19 digits)")


def parse_option(text: str) -> tuple[str, str | int | bool]:
    """``key=value`` with the value read as a whole number, true/false, or text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise ValueError(f"an option is written key=value, not {quote(text)}")
    value: str | int | bool = raw.strip()
    if raw.strip().lower() in ("true", "false"):
        value = raw.strip().lower() == "true"
    elif raw.strip().lstrip("-").isdigit():
        if len(raw.strip()) > 19:
            raise ValueError(f"option {quote(key.strip())}: the number is far too long")
        value = int(raw)
    return key.strip(), value


def run_arena(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Run the arena as ``args`` ask; 0 on success, 2 on a usage problem."""
    try:
        game = all_games().get(args.game)
        options = _options(game, args)
    except (KeyError, ValueError, GameError) as err:
        print(f"arena: {err.args[0] if err.args else err}", file=sys.stderr)
        return 2
    if game.info.players != 2:
        print(f"arena: {game.info.title} is not a two-player game", file=sys.stderr)
        return 2
    levels = computer_levels(game.info.id)
    for name, generic in GENERIC_LEVELS.items():
        levels.setdefault(name, functools.partial(generic, game))
    for name in (args.first, args.second):
        if name not in levels:
            known = ", ".join(levels) or "none"
            print(f"arena: {game.info.title} has no level {quote(name)} (levels: {known})",
                  file=sys.stderr)
            return 2
    problem = _usage_problem(args)
    if problem is not None:
        print(f"arena: {problem}", file=sys.stderr)
        return 2
    limits = {**GENERIC_LIMITS, **default_limits(game.info.id)}
    override = (Limit(args.time, args.nodes)
                if args.time is not None or args.nodes is not None else None)

    def limit(level: str) -> Limit:
        return override or limits.get(level, DEFAULT_LIMIT)

    stats = {args.first: LevelStats(), args.second: LevelStats()}
    tally = {"win": 0, "draw": 0, "loss": 0}
    started = time.perf_counter()
    for index in range(args.games):
        names = (args.first, args.second) if index % 2 == 0 else (args.second, args.first)
        seats = tuple((name, levels[name](), limit(name)) for name in names)
        match = play_game(game, options, seats, f"{args.seed}/{index}", stats=stats)
        outcome = match.outcome
        first_seat = index % 2
        if outcome is None or outcome.winner is None:
            result = "draw"
        else:
            result = "win" if outcome.winner == first_seat else "loss"
        tally[result] += 1
        if args.save_dir is not None:
            try:
                name = f"{game.info.id}-{_file_part(args.seed)}-{index:03d}.json"
                save_match(args.save_dir / name, match)
            except OSError as err:
                print(f"arena: cannot save in {printable(str(args.save_dir), 200)}: "
                      f"{err.strerror or err}", file=sys.stderr)
                return 1
        if args.verbose:
            reason = outcome.reason.label if outcome else "unfinished"
            print(f"game {index + 1}: {names[0]} vs {names[1]}: {args.first} {result} "
                  f"({reason}, {match.ply} moves)", file=out, flush=True)
    _summary(args, game, options, tally, stats, time.perf_counter() - started, limit, out)
    return 0


def _usage_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the run's numbers and folder, before any game is played."""
    if not 1 <= args.games <= MAX_GAMES:
        return f"--games must be from 1 to {MAX_GAMES:,}"
    if args.time is not None and not (math.isfinite(args.time) and 0 < args.time <= MAX_TIME):
        return f"--time must be a number of seconds above 0, at most {MAX_TIME:g}"
    if args.nodes is not None and not 1 <= args.nodes <= MAX_NODES:
        return f"--nodes must be from 1 to {MAX_NODES:,}"
    found = problem(args.seed, MAX_SEED)
    if found:
        return f"--seed {found}"
    if args.save_dir is not None:
        folder = printable(str(args.save_dir), 200)
        if os.path.lexists(args.save_dir) and not args.save_dir.is_dir():
            return f"--save-dir {folder} is not a folder"
        try:
            args.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            return f"cannot save in {folder}: {err.strerror or err}"
        if not os.access(args.save_dir, os.W_OK | os.X_OK):
            return f"cannot save in {folder}: it is read-only"
    return None


def _file_part(seed: str) -> str:
    """The seed as part of a file name: letters, digits, ``.``, ``_`` and ``-`` only, so a
    seed such as ``../x`` names a file in ``--save-dir``, never a path out of it."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", seed)


def _chosen(game: Game[Any, Any], args: argparse.Namespace) -> dict[str, object]:
    """The options the run sets (the rest keep the game's defaults)."""
    raw: dict[str, object] = dict(parse_option(text) for text in args.option)
    if args.board is not None:
        raw["board"] = args.board
    names = {spec.name for spec in game.info.options}
    if "turn_limit" in names and "turn_limit" not in raw:
        raw["turn_limit"] = args.turn_limit
    return raw


def _options(game: Game[Any, Any], args: argparse.Namespace) -> dict[str, str | int | bool]:
    options = game.info.validate_options(_chosen(game, args))
    game.new_state(options)  # refuse impossible options before any game starts
    return options


def _summary(
    args: argparse.Namespace,
    game: Game[Any, Any],
    options: Mapping[str, object],
    tally: Mapping[str, int],
    stats: Mapping[str, LevelStats],
    seconds: float,
    limit: Callable[[str], Limit],
    out: TextIO,
) -> None:
    games = sum(tally.values())
    low, high = wilson(tally["win"], games)
    chosen = _chosen(game, args)
    shown = {key: value for key, value in options.items() if key in chosen or key == "board"}
    settings = ", ".join(f"{key}={value}" for key, value in shown.items())
    lines: Sequence[str] = [
        f"{game.info.title} arena ({settings}), seed {args.seed}: "
        f"{args.first} vs {args.second}, {games} games in {seconds:.1f} s",
        f"{args.first}: {tally['win']} wins, {tally['draw']} draws, {tally['loss']} losses; "
        f"win rate {tally['win'] / games:.1%} (95% CI {low:.1%} to {high:.1%})",
    ]
    for name, level in stats.items():
        budget = limit(name)
        lines = [
            *lines,
            f"{name}: {level.moves} moves, {level.moves_per_second:.1f} moves/s, median "
            f"{level.median_ms:.1f} ms per move, {level.turn_figures()} (limit: "
            f"time={budget.time}, nodes={budget.nodes})",
        ]
    for line in lines:
        print(line, file=out, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.arena ...``: the arena without the rest of the command line."""
    parser = argparse.ArgumentParser(prog="arena")
    add_arena_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["arena", *(sys.argv[1:] if argv is None else argv)])
    return run_arena(args)


if __name__ == "__main__":
    raise SystemExit(main())
