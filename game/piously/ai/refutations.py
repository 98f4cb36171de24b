"""The opponent's wins found so far in one decision, tried first on every turn hard checks.

Hard checks each turn it weighs for a win of the opponent's next turn with the complete
search (``wins.find_win``), which spends a thousand nodes or more before it finds one. The
turns weighed in one decision differ in a few hexes, so a win found after one of them often
still wins after the next, and playing a known winning line costs a node a move. Only a turn
after which none of the known lines wins is searched; a win found there joins the lines, first
(the latest refutation is the likeliest to refute the next turn too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.piously.ai.evaluate import NeedCache
from game.piously.ai.turns import Spender
from game.piously.ai.wins import Found, find_win, line_wins
from game.piously.rules.moves import Move
from game.piously.rules.state import PiouslyState

Line = tuple[Move, ...]


@dataclass
class Refutations:
    """Winning lines of the opponent's turn, latest first; ``cache`` is the decision's."""

    cache: NeedCache
    lines: list[Line] = field(default_factory=list)

    def check(self, state: PiouslyState, budget: Spender) -> Found:
        """A win this turn for the side to move in ``state``: a known line that still wins
        there, else the complete search's answer (a line it finds is remembered)."""
        spent = 0
        for index, line in enumerate(self.lines):
            won, nodes = line_wins(state, line, budget)
            spent += nodes
            if won:
                self.lines.insert(0, self.lines.pop(index))
                return Found(line, True, spent)
        found = find_win(state, budget, self.cache)
        if found.line is not None:
            self.remember(found.line)
        return Found(found.line, found.complete, spent + found.nodes)

    def remember(self, line: Line) -> None:
        """Keep a winning line found another way (a turn search's), tried first."""
        self.lines.insert(0, line)

