"""Fit an analyst's win-chance curve on the outcomes of arena games (``docs/review.md``).

``python -m tools.fit_win_chance conquid --board medium --games 12 --pairs easy:normal,normal:hard``
plays that many seeded games between the computer levels, each pair of levels playing both
colours in turn (node limits only, so a run replays exactly; a game still going after
``--max-moves``, the arena's 300 unless given, is cut there and left out: its outcome is
nobody's, and one going round in circles would swamp the others; a Piously turn is several
moves). It takes the position at the start of one turn in ``--every``, chosen by a generator
seeded from the run (so neither side nor level is favoured), asks the game's analyst for its
heuristic score there (at its quick budget; proven positions are left out, their verdict is
already 0 or 1), and fits ``chance = 1 / (1 + exp(-(offset + scale * score)))`` to whether
the side to move went on to win (a draw counts half) by maximum likelihood: Newton's method
on the two parameters, the scores scaled to unit spread so the steps are well conditioned.
``--write`` stores the curve in ``game/<id>/win_chance.py`` (beside the other boards'
curves), with the run that fitted it.

A solo game (Forts and Ruins) has no winner: there the fit is a plane, by least squares, of
the points the run went on to earn after the position (its first final figure then less its
figure there) on the analyst's score and the points already earned, played by ``--level``,
stored in ``game/<id>/points_left.py``.

Kept short on purpose: a few hundred positions pin two parameters well enough for a graph
and for judging a move, and the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module, reload
from pathlib import Path
from typing import Any, Protocol, cast

from game.arena import DEFAULT_TURN_LIMIT, computer_levels, play_game
from game.catalog import all_games, plugins
from game.core.player import Limit
from game.core.protocol import CHANCE
from game.core.review.analysis import Curve, Line

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_KEY = "default"
"""The curve's name in a game without a board option."""


class Scores(Protocol):
    """What the fit needs of an analyst: its score before the curve, and its quick budget."""

    @property
    def quick_budget(self) -> int: ...

    def score(self, state: Any, budget: int) -> float | None: ...


@dataclass(frozen=True)
class Sample:
    score: float
    outcome: float
    """1 when the side to move won, 0 when it lost, 0.5 for a draw (a solo game: the points
    the run went on to earn)."""
    earned: float = 0.0
    """A solo game: the points the run had earned at the position."""


def fit(samples: Sequence[Sample], steps: int = 50) -> Curve:
    """The maximum-likelihood logistic of outcome on score (Newton's method)."""
    if len(samples) < 2:
        raise ValueError("a fit needs at least two positions")
    spread = math.sqrt(sum(s.score * s.score for s in samples) / len(samples)) or 1.0
    a = b = 0.0
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for sample in samples:
            x = sample.score / spread
            p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, a + b * x))))
            error = sample.outcome - p
            weight = max(p * (1 - p), 1e-9)
            ga += error
            gb += error * x
            haa += weight
            hab += weight * x
            hbb += weight * x * x
        haa += 1e-6  # a whisker of ridge: a perfectly separated sample stays finite
        hbb += 1e-6
        det = haa * hbb - hab * hab
        step_a = (hbb * ga - hab * gb) / det
        step_b = (haa * gb - hab * ga) / det
        a, b = a + step_a, b + step_b
        if abs(step_a) + abs(step_b) < 1e-10:
            break
    return Curve(scale=b / spread, offset=a, positions=len(samples))


def fit_line(samples: Sequence[Sample]) -> Line:
    """The least-squares plane of outcome (points to come) on score and points earned."""
    if len(samples) < 3:
        raise ValueError("a fit needs at least three positions")
    rows = [(1.0, s.score, s.earned) for s in samples]
    normal = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    target = [sum(r[i] * s.outcome for r, s in zip(rows, samples, strict=True))
              for i in range(3)]
    intercept, slope, per_point = _solve(normal, target)
    return Line(slope=slope, intercept=intercept, per_point=per_point, positions=len(samples))


def _solve(matrix: list[list[float]], target: list[float]) -> list[float]:
    """``matrix @ x = target`` by Gaussian elimination with partial pivoting."""
    size = len(target)
    rows = [[*row, value] for row, value in zip(matrix, target, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if rows[col][col] == 0:
            raise ValueError("the positions do not pin the line (a score that never varies?)")
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def line_error(line: Line, samples: Sequence[Sample]) -> float:
    """Root mean square error of the line's points against the points earned."""
    return math.sqrt(sum((line.points(s.score, s.earned) - s.outcome) ** 2 for s in samples)
                     / len(samples))


def log_loss(curve: Curve, samples: Sequence[Sample]) -> float:
    """Mean cross-entropy of the curve's chances against the outcomes (lower is better)."""
    total = 0.0
    for sample in samples:
        p = curve.chance(sample.score)
        total -= sample.outcome * math.log(p) + (1 - sample.outcome) * math.log(1 - p)
    return total / len(samples)


def analyst_of(game_id: str) -> Scores:
    """The game's analyst, as the plug-in loads it."""
    plugin = plugins()[game_id]
    if plugin.analyst is None:
        raise ValueError(f"{plugin.info.title} has no analyst")
    return cast(Scores, plugin.analyst())


def samples(game_id: str, options: dict[str, Any], games: int, pairs: list[tuple[str, str]],
            nodes: int, every: int, budget: int, seed: str,
            most: int = DEFAULT_TURN_LIMIT) -> list[Sample]:
    """Positions of seeded arena games, each with its analyst score and its outcome."""
    game = all_games().get(game_id)
    analyst = analyst_of(game_id)
    levels = computer_levels(game_id)
    found: list[Sample] = []
    for index in range(games):
        first, second = pairs[index % len(pairs)]
        swapped = index // len(pairs) % 2  # each pair plays both colours in turn
        names = (second, first) if swapped else (first, second)
        seats = tuple((name, levels[name](), Limit(nodes=nodes)) for name in names)
        match = play_game(game, options, seats, f"{seed}/{index}", max_plies=most)
        if match.ply >= most:
            print(f"  game {index + 1}/{games}: {names[0]} vs {names[1]}, cut at "
                  f"{match.ply} moves: left out", file=sys.stderr, flush=True)
            continue
        outcome = match.outcome
        winner = None if outcome is None else outcome.winner
        chosen = random.Random(f"{seed}/{index}/sample")
        previous: int | None = None
        for ply in range(match.ply):
            state = match.state_at(ply)
            seat = game.to_move(state)
            if seat in (CHANCE, previous) or game.outcome(state) is not None:
                continue
            previous = seat
            if chosen.random() * every >= 1:  # one turn start in ``every``, at random
                continue
            score = analyst.score(state, budget)
            if score is not None:
                won = 0.5 if winner is None else float(winner == seat)
                found.append(Sample(score, won))
        print(f"  game {index + 1}/{games}: {names[0]} vs {names[1]}, {match.ply} moves, "
              f"{len(found)} positions so far", file=sys.stderr, flush=True)
    return found


def solo_samples(game_id: str, options: dict[str, Any], games: int, level: str, nodes: int,
                 every: int, budget: int, seed: str) -> list[Sample]:
    """Positions of seeded solo runs, each with its analyst score and the points to come."""
    game = all_games().get(game_id)
    plugin = plugins()[game_id]
    if plugin.scores is None:
        raise ValueError(f"{game.info.title} keeps no score")
    analyst = analyst_of(game_id)
    player = computer_levels(game_id)[level]
    found: list[Sample] = []
    for index in range(games):
        match = play_game(game, options, ((level, player(), Limit(nodes=nodes)),),
                          f"{seed}/{index}")
        final = plugin.scores.final_score(match.state)[0]
        turn = 0
        for ply in range(match.ply):
            state = match.state_at(ply)
            if game.to_move(state) == CHANCE or game.outcome(state) is not None:
                continue
            turn += 1
            if turn % every == 0:
                score = analyst.score(state, budget)
                if score is not None:
                    earned = plugin.scores.final_score(state)[0]
                    found.append(Sample(score, float(final - earned), float(earned)))
        print(f"  run {index + 1}/{games}: {final} points, {len(found)} positions so far",
              file=sys.stderr, flush=True)
    return found


def write(game_id: str, key: str, fitted: Curve | Line, run: str) -> Path:
    """Store ``fitted`` as ``key`` in the game's ``win_chance`` module (a curve) or
    ``points_left`` module (a line), keeping the others."""
    solo = isinstance(fitted, Line)
    name = "points_left" if solo else "win_chance"
    module = reload(import_module(f"game.{game_id}.{name}"))  # as on disk now: another
    # run may have written its board's curve since this one started
    table: dict[str, Curve | Line] = dict(module.LINES if solo else module.CURVES)
    runs: dict[str, str] = dict(getattr(module, "RUNS", {}))
    table[key] = fitted
    runs[key] = run
    path = ROOT / "game" / game_id / f"{name}.py"
    entries = "".join(f"    {json.dumps(key)}: {_source(value)},\n"
                      for key, value in sorted(table.items()))
    commands = "".join(f"    {json.dumps(key)}: (\n{_wrapped(run, 8)}\n    ),\n"
                       for key, run in sorted(runs.items()))
    kind, what = ("Line", "turns-left lines") if solo else ("Curve", "win-chance curves")
    text = (
        f'"""The {game_id} analyst\'s {what} (``docs/review.md``): written by\n'
        '``python -m tools.fit_win_chance``, which ``RUNS`` quotes for each; refit rather '
        'than edit."""\n\n'
        "from typing import Final\n\n"
        f"from game.core.review.analysis import {kind}\n\n"
        f"{'LINES' if solo else 'CURVES'}: Final = {{\n{entries}}}\n\n"
        f"RUNS: Final = {{\n{commands}}}\n"
    )
    path.write_text(text, encoding="utf-8")
    return path


def _wrapped(text: str, indent: int, width: int = 80) -> str:
    """``text`` as adjacent string literals of at most ``width`` characters, one a line."""
    pieces: list[str] = []
    for word in text.split(" "):
        if pieces and len(pieces[-1]) + len(word) + 1 <= width:
            pieces[-1] += " " + word
        else:
            pieces.append(word if not pieces else " " + word)
    return "\n".join(" " * indent + json.dumps(piece) for piece in pieces)


def _source(fitted: Curve | Line) -> str:
    if isinstance(fitted, Line):
        return (f"Line(slope={fitted.slope:.6g}, intercept={fitted.intercept:.6g}, "
                f"per_point={fitted.per_point:.6g}, positions={fitted.positions})")
    return (f"Curve(scale={fitted.scale:.6g}, offset={fitted.offset:.6g}, "
            f"positions={fitted.positions})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--board", help="the board option (Conquid: a curve per board)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--pairs", default="easy:normal,normal:hard",
                        help="level pairs played in turn, colours alternating")
    parser.add_argument("--nodes", type=int, default=2_000, help="each player's nodes a move")
    parser.add_argument("--every", type=int, default=2, help="sample one turn in this many")
    parser.add_argument("--budget", type=int,
                        help="the analyst's nodes (default: its quick budget)")
    parser.add_argument("--max-moves", type=int, default=DEFAULT_TURN_LIMIT,
                        help="a game still going after this many moves is cut and left out "
                             "(default: the arena's)")
    parser.add_argument("--level", default="helper", help="a solo game's player")
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--write", action="store_true", help="store the fitted curve")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {} if args.board is None else {"board": args.board}
    budget = args.budget or analyst_of(args.game).quick_budget
    pairs = [cast(tuple[str, str], tuple(pair.split(":"))) for pair in args.pairs.split(",")]
    game = all_games().get(args.game)
    key = str(game.info.validate_options(options).get("board", DEFAULT_KEY))
    started = time.perf_counter()
    fitted: Curve | Line
    if game.info.players == 1:
        found = solo_samples(args.game, options, args.games, args.level, args.nodes, args.every,
                             budget, args.seed)
        fitted = fit_line(found)
        print(f"{args.game} ({key}): {len(found)} positions in "
              f"{time.perf_counter() - started:.0f} s; points to come = "
              f"{fitted.intercept:.6g} + {fitted.slope:.6g} x score + {fitted.per_point:.6g} x "
              f"points earned; root mean square error {line_error(fitted, found):.2f} points")
    else:
        found = samples(args.game, options, args.games, pairs, args.nodes, args.every, budget,
                        args.seed, args.max_moves)
        fitted = fit(found)
        draws = sum(1 for s in found if s.outcome == 0.5)
        print(f"{args.game} ({key}): {len(found)} positions ({draws} from drawn games) in "
              f"{time.perf_counter() - started:.0f} s; scale {fitted.scale:.6g}, offset "
              f"{fitted.offset:.6g}; log loss {log_loss(fitted, found):.4f} (a coin: "
              f"{math.log(2):.4f})")
    if args.write:
        run = shlex.join(["python", "-m", "tools.fit_win_chance",
                          *(sys.argv[1:] if argv is None else argv)])
        path = write(args.game, key, fitted, run)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
