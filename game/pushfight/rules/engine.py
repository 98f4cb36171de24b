"""Fast full-turn generation over packed positions (see ``board``), for the rules and the AI.

A turn is 0-2 slides then one push. Generation first collects the distinct arrangements of the
mover's pieces after 0, 1 or 2 slides (a piece slid twice ends where one slide could have taken
it, so the second slide always moves another piece), then tries every push from each
arrangement and keeps one turn per distinct result (position and anchor). Reachability uses the
connected components of the empty squares, computed once per arrangement. The fast path
(``successors``) takes each pusher's pushes from a memo keyed by the pieces on its four rays.

A result key is ``packed | anchor << 192``; the side to move after it is the other seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from game.pushfight.rules.board import (
    BROWN_SHIFT,
    M60,
    PACKED_BITS,
    RAIL_STOP,
    REPLICATE,
    SQUARE_SHIFT,
    SQUARES,
    STEPS,
    VALID,
    flood,
    spread,
)

Compiled = Callable[[int, int, int, int, int, int, int], set[int]]
_compiled: Compiled | None
try:  # built by hatch_build.py / build/compiled.py when a C compiler is at hand
    from game.pushfight.rules._successors import successors as _compiled
except ImportError:
    _compiled = None

Step = tuple[int, int]
"""A slide or a push as (from, to) bit indices."""
Path = tuple[Step, ...]
MAX_SLIDES: Final = 2

PACKED_MASK: Final = (1 << PACKED_BITS) - 1


def pack(white: int, brown: int, squares: int) -> int:
    return white | brown << BROWN_SHIFT | squares << SQUARE_SHIFT


def unpack(packed: int) -> tuple[int, int, int]:
    return packed & M60, packed >> BROWN_SHIFT & M60, packed >> SQUARE_SHIFT & M60


def sides(packed: int, side: int) -> tuple[int, int, int, int]:
    """(mine, opponent's, my square pieces, all square pieces) for ``side``."""
    white, brown, squares = unpack(packed)
    mine, opp = (white, brown) if side == 0 else (brown, white)
    return mine, opp, mine & squares, squares


def _components(empty: int) -> list[int]:
    comps = []
    rest = empty
    while rest:
        comp = flood(rest & -rest, empty)
        comps.append(comp)
        rest ^= comp
    return comps


def reach(comps: list[int], index: int) -> int:
    """Empty squares a piece on ``index`` can slide to, given the empty components."""
    near = spread(1 << index)
    found = 0
    for comp in comps:
        if comp & near:
            found |= comp
    return found


def arrangements(
    mine: int, opp: int, msq: int, max_slides: int = 2
) -> Iterator[tuple[int, int, Path]]:
    """Distinct (mine, my squares, one path) arrangements after 0..max_slides slides, lazily,
    fewest slides first (so a caller looking for any one thing can stop early)."""
    seen = {mine | msq << 64}
    yield mine, msq, ()
    frontier: list[tuple[int, int, int, Path]] = [(mine, msq, -1, ())]
    for _ in range(max_slides):
        following: list[tuple[int, int, int, Path]] = []
        for cur, cur_sq, last, path in frontier:
            comps = _components(VALID & ~(cur | opp))
            rest = cur
            while rest:
                low = rest & -rest
                rest ^= low
                src = low.bit_length() - 1
                if src == last:
                    continue
                targets = reach(comps, src)
                is_square = cur_sq & low
                while targets:
                    dst_bit = targets & -targets
                    targets ^= dst_bit
                    nxt = cur ^ low ^ dst_bit
                    nxt_sq = cur_sq ^ low ^ dst_bit if is_square else cur_sq
                    key = nxt | nxt_sq << 64
                    if key not in seen:
                        seen.add(key)
                        dst = dst_bit.bit_length() - 1
                        step_path = (*path, (src, dst))
                        yield nxt, nxt_sq, step_path
                        following.append((nxt, nxt_sq, dst, step_path))
        frontier = following


def push_line(occ: int, pusher: int, step: int) -> tuple[int, int]:
    """Walk a push from ``pusher``: (mask of the pieces that shift, the square beyond them).

    The square beyond is an empty square (a plain shift), a hole or padding (the last piece
    falls off) or a rail stop (the push is illegal). The caller checks that the first square
    after the pusher is occupied.
    """
    seg = 1 << pusher
    at = pusher + step
    while occ >> at & 1:
        seg |= 1 << at
        at += step
    return seg, at


def shift_line(packed: int, seg: int, step: int, beyond: int) -> int:
    """``packed`` with the pieces on ``seg`` shifted one ``step``; one that leaves the board
    (``beyond`` is no square) is removed."""
    moved = packed & seg * REPLICATE
    after = packed ^ moved ^ (moved << step if step > 0 else moved >> -step)
    beyond_bit = 1 << beyond
    if not beyond_bit & VALID:
        after &= ~(beyond_bit * REPLICATE)
    return after


def _pushes(packed: int, occ: int, msq: int, anchor: int) -> Iterator[tuple[int, int, int]]:
    """Every legal push from one arrangement: (result key, pusher, step).

    ``packed`` is the arrangement's packed position; results may repeat across arrangements.
    """
    anchor_bit = 1 << anchor
    for step in STEPS:
        cand = msq & (occ >> step if step > 0 else occ << -step)
        while cand:
            low = cand & -cand
            cand ^= low
            pusher = low.bit_length() - 1
            seg, beyond = push_line(occ, pusher, step)
            if seg & anchor_bit:
                continue
            beyond_bit = 1 << beyond
            if beyond_bit & RAIL_STOP:
                continue
            after = shift_line(packed, seg, step, beyond)
            yield after | (pusher + step) << PACKED_BITS, pusher, step


def _rays(index: int) -> int:
    """The square ``index`` and every square in a straight line from it, up to the edges."""
    mask = 1 << index
    for step in STEPS:
        at = index + step
        while VALID >> at & 1:
            mask |= 1 << at
            at += step
    return mask


RAYS: Final = {1 << i: _rays(i) for i in SQUARES}
"""By a square's bit: the squares a push from there can touch."""
RAYS_PACKED: Final = {b: mask * REPLICATE for b, mask in RAYS.items()}
PUSHER_TAG_SHIFT: Final = 256
"""Where a push-cache key records the pusher (above the anchor field of result keys)."""
CACHE_LIMIT: Final = 200_000

_push_cache: dict[int, tuple[int, ...]] = {}
"""Push deltas by (pusher, the pieces on its rays, the anchor if on them): the same local
picture recurs across the arrangements of a turn and across the positions of a search, so
each is worked out once. A pure memo: results never depend on what it holds."""


def clear_push_cache() -> None:
    """Forget every cached push (for cold-start measurements; results never change)."""
    _push_cache.clear()


def _push_deltas(key: int, pusher: int, anchor_bit: int) -> tuple[int, ...]:
    """XOR deltas (anchor field included) of every legal push by the square piece on the bit
    ``pusher``, seen from a key holding only the pieces on its rays."""
    packed = key & PACKED_MASK
    white, brown, _ = unpack(packed)
    occ = white | brown
    index = pusher.bit_length() - 1
    deltas = []
    for step in STEPS:
        seg, beyond = push_line(occ, index, step)
        if seg == pusher or seg & anchor_bit or RAIL_STOP >> beyond & 1:
            continue
        after = shift_line(packed, seg, step, beyond)
        deltas.append(packed ^ after | (index + step) << PACKED_BITS)
    return tuple(deltas)


def successors(packed: int, anchor: int, side: int) -> set[int]:
    """The distinct result keys of every legal turn of ``side`` (the fast path for search).

    Same set as ``successor_turns`` (the tests check it), from the compiled walk when it was
    built (``_successors.c``: about 5x faster), else from ``successors_python``; both add
    the same keys in the same order, so even the set's iteration order is the same.
    """
    if _compiled is None:
        return successors_python(packed, anchor, side)
    return _compiled(packed & M60, packed >> BROWN_SHIFT & M60, packed >> SQUARE_SHIFT & M60,
                     anchor, side, VALID, RAIL_STOP)


def successors_python(packed: int, anchor: int, side: int) -> set[int]:
    """``successors`` in pure Python: each arrangement's pushes come from the push cache
    (the result is the arrangement XOR a cached delta)."""
    mine, opp, msq, squares = sides(packed, side)
    osq = squares & ~msq
    if side == 0:
        base, mine_shift = opp << BROWN_SHIFT | osq << SQUARE_SHIFT, 0
    else:
        base, mine_shift = opp | osq << SQUARE_SHIFT, BROWN_SHIFT
    found: set[int] = set()
    add = found.add
    seen: set[int] = set()
    anchor_bit = 1 << anchor
    tags = {
        b: b << PUSHER_TAG_SHIFT | (anchor_bit & rays) << PACKED_BITS for b, rays in RAYS.items()
    }
    rays_packed = RAYS_PACKED
    cache = _push_cache
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    cached = cache.get

    def expand(cur: int, cur_sq: int) -> None:
        arranged = base | cur << mine_shift | cur_sq << SQUARE_SHIFT
        pushers = cur_sq
        while pushers:
            pusher = pushers & -pushers
            pushers ^= pusher
            key = arranged & rays_packed[pusher] | tags[pusher]
            deltas = cached(key)
            if deltas is None:
                deltas = cache[key] = _push_deltas(key, pusher, anchor_bit)
            for delta in deltas:
                add(arranged ^ delta)

    def slide_all(
        cur: int, cur_sq: int, skip: int, empty: int, keep: list[tuple[int, ...]] | None
    ) -> None:
        comps = _components(empty)
        rest = cur & ~skip
        while rest:
            low = rest & -rest
            rest ^= low
            near = spread(low)
            targets = 0
            for comp in comps:
                if comp & near:
                    targets |= comp
            is_square = cur_sq & low
            while targets:
                dst = targets & -targets
                targets ^= dst
                nxt = cur ^ low ^ dst
                nxt_sq = cur_sq ^ low ^ dst if is_square else cur_sq
                key = nxt | nxt_sq << 64
                if key not in seen:
                    seen.add(key)
                    expand(nxt, nxt_sq)
                    if keep is not None:
                        keep.append((nxt, nxt_sq, dst, empty ^ dst ^ low))

    seen.add(mine | msq << 64)
    expand(mine, msq)
    first: list[tuple[int, ...]] = []
    slide_all(mine, msq, 0, VALID & ~(mine | opp), first)
    for cur, cur_sq, moved, empty in first:
        slide_all(cur, cur_sq, moved, empty, None)
    return found


def successor_turns(packed: int, anchor: int, side: int) -> dict[int, tuple[Path, Step]]:
    """Like ``successors``, with the first turn found (slides, push) for each result."""
    mine, opp, msq, squares = sides(packed, side)
    osq = squares & ~msq
    found: dict[int, tuple[Path, Step]] = {}
    for cur, cur_sq, path in arrangements(mine, opp, msq):
        cur_packed = _repack(cur, opp, cur_sq | osq, side)
        for result, pusher, step in _pushes(cur_packed, cur | opp, cur_sq, anchor):
            if result not in found:
                found[result] = (path, (pusher, pusher + step))
    return found


def _repack(mine: int, opp: int, squares: int, side: int) -> int:
    return pack(mine, opp, squares) if side == 0 else pack(opp, mine, squares)


def has_push(packed: int, anchor: int, side: int, max_slides: int = 2) -> bool:
    """Whether ``side`` can finish its turn with a legal push after at most ``max_slides``."""
    mine, opp, msq, squares = sides(packed, side)
    osq = squares & ~msq
    for cur, cur_sq, _ in arrangements(mine, opp, msq, max_slides):
        cur_packed = _repack(cur, opp, cur_sq | osq, side)
        for _ in _pushes(cur_packed, cur | opp, cur_sq, anchor):
            return True
    return False


def _edge_lines() -> list[tuple[int, int, int]]:
    """Every (pusher bit, line mask, edge bit) where a full line ends at an open edge."""
    lines = []
    for pusher in SQUARES:
        for step in STEPS:
            line = 0
            at = pusher + step
            while VALID >> at & 1:
                line |= 1 << at
                at += step
            if line and not RAIL_STOP >> at & 1:
                lines.append((1 << pusher, line, 1 << (at - step)))
    return lines


EDGE_LINES: Final = _edge_lines()


def can_push_off(packed: int, anchor: int, side: int) -> bool:
    """Whether ``side`` can push an opponent's piece off the board this turn (a win in one).

    Only lines that already end in an opponent's piece at an open edge and lack at most two
    pieces can become a push-off within two slides; the arrangements are searched only when
    such a line exists.
    """
    mine, opp, msq, _ = sides(packed, side)
    occ = mine | opp
    blocked = 1 << anchor | opp
    live = []
    for pusher, line, edge in EDGE_LINES:
        if not opp & edge or line & 1 << anchor or pusher & blocked:
            continue
        missing = ((line | pusher) & ~occ).bit_count()
        if mine & pusher and not msq & pusher:
            missing += 1
        if missing <= MAX_SLIDES:
            live.append((pusher, line))
    if not live:
        return False
    for cur, cur_sq, _ in arrangements(mine, opp, msq):
        cur_occ = cur | opp
        for pusher, line in live:
            if cur_sq & pusher and cur_occ & line == line:
                return True
    return False


def fallen(before: int, after: int) -> int:
    """The seat whose piece fell off between two packed positions, or -1 if none did."""
    if (after & M60).bit_count() < (before & M60).bit_count():
        return 0
    if (after >> BROWN_SHIFT & M60).bit_count() < (before >> BROWN_SHIFT & M60).bit_count():
        return 1
    return -1
