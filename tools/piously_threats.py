"""Generate the Piously positions where the opponent threatens a win and some turn stops it.

``python -m tools.piously_threats [--out tests/piously/ai/threats.txt]`` takes the positions
of ``tests/piously/ai/wins.txt`` (turn starts with a win this turn of three or more moves)
with the other colour to move first: the colour that had the win threatens it next turn,
should the side to move end its turn at once. It keeps each such position where

- the complete search finds no win of the side to move's own this turn (a win it has is
  what the players play first), so its turn is a defence; and
- some turn stops the threat: one of ``TURNS`` turns of a wide turn search leaves the
  threatener a turn that the complete search (``PROOF_NODES``) proves has no win.

One position a line: the index of the wins position it came from, then the position's text.
``tests/piously/ai/test_threats.py`` and ``python -m bench piously_wins`` check that hard's
turn from each leaves the threatener no win. A turn search, not every turn, is tried as a
defence, so the file holds the threats some turn is known to stop; where none of those
turns could be proved to stop it, the position is left out (counted in the header).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Final

from game.core.player import Budget, Limit
from game.piously.ai.turns import Shape, TurnSearch
from game.piously.ai.wins import find_win
from game.piously.rules.position import encode
from game.piously.rules.state import PiouslyState, evolve
from tools.piously_wins import DEFAULT_OUT as WINS
from tools.piously_wins import read_positions

WIDE: Final = Shape(width=10, depth=6, casts_per_spell=10)
TURNS: Final = 16
"""Turns of the wide search tried as a defence."""
PROOF_NODES: Final = 2_000
DEFAULT_OUT: Final = Path("tests/piously/ai/threats.txt")


def proved_safe(state: PiouslyState, nodes: int = PROOF_NODES) -> bool:
    """Whether the side to move is proved to have no win this turn (or the game is over
    without its win)."""
    if state.verdict is not None:
        return state.verdict.winner != state.to_move
    found = find_win(state, Budget(Limit(nodes=nodes)))
    return found.line is None and found.complete


def threatened(state: PiouslyState) -> PiouslyState:
    """The wins position with the other colour to move first (the threat still stands)."""
    return evolve(state, to_move=1 - state.to_move)


def stoppable(state: PiouslyState) -> bool:
    """Whether one of a wide search's turns is proved to leave the opponent no win."""
    search = TurnSearch(WIDE, Budget(Limit()), random.Random(0))
    plans = search.plans(state, TURNS)
    return any(not plan.wins and proved_safe(plan.final) for plan in plans)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--every", type=int, default=1, help="every Nth wins position")
    args = parser.parse_args()
    kept: list[str] = []
    counts = {"threats": 0, "own win": 0, "stoppable": 0}
    for index, (_, won) in enumerate(read_positions(WINS)):
        if index % args.every:
            continue
        counts["threats"] += 1
        state = threatened(won)
        if find_win(state, Budget(Limit(nodes=PROOF_NODES))).line is not None:
            counts["own win"] += 1
        elif stoppable(state):
            counts["stoppable"] += 1
            kept.append(f"{index}\t{encode(state)}")
        header = (f"# python -m tools.piously_threats --every {args.every}: "
                  f"{len(kept)} positions of {counts}")
        args.out.write_text("\n".join([header, *kept]) + "\n", encoding="utf-8")
    print(header)


if __name__ == "__main__":
    main()
