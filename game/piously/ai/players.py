"""The Piously computer players: easy, normal and hard.

The Player interface gives one move per call, while a Piously turn is several moves. So
normal and hard plan the whole turn, return its first move and keep the rest: the next call
continues the plan when the position is the one the plan expected, and plans afresh
otherwise (a take-back, or a new game). Every level takes a win it sees this turn; normal
and hard look for one first by a complete search of the turn, then by random plays of it.
  - easy: one move at a time, the best by the evaluation among a noisy few, so it drifts
    towards its goal but wastes actions and never looks at the opponent's next turn.
  - normal: the best whole turn (a beam search over actions and casts, then the end of the
    turn with the best claim) by the evaluation.
  - hard: a three-level search over whole turns. Its best turns by normal's search, best
    first, are each answered by the opponent's best whole turn (searched as normal would
    search it), then by its own best turn after that, and it plays the turn worth most at
    the end of that third turn. A turn the answer wins counts as lost, so hard blocks a
    win next turn when some turn it found can, and refuses a claim that hands the opponent
    a winning spell; a turn after which its next turn wins is worth almost a win, so it
    builds threats the answer does not stop.
Work is counted in positions played (nodes), so a node budget makes a game reproducible.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from game.core.player import Budget, Decision
from game.piously.ai.evaluate import ACTION, WIN, NeedCache, evaluate
from game.piously.ai.refutations import Refutations
from game.piously.ai.sampling import win_line
from game.piously.ai.setup import setup_move
from game.piously.ai.turns import Measured, Plan, Portion, Shape, Share, TurnSearch
from game.piously.ai.wins import find_win
from game.piously.rules.game import end_moves, play
from game.piously.rules.moves import EndTurn, Move
from game.piously.rules.state import Phase, PiouslyState

PiouslyDecision = Decision[Move]

EASY_SHAPE: Final = Shape(width=1, depth=1, casts_per_spell=4)
RESCUE_SHAPE: Final = Shape(width=16, depth=7, casts_per_spell=12)
"""The wider turn search hard makes when every turn it planned loses to the answer."""
RESCUE_KEEP: Final = 80
RESCUE_SEARCH_NODES: Final = 1_500
"""The wider search's own nodes; the rest of hard's ``rescue_nodes`` go to the checks."""
EASY_NOISE: Final = 1.5 * ACTION
"""How much easy's judgement of a move wobbles (about one and a half actions' worth)."""


class EasyPlayer:
    """One move at a time by a noisy evaluation; takes a winning move when it has one."""

    name = "easy"

    def choose(self, state: PiouslyState, budget: Budget, rng: random.Random) -> PiouslyDecision:
        if state.phase is not Phase.PLAY:
            return Decision(setup_move(state, rng))
        seat = state.to_move
        cache: NeedCache = {}
        search = TurnSearch(EASY_SHAPE, budget, rng, cache)
        options: list[tuple[float, Move]] = []
        for move in search.candidates(state):
            budget.spend()
            after = play(state, move).state
            score = evaluate(after, seat, cache)
            if score >= WIN:
                return Decision(move, WIN, budget.nodes, 1, (move,))
            options.append((score + ACTION * after.actions, move))
        for end in end_moves(state):
            options.append((evaluate(play(state, end).state, seat, cache), end))
        noisy = [(score + rng.gauss(0, EASY_NOISE), index) for index, (score, _) in
                 enumerate(options)]
        _, best = max(noisy)
        score, move = options[best]
        return Decision(move, score, budget.nodes, 1, (move,))


@dataclass
class PlanningPlayer:
    """Plans whole turns (normal); with ``replies`` also the opponent's answer and its own
    next turn after it (hard)."""

    name: str
    shape: Shape
    replies: Shape | None = None
    """The opponent's turn search at the second level; None for a one-turn search."""
    keep: int = 1
    """How many of its own best turns are answered by the opponent and followed up."""
    reserve: float = 0.0
    """The fraction of the budget kept from the first level for the answers."""
    win_nodes: int = 0
    """Nodes of the complete search for a win this turn, before any planning."""
    near_win_nodes: int = 0
    """More nodes for that search when it ran out with a win looking near (``PROMISING``)."""
    sample_nodes: int = 0
    """Nodes of random plays of the turn (``sampling``) when that search ends with neither
    a win nor a proof that there is none."""
    threatened_near_win_nodes: int | None = None
    """The same when the opponent would win next turn were this side to pass (hard): the
    turn must then also pay for checking every turn it weighs, so its own long shot gets
    less, all of it to the win search's first order (shared, so few would leave each order
    too few). None: ``near_win_nodes`` whatever the threat."""
    answer_nodes: int = 0
    """Nodes of the complete search for the opponent's win after each answered plan."""
    threat_nodes: int = 0
    """Nodes of the search for the opponent's win were this side to end its turn at once;
    when it finds one, every turn weighed is checked with this many nodes instead (a threat
    the first search found is not missed by a smaller one after a turn that does not stop it)."""
    plan_nodes: int | None = None
    """Nodes for the planning after the win search."""
    rescue_nodes: int = 0
    """Nodes (hard) to look wider for a turn that stops the opponent's win when none of the
    planned turns does."""
    _pending: list[tuple[PiouslyState, Move]] = field(default_factory=list, repr=False)

    def choose(self, state: PiouslyState, budget: Budget, rng: random.Random) -> PiouslyDecision:
        if state.phase is not Phase.PLAY:
            return Decision(setup_move(state, rng))
        if self._pending and self._pending[0][0] == state:
            _, move = self._pending.pop(0)
            return Decision(move, None, 0, 1, (move, *(later for _, later in self._pending)))
        plan, score, depth = self._plan(state, budget, rng)
        self._pending = list(zip(plan.states[:-1], plan.moves[1:], strict=True))
        return Decision(plan.moves[0], score, budget.nodes, depth, plan.moves)

    def _plan(
        self, state: PiouslyState, budget: Budget, rng: random.Random
    ) -> tuple[Plan, float, int]:
        cache: NeedCache = {}
        threats = Refutations(cache)
        threatened = functools.cache(lambda: self._threatened(state, budget, threats))
        extra = None
        if self.near_win_nodes:
            sizes = (self.near_win_nodes, self.threatened_near_win_nodes)
            extra = _NearWin(budget, sizes, threatened)
        found = find_win(
            state, Portion(budget, self.win_nodes), cache, extra, lambda: not threatened()
        )
        line = win_line(state, found, Portion(budget, self.sample_nodes))
        if line is not None:
            return _played(state, line), WIN, 1
        planning: Measured = budget if self.plan_nodes is None else Portion(
            budget, self.plan_nodes
        )
        first = Share(planning, self.reserve if self.replies else 0.0)
        plans = TurnSearch(self.shape, first, rng, cache).plans(state, self.keep)
        if self.replies is None or plans[0].wins:
            return plans[0], plans[0].score, 1
        checks = self.threat_nodes if threatened() else self.answer_nodes
        value, plan = self._answered(plans, planning, rng, threats, checks)
        if value <= -WIN:
            rescue = Portion(budget, self.rescue_nodes)
            value, plan = self._stopping(state, plans, (value, plan), rescue, rng, threats, checks)
        return plan, value, 3

    def _threatened(self, state: PiouslyState, budget: Budget, threats: Refutations) -> bool:
        """Whether the opponent would have a win next turn were this side to pass."""
        if not self.threat_nodes:
            return False
        passed = play(state, EndTurn()).state
        if passed.verdict is not None:
            return False
        return threats.check(passed, Portion(budget, self.threat_nodes)).line is not None

    def _stopping(
        self,
        state: PiouslyState,
        tried: list[Plan],
        best: tuple[float, Plan],
        budget: Measured,
        rng: random.Random,
        threats: Refutations,
        checks: int,
    ) -> tuple[float, Plan]:
        """Every planned turn lets the opponent win: search wider for one that does not,
        and play the first (they come best first by the evaluation) after which the
        opponent's known wins fail and the complete search with ``checks`` nodes finds
        none. Such a turn counts as stopping the win, proved or not (late in a game the
        proof is out of reach); a check the budget cut short proves nothing."""
        wide = TurnSearch(RESCUE_SHAPE, Portion(budget, RESCUE_SEARCH_NODES), rng, threats.cache)
        seen = {plan.final for plan in tried}
        for plan in wide.plans(state, RESCUE_KEEP):
            if budget.exhausted:
                break
            if plan.final in seen:
                continue
            seen.add(plan.final)
            check = Portion(budget, checks)
            threat = threats.check(plan.final, check)
            if threat.line is None:
                if threat.complete or check.spent >= checks:
                    return plan.score, plan
                break  # the rescue's budget cut the check short: it proves nothing
        return best

    def _answered(
        self,
        plans: list[Plan],
        budget: Measured,
        rng: random.Random,
        threats: Refutations,
        checks: int,
    ) -> tuple[float, Plan]:
        """The plan (of the first level's best, in order) worth most after the opponent's
        best whole turn and this side's best turn after that, scored at the end of that
        turn: a plan the answer wins is worth -WIN, one whose follow-up wins WIN / 2, ties
        go to the earlier plan. Scoring after its own next turn rather than right after the
        answer credits the turns that prepare a win. Plans are answered while the budget
        lasts; a result cut short by the budget is trusted only for the first plan."""
        best: tuple[float, Plan] | None = None
        for index, plan in enumerate(plans):
            if index and budget.exhausted:
                break
            value = self._after_answer(plan, budget, rng, threats, checks)
            if index and budget.exhausted:
                break
            if best is None or value > best[0]:
                best = (value, plan)
        assert best is not None  # the first plan is always answered
        return best

    def _after_answer(
        self, plan: Plan, budget: Measured, rng: random.Random, threats: Refutations, checks: int
    ) -> float:
        """What ``plan`` is worth to its side after the opponent's best answer and its own
        best turn after that (the evaluation at the end of the third whole turn)."""
        assert self.replies is not None
        seat = 1 - plan.final.to_move
        cache = threats.cache
        if plan.final.verdict is None:
            threat = threats.check(plan.final, Portion(budget, checks))
            if threat.line is not None:
                return -WIN
        reply = TurnSearch(self.replies, budget, rng, cache).plans(plan.final, 1)[0]
        if reply.wins:
            threats.remember(reply.moves)
            return -WIN
        if reply.final.verdict is not None:
            return evaluate(reply.final, seat, cache)
        again = TurnSearch(self.shape, budget, rng, cache).plans(reply.final, 1)[0]
        return WIN / 2 if again.wins else again.score


@dataclass
class _NearWin:
    """The win search's extra nodes, sized when it first asks for them: fewer when the
    opponent threatens a win next turn (checked only then, so the many turns that need no
    extra nodes do not pay for the check before their win search)."""

    budget: Budget
    sizes: tuple[int, int | None]
    """The nodes, and the nodes under a threat (None: the same)."""
    threatened: Callable[[], bool]
    _portion: Portion | None = field(default=None, repr=False)

    def _sized(self) -> Portion:
        if self._portion is None:
            nodes, under_threat = self.sizes
            if under_threat is not None and self.threatened():
                nodes = under_threat
            self._portion = Portion(self.budget, nodes)
        return self._portion

    def spend(self, nodes: int = 1) -> None:
        self._sized().spend(nodes)

    @property
    def exhausted(self) -> bool:
        return self._sized().exhausted


def _played(state: PiouslyState, line: tuple[Move, ...]) -> Plan:
    """A winning line as a plan (each move's position kept, so the plan is continued)."""
    states = []
    for move in line:
        state = play(state, move).state
        states.append(state)
    return Plan(line, tuple(states), WIN)
