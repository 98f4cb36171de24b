"""A generic Monte Carlo tree search player: it knows a game only through its protocol.

It measures a game's own computer levels against a player of another kind, one that knows
nothing of the game but its legal moves and its outcome. The tree is over single legal moves
(a game whose turn is several moves gets one tree level per move); each playout plays random
moves (``Game.random_move``; dice by their odds) until the game ends or ``horizon`` turns
have passed, a turn being a change of the seat to move. A finished playout scores 1 for the
winner, 0.5 each for a draw; a playout the horizon cut short scores 0.5 (the search has no
evaluation, by design). Selection is UCT. Each playout spends one node of the budget, so a
node limit is a playout limit and a seeded game replays exactly.

Wins and losses are proven, not only estimated (MCTS-Solver): a position where the game is
over is won for its winner; a position is won for the seat to move when one of its moves is,
and won for another seat when every move is proven won for that seat. A proven win is played
at once (the search stops), a move proven lost is never selected nor played while another is
left. When a search starts, every move of the position is made (so a move that wins at once
is proven before any playout), and after each move that hands the turn over, the replies
(so a move after which the opponent wins at once is proven lost): at most ``OPENING``
positions, which a game with thousands of moves a turn skips. Rolls of the dice are never
proven. Not used, since they need playouts that end: longer horizons (random Piously play
ends a game within 12 turns in 11% of playouts even late in a game with a win at hand, at
nine times the cost of two turns: ``python -m tools.piously_playouts``, ``docs/ai.md``
says more) and move statistics shared across the tree (RAVE), which have nothing to share
when nearly every playout is cut.

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
with two turns a Piously turn takes 1-2.5 s, about what the generic search it stands in for took."""
EXPLORATION: Final = math.sqrt(2)
OPENING: Final = 5_000
"""The most positions made when a search starts, to find the moves that win or lose at
once: a game with thousands of moves a turn (Conquid's) skips it, one where every move
hands the turn over with hundreds of replies pays a bounded price."""
REUSE_DEPTH: Final = 2
"""How many moves below the last root the next position is looked for (our move, then the
opponent's reply or our own next move of the turn)."""


@dataclass(eq=False)
class _Node:
    """A position in the tree. ``wins`` are counted for the seat that moved into it."""

    state: Any
    mover: int
    """The seat whose move led here (for the root, the seat to move: never scored)."""
    seat: int
    """The seat to move here (CHANCE for a roll)."""
    over: bool
    winner: int | None
    """The winner when the game is over here (None for a draw, or while it goes on)."""
    proven: int | None = None
    """The seat that wins from here whatever the others play, found by the search."""
    untried: list[Any] | None = None
    children: list[tuple[Any, _Node]] = field(default_factory=list)
    visits: int = 0
    wins: float = 0.0


@dataclass
class MonteCarloPlayer:
    """UCT over single legal moves with random playouts cut at ``horizon`` turns, and
    proven wins and losses (MCTS-Solver)."""

    game: Game[Any, Any]
    name: str = "mcts"
    horizon: int = HORIZON
    exploration: float = EXPLORATION
    _last: _Node | None = field(default=None, repr=False)

    def choose(self, state: Any, budget: Budget, rng: random.Random) -> Decision[Any]:
        root = self._reused(state) or self._node(state, self.game.to_move(state))
        self._open_root(root, rng)
        while root.proven is None and not budget.exhausted:
            self._iterate(root, rng)
            budget.spend()
        move, best = self._best(root)
        self._last = best
        if best.proven is not None:
            score: float | None = 1.0 if best.proven == root.seat else 0.0
        else:
            score = best.wins / best.visits if best.visits else None
        return Decision(move, score, budget.nodes, 1, (move,))

    def _node(self, state: Any, mover: int) -> _Node:
        outcome = self.game.outcome(state)
        winner = None if outcome is None else outcome.winner
        node = _Node(state, mover, self.game.to_move(state), outcome is not None, winner)
        node.proven = winner
        return node

    def _open_root(self, root: _Node, rng: random.Random) -> None:
        """Every move of the root made at once, so a move that wins at once is proven
        before any playout; then, for each move that hands the turn over, the replies, so
        a move after which the next seat wins at once is proven lost. At most ``OPENING``
        positions in all: a root with more moves is searched as any other node."""
        moves = self._list(root, rng) if root.untried is None else root.untried
        if len(moves) > OPENING:
            return
        left = OPENING - len(moves)
        while moves:
            self._child(root, moves.pop())
        for _, child in root.children:
            if left <= 0:
                break
            if child.over or child.seat in (root.seat, CHANCE) or child.untried is not None:
                continue
            replies = self._list(child, rng)
            for index, reply in enumerate(replies[:left]):
                if self._child(child, reply).proven == child.seat:
                    del replies[index]
                    child.proven = child.seat
                    break
                child.children.pop()
            left -= len(replies)
        self._prove(root)

    def _best(self, root: _Node) -> tuple[Any, _Node]:
        """A proven win, else the most visited move not proven lost (any, if all are)."""
        for move, child in root.children:
            if child.proven == root.seat:
                return move, child
        alive = [(move, child) for move, child in root.children if child.proven is None]
        return max(alive or root.children, key=lambda pair: pair[1].visits)

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
        while not node.over and node.proven is None:
            if node.seat == CHANCE:
                node = self._roll(node, rng)
            elif node.untried is None or node.untried:
                node = self._expand(node, rng)
                path.append(node)
                break
            else:
                node = self._select(node)
                if node.visits == 0:  # made when its parent was opened: not played out yet
                    path.append(node)
                    break
            path.append(node)
        if node.proven is not None:
            winner: int | None = node.proven
        elif node.over:
            winner = node.winner
        else:
            winner = self._playout(node.state, rng)
        for visited in path:
            visited.visits += 1
            if winner is None:
                visited.wins += 0.5
            elif winner == visited.mover:
                visited.wins += 1.0
        for visited in reversed(path):
            self._prove(visited)

    def _prove(self, node: _Node) -> None:
        """MCTS-Solver: a position is won for the seat to move when one of its moves is,
        and won for another seat when every move is proven won for that seat. Rolls of
        the dice are never proven (one outcome's proof is not the roll's)."""
        if node.proven is not None or node.seat == CHANCE or not node.children:
            return
        proofs = {child.proven for _, child in node.children}
        if node.seat in proofs:
            node.proven = node.seat
        elif not node.untried and len(proofs) == 1:
            node.proven = proofs.pop()

    def _list(self, node: _Node, rng: random.Random) -> list[Any]:
        """The node's moves, in a random order, as its untried ones."""
        moves = list(self.game.legal_moves(node.state))
        rng.shuffle(moves)
        node.untried = moves
        return moves

    def _expand(self, node: _Node, rng: random.Random) -> _Node:
        moves = self._list(node, rng) if node.untried is None else node.untried
        return self._child(node, moves.pop())

    def _child(self, node: _Node, move: Any) -> _Node:
        after = self._node(self.game.apply_unchecked(node.state, move).state, node.seat)
        node.children.append((move, after))
        return after

    def _select(self, node: _Node) -> _Node:
        """UCT among the moves not proven to lose (all of them when every one does);
        a move not yet played out first."""
        children = [child for _, child in node.children]
        alive = [child for child in children if child.proven in (None, node.seat)]
        pool = alive or children
        fresh = [child for child in pool if child.visits == 0]
        if fresh:
            return fresh[0]
        log_n = math.log(node.visits)

        def ucb(child: _Node) -> float:
            return child.wins / child.visits + self.exploration * math.sqrt(log_n / child.visits)

        return max(pool, key=ucb)

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
