"""Generate the Piously positions with a win this turn that needs three or more moves.

``python -m tools.piously_wins [--games 400] [--seed 27] [--out tests/piously/ai/wins.txt]``
plays seeded games of the easy level against itself (node-limited, so the same run gives the
same file). At the start of every turn it looks for a win two independent ways: ``ROLLOUTS``
random plays of the rest of the turn (any legal move, the end of the turn included), and the
players' own complete search with a budget far above theirs (``OFFLINE_NODES``). It keeps
each position where either finds a win and no sequence of one or two moves wins (checked
exhaustively), and writes one position a line: the length of the win found, then the
position's text. The file is data: commit it; ``tests/piously/ai/test_wins.py`` and
``python -m bench piously_wins`` read it. Random plays find wins whatever the search's
bound and order, so a win the search missed would show up here as a failing test.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from game.core.match import Match
from game.core.player import Budget, Limit
from game.piously.ai import LEVELS
from game.piously.ai.wins import can_still_win, find_win, turn_moves
from game.piously.rules.game import GAME, play
from game.piously.rules.position import decode, encode
from game.piously.rules.state import Phase, PiouslyState

OFFLINE_NODES: Final = 6_000
ROLLOUTS: Final = 200
PLAY_NODES: Final = 600
MIN_MOVES: Final = 3
PAIRING: Final = ("easy", "easy")
"""Easy misses wins it had, so its games hold many positions with one; and its games do not
change when the win search does."""
DEFAULT_OUT: Final = Path("tests/piously/ai/wins.txt")


def wins_within(state: PiouslyState, moves: int) -> bool:
    """Whether some sequence of at most ``moves`` moves wins this turn (exhaustive)."""
    if moves == 0 or not can_still_win(state):
        return False
    seat = state.to_move
    for move in turn_moves(state):
        after = play(state, move).state
        if after.verdict is not None:
            if after.verdict.winner == seat:
                return True
            continue
        if wins_within(after, moves - 1):
            return True
    return False


def turn_starts(seed: str, pairing: tuple[str, str]) -> Iterator[PiouslyState]:
    """The start of every turn of one seeded game between the two levels."""
    match = Match(GAME, {})
    players = tuple(LEVELS[level]() for level in pairing)
    while not match.is_over:
        state = match.state
        if state.phase is Phase.PLAY and state.actions == 3 and state.cast == 0:
            yield state
        rng = random.Random(f"{seed}/{match.ply}")
        decision = players[match.to_move].choose(state, Budget(Limit(nodes=PLAY_NODES)), rng)
        match.play(decision.move)


def rollout_win(state: PiouslyState, rng: random.Random) -> int | None:
    """The length of a win found by random plays of the rest of the turn, or None."""
    seat = state.to_move
    for _ in range(ROLLOUTS):
        after, moves = state, 0
        while after.verdict is None and after.to_move == seat:
            move = GAME.random_move(after, rng)
            assert move is not None
            after = play(after, move).state
            moves += 1
        if after.verdict is not None and after.verdict.winner == seat:
            return moves
    return None


def survey(
    games: int, seed: str, offline: int = OFFLINE_NODES
) -> Iterator[tuple[str, PiouslyState, int]]:
    """For each turn start: ("win", state, moves), ("short", ...) for a win in one or two,
    ("none", ...) when the search proves there is no win, or ("unknown", ...)."""
    for index in range(games):
        rng = random.Random(f"{seed}/{index}/rollouts")
        for state in turn_starts(f"{seed}/{index}", PAIRING):
            found = find_win(state, Budget(Limit(nodes=offline)))
            moves = len(found.line) if found.line else rollout_win(state, rng)
            if moves is None:
                yield ("none" if found.complete else "unknown"), state, 0
            elif wins_within(state, MIN_MOVES - 1):
                yield "short", state, 0
            else:
                yield "win", state, moves


def read_positions(path: Path) -> list[tuple[int, PiouslyState]]:
    """The file's positions: (length of the win found, position)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            moves, text = line.split("\t", 1)
            found.append((int(moves), decode(text)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", default="27")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--offline-nodes", type=int, default=OFFLINE_NODES,
                        help="the search's budget per turn start (0: random plays alone)")
    args = parser.parse_args()
    counts: dict[str, int] = {}
    kept: list[str] = []
    seen: set[str] = set()
    for kind, state, moves in survey(args.games, args.seed, args.offline_nodes):
        counts[kind] = counts.get(kind, 0) + 1
        text = encode(state)
        if kind == "win" and text not in seen:
            seen.add(text)
            kept.append(f"{moves}\t{text}")
            _write(args, kept, counts)  # after each, so a long run can be stopped
    print(_write(args, kept, counts))


def _write(args: argparse.Namespace, kept: list[str], counts: dict[str, int]) -> str:
    header = (
        f"# python -m tools.piously_wins --games {args.games} --seed {args.seed} "
        f"--offline-nodes {args.offline_nodes}: "
        f"{len(kept)} positions; turn starts: {counts}"
    )
    args.out.write_text("\n".join([header, *kept]) + "\n", encoding="utf-8")
    return header


if __name__ == "__main__":
    main()
