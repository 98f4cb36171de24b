"""A generic Monte Carlo tree search player: it knows a game only through its protocol.

It measures a game's own computer levels against a player of another kind, one that knows
nothing of the game but its legal moves and its outcome. The tree is over single legal moves
(a game whose turn is several moves gets one tree level per move); each playout plays random
moves (``Game.random_move``; dice by their odds) until the game ends or ``horizon`` turns
have passed, a turn being a change of the seat to move. A finished playout scores 1 for the
winner, 0.5 each for a draw; a playout the horizon cut short scores 0.5 (the search has no
evaluation, by design). Selection is UCT. Each playout spends one node of the budget, so a
node limit is a playout limit and a seeded game replays exactly.

The tree outlives the move: when the next position asked about is one the tree already
holds (the rest of a turn of several moves, or the opponent's reply one or two moves on),
its subtree becomes the new root, with the playouts already run through it. Every move
still gets its own playouts on top, so a turn of several moves is searched as one tree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from game.core.player import Budget, Decision, Limit, Player
from game.core.protocol import CHANCE, Game

PLAYOUTS: Final = 1_000
HORIZON: Final = 2
"""Turns a playout looks ahead: the rest of this turn and the opponent's next. A random game
of Piously runs about 700 moves (0.17 s), so playouts to the end would take minutes a move;
with two turns a Piously turn takes 1-2.5 s, about the generic search issue 27 measured."""
EXPLORATION: Final = math.sqrt(2)
REUSE_DEPTH: Final = 2
"""How many moves below the last root the next position is looked for (our move, then the
opponent's reply or our own next move of the turn)."""


@dataclass(eq=False)
class _Node:
    """A position in the tree. ``wins`` are counted for the seat that moved into it."""

    state: Any
    mover: int
    """The seat whose move led here (for the root, the seat to move: never scored)."""
    untried: list[Any] | None = None
    children: list[tuple[Any, _Node]] = field(default_factory=list)
    visits: int = 0
    wins: float = 0.0


@dataclass
class MonteCarloPlayer:
    """UCT over single legal moves with random playouts cut at ``horizon`` turns."""

    game: Game[Any, Any]
    name: str = "mcts"
    horizon: int = HORIZON
    exploration: float = EXPLORATION
    _last: _Node | None = field(default=None, repr=False)

    def choose(self, state: Any, budget: Budget, rng: random.Random) -> Decision[Any]:
        root = self._reused(state) or _Node(state, self.game.to_move(state))
        while not budget.exhausted:
            self._iterate(root, rng)
            budget.spend()
        if not root.children:  # no playout fitted in the budget: expand one move
            self._expand(root, rng)
        move, best = max(root.children, key=lambda child: child[1].visits)
        self._last = best
        score = best.wins / best.visits if best.visits else None
        return Decision(move, score, budget.nodes, 1, (move,))

    def _reused(self, state: Any) -> _Node | None:
        """The node of the kept tree for ``state``: the position after the move last
        chosen, or one or two moves below it (None when the game went elsewhere: a new
        game, a take-back)."""
        level = [] if self._last is None else [self._last]
        for _ in range(REUSE_DEPTH + 1):
            for node in level:
                if node.state == state:
                    return node
            level = [child for node in level for _, child in node.children]
        return None

    def _iterate(self, root: _Node, rng: random.Random) -> None:
        path = [root]
        node = root
        while self.game.outcome(node.state) is None:
            if self.game.to_move(node.state) == CHANCE:
                node = self._roll(node, rng)
            elif node.untried is None or node.untried:
                node = self._expand(node, rng)
                path.append(node)
                break
            else:
                node = self._select(node)
            path.append(node)
        winner = self._playout(node.state, rng)
        for visited in path:
            visited.visits += 1
            if winner is None:
                visited.wins += 0.5
            elif winner == visited.mover:
                visited.wins += 1.0

    def _expand(self, node: _Node, rng: random.Random) -> _Node:
        if node.untried is None:
            node.untried = list(self.game.legal_moves(node.state))
            rng.shuffle(node.untried)
        move = node.untried.pop()
        return self._child(node, move)

    def _child(self, node: _Node, move: Any) -> _Node:
        after = self.game.apply_unchecked(node.state, move).state
        child = _Node(after, self.game.to_move(node.state))
        node.children.append((move, child))
        return child

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)

        def ucb(child: _Node) -> float:
            return child.wins / child.visits + self.exploration * math.sqrt(log_n / child.visits)

        return max((child for _, child in node.children), key=ucb)

    def _roll(self, node: _Node, rng: random.Random) -> _Node:
        """A chance node: one outcome drawn by its odds (each outcome's child kept)."""
        move = _draw(self.game, node.state, rng)
        for known, child in node.children:
            if known == move:
                return child
        return self._child(node, move)

    def _playout(self, state: Any, rng: random.Random) -> int | None:
        """Random moves to the end or the horizon; the winner, None for a draw or a cut."""
        game = self.game
        seat = game.to_move(state)
        turns = 0
        while (outcome := game.outcome(state)) is None:
            if game.to_move(state) == CHANCE:
                move = _draw(game, state, rng)
            else:
                move = game.random_move(state, rng)
            if move is None:
                return None
            state = game.apply_unchecked(state, move).state
            now = game.to_move(state)
            if now not in (seat, CHANCE):
                seat = now
                turns += 1
                if turns >= self.horizon:
                    return None
        return outcome.winner


def _draw(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    outcomes = game.chance_outcomes(state)
    moves = [move for move, _ in outcomes]
    return rng.choices(moves, weights=[odds for _, odds in outcomes])[0]


GENERIC_LEVELS: Final[dict[str, Callable[[Game[Any, Any]], Player[Any, Any]]]] = {
    "mcts": lambda game: MonteCarloPlayer(game),
}
"""Levels every game has, built from the game itself (for the arena)."""

GENERIC_LIMITS: Final[dict[str, Limit]] = {"mcts": Limit(nodes=PLAYOUTS)}
"""1,000 playouts a move and no clock, so a run replays move for move on any machine."""
