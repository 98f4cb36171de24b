"""Generate the Piously positions where the opponent threatens a win and some turn stops it.

``python -m tools.piously_threats [--games 40] [--seed 27] [--out tests/piously/ai/threats.txt]``
plays seeded games of the easy level against itself (node-limited, so the same run gives
the same file) and keeps each turn start where

- the opponent threatens: were the side to move to end its turn at once, the opponent
  would have a win in its next turn (found by the complete search, ``SEARCH_NODES``);
- the complete search finds no win of the side to move's own this turn (a win it has is
  what the players play first), so its turn is a defence; and
- some turn stops the threat: after one of ``TURNS`` turns of a wide turn search, the
  complete search (``SEARCH_NODES``) finds no win for the opponent.

A proof that there is no win is cheap early in a game and out of reach late, when seven
spells leave the bound nothing to prune (``docs/ai.md``): asking for one
kept one threat in 26. So a turn "stops" a threat when the search, with the budget that
found the threat, finds no win after it; the bench says how many of hard's turns are also
proved safe. One position a line: the number of the game it came from, then the position.
``tests/piously/ai/test_threats.py`` and ``python -m bench piously_wins`` check that hard's
turn from each leaves the opponent no win.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Final

from game.core.player import Budget, Limit
from game.piously.ai.turns import Shape, TurnSearch
from game.piously.ai.wins import find_win
from game.piously.rules.game import play
from game.piously.rules.moves import EndTurn
from game.piously.rules.position import encode
from game.piously.rules.state import PiouslyState
from tools.piously_wins import PAIRING, turn_starts

WIDE: Final = Shape(width=10, depth=6, casts_per_spell=10)
TURNS: Final = 16
"""Turns of the wide search tried as a defence."""
SEARCH_NODES: Final = 2_000
DEFAULT_OUT: Final = Path("tests/piously/ai/threats.txt")


def wins_now(state: PiouslyState) -> bool:
    """Whether the complete search finds a win this turn for the side to move (False once
    the game is over)."""
    if state.verdict is not None:
        return False
    return find_win(state, Budget(Limit(nodes=SEARCH_NODES))).line is not None


def threatened(state: PiouslyState) -> bool:
    """Whether the opponent would win next turn if the side to move ended its turn now."""
    after = play(state, EndTurn()).state
    return after.verdict is None and wins_now(after)


def stoppable(state: PiouslyState) -> bool:
    """Whether after one of a wide search's turns the opponent has no win the search finds."""
    search = TurnSearch(WIDE, Budget(Limit()), random.Random(0))
    plans = search.plans(state, TURNS)
    return any(not plan.wins and not wins_now(plan.final) for plan in plans)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", default="27")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    kept: list[str] = []
    counts = {"turn starts": 0, "threatened": 0, "own win": 0, "stoppable": 0}
    for index in range(args.games):
        for state in turn_starts(f"{args.seed}/{index}", PAIRING):
            counts["turn starts"] += 1
            if not threatened(state):
                continue
            counts["threatened"] += 1
            if wins_now(state):
                counts["own win"] += 1
            elif stoppable(state):
                counts["stoppable"] += 1
                kept.append(f"{index}\t{encode(state)}")
        header = (f"# python -m tools.piously_threats --games {index + 1} --seed {args.seed}: "
                  f"{len(kept)} positions; {counts}")
        args.out.write_text("\n".join([header, *kept]) + "\n", encoding="utf-8")
        print(header, flush=True)  # after each game, so a long run can be stopped


if __name__ == "__main__":
    main()
