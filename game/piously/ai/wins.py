"""Is there a win this turn? A complete search of the side to move's turn.

Every sequence of actions and casts (every cast with all of its choices, none sampled) is
searched, with transpositions merged: a position reached by two orders of the same moves is
searched once. Every position made is checked for a win as soon as it is made, before any is
searched further, so a win one move away is never behind a long detour.

The search takes the positions nearest a win first (the evaluation's actions to win against
what the mover can still do). Late in a game, with seven spells in hand, casts with hundreds
of choices (the Yeoman's, the Upset's, the Illusionist's) tie in that order, and a long win
behind one of them took it 28,000 to over 80,000 nodes. So once the budget is spent and the
caller's extra nodes are given, a second complete search of the same turn, the positions
furthest into the turn first, takes a third of those nodes: it finds those wins
in 100 to 5,200 nodes, while the first still finds the many wins the second walks past.
Either search ending without a win proves there is none.

What keeps the searches small is a sound bound (``can_still_win``): a win needs at least
``deficit`` more hexes turned to the mover's aura (a room without one needs one; two rooms are
joined only through hexes that are not yet the mover's), and the mover can turn at most
``reach`` more this turn: a blessing per action, but each blessing after the first needs the
piece on a new hex (a step, or a spell that moves it), plus what each spell still charged can
turn (the Upset at most three: it keeps each colour's count), the Overwork's actions and the
Opportunist's second cast. A position whose deficit exceeds its reach
cannot lead to a win and is not searched. Most turns are decided at the root by this bound
alone. Work is counted in positions made, so a node budget gives the same answer every time;
``Found.complete`` says whether the search ended by itself rather than by the budget.

A caller may give ``extra`` nodes, spent only when the search looks close to a win (its best
open position's priority at most ``PROMISING``: the mover far more able than far), so turns
with no win in sight do not pay for them. Each position's priority is worked out only if it
reaches the head of its queue (it enters with a cheap floor of it), which most never do.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from operator import add, sub
from typing import Final

from game.piously.ai.evaluate import NeedCache, actions_to_win
from game.piously.ai.turns import Spender
from game.piously.rules import casting
from game.piously.rules import spellbook as book
from game.piously.rules.game import action_moves, move_problem, play
from game.piously.rules.hexes import DIRECTIONS, Hex
from game.piously.rules.moves import Move, Usurper
from game.piously.rules.spellbook import (
    ILLUSIONIST,
    OPPORTUNIST,
    OVERWORK,
    SHOVEL_SPELL,
    SPELLS,
    STONEMASON,
    USURPER,
    is_artwork,
)
from game.piously.rules.state import PiouslyState, rooms_in_hand
from game.piously.rules.temple import Layout, Temple

PROMISING: Final = -9
"""The priority (far minus able, see ``_priority``) below which a search that ran out of
nodes goes on with its extra nodes. The wins the first budget missed in the generated
positions sat at -9 to -37 when it ran out; turn starts of easy's games without a win found
mostly at -8 or more (``docs/ai.md``)."""
NEIGHBOURHOOD: Final = 7
"""A hex and its six neighbours: the most auras the Imprint or the Upset can give at once."""
OVERWORK_MOST: Final = 6
"""The most actions the Overwork can give (an object on every neighbour)."""
UPSET_MOST: Final = 3
"""The Upset keeps the count of each colour among seven hexes, so as many of the mover's
auras leave hexes as arrive on new ones: at most three of seven."""
FIXED_GAINS: Final = {book.PRIESTESS: 1, book.PURIFY: 1, USURPER: 2, book.IMPRINT: NEIGHBOURHOOD,
                      book.UPSET: UPSET_MOST}
"""The most hexes each spell can turn to the caster's aura; spells that only move things
(or give actions) add none themselves."""
RESHAPERS: Final = frozenset((STONEMASON, SHOVEL_SPELL))
"""Spells that change which hexes touch, so joining rooms may get cheaper."""
MOVERS: Final = frozenset((book.LEAP, book.YOKE, book.LOCKSMITH, book.YEOMAN, STONEMASON,
                           SHOVEL_SPELL))
"""Spells that may carry the piece to another hex without a step (counted generously)."""


@dataclass(frozen=True)
class Found:
    """A winning sequence (None when none was found), and whether the search was complete:
    a complete search without a line proves there is no win this turn."""

    line: tuple[Move, ...] | None
    complete: bool
    nodes: int


@dataclass
class _Open:
    """A position waiting to be searched, and the moves that made it."""

    state: PiouslyState
    line: tuple[Move, ...]


_Key = tuple[int, int, int]
_KeyOf = Callable[[PiouslyState, int, int, NeedCache], _Key]
"""A key of a position in a search's order, from the position, the moves made so far this
turn, the position's order number (the last part of every key: ties go to the one made
first) and the evaluation's cache."""


class _Queue:
    """The open positions in one order. A position enters with a floor of its key, cheap to
    work out; its true key (which needs the evaluation's tree) is worked out only when it
    reaches the head, and it goes back in with it. Most positions never reach the head, and
    the order is the same as with every true key worked out at once: a floor is never above
    the true key, and both end in the same unique order number."""

    def __init__(self, floor: _KeyOf, exact: _KeyOf, cache: NeedCache) -> None:
        self._floor = floor
        self._exact = exact
        self._cache = cache
        self._heap: list[tuple[_Key, bool, _Open]] = []
        self._order = itertools.count()

    def push(self, position: _Open) -> None:
        key = self._floor(position.state, len(position.line), next(self._order), self._cache)
        heapq.heappush(self._heap, (key, False, position))

    def head(self) -> tuple[_Key, _Open] | None:
        """The first position, with its true key (None: no more)."""
        heap = self._heap
        while heap and not heap[0][1]:
            key, _, position = heapq.heappop(heap)
            exact = self._exact(position.state, len(position.line), key[-1], self._cache)
            heapq.heappush(heap, (exact, True, position))
        return (heap[0][0], heap[0][2]) if heap else None

    def pop(self) -> _Open | None:
        return heapq.heappop(self._heap)[2] if self.head() is not None else None


class _Search:
    """One complete best-first search of the turn in one order: its own queue and its own
    positions seen (a position reached again by other moves is searched once), played a move
    at a time so that searches can share a budget node for node."""

    def __init__(self, start: PiouslyState, queue: _Queue, share: int, prune: bool) -> None:
        self.queue = queue
        self.prune = prune
        """Whether it prunes a position another it reached dominates (``_dominated``), or
        only one it reached already."""
        self.share = share
        """Its share of the nodes (against the other searches' shares)."""
        self.seen: dict[_Board, list[tuple[int, int]]] = {
            _board(start): [(start.actions, start.cast)]
        }
        """Each board reached, with the actions left and the spells cast of each position
        kept on it (see ``_dominated``)."""
        self.nodes = 0
        self.entry: _Open | None = None
        """The position being searched."""
        self.children: list[_Open] = []
        """Its children so far, queued when it is done."""
        self._moves: Iterator[Move] = iter(())
        queue.push(_Open(start, ()))

    def next_move(self) -> Move | None:
        """The next move to play from ``entry``, after moving on to the next position when
        this one is done (None: no position is left, so there is no win)."""
        while (move := next(self._moves, None)) is None:
            for child in self.children:
                self.queue.push(child)
            self.children = []
            self.entry = self.queue.pop()
            if self.entry is None:
                return None
            state = self.entry.state
            if self.prune and _dominated(
                self.seen[_board(state)], state.actions, state.cast, strictly=True
            ):
                continue  # a position kept since it was queued can do all it can
            self._moves = turn_moves(state)
        return move

    def admit(self, position: _Open) -> None:
        """Keep a position just made if no position this search reached can do all it can
        (``_dominated``) and it may still win."""
        state = position.state
        kept = self.seen.setdefault(_board(state), [])
        means = (state.actions, state.cast)
        known = _dominated(kept, *means, strictly=False) if self.prune else means in kept
        if not known:
            kept.append(means)
            if can_still_win(state):
                self.children.append(position)


_Board = tuple[object, ...]


def _board(state: PiouslyState) -> _Board:
    """What a position of this turn is besides its actions left and its spells cast."""
    return state.temple, state.auras, state.objects


def _dominated(kept: list[tuple[int, int]], actions: int, cast: int, strictly: bool) -> bool:
    """Whether a position on the same board with ``actions`` left and ``cast`` spent can do
    nothing that one of ``kept`` cannot (with ``strictly``: one other than itself), so each
    of its wins is a win of that one, searched already or queued (or ruled out by the bound,
    which is sound): one with as many actions or more and no spell cast that this one has
    not. Within a turn the board decides every move but for an action's cost (it needs
    actions enough) and a cast's spell (it needs to be charged); the Opportunist only
    recharges a spell cast, and where this one recharges one the other never cast, the
    other is still charged with it and dominates the result as it is."""
    return any(
        most >= actions
        and spent & ~cast == 0
        and (not strictly or (most, spent) != (actions, cast))
        for most, spent in kept
    )


def find_win(
    state: PiouslyState,
    budget: Spender,
    cache: NeedCache | None = None,
    extra: Spender | None = None,
    shared: Callable[[], bool] | None = None,
) -> Found:
    """A sequence of moves that wins this turn for the side to move; once ``budget`` is
    spent, ``extra`` too when a win looks near, shared with the later searches unless
    ``shared`` (asked then) says no.

    The searches of ``ORDERS`` after the first join in when the extra nodes are given, which
    they share: the one that has spent the fewest of them for its share plays next."""
    seat = state.to_move
    if state.verdict is not None or not can_still_win(state):
        return Found(None, True, 0)
    need_cache: NeedCache = {} if cache is None else cache
    first, *later = (
        _Search(state, _Queue(order.floor, order.key, need_cache), order.share, order.prunes)
        for order in ORDERS
    )
    searches = [first]
    nodes = 0
    spender = budget
    while True:
        if spender.exhausted:
            if extra is None or spender is extra or not _near(first, need_cache):
                return Found(None, False, nodes)
            spender = extra
            if shared is None or shared():
                first.nodes = 0  # the extra nodes are shared from here, by the shares
                searches += later
            if spender.exhausted:
                return Found(None, False, nodes)
        search = min(searches, key=lambda search: search.nodes / search.share)
        move = search.next_move()
        if move is None:
            return Found(None, True, nodes)
        spender.spend()
        nodes += 1
        search.nodes += 1
        assert search.entry is not None
        line = (*search.entry.line, move)
        after = play(search.entry.state, move).state
        if after.verdict is None:
            search.admit(_Open(after, line))
        elif after.verdict.winner == seat:
            return Found(line, True, nodes)
        # else a tie or the opponent's win ends the game: no way on


def line_wins(state: PiouslyState, line: tuple[Move, ...], budget: Spender) -> tuple[bool, int]:
    """Whether playing ``line`` from ``state`` is legal throughout and wins for the side to
    move with its last move, and the nodes (moves played) it cost."""
    seat = state.to_move
    for played, move in enumerate(line):
        if budget.exhausted or state.verdict is not None or move_problem(state, move):
            return False, played
        budget.spend()
        state = play(state, move).state
    verdict = state.verdict
    return verdict is not None and verdict.winner == seat, len(line)


def _near(nearest: _Search, cache: NeedCache) -> bool:
    """Whether the best open position by ``_priority`` in the first search (the one being
    searched, unless it is the start, its children so far, its queue's head) has a priority
    of at most ``PROMISING``. Asked once, when the budget runs out."""
    entry = nearest.entry
    open_ = [*nearest.children, *([entry] if entry is not None and entry.line else [])]
    best = [_priority(position.state, cache, 0)[0] for position in open_]
    head = nearest.queue.head()
    if head is not None:
        best.append(head[0][0])
    return bool(best) and min(best) <= PROMISING


def _nearest(state: PiouslyState, depth: int, order: int, cache: NeedCache) -> _Key:
    return _priority(state, cache, order)


def _nearest_floor(state: PiouslyState, depth: int, order: int, cache: NeedCache) -> _Key:
    """A floor of ``_priority`` without the evaluation's tree: its actions to win are at
    least ``2 * deficit - 1`` (each hex of its tree not yet the mover's costs an action to
    turn, the tree has at least ``deficit`` of them, and the piece takes a step between
    two)."""
    short = deficit(state)
    return _least_actions(short) + short - state.actions - _reach(state)[0], short, order


def _least_actions(short: int) -> int:
    return max(0, 2 * short - 1)


def _deepest(state: PiouslyState, depth: int, order: int, cache: NeedCache) -> _Key:
    """The positions furthest into the turn first (the most moves made), then by
    ``_priority``."""
    return -depth, _priority(state, cache, order)[0], order


def _deepest_floor(state: PiouslyState, depth: int, order: int, cache: NeedCache) -> _Key:
    return -depth, _nearest_floor(state, depth, order, cache)[0], order


@dataclass(frozen=True)
class _Order:
    """One search's order: a floor of its key, its key, its share of the nodes, and whether
    it prunes the positions others it reached dominate (``_dominated``)."""

    floor: _KeyOf
    key: _KeyOf
    share: int
    prunes: bool


ORDERS: Final = (
    _Order(_nearest_floor, _nearest, 2, prunes=False),
    _Order(_deepest_floor, _deepest, 1, prunes=True),
)
"""The searches and their shares of the nodes: nearest a win first, two shares (its priority
is what ``PROMISING`` is measured in; alone until the extra nodes are given), and furthest
into the turn first, one share, which finds at once the long wins behind many casts of equal
priority that the first walks past (``docs/ai.md``). Only the second
prunes dominated positions: the first's progress at the end of the budget is what ``_near``
weighs, and pruned it had moved on from position 178's promising positions by then (no
extra, the win lost); with ``_near`` counting the positions it had passed too, 74 of 470
turn starts got the extra instead of 32."""


def _priority(state: PiouslyState, cache: NeedCache, order: int) -> _Key:
    """Positions nearest a win first: how far the mover is (the evaluation's actions to
    win, and the bound's deficit) against what it can still do (its actions, and the bound's
    reach); then the smaller deficit; ties in the order they were made."""
    short = deficit(state)
    far = actions_to_win(state, state.to_move, cache) + short
    return far - state.actions - _reach(state)[0], short, order


def turn_moves(state: PiouslyState) -> Iterator[Move]:
    """Every action and every cast with every choice (never the end of the turn), each
    Usurper result once."""
    yield from action_moves(state)
    for spell in range(len(SPELLS)):
        if state.owners[spell] == state.to_move and not state.has_cast(spell):
            casts = casting.casts(state, spell)
            yield from _distinct_usurpers(casts) if spell == USURPER else casts


def _distinct_usurpers(casts: Iterator[Move]) -> Iterator[Move]:
    """The Usurper's casts less those that remove the same two auras in the other order
    and grow the same hexes: their positions are the same, and each would cost a node."""
    seen: set[tuple[frozenset[Hex], frozenset[Hex]]] = set()
    for move in casts:
        assert isinstance(move, Usurper)
        key = (frozenset(move.removed), frozenset(move.grown))
        if key not in seen:
            seen.add(key)
            yield move


def can_still_win(state: PiouslyState) -> bool:
    """False when no sequence of this turn's remaining moves can win (a sound bound)."""
    seat = state.to_move
    gains, reshapers = _reach(state)
    temple = state.built
    own = state.auras[seat]
    if STONEMASON in reshapers:
        return _missing_rooms(temple, own) <= gains
    if _deficit(temple, own) <= gains:
        return True  # what the Shovel may add to the board only lowers the deficit
    if SHOVEL_SPELL in reshapers:
        summon = 0 if temple.shovel is not None and temple.shovel in own else 1
        return _deficit(temple, own, summon) <= gains
    return False


def deficit(state: PiouslyState) -> int:
    """The fewest hexes the side to move must still turn to its aura to win, on this board."""
    return _deficit(state.built, state.auras[state.to_move])


def _reach(state: PiouslyState) -> tuple[int, frozenset[int]]:
    """The most hexes the mover can still turn this turn, and the spells it may still cast
    that reshape the board."""
    seat = state.to_move
    return _reach_at(state.owners, state.objects, seat, state.cast, state.actions,
                     len(state.auras[1 - seat]))


@lru_cache(maxsize=4096)
def _reach_at(
    owners: tuple[int, ...],
    objects: tuple[Hex | None, ...],
    seat: int,
    cast: int,
    actions: int,
    theirs: int,
) -> tuple[int, frozenset[int]]:
    """``_reach`` from what it reads of the position, remembered: a search asks it of each
    position it keeps two or three times (the bound, the queue's floor, the key), and many
    positions share these (most moves change only the auras)."""
    hand = rooms_in_hand(owners, objects, seat)
    others = len(objects) - objects.count(None) - 1 + len(hand)
    return _reach_of(owners, seat, cast, actions, others, theirs, hand)


@lru_cache(maxsize=4096)
def _reach_of(
    owners: tuple[int, ...],
    seat: int,
    cast: int,
    actions: int,
    others: int,
    theirs: int,
    hand: tuple[int, ...],
) -> tuple[int, frozenset[int]]:
    """``_reach`` from the few things it depends on (many positions share them). An artwork
    spell whose artwork is in hand costs the action that drops it, so each such spell is
    weighed cast and not; the Opportunist may give one spell cast this turn a second cast,
    and every choice is weighed."""
    owned = [spell for spell, owner in enumerate(owners) if owner == seat]
    ready = [spell for spell in owned if not cast >> spell & 1]
    held = [spell for spell in ready if is_artwork(spell) and SPELLS[spell].room in hand]
    overwork = min(OVERWORK_MOST, others)
    best = 0
    reshapers: set[int] = set()
    for count in range(len(held) + 1):
        for dropped in itertools.combinations(held, count):
            casts = [spell for spell in ready if spell not in held or spell in dropped]
            seconds: list[int | None] = [None]
            if OPPORTUNIST in casts:
                seconds += [s for s in owned if s != OPPORTUNIST and (s in casts or cast >> s & 1)]
            for again in seconds:
                both = casts if again is None else [*casts, again]
                turned = _turned(both, actions - count, overwork, theirs)
                if turned >= 0:
                    best = max(best, turned)
                    reshapers.update(RESHAPERS.intersection(both))
    return best, frozenset(reshapers)


def _turned(casts: list[int], actions: int, overwork: int, theirs: int) -> int:
    """The most hexes turned by these casts and the actions (-1: not actions enough for the
    drops they need): each blessing needs the piece on a new hex, reached by a step (an
    action) or by a spell that moves it. The Overwork gives at most one action per other
    object that could stand next to the piece (on the board, or in the mover's hand:
    dropping one costs the action it gives); the Illusionist flips at most every opponent
    aura (and those an Imprint adds)."""
    actions += casts.count(OVERWORK) * overwork
    if actions < 0:
        return -1
    moves = sum(1 for spell in casts if spell in MOVERS)
    blessings = min(actions, (actions + moves + 1) // 2)
    gains = sum(FIXED_GAINS.get(spell, 0) for spell in casts)
    return blessings + gains + casts.count(ILLUSIONIST) * (theirs + NEIGHBOURHOOD)


def _missing_rooms(temple: Temple, own: frozenset[Hex]) -> int:
    return _rooms_without(_graph((temple.layout, temple.shovel), False), own)


def _rooms_without(graph: _Graph, own: frozenset[Hex]) -> int:
    """How many rooms have no hex of ``own``."""
    return sum(1 for room in graph.rooms if not any(graph.hexes[i] in own for i in room))


@dataclass(frozen=True)
class _Graph:
    """A board indexed for ``_deficit``: its hexes, each one's neighbours (as indices), each
    room's hexes (as indices), and which hexes are spaces the Shovel's hex may be summoned
    to."""

    hexes: tuple[Hex, ...]
    adjacent: tuple[tuple[int, ...], ...]
    rooms: tuple[tuple[int, ...], ...]
    spaces: frozenset[int]


def _deficit(temple: Temple, own: frozenset[Hex], summon: int | None = None) -> int:
    """A lower bound on the hexes to turn: the most any three rooms need to be joined (a
    winning region holds a tree joining them, each hex on it not yet the mover's to be
    turned; the cheapest such tree meets at one hex), and at least one per room without the
    mover's aura. With ``summon`` (the Shovel may still move) every space next to the board
    counts as a hex that costs that much: the Shovel's hex may be summoned to any of them."""
    return _deficit_on((temple.layout, temple.shovel), own, summon)


Shape = tuple[Layout, Hex | None]
"""What a temple is made of: its caches key on this, not on the temple, since a temple
keeps what searches work out on it (every room's placements) and a cache holding temples
would keep all of that alive from game to game."""


@lru_cache(maxsize=4096)
def _deficit_on(shape: Shape, own: frozenset[Hex], summon: int | None) -> int:
    """``_deficit``, remembered by the temple's shape. A search of 89,000 nodes over six
    late positions asks for 2,639 different ones, so 4,096 hold a whole search (32,768 were
    no faster, and would hold tens of megabytes of sets of auras when full)."""
    graph = _graph(shape, summon is not None)
    cost = [
        (summon or 0) if i in graph.spaces else int(h not in own)
        for i, h in enumerate(graph.hexes)
    ]
    # for each room, the cost of the cheapest path from it to each hex, that hex left out
    beyond = [
        list(map(sub, _costs_from(graph.adjacent, cost, room), cost)) for room in graph.rooms
    ]
    # the third room's paths with the meeting hex's own cost, and each first two rooms'
    # paths summed once for every third room after them
    third = [list(map(add, paths, cost)) for paths in beyond]
    worst = _rooms_without(graph, own)
    for a, b in itertools.combinations(range(len(beyond)), 2):
        both = list(map(add, beyond[a], beyond[b]))
        for c in range(b + 1, len(beyond)):
            worst = max(worst, min(map(add, both, third[c])))
    return worst


@lru_cache(maxsize=256)
def _graph(shape: Shape, with_spaces: bool) -> _Graph:
    """The board as a ``_Graph``; ``with_spaces``: every space next to it added too (as the
    Shovel may fill)."""
    temple = Temple(*shape)
    board = temple.room_of
    spaces = (
        sorted({h + d for h in board for d in DIRECTIONS if h + d not in board})
        if with_spaces else []
    )
    hexes = (*sorted(board), *spaces)
    index = {h: i for i, h in enumerate(hexes)}
    adjacent = tuple(tuple(index[h + d] for d in DIRECTIONS if h + d in index) for h in hexes)
    rooms = tuple(tuple(index[h] for h in room) for room in temple.room_hexes)
    return _Graph(hexes, adjacent, rooms, frozenset(index[h] for h in spaces))


def _costs_from(
    adjacent: tuple[tuple[int, ...], ...], cost: list[int], start: tuple[int, ...]
) -> list[int]:
    """For each hex, the least total ``cost`` (0 or 1 a hex) of the hexes on a path from
    ``start`` to it, both ends counted: a 0-1 breadth-first search."""
    far = len(adjacent) + 1
    distance = [far] * len(adjacent)
    queue: deque[int] = deque()
    first, last, take = queue.appendleft, queue.append, queue.popleft
    for i in start:
        distance[i] = cost[i]
        (last if cost[i] else first)(i)
    while queue:
        i = take()
        d = distance[i]
        for n in adjacent[i]:
            step = cost[n]
            if d + step < distance[n]:
                distance[n] = d + step
                (last if step else first)(n)
    return distance
