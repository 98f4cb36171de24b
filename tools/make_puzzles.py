"""Generate the puzzle files (``assets/learn/<game>-puzzles.json``) from computer games.

``python -m tools.make_puzzles [--games 40] [--per-kind 4]`` plays seeded computer games
(node-limited, so the same run gives the same files), looks at every position for a win to
find, proves each candidate by exhaustive search (``tools.puzzles``) and writes the puzzles,
graded, in the lesson format (docs/learn.md). Kinds:

- Push Fight: win in one (easy when no move is needed before the winning push, else medium)
  and win in two turns, forced whatever Brown or White replies (hard).
- Conquid (small board): conquest in two, forced (the conquer, vanquish or acquire that makes
  an unbreakable chain), and break the chain: the opponent threatens conquest, find a move
  after which it cannot (graded by how few moves do it).

Candidates are screened with the rules' fast helpers; only what the full search proves is
written. The files are data: commit them, and ``tests/learn`` proves them again.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from game.arena import computer_levels
from game.catalog import all_games
from game.conquid.rules.game import Acquire, Conquer, ConquidState, Vanquish, vanquish_corners
from game.core.learn import FORMAT, FORMAT_VERSION, parse_course
from game.core.match import Match
from game.core.player import Budget, Limit
from game.pushfight.rules import engine
from game.pushfight.rules.board import PACKED_BITS
from game.pushfight.rules.game import State as PushFightState
from game.pushfight.rules.notation import Turn
from tools.puzzles import AnyGame, defences, forced_win_in_two, winning_moves, wins_now

OUT = Path(__file__).resolve().parent.parent / "assets" / "learn"
NODES = 300
MIDGAME = 10
"""Conquid positions before this many moves are all the same opening race: no puzzle."""


def positions(game: AnyGame, options: Mapping[str, object], levels: tuple[str, str],
              seed: int, limit: int = 120) -> Iterator[Any]:
    """Every position of one seeded computer game (the side to move not yet decided)."""
    players = computer_levels(game.info.id)
    seats = [players[level]() for level in levels]
    rng = random.Random(seed)
    match = Match(game, options)
    while not match.is_over and match.ply < limit:
        yield match.state
        seat = match.to_move
        decision = seats[seat].choose(match.state, Budget(Limit(nodes=NODES)), rng)
        match.play(decision.move)


def entry(game: AnyGame, kind: str, number: int, title: str, grade: str, state: Any,
          say: str, goal: dict[str, Any], answer: list[Any]) -> dict[str, Any]:
    return {
        "id": f"{kind}-{number}",
        "title": title,
        "grade": grade,
        "position": game.encode(state),
        "say": say,
        "goal": goal,
        "replies": "computer",
        "answer": [game.format_move(move) if not isinstance(move, str) else move
                   for move in answer],
    }


# -- Push Fight ---------------------------------------------------------------------------


def pushfight_second_move(game: AnyGame, state: Any, first: Any) -> tuple[Any, Any]:
    """A reply and the winning answer to it, for the answer line of a win in two."""
    after = game.apply(state, first).state
    reply = next(iter(game.legal_moves(after)))
    again = game.apply(after, reply).state
    return reply, winning_moves(game, again)[0]


def pushfight_win_in_two(state: PushFightState) -> Any | None:
    """A first turn that forces a win next turn, screened with the engine, then proved."""
    side, packed, anchor = state.to_move, state.packed, state.anchor
    turns = engine.successor_turns(packed, anchor, side)
    for key, (slides, push) in turns.items():
        after, after_anchor = key & engine.PACKED_MASK, key >> PACKED_BITS
        if engine.fallen(packed, after) != -1 or engine.can_push_off(after, after_anchor, 1 - side):
            continue
        replies = engine.successors(after, after_anchor, 1 - side)
        if not replies:
            continue
        if all(
            engine.fallen(after, r & engine.PACKED_MASK) == 1 - side
            or engine.can_push_off(r & engine.PACKED_MASK, r >> PACKED_BITS, side)
            for r in replies
        ):
            return Turn(slides, push)
    return None


def pushfight(games: int, per_kind: int, deadline: float) -> list[dict[str, Any]]:
    game = all_games().get("pushfight")
    found: dict[str, list[dict[str, Any]]] = {"easy": [], "medium": [], "hard": []}
    seen: set[str] = set()
    for seed in range(games):
        levels = (("easy", "normal"), ("normal", "easy"), ("normal", "normal"))[seed % 3]
        for state in positions(game, {}, levels, seed):
            if time.monotonic() > deadline or all(len(v) >= per_kind for v in found.values()):
                return [item for grade in found.values() for item in grade]
            if state.in_setup or game.encode(state) in seen:
                continue
            seen.add(game.encode(state))
            side = game.info.seat_names[state.to_move]
            other = game.info.seat_names[1 - state.to_move]
            if wins_now(game, state):
                wins = winning_moves(game, state)
                grade = "easy" if any(not move.slides for move in wins) else "medium"
                if len(found[grade]) < per_kind:
                    number = len(found["easy"]) + len(found["medium"]) + 1
                    found[grade].append(entry(
                        game, "pf-one", number, "Win in 1", grade, state,
                        f"{side} to play: win this turn (push one of {other}'s pieces off, "
                        "or leave them no push).", {"win": True}, [wins[0]]))
                continue
            if len(found["hard"]) >= per_kind or state.ply < 6:
                continue
            first = pushfight_win_in_two(state)
            if first is None or not forced_win_in_two(game, state, first):
                continue
            reply, second = pushfight_second_move(game, state, first)
            found["hard"].append(entry(
                game, "pf-two", len(found["hard"]) + 1, "Win in 2", "hard", state,
                f"{side} to play: a turn after which {other} cannot stop you winning next turn, "
                "whatever they reply.", {"win": True, "within": 2}, [first, reply, second]))
            print(f"  push fight win in two from game {seed}", flush=True)
    return [item for grade in found.values() for item in grade]


# -- Conquid ------------------------------------------------------------------------------


def conquid_candidates(state: ConquidState) -> Iterator[Any]:
    """Moves that might complete a chain: conquer, vanquishes, and acquires beside own cells."""
    yield Conquer()
    for corner in vanquish_corners(state):
        yield Vanquish(corner)
    board = state.board
    mine = state.owned[state.to_move] | board.base_masks[state.to_move]
    near = board.cells_of(board.grow(mine) & state.empty_mask)
    if len(near) <= 24:
        for cells in itertools.combinations(near, min(3, len(state.empty_cells()))):
            yield Acquire(cells)


def conquid(games: int, per_kind: int, deadline: float) -> list[dict[str, Any]]:
    game = all_games().get("conquid")
    options = {"board": "small"}
    found: dict[str, list[dict[str, Any]]] = {"two": [], "break": []}
    seen: set[str] = set()
    for seed in range(games):
        levels = ("easy", "normal") if seed % 2 else ("normal", "easy")
        for state in positions(game, options, levels, 1000 + seed):
            if time.monotonic() > deadline or all(len(v) >= per_kind for v in found.values()):
                return [item for kind in found.values() for item in kind]
            key = game.encode(state).rsplit(" ", 1)[0]
            if state.ply < MIDGAME or key in seen or wins_now(game, state):
                continue
            seen.add(key)
            them = ConquidState(state.board, state.owned, 1 - state.to_move)
            if wins_now(game, them):
                if len(found["break"]) < per_kind:
                    puzzle = conquid_break(game, state, len(found["break"]) + 1)
                    if puzzle is not None:
                        found["break"].append(puzzle)
                continue
            if len(found["two"]) >= per_kind:
                continue
            for first in conquid_candidates(state):
                after = game.apply_unchecked(state, first).state
                mover = ConquidState(after.board, after.owned, state.to_move)
                if not wins_now(game, mover) or wins_now(game, after):
                    continue
                if forced_win_in_two(game, state, first):
                    found["two"].append(conquid_two(game, state, first, len(found["two"]) + 1))
                    print(f"  conquid conquest in two from game {seed}", flush=True)
                    break
    return [item for kind in found.values() for item in kind]


def conquid_two(game: AnyGame, state: Any, first: Any, number: int) -> dict[str, Any]:
    kind = {Conquer: "conquer", Vanquish: "vanquish", Acquire: "acquire"}[type(first)]
    grade = {"acquire": "easy", "conquer": "medium", "vanquish": "hard"}[kind]
    return entry(game, "cq-two", number, "Conquest in 2", grade, state,
                 "Make a chain your opponent cannot break, then declare conquest next turn.",
                 {"win": True, "within": 2}, [first, "C", "Q"])


def conquid_break(game: AnyGame, state: Any, number: int) -> dict[str, Any] | None:
    saves = defences(game, state)
    if not saves:
        return None  # lost whatever the move: no puzzle
    grade = "hard" if len(saves) <= 2 else "medium" if len(saves) <= 6 else "easy"
    seat = 1 - state.to_move
    return entry(game, "cq-break", number, "Break the chain", grade, state,
                 "Your opponent can declare conquest next turn: break their chain now.",
                 {"forbid": [{"event": "ConquestDeclared", "seat": seat}]}, [saves[0], "C"])


def write(game_id: str, puzzles: list[dict[str, Any]]) -> Path:
    doc = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": game_id,
           "puzzles": puzzles}
    parse_course(doc, all_games())  # the loader's own validation: answers replayed
    path = OUT / f"{game_id}-puzzles.json"
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--per-kind", type=int, default=4)
    parser.add_argument("--minutes", type=float, default=10.0, help="per game")
    parser.add_argument("--only", choices=("pushfight", "conquid"))
    args = parser.parse_args()
    for game_id, make in (("pushfight", pushfight), ("conquid", conquid)):
        if args.only not in (None, game_id):
            continue
        started = time.monotonic()
        puzzles = make(args.games, args.per_kind, started + args.minutes * 60)
        path = write(game_id, puzzles)
        print(f"{path.name}: {len(puzzles)} puzzles in {time.monotonic() - started:.0f} s",
              flush=True)


if __name__ == "__main__":
    main()
